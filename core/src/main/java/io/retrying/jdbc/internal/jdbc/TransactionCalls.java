package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.CommitOutcomeUnknownException;
import io.retrying.jdbc.Commits;
import io.retrying.jdbc.internal.commit.CommitResolver;
import io.retrying.jdbc.internal.commit.TransactionId;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.failure.ConnectionState;
import io.retrying.jdbc.internal.failure.Recovery;
import io.retrying.jdbc.internal.replay.Journal;
import io.retrying.jdbc.internal.replay.JournalEntry;
import io.retrying.jdbc.internal.replay.RetryingSavepoint;
import io.retrying.jdbc.internal.replay.TransactionReplay;
import io.retrying.jdbc.internal.retry.Run;
import io.retrying.jdbc.internal.retry.SessionRefused;
import io.retrying.jdbc.internal.sql.SqlScan;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.List;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * The open transaction of the application's connection ({@link RetryingConnection} extends this
 * class): what it did (its journal, for a replay), its id as far as it is known, whether it has work
 * a new connection would lack and the first failure that dooms it; and the application's transaction
 * calls ({@code setAutoCommit}, {@code commit}, {@code rollback}, savepoints). Every successful
 * execution is journaled here ({@link #journaled}), as every failed one passes the connection's
 * {@link Recovery}.
 */
public abstract class TransactionCalls extends SessionCalls {

    /**
     * What the open transaction did, for a replay (issue 5); see {@link TransactionReplay}. Made on
     * the first transaction that needs it ({@link #journal()}): a borrow in autocommit never does.
     */
    private Journal journal;
    /** A statement of the open transaction failed on the server: COMMIT must not report success. */
    private SQLException transactionFailure;
    /**
     * {@link #transactionFailure} is the server's refusal of a statement, which left the server's
     * transaction aborted (pgjdbc saw it so): a {@code ROLLBACK TO SAVEPOINT} sent as SQL can then
     * undo it, as {@code rollback(Savepoint)} does. Not a failure the layer noted itself (a replay
     * that diverged rolled the server's transaction back: nothing after it can undo that).
     */
    private boolean failureInServerTransaction;
    /** A statement of the open transaction succeeded: from then on its loss is not ours to hide. */
    private boolean transactionWork;
    /** BEGIN/START TRANSACTION was sent as SQL while autocommit is on. */
    private boolean sqlTransaction;
    /** What the open transaction's id is known to be; made on the first transaction that asks. */
    private TransactionId xid;
    /**
     * The application reached this physical connection's COPY or large objects, or the connection
     * itself: from then on, its transactions may do work no statement of ours shows (a CopyManager
     * kept across transactions), and each gets its id assigned before COMMIT.
     */
    private boolean outOfSight;

    TransactionCalls(RetryConfig config) {
        super(config);
    }

    // ---- what the connection provides

    /** The funnel every failure of this connection goes through. */
    public abstract Recovery recovery();

    /** Commit resolution: a COMMIT answered 40001 is replayed, a lost one resolved by its xid. */
    abstract CommitResolver commits();

    /** Why this physical connection may not be swapped transparently, or null. */
    public abstract String pinnedBy();

    /** The physical connection is dead: the next call dials a new one. */
    public abstract void dropPhysical();

    /** The physical connection died holding what cannot be restored: calls are refused until rollback(). */
    public abstract void markLost(SQLException cause);

    /**
     * The physical connection {@code rollback()} goes to; null when there is none, the rollback then
     * being the application's acknowledgement of a loss (the next call dials a new one). Throws
     * when the application closed the connection.
     */
    abstract Connection toRollBack() throws SQLException;

    // ---- what the connection asks of the open transaction

    /**
     * Whether a transaction may be open on the physical connection being let go (its reported
     * settings may then show changes the server rolls back).
     */
    final boolean mayBeOpen() {
        return sqlTransaction || session.hasPending()
                || (!session.autoCommit() && (transactionWork || transactionFailure != null));
    }

    /**
     * A new physical connection stands in: the open transaction, its work and failure died with the
     * old one, and the id is learnt again on the new one (also when the new one is then refused: it
     * is discarded, and the next one resets again).
     */
    final void newPhysical() {
        transactionFailure = null;
        transactionWork = false;
        sqlTransaction = false;
        outOfSight = false;
        session.rolledBack();
        clearJournal();
        if (xid != null) {
            xid.reset();
            xid.newPhysical();
        }
    }

    /** The physical connection in hand is let go: what the application reached on it is gone with it. */
    final void physicalGone() {
        outOfSight = false;
    }

    /**
     * A statement succeeded: inside the application's transaction it is work a new connection
     * lacks, and the journal records {@code statement}'s {@code op} with its current binding (a
     * transaction begun with SQL is not replayable).
     */
    final void journaled(RetryingStatement statement, int op, int flags, String sql, int intArg, Object arg,
            long result, Statement physical) throws SQLException {
        if (inTransaction()) {
            transactionWork = true;
            if (sqlTransaction) {
                journal().refuse("a transaction begun with SQL (BEGIN/START TRANSACTION)");
            } else if ((flags & SqlScan.TX_END) == 0) {
                Journal j = journal();
                statement.lastEntry = j.executed(statement, op, flags, sql, intArg, arg,
                        j.replayable() ? JournalEntry.outcome(statement, physical, op, result) : 0);
            }
        }
    }

    /** A lone BEGIN, COMMIT or ROLLBACK sent as SQL succeeded ({@code flags} of {@link SqlScan}). */
    final void transactionControlSql(int flags, String sql) {
        if ((flags & SqlScan.TX_END) != 0) {
            endTransaction(!SqlScan.rollsBack(sql));
            sqlTransaction = false;
        } else if ((flags & SqlScan.TX_BEGIN) != 0 && session.autoCommit()) {
            sqlTransaction = true;
            if (xid != null) {
                xid.reset();
            }
        } else if ((flags & SqlScan.TX_BEGIN) == 0 && failureInServerTransaction && stillOpen()) {
            // in an aborted transaction only ROLLBACK TO SAVEPOINT succeeds: the server says it is
            // healthy again, and COMMIT commits (as it does on pgjdbc)
            transactionFailure = null;
            failureInServerTransaction = false;
        }
    }

    /** The transaction journal, made on first use; null stands for an empty one. */
    public Journal journal() {
        Journal j = journal;
        if (j == null) {
            j = journal = new Journal(config.maxJournalStatements(), config.maxJournalBytes());
        }
        return j;
    }

    /** The open transaction is over (or starts again): its journal, if any, starts afresh. */
    final void clearJournal() {
        Journal j = journal;
        if (j != null) {
            j.clear();
        }
    }

    /** Whether statements run inside a transaction the application opened. */
    @Override
    public boolean inTransaction() {
        return !session.autoCommit() || sqlTransaction;
    }

    /** Whether the open transaction has done anything a new connection would not have. */
    public boolean transactionHasWork() {
        return transactionWork || sqlTransaction;
    }

    /**
     * The application reached pgjdbc's COPY or large objects, or the physical connection: work the
     * journal cannot see, whose transaction gets its id assigned before COMMIT (issue 12 C).
     */
    void outOfSight() {
        outOfSight = true;
        if (inTransaction()) {
            xid();
        }
    }

    private static final String OUT_OF_SIGHT = "COPY, large objects or the physical connection used directly: "
            + "work the journal cannot see";

    /** The open transaction's id as far as it is known (made on first use). */
    public TransactionId xid() {
        TransactionId x = xid;
        if (x == null) {
            x = xid = new TransactionId();
        }
        if (outOfSight && inTransaction()) {
            x.outOfSight();
            journal().refuse(OUT_OF_SIGHT);
        }
        return x;
    }

    /**
     * The id a statement about to run should capture by carrying it, or null when none is wanted:
     * in autocommit (the statement, the capture and the commit would end at one Sync and be lost
     * together), with {@code retry.resolveCommits=false}, or once the open transaction's id is known.
     */
    TransactionId captureWanted() {
        if (!inTransaction() || !config.resolveCommits()) {
            return null;
        }
        TransactionId x = xid();
        return x.known() ? null : x;
    }

    /** A replay rolled the transaction back on the same connection: start it afresh. */
    public void restartTransaction() {
        transactionFailure = null;
        transactionWork = false;
        session.rolledBack();
        clearJournal();
        if (xid != null) {
            xid.reset(); // the replay learns the id again
        }
    }

    /** The server answered COMMIT with an error: the transaction is over, rolled back. */
    public void commitRefused() {
        endTransaction(false);
    }

    /** A replay reproduced the transaction: its failure is healed. */
    public void replayed(boolean work) {
        transactionReplayedOnSession();
        transactionFailure = null;
        transactionWork = work;
        if (work) {
            // the replay's statements carried no capture: the next one, or COMMIT, asks
            TransactionId x = xid();
            List<JournalEntry> entries = journal().replayableEntries();
            if (entries == null) {
                x.outOfSight();
            } else {
                x.ranWithout();
                for (JournalEntry entry : entries) {
                    if (entry.kind == JournalEntry.EXECUTION) {
                        x.replayed(entry.sql, entry.flags);
                    }
                }
            }
        }
    }

    /**
     * The application read something of the server's outside the digest (a refcursor's rows through
     * getObject, a large object's content): a replay could not verify it, so the open transaction is
     * not replayable.
     */
    void readOutsideDigest(String what) {
        if (inTransaction()) {
            journal().refuse(what + " (read outside the digest)");
        }
    }

    /**
     * The funnel's one read of the connection as a call fails ({@link RetryingConnection#stateAt}
     * adds what the physical connection's side holds): this class's fields read directly.
     */
    final ConnectionState stateAt(String id, boolean closed, Connection physical, String pinnedBy,
            boolean neverCommitted) {
        Journal j = journal;
        return new ConnectionState(id, closed, physical, inTransaction(), transactionHasWork(),
                transactionFailure != null, j == null ? null : j.refused(), pinnedBy, neverCommitted);
    }

    /** The failure that doomed the open transaction, or null. */
    public SQLException transactionFailure() {
        return transactionFailure;
    }

    /**
     * A fetch of a result set the journal does not hold failed: a server-reported error other than a lost connection aborted the open
     * transaction, and COMMIT must not report success. A lost connection is found by the next call.
     */
    SQLException failedOutsideFunnel(SQLException e) {
        if (inTransaction() && Classifier.serverReported(e) && !Classifier.retryability(e).needsNewConnection()) {
            refusedByServer(e);
        }
        return e;
    }

    /**
     * The server refused a statement or call inside the transaction: that aborts the transaction,
     * unless the server says it is still open. pgjdbc's {@code autosave} rolls back to the savepoint
     * it set before the statement, and the server's ReadyForQuery status (which pgjdbc keeps, no
     * round trip) is then "in transaction", not "failed": the transaction goes on, as on pgjdbc.
     */
    public void refusedByServer(SQLException e) {
        if (Classifier.retryability(e).needsNewConnection() || !stillOpen()) {
            boolean first = transactionFailure == null;
            transactionFailed(e);
            failureInServerTransaction = first && !Classifier.retryability(e).needsNewConnection() && serverTransactionFailed();
        }
    }

    /** Whether pgjdbc saw the server's transaction aborted (its ReadyForQuery status: no round trip). */
    private boolean serverTransactionFailed() {
        Connection d = physicalInHand();
        try {
            return d != null && d.isWrapperFor(BaseConnection.class)
                    && d.unwrap(BaseConnection.class).getTransactionState() == TransactionState.FAILED;
        } catch (SQLException | RuntimeException e) {
            return false;
        }
    }

    private boolean stillOpen() {
        Connection d = physicalInHand();
        if (d == null) {
            return false;
        }
        try {
            return d.isWrapperFor(BaseConnection.class)
                    && d.unwrap(BaseConnection.class).getTransactionState() == TransactionState.OPEN;
        } catch (SQLException | RuntimeException e) {
            return false; // cannot tell: the transaction counts as aborted
        }
    }

    public void transactionFailed(SQLException e) {
        if (transactionFailure == null) {
            transactionFailure = e;
            failureInServerTransaction = false;
        }
    }

    /**
     * A setting changed by a JDBC setter inside a transaction is pending with it; a replay, which
     * re-runs the journal and not the setters, could not give it back in its place.
     */
    @Override
    final void setterInTransaction(boolean inTransaction, String setter) {
        if (inTransaction) {
            transactionWork = true;
            journal().refuse(setter + " inside a transaction");
        }
    }

    /**
     * A COMMIT sent as SQL ({@code execute("COMMIT")}) lost its connection before the reply: the
     * transaction may or may not have committed (issue 12 case 13), as for a lost {@code commit()}.
     * The transaction is over either way. Begun with SQL in autocommit, the connection just goes on
     * with a new physical connection; in manual commit, calls are refused until rollback(), as after a
     * lost commit().
     */
    public CommitOutcomeUnknownException commitStatementLost(SQLException lost) {
        long id = xid != null ? xid.xid() : Commits.NO_XID;
        if (session.autoCommit() && pinnedBy() == null) {
            endTransaction(false);
            sqlTransaction = false;
            dropPhysical();
        } else {
            transactionFailed(lost);
            markLost(lost);
        }
        return new CommitOutcomeUnknownException("The connection was lost during a COMMIT sent as SQL; whether the "
                + "transaction committed is unknown" + (id != Commits.NO_XID ? " (transaction " + id + ")" : ""), id, lost);
    }

    final void endTransaction(boolean committed) {
        SessionRefused elsewhere = sessionAfterTransaction(committed);
        transactionEndedForIsolation();
        if (committed) {
            session.committed();
        } else {
            session.rolledBack();
        }
        transactionFailure = null;
        transactionWork = false;
        clearJournal();
        if (xid != null) {
            xid.reset();
        }
        if (elsewhere != null) {
            // committed, but on a session that is gone: calls are refused until rollback()
            markLost(elsewhere);
        }
    }

    @Override
    public final void setAutoCommit(boolean autoCommit) throws SQLException {
        if (autoCommit && !session.autoCommit() && (transactionHasWork() || transactionFailure != null)) {
            // pgjdbc commits here, and would silently roll back a failed transaction: take our commit path
            commit();
        }
        boolean changes = autoCommit != session.autoCommit();
        onPhysical(c -> c.setAutoCommit(autoCommit));
        session.autoCommit(autoCommit);
        if (changes) {
            // an unchanged mode is a no-op (JDBC): the open transaction, its journal and failure go on
            endTransaction(true);
        }
    }

    /**
     * Commits; never reports success for a transaction that already failed (pgjdbc would roll it
     * back silently and return normally), and never claims to know the outcome of a COMMIT whose
     * connection was lost: {@link CommitResolver} replays a COMMIT answered 40001 and resolves a
     * lost one by its xid.
     */
    @Override
    public final void commit() throws SQLException {
        Connection d = delegate();
        SQLException failed = transactionFailure;
        if (failed != null) {
            try {
                d.rollback();
            } catch (SQLException ignored) {
                // the transaction is over either way; the application hears about the first failure
            }
            endTransaction(false);
            throw new SQLException("The transaction was rolled back, not committed: a statement in it failed earlier ("
                    + Classifier.sqlState(failed) + ")", "40000", failed);
        }
        commits().commit();
        endTransaction(true);
    }

    /**
     * Rolls back. After a loss that could not be healed transparently, this is the application's
     * acknowledgement: the connection is usable again, and its next call dials a new physical
     * connection. A transaction whose connection is gone needs no server to be rolled back, so this
     * never dials: a pool rolls back every dirty connection it is handed back, and must not wait
     * for the reconnect window when the server is down.
     */
    @Override
    public final void rollback() throws SQLException {
        Connection d = toRollBack();
        if (d != null) {
            try {
                d.rollback();
            } catch (SQLException e) {
                if (!recovery().healForRollback(e)) {
                    throw e;
                }
            }
        }
        endTransaction(false);
        sqlTransaction = false;
    }

    @Override
    public final void rollback(Savepoint savepoint) throws SQLException {
        onSavepoint(c -> {
            c.rollback(RetryingSavepoint.physical(savepoint));
            return null;
        });
        // back to a point before the failure: the transaction may commit again
        transactionFailure = null;
        session.rollbackTo(savepoint, null);
        journalSavepoint(JournalEntry.ROLLBACK_TO, savepoint);
    }

    /**
     * Savepoints are journaled, and the application gets a {@link RetryingSavepoint}: a replay
     * creates a new physical savepoint for it, so the application's object keeps working.
     */
    @Override
    public final Savepoint setSavepoint() throws SQLException {
        RetryingSavepoint savepoint = onSavepoint(c -> new RetryingSavepoint(c.setSavepoint(), null));
        journalSavepoint(JournalEntry.SAVEPOINT, savepoint);
        session.savepoint(savepoint, null);
        return savepoint;
    }

    @Override
    public final Savepoint setSavepoint(String name) throws SQLException {
        RetryingSavepoint savepoint = onSavepoint(c -> new RetryingSavepoint(c.setSavepoint(name), name));
        journalSavepoint(JournalEntry.SAVEPOINT, savepoint);
        session.savepoint(savepoint, name);
        return savepoint;
    }

    @Override
    public final void releaseSavepoint(Savepoint savepoint) throws SQLException {
        onSavepoint(c -> {
            c.releaseSavepoint(RetryingSavepoint.physical(savepoint));
            return null;
        });
        if (savepoint instanceof RetryingSavepoint ours) {
            ours.released();
        }
        journalSavepoint(JournalEntry.RELEASE, savepoint);
        session.release(savepoint, null);
    }

    /**
     * Runs a savepoint call; when it fails, the transaction is replayed where that heals it (a lost
     * connection, as for a statement) and the call runs again on the new transaction. A failure the
     * server reported otherwise dooms the transaction: COMMIT will not report success.
     */
    private <T> T onSavepoint(PhysicalFunction<T> call) throws SQLException {
        Run run = null;
        while (true) {
            Connection d = delegate();
            try {
                return call.on(d);
            } catch (SQLException e) {
                run = recovery().callFailed(e, run, "a savepoint call");
            }
        }
    }

    private void journalSavepoint(int kind, Savepoint savepoint) {
        // a savepoint is work a new connection lacks: a loss after it needs the replay, not a bare re-run
        transactionWork = true;
        if (savepoint instanceof RetryingSavepoint ours) {
            journal().savepoint(kind, ours);
        } else {
            journal().refuse("a savepoint that is not this connection's");
        }
    }
}
