package io.retrying.jdbc.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Less-travelled paths of a transaction: what the application does between executions (a second
 * setAutoCommit(false), parameters or a batch set for the next execution, a failed savepoint call
 * or fetch) must survive a replay or be remembered by COMMIT.
 */
@ExtendWith(PgExtension.class)
class TransactionEdgesTest {

    private final PgServer pg;
    private final TransactionReplayTest.Replays replays = new TransactionReplayTest.Replays();

    TransactionEdgesTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void tables() {
        pg.sql("DROP TABLE IF EXISTS marks", "CREATE TABLE marks (v int)");
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
        assertEquals(List.of(1, 2, 3), values());
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
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 10), values());
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
        assertEquals(List.of(), values());
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
        assertEquals(List.of(), values());
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
        assertEquals(List.of(), values());
    }

    private List<Integer> values() throws SQLException {
        try (Connection c = pg.connect(); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT v FROM marks ORDER BY v")) {
            List<Integer> values = new ArrayList<>();
            while (rs.next()) {
                values.add(rs.getInt(1));
            }
            return values;
        }
    }
}
