package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.zaxxer.hikari.HikariConfig;
import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import net.ttddyy.dsproxy.ExecutionInfo;
import net.ttddyy.dsproxy.QueryInfo;
import net.ttddyy.dsproxy.listener.QueryExecutionListener;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The transaction id capture over the pool (issue 16): each borrow is a new retrying connection
 * around a physical connection the pool keeps, and where that connection's server assigns ids
 * (the identity the resolver checks a lost COMMIT against) is asked once per physical connection,
 * not with the first capture of every borrow. Every SQL text that reaches pgjdbc is recorded by
 * datasource-proxy under the pool.
 */
@ExtendWith(PgExtension.class)
class OverThePoolCaptureTest {

    /** A column of the identity (CommitResolver.IDENTITY_SQL); the capture itself reads "as retrying_jdbc_xid". */
    private static final String IDENTITY = "pg_postmaster_start_time()";
    private static final String RIDE = "as retrying_jdbc_xid";

    private final PgServer pg;
    private final List<String> executed = new CopyOnWriteArrayList<>();
    private final List<CommitOutcome> outcomes = new CopyOnWriteArrayList<>();

    OverThePoolCaptureTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void table() {
        pg.sql("DROP TABLE IF EXISTS counters", "CREATE TABLE counters (id int PRIMARY KEY, v int NOT NULL)",
                "INSERT INTO counters VALUES (1, 0)");
    }

    private RetryingHikariDataSource over(String url) {
        PGSimpleDataSource pgjdbc = new PGSimpleDataSource();
        pgjdbc.setURL(url);
        DataSource recorded = ProxyDataSourceBuilder.create(pgjdbc).listener(new QueryExecutionListener() {
            @Override
            public void beforeQuery(ExecutionInfo info, List<QueryInfo> queries) {
                queries.forEach(q -> executed.add(q.getQuery()));
            }

            @Override
            public void afterQuery(ExecutionInfo info, List<QueryInfo> queries) {
            }
        }).build();
        HikariConfig config = new HikariConfig();
        config.setDataSource(recorded);
        config.setMaximumPoolSize(1);
        RetryPolicy fast = RetryPolicy.builder().maxAttempts(3).baseDelay(Duration.ofMillis(5))
                .maxDelay(Duration.ofMillis(100)).noTokenBucket().build();
        RetryListener listener = new RetryListener() {
            @Override
            public void onCommitResolved(long xid, CommitOutcome outcome) {
                outcomes.add(outcome);
            }
        };
        return RetryingHikari.over(config, b -> b.policy(fast).reconnectWindow(Duration.ofSeconds(5)).listener(listener));
    }

    private static void increment(DataSource ds) throws Exception {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("UPDATE counters SET v = v + 1 WHERE id = ?")) {
                ps.setInt(1, 1);
                assertEquals(1, ps.executeUpdate());
            }
            c.commit();
        }
    }

    private long count(String fragment) {
        return executed.stream().filter(sql -> sql.contains(fragment)).count();
    }

    /** Captures that carried the identity (the resolver asks a new connection's identity on its own). */
    private long identityRides() {
        return executed.stream().filter(sql -> sql.contains(RIDE) && sql.contains(IDENTITY)).count();
    }

    @Test
    void theServerIdentityIsAskedOncePerPhysicalConnectionNotWithEveryBorrow() throws Exception {
        try (RetryingHikariDataSource ds = over(pg.jdbcUrl())) {
            for (int i = 0; i < 3; i++) {
                increment(ds);
            }
            assertEquals(3, count(RIDE), "every transaction's UPDATE carried the capture");
            assertEquals(1, identityRides(), "the identity rode once, with the first borrow's capture");

            // a new physical connection: its server is asked again
            ds.pool().getHikariPoolMXBean().softEvictConnections();
            increment(ds);
            increment(ds);
            assertEquals(2, identityRides(), "asked again on the new physical connection, once");
        }
        assertEquals(5, pg.queryLong("SELECT v FROM counters WHERE id = 1"));
    }

    @Test
    void aLostCommitOnALaterBorrowIsResolvedByTheIdentityReadOnAnEarlierOne() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg); RetryingHikariDataSource ds = over(proxy.jdbcUrl())) {
            increment(ds);
            // the next borrow's capture goes without the identity; its COMMIT lands and the reply is lost
            proxy.dropReplyAfterCommit();
            increment(ds);
            assertFalse(proxy.dropReplyArmed(), "the reply to COMMIT was dropped");
            assertEquals(1, identityRides(), "the second borrow's capture did not ask where ids are assigned");
        }
        assertEquals(List.of(CommitOutcome.COMMITTED), outcomes, "resolved by the id, against the identity kept");
        assertEquals(2, pg.queryLong("SELECT v FROM counters WHERE id = 1"), "committed once each, never run again");
    }
}
