package io.retrying.jdbc.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.Retryability;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a replay covers beyond plain statements (batches, generated keys, what the application set
 * between executions) and what makes a transaction not replayable (the byte bound, pinning SQL, a
 * scrollable result set, a failure the server already aborted it for): then the failure surfaces
 * with its class, as before the journal, and COMMIT never reports success for an aborted one.
 */
@ExtendWith(PgExtension.class)
class ReplayScopeTest {

    private final PgServer pg;
    private final TransactionReplayTest.Replays replays = new TransactionReplayTest.Replays();

    ReplayScopeTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void tables() {
        pg.sql("DROP TABLE IF EXISTS marks", "CREATE TABLE marks (v int)",
                "DROP TABLE IF EXISTS keyed", "CREATE TABLE keyed (id serial PRIMARY KEY, v int)");
    }

    private Physical physical() {
        return new Physical(pg.jdbcUrl() + "&ApplicationName=" + TransactionReplayTest.VICTIM);
    }

    private RetryConfig config() {
        return RetryConfig.defaults().withPolicy(Physical.FAST).withListener(replays);
    }

    private void kill() {
        assertEquals(1, pg.terminateBackends(TransactionReplayTest.VICTIM));
    }

    @Test
    void batchesOfBothKindsAreReplayedWithTheirCounts() throws Exception {
        Physical physical = physical();
        try (Connection c = physical.open(config()); Statement st = c.createStatement();
                PreparedStatement ps = c.prepareStatement("INSERT INTO marks VALUES (?) /* ps-batch */")) {
            c.setAutoCommit(false);
            st.addBatch("INSERT INTO marks VALUES (1) /* st-batch */");
            st.addBatch("INSERT INTO marks VALUES (2) /* st-batch */");
            assertArrayEquals(new int[] {1, 1}, st.executeBatch());
            for (int v = 3; v <= 5; v++) {
                ps.setInt(1, v);
                ps.addBatch();
            }
            assertArrayEquals(new int[] {1, 1, 1}, ps.executeBatch());
            kill();
            ps.setInt(1, 6);
            assertEquals(1, ps.executeUpdate());
            c.commit();
        }
        assertEquals(6, pg.queryLong("SELECT count(DISTINCT v) FROM marks"));
        assertEquals(6, pg.queryLong("SELECT count(*) FROM marks"));
        assertEquals(1, replays.count());
    }

    @Test
    void aGeneratedKeyTheApplicationDidNotReadIsNotVerifiedAndOneItReadIsKept() throws Exception {
        Physical physical = physical();
        int seen;
        try (Connection c = physical.open(config());
                PreparedStatement insert = c.prepareStatement("INSERT INTO keyed (v) VALUES (?)", Statement.RETURN_GENERATED_KEYS)) {
            // given a transaction that did not read its generated key: the replay's new key is no divergence
            c.setAutoCommit(false);
            insert.setInt(1, 1);
            insert.executeUpdate();
            kill();
            insert.setInt(1, 2);
            insert.executeUpdate();
            c.commit();
            assertEquals(1, replays.count());

            // given one that read it: the replay inserts the key the application saw (the serial's default
            // alone, proven by the server: KeptKeysReplayTest), so nothing diverges
            insert.setInt(1, 3);
            insert.executeUpdate();
            try (ResultSet keys = insert.getGeneratedKeys()) {
                assertTrue(keys.next());
                seen = keys.getInt(1);
            }
            kill();
            insert.setInt(1, 4);
            assertEquals(1, insert.executeUpdate());
            c.commit();
            assertEquals(2, replays.count());
        }
        assertEquals(4, pg.queryLong("SELECT count(*) FROM keyed"));
        assertEquals(seen, pg.queryLong("SELECT id FROM keyed WHERE v = 3"));
    }

    @Test
    void generatedKeysAndReturningRowsFirstReadAfterAReplayAreTheRowsNowInTheTable() throws Exception {
        try (Connection c = physical().open(config()); Statement other = c.createStatement();
                PreparedStatement ins = c.prepareStatement("INSERT INTO keyed (v) VALUES (?)", Statement.RETURN_GENERATED_KEYS);
                Statement ret = c.createStatement()) {
            c.setAutoCommit(false);
            ins.setInt(1, 1);
            ins.executeUpdate();
            // neither read before the failure: the replay's keys are the ones the table holds
            ResultSet r = ret.executeQuery("INSERT INTO keyed (v) VALUES (2) RETURNING id, v");
            kill();
            other.executeUpdate("INSERT INTO marks VALUES (1)");
            ResultSet keys = ins.getGeneratedKeys();
            assertTrue(keys.next());
            int k1 = keys.getInt(1);
            assertTrue(r.next());
            int k2 = r.getInt(1);
            assertEquals(2, r.getInt(2));
            assertFalse(r.next());
            c.commit();
            assertEquals(1, pg.queryLong("SELECT v FROM keyed WHERE id = " + k1));
            assertEquals(2, pg.queryLong("SELECT v FROM keyed WHERE id = " + k2));
            assertEquals(2, pg.queryLong("SELECT count(*) FROM keyed"));
        }
    }

    @Test
    void aLargeBatchAndAnUpdateCountNotYetAskedForSurviveAReplayAndSetAutoCommitTrueCommitsThem() throws Exception {
        try (Connection c = physical().open(config()); Statement st = c.createStatement(); Statement other = c.createStatement()) {
            c.setAutoCommit(false);
            st.addBatch("INSERT INTO marks VALUES (1)");
            st.addBatch("INSERT INTO marks VALUES (2)");
            assertArrayEquals(new long[] {1, 1}, st.executeLargeBatch());
            assertFalse(other.execute("UPDATE marks SET v = v + 10"));
            kill();
            st.executeUpdate("INSERT INTO marks VALUES (3)");
            assertEquals(2, other.getUpdateCount());
            assertFalse(other.getMoreResults());
            assertEquals(-1, other.getUpdateCount());
            c.setAutoCommit(true);
        }
        assertEquals(List.of(3, 11, 12), TransactionReplayTest.values(pg));
    }

    @Test
    void aTransactionPastTheByteBoundSurfacesItsFailure() throws Exception {
        Physical physical = physical();
        RetryConfig small = new RetryConfig(Physical.FAST, Duration.ofSeconds(10), 1000, 2048, true, replays, null);
        try (Connection c = physical.open(small); PreparedStatement ps = c.prepareStatement("INSERT INTO marks VALUES (length(?))")) {
            c.setAutoCommit(false);
            ps.setString(1, "x".repeat(2000));
            ps.executeUpdate();
            kill();
            SQLException e = assertThrows(SQLException.class, ps::executeUpdate);
            assertEquals(Retryability.RECONNECT, Classifier.retryability(e));
            c.rollback();
        }
        assertEquals(0, replays.count());
    }

    @Test
    void aTemporaryTableInTheTransactionPinsItAndTheFailureSurfaces() throws Exception {
        Physical physical = physical();
        try (Connection c = physical.open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("CREATE TEMP TABLE scratch (v int)");
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            kill();
            SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate("INSERT INTO marks VALUES (2)"));
            assertEquals(Retryability.RECONNECT, Classifier.retryability(e));
            c.rollback();
        }
        assertEquals(0, replays.count());
        assertEquals(0, pg.queryLong("SELECT count(*) FROM marks"));
    }

    @Test
    void aScrollableResultSetMakesTheTransactionNotReplayable() throws Exception {
        pg.sql("INSERT INTO marks VALUES (1), (2)");
        Physical physical = physical();
        try (Connection c = physical.open(config());
                Statement scroll = c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY);
                Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try (ResultSet rs = scroll.executeQuery("SELECT v FROM marks ORDER BY v")) {
                rs.last();
                assertEquals(2, rs.getInt(1));
            }
            kill();
            SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate("INSERT INTO marks VALUES (3)"));
            assertEquals(Retryability.RECONNECT, Classifier.retryability(e));
            c.rollback();
        }
        assertEquals(0, replays.count());
    }

    @Test
    void aSecondSetAutoCommitFalseInsideTheTransactionKeepsItsJournal() throws Exception {
        try (Connection c = physical().open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            // a no-op by JDBC: the transaction goes on
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO marks VALUES (2)");
            kill();
            st.executeUpdate("INSERT INTO marks VALUES (3)");
            c.commit();
        }
        assertEquals(List.of(1, 2, 3), TransactionReplayTest.values(pg));
        assertEquals(1, replays.count());
    }

    @Test
    void parametersAndBatchesSetAfterAStatementsLastExecutionSurviveAReplayCausedByAnother() throws Exception {
        try (Connection c = physical().open(config()); Statement other = c.createStatement();
                PreparedStatement ps = c.prepareStatement("INSERT INTO marks VALUES (?)");
                PreparedStatement batch = c.prepareStatement("INSERT INTO marks VALUES (?)");
                Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            ps.setInt(1, 1);
            ps.executeUpdate();
            ps.setInt(1, 2);
            batch.setInt(1, 3);
            batch.executeUpdate();
            batch.setInt(1, 4);
            batch.addBatch();
            batch.setInt(1, 5);
            batch.addBatch();
            st.executeUpdate("INSERT INTO marks VALUES (6)");
            st.addBatch("INSERT INTO marks VALUES (7)");
            kill();
            other.executeUpdate("INSERT INTO marks VALUES (10)");
            assertEquals(1, replays.count());

            // each statement runs what the application gave it last, not what the replay re-ran
            assertEquals(1, ps.executeUpdate());
            assertArrayEquals(new int[] {1, 1}, batch.executeBatch());
            assertArrayEquals(new int[] {1}, st.executeBatch());
            c.commit();
        }
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 10), TransactionReplayTest.values(pg));
    }

    @Test
    void aTransactionThatFailedIsNotRevivedByAReplayAfterItsConnectionIsLost() throws Exception {
        try (Connection c = physical().open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            assertEquals("22012", assertThrows(SQLException.class, () -> st.executeQuery("SELECT 1 / 0")).getSQLState());
            // the server aborted the transaction; then its connection is lost
            kill();
            assertThrows(SQLException.class, () -> st.executeUpdate("INSERT INTO marks VALUES (2)"));
            assertThrows(SQLException.class, c::commit);
            c.rollback();
        }
        assertEquals(List.of(), TransactionReplayTest.values(pg));
        assertEquals(0, replays.count());
    }

    /** Without the xid capture before COMMIT (retry.resolveCommits=false), nothing else asks the server first. */
    private RetryConfig withoutCapture(int maxJournalStatements) {
        return new RetryConfig(Physical.FAST, Duration.ofSeconds(10), maxJournalStatements, 4L << 20, false, replays, null);
    }

    @Test
    void aSavepointCallTheServerRefusedFailsTheTransactionsCommit() throws Exception {
        try (Connection c = physical().open(withoutCapture(1000)); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            Savepoint outer = c.setSavepoint("outer");
            Savepoint inner = c.setSavepoint("inner");
            // releasing the outer savepoint releases the inner one on the server too: the server refuses
            c.releaseSavepoint(outer);
            assertEquals("3B001", assertThrows(SQLException.class, () -> c.rollback(inner)).getSQLState());
            // the server aborted the transaction: pgjdbc's COMMIT would roll it back and return normally
            assertEquals("40000", assertThrows(SQLException.class, c::commit).getSQLState());
        }
        assertEquals(List.of(), TransactionReplayTest.values(pg));
    }

    @Test
    void aFetchTheServerRefusedInATransactionThatCannotBeReplayedFailsItsCommit() throws Exception {
        // a one-statement journal: the query is past its bound, its result set is not journaled
        try (Connection c = physical().open(withoutCapture(1)); Statement st = c.createStatement();
                Statement read = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            read.setFetchSize(2);
            ResultSet rs = read.executeQuery("SELECT 1 / (5 - g) FROM generate_series(1, 10) g");
            for (int i = 1; i <= 4; i++) {
                assertTrue(rs.next());
            }
            // the fifth row is computed when fetched: division by zero, the transaction is aborted
            assertEquals("22012", assertThrows(SQLException.class, rs::next).getSQLState());
            assertEquals("40000", assertThrows(SQLException.class, c::commit).getSQLState());
        }
        assertEquals(List.of(), TransactionReplayTest.values(pg));
    }

    @Test
    void aConnectionHandedOutInManualCommitIsJournaledFromItsFirstStatement() throws Exception {
        Physical physical = physical();
        Dialer pool = physical.dialer();
        // a pool configured with autoCommit=false hands out connections already in manual commit
        Dialer manualCommit = () -> {
            Connection fresh = pool.dial();
            fresh.setAutoCommit(false);
            return fresh;
        };
        try (Connection c = RetryingConnections.open(manualCommit, config()); Statement st = c.createStatement()) {
            assertFalse(c.getAutoCommit());
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            kill();
            st.executeUpdate("INSERT INTO marks VALUES (2)");
            c.commit();
        }
        assertEquals(List.of(1, 2), TransactionReplayTest.values(pg));
        assertEquals(1, replays.count());
    }

    @Test
    void aParameterArrayTheApplicationReusesAfterAnExecutionIsReplayedWithTheValueItHadThen() throws Exception {
        pg.sql("DROP TABLE IF EXISTS chunks", "CREATE TABLE chunks (b bytea)");
        try (Connection c = physical().open(config()); Statement st = c.createStatement();
                PreparedStatement ps = c.prepareStatement("INSERT INTO chunks VALUES (?)")) {
            c.setAutoCommit(false);
            // one buffer, refilled for each chunk, as a copy loop does
            byte[] buffer = {1, 1};
            ps.setBytes(1, buffer);
            ps.executeUpdate();
            buffer[0] = 2;
            buffer[1] = 2;
            ps.setObject(1, buffer);
            ps.executeUpdate();
            buffer[0] = 3;
            buffer[1] = 3;
            kill();
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            c.commit();
        }
        assertEquals(1, replays.count());
        assertEquals("\\x0101,\\x0202", pg.queryString("SELECT string_agg(b::text, ',' ORDER BY b) FROM chunks"));
    }
}
