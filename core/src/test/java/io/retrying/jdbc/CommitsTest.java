package io.retrying.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Transaction ids and their resolution against a real server. */
@ExtendWith(PgExtension.class)
class CommitsTest {
    private final PgServer pg;

    CommitsTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void table(PgServer pg) {
        pg.sql("CREATE TABLE ledger (id serial PRIMARY KEY, note text)");
    }

    @Test
    void aCommittedTransaction() throws Exception {
        long xid;
        try (Connection c = pg.connect()) {
            c.setAutoCommit(false);
            c.createStatement().executeUpdate("INSERT INTO ledger (note) VALUES ('committed')");
            xid = Commits.transactionId(c, true);
            assertEquals(xid, Commits.transactionId(c, false)); // the same transaction, the same id
            c.commit();
        }
        try (Connection other = pg.connect()) {
            CommitOutcome outcome = Commits.resolve(other, xid);
            assertEquals(CommitOutcome.COMMITTED, outcome);
            assertTrue(outcome.isSettled());
            assertFalse(outcome.safeToRetry());
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM ledger WHERE note = 'committed'"));
    }

    @Test
    void aRolledBackTransaction() throws Exception {
        long xid;
        try (Connection c = pg.connect()) {
            c.setAutoCommit(false);
            xid = Commits.transactionId(c, true); // assigned before any write
            c.createStatement().executeUpdate("INSERT INTO ledger (note) VALUES ('rolled back')");
            c.rollback();
        }
        try (Connection other = pg.connect()) {
            CommitOutcome outcome = Commits.resolve(other, xid);
            assertEquals(CommitOutcome.ABORTED, outcome);
            assertTrue(outcome.isSettled());
            assertTrue(outcome.safeToRetry());
        }
    }

    @Test
    void aTransactionStillOpenElsewhere() throws Exception {
        try (Connection open = pg.connect(); Connection other = pg.connect()) {
            open.setAutoCommit(false);
            open.createStatement().executeUpdate("INSERT INTO ledger (note) VALUES ('open')");
            long xid = Commits.transactionId(open, false);
            assertTrue(xid > 0);
            CommitOutcome outcome = Commits.resolve(other, xid);
            assertEquals(CommitOutcome.IN_PROGRESS, outcome);
            assertFalse(outcome.isSettled());
            assertFalse(outcome.safeToRetry());
            open.rollback();
            assertEquals(CommitOutcome.ABORTED, Commits.resolve(other, xid));
        }
    }

    @Test
    void aTransactionThatNeverWroteHasNoId() throws Exception {
        try (Connection c = pg.connect()) {
            c.setAutoCommit(false);
            c.createStatement().executeQuery("SELECT count(*) FROM ledger").close();
            assertEquals(Commits.NO_XID, Commits.transactionId(c, false));
            c.rollback();
        }
    }

    @Test
    void autocommitHasNoTransactionToName() throws Exception {
        try (Connection c = pg.connect()) {
            SQLException e = assertThrows(SQLException.class, () -> Commits.transactionId(c, true));
            assertEquals("25000", e.getSQLState());
        }
    }

    @Test
    void anIdThisServerNeverAssignedIsUnknown() throws Exception {
        try (Connection other = pg.connect()) {
            long next = pg.queryLong("SELECT pg_current_xact_id()::text::bigint");
            assertEquals(CommitOutcome.UNKNOWN, Commits.resolve(other, next + 1_000_000));
            assertThrows(IllegalArgumentException.class, () -> Commits.resolve(other, Commits.NO_XID));
            // the failed lookup left the connection usable (autocommit)
            assertEquals(CommitOutcome.COMMITTED, Commits.resolve(other, next));
        }
    }

    @Test
    void awaitSettledWaitsOutATransactionInProgress() throws Exception {
        try (Connection open = pg.connect(); Connection other = pg.connect()) {
            open.setAutoCommit(false);
            open.createStatement().executeUpdate("INSERT INTO ledger (note) VALUES ('awaited')");
            long xid = Commits.transactionId(open, true);
            // the commit happens during the first wait: a sleeper that commits instead of sleeping
            List<Duration> waits = new ArrayList<>();
            Sleeper commitsWhileWaiting = d -> {
                waits.add(d);
                if (waits.size() == 2) {
                    try {
                        open.commit();
                    } catch (SQLException e) {
                        throw new AssertionError(e);
                    }
                }
            };
            CommitOutcome outcome = Commits.awaitSettled(other, xid, Deadline.after(Duration.ofSeconds(10)), commitsWhileWaiting);
            assertEquals(CommitOutcome.COMMITTED, outcome);
            assertEquals(List.of(Duration.ofMillis(10), Duration.ofMillis(20)), waits);
        }
    }

    @Test
    void awaitSettledStopsAtTheDeadline() throws Exception {
        try (Connection open = pg.connect(); Connection other = pg.connect()) {
            open.setAutoCommit(false);
            long xid = Commits.transactionId(open, true);
            FakeClock clock = new FakeClock();
            Deadline deadline = Deadline.after(Duration.ofMillis(100), clock);
            CompletableFuture<CommitOutcome> result = CompletableFuture.supplyAsync(() -> {
                try {
                    return Commits.awaitSettled(other, xid, deadline, clock::advance);
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            });
            assertEquals(CommitOutcome.IN_PROGRESS, result.get(10, TimeUnit.SECONDS));
            assertTrue(deadline.expired());
            open.rollback();
        }
    }
}
