package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The life-cycle calls pools and ORMs make on a retrying connection, against a real server. */
@ExtendWith(PgExtension.class)
class ConnectionLifecycleTest {

    @Test
    void abortEndsTheServerConnectionAndLeavesAClosedConnection(PgServer pg) throws Exception {
        String app = "aborted";
        Physical physical = new Physical(pg.jdbcUrl() + "&ApplicationName=" + app);
        Connection c = physical.open();
        Statement st = c.createStatement();
        st.execute("SELECT 1");
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            assertThrows(SQLException.class, () -> c.abort(null));
            assertFalse(c.isClosed(), "a refused abort closes nothing");

            c.abort(executor);
            assertTrue(c.isClosed());
            assertFalse(c.isValid(1));
            c.abort(executor);
            c.close();
            assertEquals("08003", assertThrows(SQLException.class, () -> st.execute("SELECT 1")).getSQLState());
            assertTrue(st.isClosed());
            awaitNoBackend(pg, app);
            assertEquals(1, physical.dials.get(), "nothing dialed after the abort");
        } finally {
            executor.shutdown();
        }
    }

    @Test
    void abortFromAnotherThreadWhileAStatementRunsLeavesNoServerConnection(PgServer pg) throws Exception {
        String app = "aborted-busy";
        // the server notices the aborted client while its query still runs
        Physical physical = new Physical(pg.jdbcUrl() + "&ApplicationName=" + app
                + "&options=-c%20client_connection_check_interval%3D100");
        Connection c = physical.open();
        Statement st = c.createStatement();
        CompletableFuture<SQLException> read = CompletableFuture.supplyAsync(() -> {
            try (ResultSet rs = st.executeQuery("SELECT pg_sleep(30) /* aborted-busy */")) {
                return null;
            } catch (SQLException e) {
                return e;
            }
        });
        while (pg.queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app
                + "' AND state = 'active' AND query LIKE '%aborted-busy%'") == 0) {
            Thread.sleep(10);
        }
        // when a watchdog aborts the connection under the running statement
        c.abort(Runnable::run);

        // then the statement fails, and no new server connection outlives the aborted one
        SQLException e = read.get(10, TimeUnit.SECONDS);
        assertEquals("08006", e.getSQLState());
        assertTrue(c.isClosed());
        awaitNoBackend(pg, app);
        assertEquals(1, physical.dials.get(), "nothing dialed for a connection aborted by its owner");
    }

    @Test
    void aConnectionWhoseServerConnectionDiedHealsWhileIsClosedStaysFalse(PgServer pg) throws Exception {
        String app = "healing";
        Physical physical = new Physical(pg.jdbcUrl() + "&ApplicationName=" + app);
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            pg.terminateBackends(app);
            // isValid reports the dead server connection (a pool may evict); the connection is not closed
            assertFalse(c.isValid(1));
            assertFalse(c.isClosed());
            try (ResultSet rs = st.executeQuery("SELECT 3")) {
                rs.next();
                assertEquals(3, rs.getInt(1));
            }
            assertTrue(c.isValid(1));
            assertEquals(1, pg.queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app + "'"));
        }
        awaitNoBackend(pg, app);
    }

    @Test
    void anInitializerThatThrowsUncheckedClosesTheConnectionItWasGiven(PgServer pg) throws Exception {
        String app = "init-throws";
        Physical physical = new Physical(pg.jdbcUrl() + "&ApplicationName=" + app);
        AtomicBoolean fail = new AtomicBoolean(true);
        RetryConfig config = RetryConfig.defaults().withPolicy(Physical.FAST).withInitializer(c -> {
            if (fail.get()) {
                throw new IllegalStateException("application bug in the initializer");
            }
        });

        // at open
        assertThrows(IllegalStateException.class, () -> physical.open(config));
        awaitNoBackend(pg, app);

        // and on a reconnect
        fail.set(false);
        try (Connection c = physical.open(config); Statement st = c.createStatement()) {
            pg.terminateBackends(app);
            fail.set(true);
            assertThrows(IllegalStateException.class, () -> st.executeQuery("SELECT 1"));
            awaitNoBackend(pg, app);
            fail.set(false);
            try (ResultSet rs = st.executeQuery("SELECT 2")) {
                rs.next();
                assertEquals(2, rs.getInt(1));
            }
        }
        awaitNoBackend(pg, app);
    }

    private static void awaitNoBackend(PgServer pg, String app) throws InterruptedException {
        String sql = "SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app + "'";
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (pg.queryLong(sql) != 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("a server connection was left open: " + pg.queryLong(sql));
            }
            Thread.sleep(20);
        }
    }
}
