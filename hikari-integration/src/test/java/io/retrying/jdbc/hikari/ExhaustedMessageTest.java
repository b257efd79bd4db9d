package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.RetriesExhaustedException;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.StopReason;
import io.retrying.jdbc.TokenBucket;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Issue 23: what reaches the application says why retrying stopped, whichever data source it came
 * from. A statement the server fails with 40001 every time runs out of attempts: "(reached max
 * retries: N)" with N the policy's maxAttempts in force (5 here, set the way each topology sets
 * it). A bucket too small for a second retry refuses it: a RetriesExhaustedException whose reason
 * is BUDGET and whose message says so, never a bare driver exception. (Before, a refusal surfaced
 * as "(reached max retries: 2)" under a policy of 3, or as the bare PSQLException.)
 */
@ExtendWith(PgExtension.class)
class ExhaustedMessageTest {

    enum Topology { DRIVER, DATA_SOURCE, UNDER_THE_POOL, OVER_THE_POOL, URL_PREFIX_UNDER_PLAIN_HIKARI }

    @BeforeAll
    static void aFunctionThatAlwaysConflicts(PgServer pg) {
        pg.sql("CREATE OR REPLACE FUNCTION always_conflicts() RETURNS int LANGUAGE plpgsql AS"
                + " $$ BEGIN RAISE EXCEPTION 'always' USING ERRCODE = '40001'; END $$");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Topology.class)
    void theAttemptLimitInForceIsTheOneTheMessageNames(Topology topology, PgServer pg) throws Exception {
        RetriesExhaustedException e = failure(topology, pg, "&retry.maxAttempts=5",
                RetryPolicy.builder().maxAttempts(5).build());
        assertEquals(StopReason.ATTEMPTS, e.reason());
        assertEquals(5, e.attempts());
        assertEquals("40001", e.getSQLState());
        assertTrue(e.getMessage().endsWith("(reached max retries: 5)"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Topology.class)
    void aRetryTheBudgetRefusedSaysSo(Topology topology, PgServer pg) throws Exception {
        RetriesExhaustedException e = failure(topology, pg, "&retry.tokenBucket=1",
                RetryPolicy.builder().tokenBucket(new TokenBucket(1)).build());
        assertEquals(StopReason.BUDGET, e.reason());
        assertEquals(2, e.attempts()); // one retry spends the bucket of 1, the second is refused
        assertEquals("40001", e.getSQLState());
        assertTrue(e.getMessage().contains("(retry refused by the retry budget after 2 attempts: token bucket at"),
                e.getMessage());
    }

    private static RetriesExhaustedException failure(Topology topology, PgServer pg, String settings, RetryPolicy policy)
            throws Exception {
        // a URL of its own: the driver keeps one configuration, so one bucket, per distinct URL
        String url = pg.jdbcUrl() + "&ApplicationName=exhausted-" + topology.ordinal() + "-" + settings.length();
        String retryingUrl = "jdbc:retrying:" + url.substring("jdbc:".length()) + settings;
        HikariDataSource pool = null;
        DataSource ds;
        switch (topology) {
            case DRIVER -> ds = null;
            case DATA_SOURCE -> {
                PGSimpleDataSource plain = new PGSimpleDataSource();
                plain.setURL(url);
                ds = RetryingDataSource.builder(plain).policy(policy).build();
            }
            case UNDER_THE_POOL -> ds = pool = RetryingHikari.under(config(retryingUrl));
            case OVER_THE_POOL -> ds = RetryingHikari.over(pool = new HikariDataSource(config(url)), b -> b.policy(policy));
            case URL_PREFIX_UNDER_PLAIN_HIKARI -> ds = pool = new HikariDataSource(config(retryingUrl));
            default -> throw new AssertionError(topology);
        }
        try (Connection c = ds == null ? DriverManager.getConnection(retryingUrl) : ds.getConnection();
             Statement st = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> st.executeQuery("SELECT always_conflicts()"));
            if (!(e instanceof RetriesExhaustedException x)) {
                throw new AssertionError(topology + ": a bare " + e.getClass().getName() + " " + e.getSQLState(), e);
            }
            return x;
        } finally {
            if (pool != null) {
                pool.close();
            }
        }
    }

    private static HikariConfig config(String url) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(2);
        return config;
    }
}
