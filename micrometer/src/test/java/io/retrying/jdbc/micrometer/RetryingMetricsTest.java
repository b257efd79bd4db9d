package io.retrying.jdbc.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.retrying.jdbc.ReplayDivergedException;
import io.retrying.jdbc.Retrying;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.RetriesExhaustedException;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.ScalingRetryBudget;
import io.retrying.jdbc.StopReason;
import io.retrying.jdbc.TokenBucket;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The meters count what happened on a real server: a terminated backend healed in autocommit and
 * inside a transaction (a replay), a replay that diverged, a lost COMMIT reply resolved, a unit of
 * work, the token bucket; every meter tagged with the data source's name.
 */
@ExtendWith(PgExtension.class)
class RetryingMetricsTest {

    private final PgServer pg;
    private final MeterRegistry registry = new SimpleMeterRegistry();
    private final TokenBucket bucket = new TokenBucket(500);
    private final RetryPolicy policy = RetryPolicy.builder()
            .maxAttempts(3).baseDelay(Duration.ofMillis(5)).maxDelay(Duration.ofMillis(20)).tokenBucket(bucket).build();
    private final RetryingMetrics metrics = RetryingMetrics.of("orders", policy);

    RetryingMetricsTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void setUp() {
        pg.sql("DROP TABLE IF EXISTS items", "CREATE TABLE items (id int PRIMARY KEY)");
        metrics.bindTo(registry);
    }

    private DataSource retrying(String url) {
        PGSimpleDataSource target = new PGSimpleDataSource();
        target.setURL(url);
        return RetryingDataSource.builder(target).policy(policy).listener(metrics).build();
    }

    private double calls(String kind) {
        return registry.get("retrying.jdbc.calls").tags("name", "orders", "kind", kind).counter().count();
    }

    private double counter(String meter, String... tags) {
        var search = registry.find(meter).tags("name", "orders").tags(tags);
        return search.counter() == null ? 0 : search.counter().count();
    }

    private static int backendPid(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private void terminate(int pid) {
        pg.sql("SELECT pg_terminate_backend(" + pid + ", 10000)");
    }

    @Test
    void aTerminatedBackendHealedInAutocommitIsOneRetryAndOneRecoveredCall() throws SQLException {
        try (Connection c = retrying(pg.jdbcUrl()).getConnection(); Statement s = c.createStatement()) {
            int pid = backendPid(c);
            assertEquals(1, calls("successful_without_retry"));

            terminate(pid);
            s.executeUpdate("INSERT INTO items VALUES (1)"); // 57P01 on the old backend, healed
        }

        assertEquals(1, counter("retrying.jdbc.retries", "class", "reconnect", "sqlstate", "57P01"));
        assertEquals(1, calls("successful_with_retry"));
        assertEquals(1, calls("successful_without_retry"));
        assertEquals(0, calls("failed_with_retry") + calls("failed_without_retry"));
        assertEquals(1, registry.get("retrying.jdbc.recovery").tag("name", "orders").timer().count());
        // the bucket refills as time passes: the gauge reads it now
        assertEquals(bucket.tokens(), registry.get("retrying.jdbc.token.bucket").tag("name", "orders").gauge().value(), 0.5);
        assertTrue(bucket.tokens() < 500, "the retry was charged: " + bucket.tokens());
        assertEquals(1, pg.queryLong("SELECT count(*) FROM items"));
    }

    @Test
    void aRetryTheBudgetRefusedIsCountedBesideTheRetriesAndTheGaugeShowsTheBudget() throws SQLException {
        // given a default budget (its own, on a clock that stands still) that is spent
        long now = System.nanoTime();
        ScalingRetryBudget spent = new ScalingRetryBudget(() -> now);
        while (spent.tryWithdraw(Retryability.SAFE)) {
            // spend it
        }
        RetryPolicy refusing = policy.toBuilder().budget(spent).build();
        RetryingMetrics refusals = RetryingMetrics.of("refusals", refusing);
        refusals.bindTo(registry);
        PGSimpleDataSource target = new PGSimpleDataSource();
        target.setURL(pg.jdbcUrl());
        DataSource ds = RetryingDataSource.builder(target).policy(refusing).listener(refusals).build();
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            terminate(backendPid(c));
            // when a terminated backend would be retried, the budget refuses: the application is told why
            RetriesExhaustedException e = assertThrows(RetriesExhaustedException.class,
                    () -> s.executeUpdate("INSERT INTO items VALUES (1)"));
            assertEquals(StopReason.BUDGET, e.reason());
            assertEquals("57P01", e.getSQLState());
            assertEquals(1, e.attempts());
            assertTrue(e.getMessage().contains("(retry refused by the retry budget after 1 attempt: retry budget spent"),
                    e.getMessage());
        }
        // then the refusal is counted beside the retries, and the gauge reads the budget
        assertEquals(1, registry.find("retrying.jdbc.retries.refused").tags("name", "refusals", "class", "reconnect",
                "sqlstate", "57P01").counter().count());
        assertEquals(null, registry.find("retrying.jdbc.retries").tags("name", "refusals").counter());
        assertEquals(spent.balance(), registry.get("retrying.jdbc.retry.budget").tag("name", "refusals").gauge().value(), 1e-9);
        assertEquals(0, pg.queryLong("SELECT count(*) FROM items"));
    }

    @Test
    void aTransactionReplayedOnANewBackendCountsAsReplayed() throws SQLException {
        try (Connection c = retrying(pg.jdbcUrl()).getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO items VALUES (1)");
            assertTrue(pg.terminateBackends() > 0); // not read through c: the replay must see the same
            s.executeUpdate("INSERT INTO items VALUES (2)"); // replays the first INSERT, then runs
            c.commit();
        }

        assertEquals(1, counter("retrying.jdbc.replays", "result", "replayed"));
        assertEquals(0, counter("retrying.jdbc.replays", "result", "diverged"));
        assertEquals(2, pg.queryLong("SELECT count(*) FROM items"));
    }

    @Test
    void aReplayThatSawOtherResultsCountsAsDiverged() throws SQLException {
        try (Connection c = retrying(pg.jdbcUrl()).getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            int pid = backendPid(c); // a new backend cannot repeat it
            terminate(pid);
            assertThrows(ReplayDivergedException.class, () -> s.executeUpdate("INSERT INTO items VALUES (1)"));
            c.rollback();
        }

        assertEquals(1, counter("retrying.jdbc.replays", "result", "diverged"));
        assertEquals(0, counter("retrying.jdbc.replays", "result", "replayed"));
    }

    @Test
    void aLostCommitReplyResolvedOnTheServerCountsItsOutcome() throws SQLException {
        try (FaultProxy proxy = FaultProxy.start(pg);
             Connection c = retrying(proxy.jdbcUrl()).getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO items VALUES (1)");
            proxy.dropReplyAfterCommit();
            c.commit(); // the reply is lost; the xid says it committed
        }

        assertEquals(1, counter("retrying.jdbc.commit.resolutions", "outcome", "committed"));
        assertEquals(1, pg.queryLong("SELECT count(*) FROM items"));
    }

    @Test
    void aUnitOfWorkIsACallOfItsOwn() throws SQLException {
        DataSource ds = retrying(pg.jdbcUrl());
        Retrying.inTransaction(ds, c -> {
            try (Statement s = c.createStatement()) {
                return s.executeUpdate("INSERT INTO items VALUES (1)");
            }
        });
        // the INSERT, the COMMIT and the unit; setAutoCommit is no call
        assertEquals(3, calls("successful_without_retry"));

        assertThrows(SQLException.class, () -> Retrying.inTransaction(ds, c -> {
            try (Statement s = c.createStatement()) {
                return s.executeUpdate("INSERT INTO items VALUES (1)"); // 23505: FATAL, once
            }
        }));
        assertEquals(2, calls("failed_without_retry"), "the INSERT and the unit");
    }

    @Test
    void everyMeterCarriesTheName() throws SQLException {
        try (Connection c = retrying(pg.jdbcUrl()).getConnection()) {
            terminate(backendPid(c));
            backendPid(c);
        }
        assertTrue(registry.getMeters().size() >= 13, registry.getMeters().toString());
        for (Meter m : registry.getMeters()) {
            assertEquals("orders", m.getId().getTag("name"), m.getId().toString());
        }
    }
}
