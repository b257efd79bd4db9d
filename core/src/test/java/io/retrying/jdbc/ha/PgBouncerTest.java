package io.retrying.jdbc.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.PgBouncer;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The wrapper behind PgBouncer in transaction pooling mode (PgBouncer 1.18, Debian's package):
 * reads carry on across a PgBouncer restart, its {@code RECONNECT} and {@code KILL}, and a restart
 * of the database behind it; and what server-prepared statements really do there.
 */
@ExtendWith(PgExtension.class)
class PgBouncerTest {

    private static final String READ = "SELECT count(*) FROM items WHERE id > ?";
    private static PgBouncer bouncer;

    @BeforeAll
    static void startPgBouncer(PgServer pg) {
        // CI installs pgbouncer (.ci/run) and never skips; a developer's machine may lack it
        assumeTrue(PgBouncer.available() || System.getenv("CI") != null, "pgbouncer is not installed");
        pg.sql("CREATE TABLE items (id int)", "INSERT INTO items SELECT generate_series(1, 10)");
        bouncer = PgBouncer.start(pg, "transaction");
    }

    @AfterAll
    static void stopPgBouncer() {
        if (bouncer != null) {
            bouncer.close();
        }
    }

    /** The README's URL for a pooler in transaction mode: no server-prepared statements. */
    private static String retryingUrl(String extra) {
        return "jdbc:retrying:" + bouncer.jdbcUrl().substring("jdbc:".length())
                + "&retry.baseDelayMs=10&retry.maxDelayMs=200&retry.tokenBucket=none" + extra;
    }

    @Test
    void readsSeeNoErrorAcrossPgBouncerRestartReconnectKillAndBackendRestart(PgServer pg) throws Exception {
        Queue<RetryEvent> retries = new ConcurrentLinkedQueue<>();
        RetryingDataSource ds = new RetryingDataSource();
        ds.setUrl(retryingUrl("&prepareThreshold=0"));
        ds.setRetryListener(new RetryListener() {
            @Override
            public void onRetry(RetryEvent event) {
                retries.add(event);
            }
        });
        try (Workers readers = Workers.start("reader", 3, () -> {
            Connection c = ds.getConnection();
            PreparedStatement read = c.prepareStatement(READ);
            return () -> {
                read.setInt(1, 3);
                try (ResultSet rs = read.executeQuery()) {
                    rs.next();
                    if (rs.getInt(1) != 7) {
                        throw new SQLException("wrong count " + rs.getInt(1));
                    }
                }
            };
        })) {
            assertTrue(readers.awaitProgress(50, Duration.ofSeconds(5)), readers.toString());

            // a plain pgjdbc connection, idle across each fault, shows that the fault is real
            try (Connection plain = DriverManager.getConnection(bouncer.jdbcUrl())) {
                bouncer.restart();
                assertLost(plain);
            }
            assertTrue(readers.awaitProgress(50, Duration.ofSeconds(5)), "after PgBouncer restart: " + readers);

            // RECONNECT closes every server connection once released: invisible to clients in transaction mode
            bouncer.adminCommand("RECONNECT " + pg.database());
            assertTrue(readers.awaitProgress(50, Duration.ofSeconds(5)), "after RECONNECT: " + readers);

            // KILL drops every client and server connection; new clients wait until RESUME
            try (Connection plain = DriverManager.getConnection(bouncer.jdbcUrl())) {
                bouncer.adminCommand("KILL " + pg.database());
                CompletableFuture<Void> resume = CompletableFuture.runAsync(() -> {
                    sleep(300);
                    bouncer.adminCommand("RESUME " + pg.database());
                });
                assertLost(plain);
                resume.join();
            }
            assertTrue(readers.awaitProgress(50, Duration.ofSeconds(5)), "after KILL and RESUME: " + readers);

            // the database behind PgBouncer restarts (a failover behind a pooler looks alike)
            try (Connection plain = DriverManager.getConnection(bouncer.jdbcUrl())) {
                pg.restart();
                assertLost(plain);
            }
            assertTrue(readers.awaitProgress(50, Duration.ofSeconds(5)), "after a backend restart: " + readers);

            readers.close();
            assertEquals(List.of(), readers.failures(), "reads through the wrapper see no error");
        }
        // the faults reached the wrapper: it retried (a PgBouncer restart and KILL cut every reader)
        assertTrue(retries.size() >= 3, "retries: " + retries.size());
    }

    @Test
    void serverPreparedStatementsCollideBehindTransactionPoolingUnlessPrepareThresholdIsZero() throws Exception {
        // pgjdbc's default prepareThreshold=5 makes a PreparedStatement server-prepared (named S_1,
        // S_2, ... per connection) on its 5th execution. Behind transaction pooling two clients share
        // server connections, so one client's S_1 meets the other's: 42P05 "prepared statement S_1
        // already exists", which no retry can fix (it is FATAL; a retry may or may not land on another
        // server connection). What really happens, then the README's remedy:
        List<SQLException> withDefault = interleave(retryingUrl(""));
        assertFalse(withDefault.isEmpty(), "default prepareThreshold behind transaction pooling");
        for (SQLException e : withDefault) {
            assertEquals("42P05", e.getSQLState(), e.toString());
        }
        assertEquals(List.of(), interleave(retryingUrl("&prepareThreshold=0")), "prepareThreshold=0");
    }

    @Test
    void aStatementPreparedOnAServerConnectionThatWentAwayInsideATransaction(PgServer pg) throws Exception {
        // One client alone: its S_1 lives on one server connection; RECONNECT replaces that. pgjdbc
        // heals the 26000 by itself in autocommit, never inside a transaction, where it reaches the
        // wrapper as RESET_STATE, which transaction replay heals. With prepareThreshold=0 nothing is
        // ever missing.
        try (Connection c = DriverManager.getConnection(retryingUrl(""));
                PreparedStatement read = c.prepareStatement(READ)) {
            for (int i = 0; i < 6; i++) {
                assertEquals(7, count(read)); // autocommit: the 5th execution prepares S_1
            }
            bouncer.adminCommand("RECONNECT " + pg.database());
            assertEquals(7, count(read), "autocommit: pgjdbc re-prepares by itself");
            c.setAutoCommit(false);
            assertEquals(7, count(read)); // S_1 again, on this transaction's server connection
            c.commit();
            bouncer.adminCommand("RECONNECT " + pg.database());
            assertEquals(7, count(read), "RESET_STATE: the transaction replayed");
            c.commit();
        }
        try (Connection c = DriverManager.getConnection(retryingUrl("&prepareThreshold=0"));
                PreparedStatement read = c.prepareStatement(READ)) {
            c.setAutoCommit(false);
            for (int i = 0; i < 6; i++) {
                assertEquals(7, count(read));
                c.commit();
            }
            bouncer.adminCommand("RECONNECT " + pg.database());
            assertEquals(7, count(read));
            c.commit();
        }
    }

    /** Two clients, one PreparedStatement each, executed in turn; what failed. */
    private static List<SQLException> interleave(String url) throws SQLException {
        List<SQLException> failures = new java.util.ArrayList<>();
        try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url);
                PreparedStatement readA = a.prepareStatement(READ); PreparedStatement readB = b.prepareStatement(READ)) {
            for (int i = 0; i < 10; i++) {
                for (PreparedStatement read : List.of(readA, readB)) {
                    try {
                        assertEquals(7, count(read));
                    } catch (SQLException e) {
                        failures.add(e);
                    }
                }
            }
        }
        return failures;
    }

    private static int count(PreparedStatement read) throws SQLException {
        read.setInt(1, 3);
        try (ResultSet rs = read.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static void assertLost(Connection plain) {
        SQLException lost = assertThrows(SQLException.class, () -> {
            try (Statement st = plain.createStatement()) {
                st.execute("SELECT 1");
            }
        });
        String state = String.valueOf(lost.getSQLState());
        assertTrue(state.startsWith("08") || state.startsWith("57"), state + " " + lost.getMessage());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
