package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.Commits;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.WriteOutcomeUnknownException;
import io.retrying.jdbc.internal.commit.CommitResolver;
import io.retrying.jdbc.internal.commit.TransactionId;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.proof.LostWork;
import io.retrying.jdbc.internal.retry.FailureClass;
import io.retrying.jdbc.internal.retry.Run;
import io.retrying.jdbc.internal.sql.SqlScan;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;

/**
 * An autocommit statement that may write, made resolvable when its connection is lost
 * ({@code retry.resolveAutocommitWrites}, issue 26). In autocommit the statement and its commit end
 * at one Sync, so a capture riding with it would be lost together with the commit's outcome. Here
 * the statement runs instead in a transaction of its own on the physical connection: pgjdbc sends
 * {@code BEGIN}, the statement and the id capture ({@link TransactionId}) in one round trip, and
 * COMMIT in a second. The client holds the id (and where it was assigned) before COMMIT is sent, so
 * a COMMIT whose reply is lost is resolved by that id exactly as a transaction's is
 * ({@link CommitResolver#outcome}):
 * <ul>
 *   <li>the connection lost before COMMIT was sent: the transaction cannot have committed, and the
 *       statement runs again ({@link #neverCommitted}, read by {@code Recovery}) once the server says
 *       it does not act outside its transaction (dblink: what it did there stays done);</li>
 *   <li>COMMIT lost, the id committed (in the same server history): the application gets the
 *       update count the statement's reply carried (the server counted those rows in the
 *       transaction that committed; running it again to count anew would apply it twice);</li>
 *   <li>COMMIT lost, the id aborted: as when COMMIT was not sent;</li>
 *   <li>COMMIT lost, no id assigned: the statement changed no row (the server's word, read in the
 *       same transaction after it ran), but "nothing written" is not "nothing happened": a transaction
 *       that notifies gets its id only at COMMIT. Its count stands only when the server proves that
 *       nothing it ran can notify ({@code CommitResolver#withoutIdCannotMatter}, as for a
 *       transaction's lost COMMIT without an id); otherwise 08007. A statement whose text calls a
 *       function has its id assigned by the capture ({@code TransactionId#assignIfCalls}), so that
 *       its lost COMMIT is resolved instead;</li>
 *   <li>otherwise (in progress to the end, another server history, no server within the window):
 *       {@link WriteOutcomeUnknownException} (08007) naming the id.</li>
 * </ul>
 *
 * <p>The price is the COMMIT's round trip, paid only by what may write: update executions that can
 * carry the capture, not a plain read (SqlScan), not on a read-only session (pgjdbc would begin
 * {@code BEGIN READ ONLY}, which autocommit does not), not on a pinned connection (its session
 * cannot be had again anyway). Nothing else changes for the statement: an explicit transaction of
 * one statement does what the implicit one did, and the capture reads, never writes.
 *
 * <p>One per {@link RetryingConnection}, used by its thread only.
 */
public final class AutocommitResolution {

    private final RetryingConnection connection;
    private final RetryConfig config;
    /**
     * The failure of the last statement run here, when its transaction surely did not commit (lost
     * before COMMIT was sent, or COMMIT resolved as aborted): it may run again as if nothing was sent.
     */
    private SQLException neverCommitted;
    /** The 08007 this resolution ended in: the application's answer, not a failure to recover. */
    private SQLException unsettled;

    AutocommitResolution(RetryingConnection connection, RetryConfig config) {
        this.connection = connection;
        this.config = config;
    }

    /**
     * Whether an execution of {@code op} ({@code flags}: SqlScan's) in autocommit should run here:
     * an update execution that may write, on a session whose implicit transactions may write.
     */
    static boolean wants(int op, int flags) {
        boolean update = op == RetryingStatement.UPDATE || op == RetryingStatement.LARGE_UPDATE
                || op == RetryingPreparedStatement.PS_UPDATE || op == RetryingPreparedStatement.PS_LARGE_UPDATE;
        // a plain read (no call, no writing word) pays nothing: the layer proves it read-only when lost
        boolean plainRead = (flags & (SqlScan.READ_CANDIDATE | SqlScan.CALLS | SqlScan.CONFIG | SqlScan.PINS))
                == SqlScan.READ_CANDIDATE;
        return update && !plainRead;
    }

    /**
     * Runs {@code op} of {@code statement} on {@code d} in a transaction of its own with the capture,
     * and commits it; resolves a lost COMMIT by the captured id. Returns the update count.
     */
    long run(RetryingStatement statement, Statement d, int op, String sql, int flags, int intArg, Object arg)
            throws SQLException {
        neverCommitted = null;
        unsettled = null;
        Connection physical = connection.physicalInHand();
        TransactionId capture = connection.xid();
        capture.reset();
        capture.assignIfCalls(flags);
        long count;
        physical.setAutoCommit(false); // no round trip: pgjdbc sends BEGIN with the statement
        try {
            try {
                count = statement.rideAlone(d, op, sql, capture);
            } catch (SQLException e) {
                endAborted(physical);
                if (Classifier.serverReported(e) && "08P01".equals(Classifier.sqlState(e))) {
                    // the server refused the capture's company (TransactionId#ridesOn): the statement alone, in autocommit
                    capture.refusedOn(connection.generation());
                    capture.reset();
                    return statement.perform(d, op, sql, intArg, arg);
                }
                if (!Classifier.serverReported(e)) {
                    neverCommitted = e; // COMMIT was not sent: the transaction is rolled back with the session
                }
                throw e;
            }
            long xid = capture.xid();
            String identity = capture.identity(connection.generation());
            String position = capture.position();
            try {
                physical.commit();
            } catch (SQLException e) {
                endAborted(physical);
                if (!FailureClass.of(e, false, false, false).needsNewConnection()) {
                    throw e; // the server answered (a deferred constraint, a serialization failure): rolled back
                }
                committedOrThrow(e, xid, identity, position, count, statement, op, sql);
            }
            restoreAutoCommit(physical);
            return count;
        } finally {
            capture.reset(); // the next transaction of the application's learns its own id
        }
    }

    /** A lost COMMIT: returns when the statement's count stands, throws what the application should see otherwise. */
    private void committedOrThrow(SQLException lost, long xid, String identity, String position, long count,
            RetryingStatement statement, int op, String sql) throws SQLException {
        CommitOutcome outcome;
        if (xid == Commits.NO_XID) {
            // no id after the statement ran: it changed no row; whether COMMIT landed changes nothing only if the
            // server proves it cannot have notified (a notification gets its transaction an id only at COMMIT)
            List<LostWork.Work> work = List.of(new LostWork.Work(sql, statement.bindingForJournal(op), statement.prepared()));
            if (connection.commits().withoutIdCannotMatter(work, lost)) {
                return; // on the new connection the proof dialed
            }
            outcome = CommitOutcome.UNKNOWN;
        } else {
            outcome = connection.commits().outcome(xid, identity, position, lost);
        }
        if (outcome == CommitOutcome.COMMITTED) {
            return; // on the new connection the lookup dialed
        }
        if (outcome == CommitOutcome.ABORTED) {
            neverCommitted = lost;
            throw lost;
        }
        connection.dropPhysical();
        WriteOutcomeUnknownException unknown = new WriteOutcomeUnknownException("The connection was lost during the"
                + " COMMIT of an autocommit statement that may write, and the outcome of its transaction "
                + (xid == Commits.NO_XID ? "(no id: the server could not prove that nothing it ran sends a notification"
                        + " at COMMIT)" : xid + " could not be settled (" + outcome + ")"), lost);
        Run run = new Run(config.policy(), Duration.ZERO, connection.id());
        run.failed(lost);
        config.reporter().gaveUp(run.event(unknown, Retryability.UNKNOWN, Duration.ZERO,
                "autocommit COMMIT outcome " + outcome));
        unsettled = unknown;
        throw unknown;
    }

    /** Whether {@code e} is this resolution's own 08007: surfaced as it is. */
    boolean unsettled(SQLException e) {
        return e != null && e == unsettled;
    }

    /**
     * Whether {@code e}, the failure of an autocommit statement of {@code connection}, came from a
     * statement run here whose transaction surely did not commit: it may run again as if nothing
     * had been sent (the one question {@code Recovery} asks).
     */
    boolean neverCommitted(SQLException e) {
        return e != null && neverCommitted == e;
    }

    /** The transaction failed or was lost: roll it back where the session lives, and leave autocommit as it was. */
    private static void endAborted(Connection physical) {
        try {
            if (!physical.isClosed()) {
                physical.rollback();
            }
        } catch (SQLException gone) {
            // the session is gone, and its transaction with it
        }
        restoreAutoCommit(physical);
    }

    private static void restoreAutoCommit(Connection physical) {
        try {
            physical.setAutoCommit(true); // no transaction open: no round trip
        } catch (SQLException gone) {
            // a dead connection: dropped by the recovery, which dials a new one in autocommit
        }
    }
}
