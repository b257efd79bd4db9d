package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.Retrying;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * HikariCP over the retrying driver ({@link RetryingHikari#under}): each pooled connection heals
 * itself, and {@link RetryingExceptionOverride} keeps HikariCP from evicting what healed while
 * letting it evict what could not.
 */
@ExtendWith(PgExtension.class)
class UnderThePoolTest {

    /**
     * A token bucket of the URL's own, so that other tests' retries do not count here; default size
     * unless a test says otherwise.
     */
    private static final String OWN_BUCKET = "&retry.tokenBucket=500";

    /**
     * The chaos run's bucket. Under the pool each pooled connection dials on its own when the
     * server restarts, and the dials a starting or stopping server answers (57P03, a dropped
     * attempt) are charged like retries: ten connections through a restart, on top of kills every
     * 200 ms, took a 500-token bucket to half in 2 of 4 runs, and the bucket then failed five
     * calls (over the pool the dials are HikariCP's, and a pool timeout is not charged). The
     * bucket's own tests cover its refusals; this run is about healing.
     */
    private static final String CHAOS_BUCKET = "&retry.tokenBucket=2000";

    private static final String NOT_REPLAYABLE = "&retry.maxJournalStatements=0";

    private static HikariConfig config(PgServer server, String app, int size, PoolCounters counters, String retry) {
        HikariConfig config = new HikariConfig();
        String bucket = retry.contains("retry.tokenBucket=") ? "" : OWN_BUCKET;
        config.setJdbcUrl(server.jdbcUrl() + "&ApplicationName=" + app + bucket + retry);
        config.setPoolName(app);
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(size);
        config.setMetricsTrackerFactory(counters);
        return config;
    }

    @Test
    void underChaosTheWorkloadSeesNoErrorsAndHikariEvictsNothing(PgServer server) throws Exception {
        MixedWorkload.createSchema(server);
        String app = "under-chaos";
        PoolCounters counters = new PoolCounters();
        try (HikariDataSource ds = RetryingHikari.under(config(server, app, 10, counters, CHAOS_BUCKET))) {
            HikariPoolMXBean mx = ds.getHikariPoolMXBean();
            Pools.awaitFull(mx, 10);
            int filled = counters.creations.get();

            // given 50 threads on 10 connections, when backends die every 200 ms and the server restarts once
            MixedWorkload.Result result;
            BackendKiller killer = new BackendKiller(server, app, Duration.ofMillis(200), Duration.ofSeconds(5),
                    Duration.ofSeconds(9));
            try (killer) {
                killer.start();
                result = MixedWorkload.run(ds, 50, Duration.ofSeconds(10));
            }
            // the application's next use of each pooled connection heals what the last kills left
            Pools.useEveryConnection(ds, 10);
            System.out.printf("under the pool: %s; %d backends killed, restarted %s; HikariCP created %d connections after the fill%n",
                    result, killer.killed.size(), killer.restarted, counters.creations.get() - filled);

            // then reads and autocommit writes saw no error
            assertTrue(result.errors().isEmpty(), () -> "errors: " + result.errors());
            result.assertNoTransactionFailures();
            assertTrue(killer.restarted, "the server was restarted");
            assertTrue(result.reads() > 0 && result.writes() > 0 && result.transfers() > 0, result.toString());
            assertEquals(MixedWorkload.ACCOUNTS * MixedWorkload.START_BALANCE, MixedWorkload.totalBalance(server),
                    "transfers are all-or-nothing");
            // and the pool ends with nothing borrowed
            assertEquals(0, mx.getActiveConnections(), "active connections");
            // and HikariCP evicted nothing: no connection beyond the initial ten was ever created ...
            assertEquals(filled, counters.creations.get(), "connections HikariCP created");
            assertEquals(10, mx.getTotalConnections(), "pool size");
            // ... although every pooled connection's server connection was replaced, some many times
            assertTrue(killer.killed.size() > 10, "backends killed: " + killer.killed.size());
            killer.assertPoolHoldsLiveBackendsOnly(10);
        }
    }

    @Test
    void aTransactionThatLostItsConnectionIsNotEvictedButHealedByRollback(PgServer server) throws Exception {
        String app = "under-tx";
        PoolCounters counters = new PoolCounters();
        // a journal bound of 0: the transaction cannot be replayed, so its loss reaches the pool
        try (HikariDataSource ds = RetryingHikari.under(config(server, app, 1, counters, NOT_REPLAYABLE))) {
            Pools.awaitFull(ds.getHikariPoolMXBean(), 1);
            int filled = counters.creations.get();
            // given a transaction that has done something (and cannot be replayed)
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                c.setAutoCommit(false);
                s.execute("SELECT 1");
                // when its backend is terminated and the transaction goes on
                server.terminateBackends(app);
                SQLException lost = assertThrows(SQLException.class, () -> s.execute("SELECT 1"));
                assertEquals("57P01", lost.getSQLState());
                // then HikariCP has not evicted it (an evicted connection reads as closed) ...
                assertFalse(c.isClosed(), "HikariCP evicted a connection that heals");
                c.rollback();
                // ... and after the rollback it works, on the same pooled connection
                s.execute("SELECT 1");
                c.commit();
            }
            assertEquals(filled, counters.creations.get(), "connections HikariCP created");
        }
        // whereas without the override HikariCP evicts it, although it would have healed
        PoolCounters plain = new PoolCounters();
        HikariConfig config = config(server, app + "-plain", 1, plain, NOT_REPLAYABLE);
        config.setJdbcUrl(config.getJdbcUrl().replace("jdbc:postgresql:", "jdbc:retrying:postgresql:"));
        try (HikariDataSource ds = new HikariDataSource(config);
             Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute("SELECT 1");
            server.terminateBackends(app + "-plain");
            assertThrows(SQLException.class, () -> s.execute("SELECT 1"));
            assertTrue(c.isClosed(), "HikariCP's own rule evicts on 57P01");
        }
    }

    @Test
    void inTransactionRunsAgainAfterALossAndGivesThePoolItsConnectionBackClean(PgServer server) throws Exception {
        String app = "under-unit";
        server.sql("DROP TABLE IF EXISTS unit_rows", "CREATE TABLE unit_rows (k text PRIMARY KEY)");
        // a journal bound of 0: the loss reaches the unit, which runs the whole transaction again
        try (HikariDataSource ds = RetryingHikari.under(config(server, app, 1, new PoolCounters(), NOT_REPLAYABLE))) {
            AtomicInteger runs = new AtomicInteger();
            Retrying.inTransaction(ds, c -> {
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("INSERT INTO unit_rows VALUES ('a') ON CONFLICT DO NOTHING");
                    if (runs.incrementAndGet() == 1) {
                        try (ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
                            rs.next();
                            server.sql("SELECT pg_terminate_backend(" + rs.getInt(1) + ", 10000)");
                        }
                    }
                    s.executeUpdate("INSERT INTO unit_rows VALUES ('b') ON CONFLICT DO NOTHING"); // 57P01 on run 1
                }
                return null;
            });
            // and a run that fails for good
            SQLException fatal = assertThrows(SQLException.class, () -> Retrying.inTransaction(ds, c -> {
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("INSERT INTO unit_rows VALUES ('c')");
                    s.execute("SELEC 1");
                }
                return null;
            }));

            assertEquals(2, runs.get());
            assertEquals("42601", fatal.getSQLState());
            assertEquals(2, server.queryLong("SELECT count(*) FROM unit_rows"), "a and b once, c rolled back");
            // the pool's one connection is back in autocommit, on one backend, with no transaction open
            try (Connection c = ds.getConnection()) {
                assertTrue(c.getAutoCommit());
            }
            assertEquals(1, server.queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app
                    + "' AND state = 'idle'"));
            assertEquals(1, server.queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app + "'"));
        }
    }

    @Test
    void aConnectionThatCouldNotReconnectIsEvicted(PgServer server) throws Exception {
        String app = "under-down";
        PoolCounters counters = new PoolCounters();
        try (HikariDataSource ds = RetryingHikari.under(config(server, app, 1, counters, "&retry.reconnectWindowMs=300"))) {
            Pools.awaitFull(ds.getHikariPoolMXBean(), 1);
            int filled = counters.creations.get();
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                s.execute("SELECT 1");
                // given a server that stays down longer than the reconnect window
                server.stop();
                try {
                    // when a statement cannot get a new server connection
                    SQLException down = assertThrows(SQLException.class, () -> s.execute("SELECT 1"));
                    assertEquals("08001", down.getSQLState(), down.toString());
                    // then HikariCP evicts it
                    assertTrue(c.isClosed(), "a connection without a server connection stays pooled");
                } finally {
                    server.start();
                }
            }
            // and the pool makes a new one once the server is back
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                s.execute("SELECT 1");
            }
            assertTrue(counters.creations.get() > filled, "connections HikariCP created: " + counters.creations);
        }
    }

    @Test
    void aPinnedConnectionLostInAutocommitIsEvictedAndTheNextBorrowerGetsNothingOfIt(PgServer server) throws Exception {
        // issue 13 case 7
        String app = "under-pinned";
        PoolCounters counters = new PoolCounters();
        try (HikariDataSource ds = RetryingHikari.under(config(server, app, 1, counters, ""))) {
            Pools.awaitFull(ds.getHikariPoolMXBean(), 1);
            int filled = counters.creations.get();
            long pidOfA;
            // given borrower A, in autocommit, pinned by a session advisory lock
            try (Connection a = ds.getConnection(); Statement s = a.createStatement()) {
                s.execute("SELECT pg_advisory_lock(4242)");
                pidOfA = pid(s);
                // when its backend is killed, its next statement fails (the lock is gone: not hidden)
                server.terminateBackends(app);
                SQLException lost = assertThrows(SQLException.class, () -> s.execute("SELECT 1"));
                assertEquals("57P01", lost.getSQLState());
                // then HikariCP evicts it, as it would a plain pgjdbc connection (nothing rolls back in autocommit)
                assertTrue(a.isClosed(), "HikariCP kept a connection that now refuses work until rollback()");
            }
            // and borrower B's first statement succeeds, on a new backend, holding no lock of A's
            try (Connection b = ds.getConnection(); Statement s = b.createStatement()) {
                long pidOfB = pid(s);
                assertTrue(pidOfB != pidOfA, "a new backend");
                assertEquals(0, server.queryLong("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = "
                        + pidOfB));
                try (ResultSet rs = s.executeQuery("SELECT pg_try_advisory_lock(4242)")) {
                    rs.next();
                    assertTrue(rs.getBoolean(1), "A's lock went with its backend");
                }
                s.execute("SELECT pg_advisory_unlock_all()");
            }
            assertEquals(filled + 1, counters.creations.get(), "connections HikariCP created");
        }
    }

    @Test
    void aPinnedConnectionUsedAfterItsLossInATransactionIsEvicted(PgServer server) throws Exception {
        String app = "under-pinned-tx";
        PoolCounters counters = new PoolCounters();
        try (HikariDataSource ds = RetryingHikari.under(config(server, app, 1, counters, ""))) {
            Pools.awaitFull(ds.getHikariPoolMXBean(), 1);
            int filled = counters.creations.get();
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                // given a transaction pinned by session state a new connection could not restore
                c.setAutoCommit(false);
                s.execute("CREATE TEMP TABLE scratch (x int)");
                server.terminateBackends(app);
                // when it loses its server connection, the failure surfaces and HikariCP keeps it (rollback would heal it)
                SQLException lost = assertThrows(SQLException.class, () -> s.execute("SELECT 1"));
                assertEquals("57P01", lost.getSQLState());
                assertFalse(c.isClosed());
                // and when the application goes on without rollback, it is refused and HikariCP evicts it
                SQLException refused = assertThrows(SQLException.class, () -> s.execute("SELECT 1"));
                assertEquals("08003", refused.getSQLState());
                assertTrue(c.isClosed(), "HikariCP kept a connection that refuses work");
            }
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                s.execute("SELECT 1");
            }
            assertEquals(filled + 1, counters.creations.get(), "connections HikariCP created");
        }
    }

    private static long pid(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void aStatementTheServerDoesNotSupportEvictsNothing(PgServer server) throws Exception {
        // 0A000 (feature_not_supported) is in HikariCP's list of connection-breaking states
        String unsupported = "SELECT count(*) FROM generate_series(1, 3) FOR UPDATE";
        String app = "under-0a000";
        PoolCounters counters = new PoolCounters();
        try (HikariDataSource ds = RetryingHikari.under(config(server, app, 1, counters, ""));
             Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.execute(unsupported));
            assertEquals("0A000", e.getSQLState());
            assertFalse(c.isClosed(), "evicted for a statement error");
            s.execute("SELECT 1");
        }
        // whereas on a plain pgjdbc pool the override leaves HikariCP's judgement alone, so it evicts
        HikariConfig plain = config(server, app + "-plain", 1, new PoolCounters(), "");
        plain.setJdbcUrl(server.jdbcUrl() + "&ApplicationName=" + app + "-plain");
        plain.setExceptionOverrideClassName(RetryingExceptionOverride.class.getName());
        try (HikariDataSource ds = new HikariDataSource(plain);
             Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.execute(unsupported));
            assertEquals("0A000", e.getSQLState());
            assertTrue(c.isClosed(), "a plain pgjdbc connection: HikariCP's own rule");
        }
    }
}
