package io.retrying.jdbc.replicas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.StreamingReplicas;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.util.PSQLException;

/**
 * Issue 27 item 2: conflicts with recovery, provoked on a real hot standby. Replay needs what a
 * standby session holds (a snapshot that still sees rows a vacuum on the primary removed, a lock
 * an ACCESS EXCLUSIVE lock on the primary must take); after {@code max_standby_streaming_delay}
 * (100 ms here, a setting of the server: PostgreSQL's default is 30 s) the standby ends what is in
 * its way. PostgreSQL 15 ({@code ProcessInterrupts}, {@code RecoveryConflictInterrupt}):
 * <ul>
 *   <li>a statement running in a top-level transaction is cancelled: ERROR 40001 "canceling
 *       statement due to conflict with recovery", the session lives on;</li>
 *   <li>a session idle in a transaction (or inside a subtransaction) is ended: FATAL 40001
 *       "terminating connection due to conflict with recovery";</li>
 *   <li>a session connected to a database the primary dropped is ended: FATAL 57P04.</li>
 * </ul>
 * Each is classified as what it is and retried, with a conflict's backoff; the library's settings
 * are the defaults.
 */
@ExtendWith(PgExtension.class)
class RecoveryConflictTest {

    private static StreamingReplicas replicas;

    @BeforeAll
    static void cluster(PgServer primary) {
        primary.sql("CREATE TABLE rc_read (id int PRIMARY KEY, v int)",
                "INSERT INTO rc_read SELECT g, g FROM generate_series(1, 20) g",
                "CREATE TABLE rc_churn (id int, pad text) WITH (autovacuum_enabled = off)",
                "CREATE TABLE rc_locked (id int)", "INSERT INTO rc_locked VALUES (1), (2)",
                "CREATE FUNCTION rc_slow(n int) RETURNS int STABLE LANGUAGE sql AS 'SELECT $1 FROM pg_sleep(1.2)'",
                // an exception block runs its body in a subtransaction: a conflict there ends the session
                "CREATE FUNCTION rc_guarded(n int) RETURNS int STABLE LANGUAGE plpgsql AS"
                        + " $$ BEGIN BEGIN PERFORM pg_sleep(1.2); EXCEPTION WHEN division_by_zero THEN RETURN -1; END;"
                        + " RETURN n; END $$");
        replicas = StreamingReplicas.start(primary, 1);
        replicas.standbyDelay(Duration.ofMillis(100));
    }

    private static PgServer standby() {
        return replicas.standby(0);
    }

    /** Dead rows on the primary that a standby snapshot older than now still sees, removed by a vacuum. */
    private static void vacuumRowsTheStandbySees() {
        replicas.primary().sql("INSERT INTO rc_churn SELECT g, 'x' FROM generate_series(1, 100) g");
        replicas.awaitReplay();
    }

    private static void removeThem() {
        replicas.primary().sql("DELETE FROM rc_churn", "VACUUM rc_churn");
    }

    private static void afterActive(String app, Runnable action) {
        Thread t = new Thread(() -> {
            try {
                while (standby().queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app
                        + "' AND state = 'active'") == 0) {
                    Thread.sleep(20);
                }
                Thread.sleep(150);
                action.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        t.setDaemon(true);
        t.start();
    }

    private static void afterIdleInTransaction(String app, Runnable action) throws InterruptedException {
        while (standby().queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app
                + "' AND state = 'idle in transaction'") == 0) {
            Thread.sleep(20);
        }
        action.run();
        // until the standby has ended the session in replay's way
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (standby().queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app + "'") > 0) {
            assertTrue(System.nanoTime() < deadline, "the standby did not end the session");
            Thread.sleep(20);
        }
    }

    // ---- what the server sends (plain pgjdbc)

    @Test
    void aSnapshotConflictCancelsTheStatementWith40001AndTheSessionLivesOn() throws Exception {
        vacuumRowsTheStandbySees();
        try (Connection c = java.sql.DriverManager.getConnection(standby().jdbcUrl() + "&ApplicationName=rc-plain-snap");
                Statement st = c.createStatement()) {
            afterActive("rc-plain-snap", RecoveryConflictTest::removeThem);
            SQLException e = assertThrows(SQLException.class,
                    () -> st.executeQuery("SELECT sum(rc_slow(v)) FROM rc_read WHERE id <= 2"));
            assertEquals("40001", e.getSQLState());
            assertEquals("ERROR", ((PSQLException) e).getServerErrorMessage().getSeverity());
            assertTrue(e.getMessage().contains("canceling statement due to conflict with recovery"), e.getMessage());
            assertEquals(Retryability.SAFE, Classifier.retryability(e));
            assertEquals(false, c.isClosed());
            assertEquals("t", StandbyReadTest.first(c, "SELECT pg_is_in_recovery()"));
        }
    }

    @Test
    void aConflictWithASessionIdleInATransactionEndsItWithFatal40001() throws Exception {
        vacuumRowsTheStandbySees();
        try (Connection c = java.sql.DriverManager.getConnection(standby().jdbcUrl() + "&ApplicationName=rc-plain-idle")) {
            c.setAutoCommit(false);
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            assertEquals("20", StandbyReadTest.first(c, "SELECT count(*) FROM rc_read"));
            afterIdleInTransaction("rc-plain-idle", RecoveryConflictTest::removeThem);
            SQLException e = assertThrows(SQLException.class, () -> StandbyReadTest.first(c, "SELECT count(*) FROM rc_read"));
            assertEquals("40001", e.getSQLState());
            assertEquals("FATAL", ((PSQLException) e).getServerErrorMessage().getSeverity());
            assertTrue(e.getMessage().contains("terminating connection due to conflict with recovery"), e.getMessage());
            assertTrue(c.isClosed(), "the session is gone");
            assertEquals(Retryability.RECONNECT, Classifier.retryability(e), "a new connection is needed");
        }
    }

    @Test
    void aDatabaseDroppedOnThePrimaryEndsTheStandbySessionsWithFatal57P04() throws Exception {
        replicas.primary().sql("CREATE DATABASE rc_gone");
        replicas.awaitReplay();
        String url = standby().jdbcUrl().replace("/postgres?", "/rc_gone?") + "&ApplicationName=rc-gone";
        try (Connection c = java.sql.DriverManager.getConnection(url)) {
            assertEquals("1", StandbyReadTest.first(c, "SELECT 1"));
            replicas.primary().sql("DROP DATABASE rc_gone");
            replicas.awaitReplay();
            SQLException e = assertThrows(SQLException.class, () -> StandbyReadTest.first(c, "SELECT 1"));
            assertEquals("57P04", e.getSQLState());
            assertEquals(Retryability.FATAL, Classifier.retryability(e), "no new connection brings the database back");
        }
    }

    // ---- through the layer, with its defaults

    /** The recovery class of every retry the layer reported. */
    private static final class Retries implements RetryListener {
        final List<String> seen = new CopyOnWriteArrayList<>();

        @Override
        public void onRetry(RetryEvent event) {
            seen.add(event.sqlState() + " " + event.recovery());
        }
    }

    @Test
    void anAutocommitReadEndedByAConflictInsideASubtransactionRunsAgainOnANewConnection() throws Exception {
        vacuumRowsTheStandbySees();
        Retries retries = new Retries();
        Physical physical = new Physical(standby().jdbcUrl() + "&ApplicationName=rc-sub");
        try (Connection c = physical.open(RetryConfig.defaults().withListener(retries)); Statement st = c.createStatement()) {
            afterActive("rc-sub", RecoveryConflictTest::removeThem);
            try (ResultSet rs = st.executeQuery("SELECT rc_guarded(7) /* rc-sub */")) {
                rs.next();
                assertEquals(7, rs.getLong(1));
            }
            assertEquals(2, physical.executions("/* rc-sub */"));
            // the server ended the session (FATAL 40001): one retry, on a new connection, none on the dead one
            assertEquals(List.of("40001 RECONNECT"), retries.seen);
        }
    }

    @Test
    void anAutocommitReadCancelledByASnapshotConflictRunsAgainWithNoError() throws Exception {
        vacuumRowsTheStandbySees();
        Retries retries = new Retries();
        Physical physical = new Physical(standby().jdbcUrl() + "&ApplicationName=rc-auto");
        try (Connection c = physical.open(RetryConfig.defaults().withListener(retries)); Statement st = c.createStatement()) {
            afterActive("rc-auto", RecoveryConflictTest::removeThem);
            try (ResultSet rs = st.executeQuery("SELECT sum(rc_slow(v)) FROM rc_read WHERE id <= 2 /* rc-auto */")) {
                rs.next();
                assertEquals(3, rs.getLong(1));
            }
            assertEquals(2, physical.executions("/* rc-auto */"), "cancelled once, run again");
            assertEquals(1, physical.failures("/* rc-auto */"));
            assertEquals(List.of("40001 SAFE"), retries.seen, "the session lived on: the same connection");
        }
    }

    @Test
    void aReadCancelledByALockConflictRunsAgainWithNoError() throws Exception {
        Physical physical = new Physical(standby().jdbcUrl() + "&ApplicationName=rc-lock");
        try (Connection c = physical.open(RetryConfig.defaults()); Statement st = c.createStatement()) {
            // the primary takes ACCESS EXCLUSIVE on the table the standby reads: replay must take it too
            afterActive("rc-lock", () -> replicas.primary().sql("BEGIN; LOCK TABLE rc_locked IN ACCESS EXCLUSIVE MODE; COMMIT"));
            try (ResultSet rs = st.executeQuery("SELECT sum(rc_slow(id)) FROM rc_locked /* rc-lock */")) {
                rs.next();
                assertEquals(3, rs.getLong(1));
            }
            assertEquals(2, physical.executions("/* rc-lock */"));
            assertEquals(1, physical.failures("/* rc-lock */"));
        }
    }

    @Test
    void aReadOnlyTransactionWhoseIdleSessionTheStandbyEndedIsReplayedOnANewConnection() throws Exception {
        vacuumRowsTheStandbySees();
        Retries retries = new Retries();
        Physical physical = new Physical(standby().jdbcUrl() + "&ApplicationName=rc-idle");
        try (Connection c = physical.open(RetryConfig.defaults().withListener(retries))) {
            c.setReadOnly(true);
            c.setAutoCommit(false);
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            try (Statement st = c.createStatement()) {
                try (ResultSet rs = st.executeQuery("SELECT sum(v) FROM rc_read /* rc-idle-1 */")) {
                    rs.next();
                    assertEquals(210, rs.getLong(1));
                }
                afterIdleInTransaction("rc-idle", RecoveryConflictTest::removeThem);
                try (ResultSet rs = st.executeQuery("SELECT count(*) FROM rc_read WHERE v > 10 /* rc-idle-2 */")) {
                    rs.next();
                    assertEquals(10, rs.getLong(1));
                }
            }
            c.commit();
            assertEquals(2, physical.executions("/* rc-idle-1 */"), "replayed once on the new connection, verified");
            assertEquals(2, physical.executions("/* rc-idle-2 */"), "failed on the ended session, then ran");
            assertEquals(List.of("40001 RECONNECT"), retries.seen);
        }
    }

    @Test
    void anIdleInTransactionLockConflictEndsTheSessionAndTheTransactionIsReplayed() throws Exception {
        Physical physical = new Physical(standby().jdbcUrl() + "&ApplicationName=rc-idle-lock");
        try (Connection c = physical.open(RetryConfig.defaults())) {
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                try (ResultSet rs = st.executeQuery("SELECT count(*) FROM rc_locked /* rc-il-1 */")) {
                    rs.next();
                    assertEquals(2, rs.getLong(1));
                }
                afterIdleInTransaction("rc-idle-lock",
                        () -> replicas.primary().sql("BEGIN; LOCK TABLE rc_locked IN ACCESS EXCLUSIVE MODE; COMMIT"));
                try (ResultSet rs = st.executeQuery("SELECT max(id) FROM rc_locked /* rc-il-2 */")) {
                    rs.next();
                    assertEquals(2, rs.getLong(1));
                }
            }
            c.commit();
            assertEquals(2, physical.executions("/* rc-il-1 */"));
        }
    }
}
