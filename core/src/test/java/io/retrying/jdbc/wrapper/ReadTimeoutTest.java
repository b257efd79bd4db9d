package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A server that stops answering (a frozen primary: here a {@link FaultProxy} that holds every byte)
 * under {@code socketTimeout=1}. pgjdbc closes its connection when the read times out; the retrying
 * connection must treat that as the lost connection it is: later calls on it heal, a read in flight
 * runs again once the server proved it read-only, a write in flight is 08007 (never sent twice), a
 * transaction is replayed, a COMMIT whose reply timed out is resolved by its id. (Issue 17: they
 * failed 08003 for good, and the COMMIT's timeout passed for a refusal.)
 */
@ExtendWith(PgExtension.class)
class ReadTimeoutTest {

    private static final String READ = "SELECT count(*) FROM timed /* timed-read */";
    /** How long the proxy holds everything: past the 1 s socket timeout, then it delivers what it held. */
    private static final long FROZEN_MS = 1_600;

    private static FaultProxy proxy;
    /** The pending thaw, if any: joined after each test, so that it cannot thaw the next one's freeze. */
    private static CompletableFuture<Void> thawing = CompletableFuture.completedFuture(null);
    private final PgServer pg;
    private Physical physical;

    ReadTimeoutTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void startProxy(PgServer pg) {
        proxy = FaultProxy.start(pg);
    }

    @AfterAll
    static void stopProxy() {
        proxy.close();
    }

    @BeforeEach
    void table() {
        pg.sql("DROP TABLE IF EXISTS timed", "CREATE TABLE timed (note text)", "INSERT INTO timed VALUES ('seed')");
        physical = new Physical(proxy.jdbcUrl() + "&socketTimeout=1");
    }

    @AfterEach
    void thaw() {
        thawing.join();
        proxy.passThrough();
    }

    @Test
    void laterCallsHealAfterATimedOutReadSurfaced() throws Exception {
        RetryPolicy once = RetryPolicy.builder().maxAttempts(1).noTokenBucket().build();
        try (Connection c = physical.open(RetryConfig.defaults().withPolicy(once))) {
            Statement old = c.createStatement();
            assertEquals(1, count(old));
            // given a read that timed out on a frozen server, surfaced (no retry allowed)
            proxy.stall(true);
            SQLException timedOut = assertThrows(SQLException.class, () -> count(old));
            assertTrue(Classifier.readTimedOut(timedOut), "the read timeout itself: " + timedOut);
            proxy.stall(false);

            // when the application goes on with the same connection, then every call heals
            try (Statement st = c.createStatement()) {
                assertEquals(1, count(st));
            }
            try (PreparedStatement ps = c.prepareStatement(READ); ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(1, rs.getLong(1));
            }
            assertEquals(1, count(old));
            assertFalse(c.isClosed());
        }
    }

    @Test
    void aTimedOutReadRunsAgainOnceTheServerProvedItReadOnly() throws Exception {
        List<String> recovered = new CopyOnWriteArrayList<>();
        RetryListener listener = new RetryListener() {
            @Override
            public void onRecovered(RetryEvent e) {
                recovered.add(e.sqlState() + " " + e.recovery());
            }
        };
        try (Connection c = physical.open(RetryConfig.defaults().withPolicy(Physical.FAST).withListener(listener));
                Statement st = c.createStatement()) {
            assertEquals(1, count(st));
            freezeFor(FROZEN_MS);
            assertEquals(1, count(st));
            assertEquals(List.of("08006 RECONNECT"), recovered, "overcome as the lost connection it was");
            assertEquals(1, physical.failures(READ), "the timed-out execution");
            assertEquals(3, physical.executions(READ), "before, the timed-out one, and once again");
            assertTrue(physical.proofs("timed-read") > 0, "proven read-only before it ran again");
        }
    }

    @Test
    void aTimedOutWriteIsReportedUnknownAndNeverSentTwice() throws Exception {
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            assertEquals(1, count(st));
            CompletableFuture<Void> thaw = freezeFor(FROZEN_MS);
            SQLException e = assertThrows(SQLException.class,
                    () -> st.executeUpdate("INSERT INTO timed VALUES ('timed-write')"));
            assertEquals("08007", e.getSQLState());
            assertTrue(Classifier.readTimedOut(e.getCause()), "the timeout is its cause: " + e.getCause());
            thaw.join();
            assertEquals(1, physical.executions("timed-write"), "sent once, never again by the layer");
            // the proxy delivered what it held: the server applied it, which is why it cannot be re-run
            assertEquals(1, eventually(() -> pg.queryLong("SELECT count(*) FROM timed WHERE note = 'timed-write'"), 1));
            assertEquals(2, count(st), "the connection healed");
        }
    }

    @Test
    void aStatementTimedOutInATransactionIsReplayed() throws Exception {
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO timed VALUES ('tx-first')");
            freezeFor(FROZEN_MS);
            st.executeUpdate("INSERT INTO timed VALUES ('tx-second')");
            c.commit();
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM timed WHERE note = 'tx-first'"));
        assertEquals(1, pg.queryLong("SELECT count(*) FROM timed WHERE note = 'tx-second'"));
    }

    @Test
    void aCommitWhoseReplyTimedOutIsResolvedNotTakenForARefusal() throws Exception {
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO timed VALUES ('tx-commit')");
            freezeFor(FROZEN_MS);
            c.commit(); // held, then delivered: it committed, and the layer finds that out by its id
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM timed WHERE note = 'tx-commit'"));
    }

    @Test
    void aStatementMadeAfterIsValidTimedOutHeals() throws Exception {
        try (Connection c = physical.open()) {
            try (Statement st = c.createStatement()) {
                assertEquals(1, count(st));
            }
            proxy.stall(true);
            assertFalse(c.isValid(1), "pgjdbc's isValid times out, and closes its connection");
            proxy.stall(false);
            try (Statement st = c.createStatement()) {
                assertEquals(1, count(st));
            }
            try (PreparedStatement ps = c.prepareStatement(READ); ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
            }
        }
    }

    private static long count(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery(READ)) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    /** Holds every byte from now on and delivers them after {@code ms}. */
    private static CompletableFuture<Void> freezeFor(long ms) {
        proxy.stall(true);
        return thawing = CompletableFuture.runAsync(() -> {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            proxy.stall(false);
        });
    }

    @FunctionalInterface
    private interface Query {
        long get() throws Exception;
    }

    /** The value once it equals {@code expected}, or the last one read after 5 s. */
    private static long eventually(Query q, long expected) throws Exception {
        long until = System.nanoTime() + 5_000_000_000L;
        long v = q.get();
        while (v != expected && System.nanoTime() < until) {
            Thread.sleep(20);
            v = q.get();
        }
        return v;
    }
}
