package io.retrying.jdbc.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.ReplayDivergedException;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.jdbc.RetryingConnections;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Explicit transactions survive a retryable failure before COMMIT: the journal is replayed on a
 * new transaction, verified against what the application saw, and the failed call runs again.
 * Physical executions are counted through datasource-proxy ({@link Physical}).
 */
@ExtendWith(PgExtension.class)
class TransactionReplayTest {

    /** The application_name of the connections under test, so that only they are terminated. */
    static final String VICTIM = "replay-victim";

    private final PgServer pg;
    private final Replays replays = new Replays();

    TransactionReplayTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void tables() {
        pg.sql("DROP TABLE IF EXISTS marks", "CREATE TABLE marks (v int)",
                "DROP TABLE IF EXISTS acct", "CREATE TABLE acct (id int PRIMARY KEY, v int)",
                "INSERT INTO acct VALUES (1, 100), (2, 200)");
    }

    private Physical physical() {
        return new Physical(pg.jdbcUrl() + "&ApplicationName=" + VICTIM);
    }

    private RetryConfig config() {
        return RetryConfig.defaults().withPolicy(Physical.FAST).withListener(replays);
    }

    @Test
    void aTransactionWhoseBackendIsKilledHalfWayCompletesWithEveryRowOnce() throws Exception {
        Physical physical = physical();
        try (Connection c = physical.open(config()); PreparedStatement insert = c.prepareStatement(
                "INSERT INTO marks VALUES (?) /* half-way */"); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            insert.setInt(1, 1);
            insert.executeUpdate();
            insert.setInt(1, 2);
            insert.executeUpdate();
            ResultSet rs = st.executeQuery("SELECT v FROM acct WHERE id = 1 /* half-way read */");
            rs.next();
            assertEquals(100, rs.getInt(1));

            assertEquals(1, pg.terminateBackends(VICTIM));
            insert.setInt(1, 3);
            assertEquals(1, insert.executeUpdate());
            c.commit();
        }
        assertEquals(List.of(1L, 1L, 1L), List.of(count("v = 1"), count("v = 2"), count("v = 3")));
        // inserts 1 and 2 ran twice (original, replay), 3 failed once and ran again
        assertEquals(2 + 2 + 2, physical.executions("half-way */"));
        assertEquals(1, physical.failures("half-way */"));
        assertEquals(2, physical.executions("half-way read"));
        assertEquals(1, replays.count());
    }

    @Test
    void aReplayThatReadsChangedDataDivergesAndCommitsNothing() throws Exception {
        Physical physical = physical();
        try (Connection c = physical.open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try (ResultSet rs = st.executeQuery("SELECT v FROM acct WHERE id = 1")) {
                rs.next();
                assertEquals(100, rs.getInt(1));
            }
            st.executeUpdate("INSERT INTO marks VALUES (7)");
            pg.sql("UPDATE acct SET v = 101 WHERE id = 1");
            pg.terminateBackends(VICTIM);

            SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate("UPDATE acct SET v = v + 1 WHERE id = 2"));
            assertInstanceOf(ReplayDivergedException.class, e);
            assertEquals("40001", e.getSQLState());
            assertEquals(Retryability.SAFE, Classifier.retryability(e));
            // the failed transaction cannot commit
            assertThrows(SQLException.class, c::commit);
            c.rollback();

            // the connection carries on
            st.executeUpdate("INSERT INTO marks VALUES (8)");
            c.commit();
        }
        assertEquals(0, count("v = 7"));
        assertEquals(1, count("v = 8"));
        assertEquals(200, pg.queryLong("SELECT v FROM acct WHERE id = 2"));
    }

    @Test
    void aTransactionLongerThanTheJournalBoundSurfacesItsFailure() throws Exception {
        Physical physical = physical();
        RetryConfig bounded = new RetryConfig(Physical.FAST, Duration.ofSeconds(10), 3, 4L << 20, true, replays, null);
        try (Connection c = physical.open(bounded); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            for (int i = 1; i <= 5; i++) {
                st.executeUpdate("INSERT INTO marks VALUES (" + i + ")");
            }
            pg.terminateBackends(VICTIM);
            SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate("INSERT INTO marks VALUES (6)"));
            assertEquals(Retryability.RECONNECT, Classifier.retryability(e));
            c.rollback();
        }
        assertEquals(0, count("true"));
        assertEquals(0, replays.count());
    }

    /**
     * The application (or a pool's close, which rolls back a dirty connection) rolls back a
     * transaction whose connection is gone while the server is down: there is nothing left to roll
     * back, so it returns at once without dialing; the next statement dials.
     */
    @Test
    void rollbackAfterTheConnectionIsLostNeedsNoServer() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            AtomicInteger dials = new AtomicInteger();
            Dialer counted = new Physical(proxy.jdbcUrl()).dialer();
            Dialer dialer = () -> {
                dials.incrementAndGet();
                return counted.dial();
            };
            RetryConfig config = config().withReconnectWindow(Duration.ofSeconds(3));
            try (Connection c = RetryingConnections.open(dialer, config); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.executeUpdate("INSERT INTO marks VALUES (1)");
                proxy.refuseNew(true);
                assertEquals(1, proxy.cutAll());
                c.rollback();
                assertEquals(1, dials.get(), "rollback dialed");

                proxy.refuseNew(false);
                st.executeUpdate("INSERT INTO marks VALUES (2)");
                c.commit();
            }
        }
        assertEquals(List.of(2), values());
    }

    @Test
    void savepointsSurviveAReplayAndTheApplicationsSavepointObjectsKeepWorking() throws Exception {
        Physical physical = physical();
        try (Connection c = physical.open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            Savepoint unnamed = c.setSavepoint();
            int id = unnamed.getSavepointId();
            st.executeUpdate("INSERT INTO marks VALUES (2)");
            Savepoint named = c.setSavepoint("second");
            st.executeUpdate("INSERT INTO marks VALUES (3)");
            c.rollback(named);
            Savepoint third = c.setSavepoint("third");
            st.executeUpdate("INSERT INTO marks VALUES (4)");
            c.releaseSavepoint(third);

            pg.terminateBackends(VICTIM);
            st.executeUpdate("INSERT INTO marks VALUES (5)");
            assertEquals(1, replays.count());
            assertEquals(id, unnamed.getSavepointId());
            assertEquals("second", named.getSavepointName());

            // the savepoints set before the failure work on the new transaction
            st.executeUpdate("INSERT INTO marks VALUES (6)");
            c.rollback(named);
            st.executeUpdate("INSERT INTO marks VALUES (7)");
            c.rollback(unnamed);
            st.executeUpdate("INSERT INTO marks VALUES (8)");
            c.commit();
        }
        assertEquals(List.of(1, 8), values());
    }

    @Test
    void aSavepointSetBeforeAnyStatementSurvivesALostConnection() throws Exception {
        Physical physical = physical();
        try (Connection c = physical.open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            Savepoint first = c.setSavepoint("first");
            pg.terminateBackends(VICTIM);
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            c.rollback(first);
            st.executeUpdate("INSERT INTO marks VALUES (2)");
            c.commit();
        }
        assertEquals(List.of(2), values());
    }

    @Test
    void savepointCallsThatFindTheConnectionGoneAreHealedByAReplay() throws Exception {
        try (Connection c = physical().open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            Savepoint first = c.setSavepoint("first");
            st.executeUpdate("INSERT INTO marks VALUES (2)");
            assertEquals(1, pg.terminateBackends(VICTIM));
            Savepoint second = c.setSavepoint("second");
            st.executeUpdate("INSERT INTO marks VALUES (3)");
            c.rollback(second);
            assertEquals(1, pg.terminateBackends(VICTIM));
            c.rollback(first);
            st.executeUpdate("INSERT INTO marks VALUES (4)");
            assertEquals(1, pg.terminateBackends(VICTIM));
            c.releaseSavepoint(first);
            c.commit();
        }
        assertEquals(List.of(1, 4), values());
        assertEquals(3, replays.count());
    }

    @Test
    void aResultSetHeldOpenAcrossTheFailureCarriesOnFromTheSameRow() throws Exception {
        pg.sql("INSERT INTO marks SELECT generate_series(1, 10)");
        Physical physical = physical();
        try (Connection c = physical.open(config()); Statement read = c.createStatement();
                Statement write = c.createStatement()) {
            c.setAutoCommit(false);
            // a fetch size makes pgjdbc read through a cursor: the rest of the rows are on the server
            read.setFetchSize(3);
            ResultSet rs = read.executeQuery("SELECT v FROM marks ORDER BY v");
            for (int i = 1; i <= 4; i++) {
                assertTrue(rs.next());
                assertEquals(i, rs.getInt(1));
            }
            pg.terminateBackends(VICTIM);
            write.executeUpdate("INSERT INTO acct VALUES (3, 300)");
            for (int i = 5; i <= 10; i++) {
                assertTrue(rs.next());
                assertEquals(i, rs.getInt(1));
            }
            assertFalse(rs.next());
            c.commit();
        }
        assertEquals(300, pg.queryLong("SELECT v FROM acct WHERE id = 3"));
        assertEquals(1, replays.count());
    }

    @Test
    void aResultSetHeldOpenKeepsTheSettingsItsQueryRanWithWhenTheStatementIsSetForItsNextQuery() throws Exception {
        pg.sql("INSERT INTO marks SELECT generate_series(1, 10)");
        try (Connection c = physical().open(config()); Statement read = c.createStatement();
                Statement write = c.createStatement()) {
            c.setAutoCommit(false);
            ResultSet rs = read.executeQuery("SELECT v FROM marks ORDER BY v");
            for (int i = 1; i <= 4; i++) {
                assertTrue(rs.next());
            }
            // for the statement's next query; the rows in hand came without a limit
            read.setMaxRows(5);
            assertEquals(1, pg.terminateBackends(VICTIM));
            write.executeUpdate("INSERT INTO acct VALUES (3, 300)");
            for (int i = 5; i <= 10; i++) {
                assertTrue(rs.next());
                assertEquals(i, rs.getInt(1));
            }
            assertFalse(rs.next());
            assertEquals(1, replays.count());
            // and the next query has them
            try (ResultSet next = read.executeQuery("SELECT v FROM marks ORDER BY v")) {
                int rows = 0;
                while (next.next()) {
                    rows++;
                }
                assertEquals(5, rows);
            }
            c.commit();
        }
    }

    @Test
    void aCursorWhoseConnectionDiesWhileTheApplicationReadsItCarriesOn() throws Exception {
        pg.sql("INSERT INTO marks SELECT generate_series(1, 10)");
        Physical physical = physical();
        try (Connection c = physical.open(config()); Statement read = c.createStatement()) {
            c.setAutoCommit(false);
            read.executeUpdate("INSERT INTO acct VALUES (4, 400)");
            read.setFetchSize(3);
            ResultSet rs = read.executeQuery("SELECT v FROM marks ORDER BY v /* cursor */");
            for (int i = 1; i <= 4; i++) {
                assertTrue(rs.next());
                assertEquals(i, rs.getInt(1));
            }
            pg.terminateBackends(VICTIM);
            // rows 5 and 6 are in hand; row 7 needs a fetch from the dead cursor: replayed, re-positioned
            for (int i = 5; i <= 10; i++) {
                assertTrue(rs.next());
                assertEquals(i, rs.getInt(1));
            }
            assertFalse(rs.next());
            c.commit();
        }
        assertEquals(400, pg.queryLong("SELECT v FROM acct WHERE id = 4"));
        assertEquals(1, replays.count());
        assertEquals(2, physical.executions("/* cursor */"));
    }

    private long count(String where) {
        return pg.queryLong("SELECT count(*) FROM marks WHERE " + where);
    }

    private List<Integer> values() throws SQLException {
        return values(pg);
    }

    /** The rows of table {@code marks}, in order. */
    static List<Integer> values(PgServer pg) throws SQLException {
        try (Connection c = pg.connect(); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT v FROM marks ORDER BY v")) {
            List<Integer> values = new java.util.ArrayList<>();
            while (rs.next()) {
                values.add(rs.getInt(1));
            }
            return values;
        }
    }

    /** Counts the transaction replays the retry layer reports. */
    static final class Replays implements RetryListener {
        final List<RetryEvent> retries = new CopyOnWriteArrayList<>();
        final List<RetryEvent> giveUps = new CopyOnWriteArrayList<>();

        @Override
        public void onRetry(RetryEvent event) {
            retries.add(event);
        }

        @Override
        public void onGiveUp(RetryEvent event) {
            giveUps.add(event);
        }

        long count() {
            return retries.stream().filter(e -> e.reason() != null && e.reason().startsWith("transaction replay")).count();
        }
    }

    static RetryPolicy patient() {
        return RetryPolicy.builder().maxAttempts(20).baseDelay(Duration.ofMillis(5)).maxDelay(Duration.ofMillis(100))
                .noTokenBucket().build();
    }
}
