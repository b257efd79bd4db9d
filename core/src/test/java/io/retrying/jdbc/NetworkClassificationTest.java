package io.retrying.jdbc;

import static io.retrying.jdbc.Retryability.FATAL;
import static io.retrying.jdbc.Retryability.RECONNECT;
import static io.retrying.jdbc.Retryability.UNKNOWN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Failures with no server word, made by a real network fault between pgjdbc and a real server:
 * a cut socket, a stalled one, a refused or reset dial, and a COMMIT whose reply is lost, resolved
 * through {@link Commits}.
 */
@ExtendWith(PgExtension.class)
class NetworkClassificationTest {
    private static FaultProxy proxy;
    private static ExecutorService threads;
    private final PgServer pg;

    NetworkClassificationTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void setUp(PgServer pg) {
        proxy = FaultProxy.start(pg);
        threads = Executors.newCachedThreadPool();
        pg.sql("CREATE TABLE IF NOT EXISTS events (id serial PRIMARY KEY, note text)");
    }

    @AfterAll
    static void tearDown() {
        threads.shutdownNow();
        proxy.close();
    }

    @AfterEach
    void heal() {
        proxy.passThrough();
    }

    @Test
    void aSocketCutUnderARunningStatement() throws Exception {
        try (Connection c = DriverManager.getConnection(proxy.jdbcUrl())) {
            Future<SQLException> running = threads.submit(() -> failure(c, "SELECT pg_sleep(10)"));
            waitUntilActive("SELECT pg_sleep(10)");
            proxy.cutAll();
            SQLException e = running.get(20, TimeUnit.SECONDS);
            assertNotNull(e);
            assertEquals("08006", e.getSQLState());
            assertFalse(Classifier.serverReported(e), "no server word");
            assertEquals(RECONNECT, Classifier.retryability(e));
            assertEquals(UNKNOWN, Classifier.retryability(e, true, false));
        }
    }

    @Test
    void aSocketCutWhileIdle() throws Exception {
        try (Connection c = DriverManager.getConnection(proxy.jdbcUrl())) {
            ServerClassificationTest.query(c, "SELECT 1");
            proxy.cutAll();
            SQLException e = assertThrows(SQLException.class, () -> ServerClassificationTest.query(c, "SELECT 1"));
            assertEquals(RECONNECT, Classifier.retryability(e));
            SQLException closed = assertThrows(SQLException.class, () -> ServerClassificationTest.query(c, "SELECT 1"));
            assertEquals("08003", closed.getSQLState());
            assertEquals(RECONNECT, Classifier.retryability(closed));
        }
    }

    /** A read timeout is a slow server, not a lost one: FATAL; pgjdbc closed the connection, whose next use heals. */
    @Test
    void aSocketReadTimeoutIsFatal() throws Exception {
        try (Connection c = DriverManager.getConnection(proxy.jdbcUrl() + "&socketTimeout=1")) {
            ServerClassificationTest.query(c, "SELECT 1");
            proxy.stall(true);
            SQLException e = assertThrows(SQLException.class, () -> ServerClassificationTest.query(c, "SELECT 1"));
            assertEquals("08006", e.getSQLState());
            assertEquals(FATAL, Classifier.retryability(e));
            assertEquals(PublicError.TIMEOUT, PublicError.of(e));
            proxy.stall(false);
            SQLException closed = assertThrows(SQLException.class, () -> ServerClassificationTest.query(c, "SELECT 1"));
            assertEquals(RECONNECT, Classifier.retryability(closed));
        }
    }

    @Test
    void refusedAndResetDials() {
        proxy.refuseNew(true);
        SQLException refused = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(proxy.jdbcUrl() + "&connectTimeout=5").close());
        assertEquals(RECONNECT, Classifier.retryability(refused));
        assertTrue(Classifier.refusedDial(refused));
        proxy.refuseNew(false);
        proxy.resetNew(true);
        SQLException reset = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(proxy.jdbcUrl() + "&connectTimeout=5").close());
        assertEquals("08001", reset.getSQLState());
        assertEquals(RECONNECT, Classifier.retryability(reset));
        assertEquals(RECONNECT, Classifier.retryability(reset, true, false)); // a dial never wrote
        // plain pgjdbc's exception does not say whether any server spoke before the reset: only the
        // layer's own dials watch their sockets for that (ProxyWithoutBackendTest), so this one is charged
        assertFalse(Classifier.refusedDial(reset));
    }

    /** The whole point of capturing the xid: a COMMIT whose reply is lost, found COMMITTED elsewhere. */
    @Test
    void aLostCommitReplyIsUnknownAndResolvesToCommitted() throws Exception {
        long xid;
        try (Connection c = DriverManager.getConnection(proxy.jdbcUrl())) {
            c.setAutoCommit(false);
            c.createStatement().executeUpdate("INSERT INTO events (note) VALUES ('lost reply')");
            xid = Commits.transactionId(c, false);
            proxy.dropReplyAfterCommit();
            SQLException e = assertThrows(SQLException.class, c::commit);
            assertEquals(UNKNOWN, Classifier.retryability(e, true, false));
            assertFalse(RetryPolicy.defaults().decide(e, 1, true, Deadline.FOREVER).retry());
        }
        try (Connection other = pg.connect()) {
            assertEquals(CommitOutcome.COMMITTED, Commits.resolve(other, xid));
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM events WHERE note = 'lost reply'"));
    }

    private static SQLException failure(Connection c, String sql) {
        try {
            ServerClassificationTest.query(c, sql);
            return null;
        } catch (SQLException e) {
            return e;
        }
    }

    private void waitUntilActive(String sql) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (pg.queryLong("SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query = '" + sql + "'") == 0) {
            assertTrue(System.nanoTime() < until, "never started: " + sql);
            Thread.sleep(10);
        }
    }
}
