package io.retrying.jdbc.internal;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.ReplayOutcome;
import io.retrying.jdbc.Retryability;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;

/**
 * The one funnel every failure of a retrying connection goes through (HikariCP's
 * {@code checkException}, made to recover): it classifies the failure, works out whether the
 * failed work may have written, asks the {@link RetryPolicy}, recovers (same connection, a
 * re-created statement, or a new connection with the session restored) and then either lets the
 * caller run the work again or throws what the application should see.
 *
 * <p>The replay rules are DESIGN.md's "What is replayed, when", for autocommit work:
 * <ul>
 *   <li>The server reported the failure: the implicit transaction was rolled back, so the work
 *       is replayed per its class (SAFE and BACKPRESSURE on the same connection, RESET_STATE once
 *       with the statement re-created, RECONNECT on a new connection).</li>
 *   <li>The socket was lost with no word from the server: replayed only if provably read-only;
 *       otherwise the application gets SQLState 08007 ({@link #LOST_WRITE_STATE}), the original
 *       failure as its cause.</li>
 *   <li>Nothing was sent (08003: the physical connection was already closed): replayed.</li>
 * </ul>
 * Inside a transaction a retryable failure hands over to {@link TransactionReplay}: a new
 * transaction replays the {@link Journal}, verified against what the application saw, and the
 * call runs again. The transaction's first statement, when the connection is found gone, needs no
 * journal: it runs on a new connection. A transaction that cannot be replayed (journal bound
 * passed, pinned, not verifiable) surfaces the failure; a lost connection then refuses calls until
 * {@code rollback()}.
 *
 * <p>Every retry is decided by {@link RetryPolicy#decide} (attempt limit, token bucket, deadline)
 * and waits with the policy's sleeper. The deadline of one execution is the reconnect window,
 * counted from its first failure: healing one statement never takes longer than getting a
 * connection would.
 */
final class Recovery {

    /** What the application gets when a statement that may have written lost its connection. */
    static final String LOST_WRITE_STATE = "08007";

    private final RetryingConnection connection;
    private final RetryConfig config;
    private final RetryPolicy policy;
    private final Dialer dialer;
    /** Also the connection's, for its successes (package-private: read on the happy path). */
    final RetryReporter reporter;
    private FunctionVolatility volatility;

    Recovery(RetryingConnection connection, RetryConfig config, Dialer dialer) {
        this.connection = connection;
        this.config = config;
        this.policy = config.policy();
        this.dialer = dialer;
        this.reporter = config.reporter();
    }

    /**
     * A statement failed. Returns the run's state when the statement should run again (recovery
     * done: the caller re-creates its physical statement and re-executes); throws otherwise.
     *
     * @param statement the statement whose execution {@code op} failed
     * @param flags what {@link SqlScan} says about {@code sql}
     * @param run the state of earlier attempts of this execution, null on the first failure
     */
    Run failed(RetryingStatement statement, int op, SQLException e, int flags, String sql, Run run)
            throws SQLException {
        if (connection.isClosed() || statement.closedByApp()) {
            // the connection or the statement closed or aborted (from another thread) under the
            // execution: nothing to recover, pgjdbc's answer (57014, 55000, 08003) is the caller's
            throw run == null ? e : withPrevious(e, run);
        }
        if (DriverVerdict.closedOnPurpose(e, connection.physicalInHand())) {
            // pgjdbc closed its connection on purpose (a SET it refuses): its exception, and a closed connection
            connection.closedByDriver();
            throw run == null ? e : withPrevious(e, run);
        }
        boolean replayable = statement.replayable();
        if (run == null) {
            run = new Run(policy, config.reconnectWindow(), connection.id());
        }
        int number = run.failed(e);
        boolean reported = Classifier.serverReported(e);
        boolean merging = (flags & SqlScan.MERGING) != 0;
        Retryability recovery = Classifier.retryability(e, false, merging, dialer.multiHostPrimary());
        boolean nothingSent = !reported && "08003".equals(Classifier.sqlState(e));

        if (connection.inTransaction()) {
            if ((flags & SqlScan.TX_END) != 0 && recovery.needsNewConnection() && !RetryingConnection.rollsBack(sql)) {
                // a COMMIT sent as SQL whose reply was lost: as for commit(), the outcome is unknown; never re-run
                reporter.gaveUp(run.event(e, Retryability.UNKNOWN, Duration.ZERO, "connection lost during a COMMIT sent as SQL"));
                throw connection.commitStatementLost(withPrevious(e, run));
            }
            // a transaction the server had already aborted is not brought back by a replay (nor by
            // running on a new connection): COMMIT must still refuse it
            boolean failedBefore = connection.transactionFailure() != null;
            if (reported) {
                connection.refusedByServer(e);
            }
            if (connection.transactionHasWork() || failedBefore || !recovery.needsNewConnection()) {
                List<JournalEntry> entries = failedBefore ? null : replayableEntries(statement, flags, recovery);
                if (entries != null) {
                    // a new transaction replays the journal, verified; then this call runs again
                    return connection.replay().heal(e, recovery, run, entries);
                }
                if (recovery.needsNewConnection()) {
                    connection.transactionFailed(e);
                    connection.markLost(e);
                }
                if (recovery.isRetryable()) {
                    reporter.replay(ReplayOutcome.NOT_REPLAYABLE, connection.id());
                }
                throw giveUp(e, recovery, run, "inside a transaction: not replayed" + (failedBefore
                        ? " (an earlier statement failed)"
                        : connection.journal.replayable() ? "" : " (" + connection.journal.refused() + ")"));
            }
            // the transaction's first statement on a connection found gone: nothing can have committed
        }
        if (connection.pinnedBy() != null) {
            if (recovery.needsNewConnection()) {
                connection.markLost(e);
            }
            throw giveUp(e, recovery, run, "connection pinned: " + connection.pinnedBy());
        }
        if ((flags & SqlScan.TX_CONTROL) != 0 || !replayable) {
            dropIfDead(recovery);
            throw giveUp(e, recovery, run, "not replayable: transaction control or a stream parameter");
        }
        if (reported && committedInPart(e)) {
            dropIfDead(recovery);
            throw giveUp(e, recovery, run, "an autocommit batch committed in part (its update counts say which"
                    + " entries): not replayed");
        }
        if (reported && manyStatements(flags, sql)) {
            dropIfDead(recovery);
            giveUp(e, recovery, run, "a string of more statements than pgjdbc sends in one implicit transaction");
            throw new SQLException("A string of more than " + MAX_ONE_TRANSACTION_STATEMENTS + " statements failed in"
                    + " autocommit; pgjdbc runs such a string as several implicit transactions, so its first"
                    + " statements may have been applied: not run again", LOST_WRITE_STATE, e);
        }

        boolean wrote = false;
        boolean swapped = false;
        boolean verifyAfterDial = false;
        if (!reported && !nothingSent && recovery == Retryability.RECONNECT && !connection.inTransaction()) {
            // the socket went silent: only work that cannot have written may run again
            ReadOnlyProof proof = provablyReadOnly(e, flags, sql);
            wrote = !proof.readOnly;
            swapped = proof.swapped;
            verifyAfterDial = proof.verifyAfterDial;
        }
        if (recovery == Retryability.RESET_STATE && run.resetUsed) {
            // re-creating the statement did not help: the cause is elsewhere, and retrying would hide it
            throw giveUp(e, recovery, run, "RESET_STATE already tried once");
        }
        Retryability decided = wrote ? Classifier.retryability(e, true, merging, dialer.multiHostPrimary()) : recovery;
        Attempt decision = policy.decide(decided, e, number, run.remaining());
        run.resetUsed |= decided == Retryability.RESET_STATE;
        if (!decision.retry()) {
            reporter.gaveUp(run.event(e, decision));
            if (!swapped) {
                dropIfDead(recovery);
            }
            if (wrote) {
                throw mayHaveWritten(e, run);
            }
            if (number > 1 && decision.recovery().isRetryable()) {
                throw policy.exhausted(e, number, run.previous());
            }
            throw withPrevious(e, run);
        }
        reporter.retrying(run.event(e, decision));
        sleep(policy, decision.delay(), e);
        if (decision.recovery().needsNewConnection() && !swapped) {
            Connection fresh;
            try {
                fresh = connection.swap();
            } catch (SQLException dial) {
                dial.addSuppressed(e);
                throw dial;
            }
            if (verifyAfterDial && reachesVolatile(e, sql, fresh)) {
                reporter.gaveUp(run.event(e, Retryability.UNKNOWN, Duration.ZERO,
                        "not replayed: a view, row-level security policy or operator it uses calls a volatile function"));
                throw mayHaveWritten(e, run);
            }
        }
        if (reported && callsOutside(statement, op, sql)) {
            throw giveUp(e, recovery, run, "not replayed: it calls a function that acts outside its transaction (dblink)");
        }
        return run;
    }

    /**
     * Whether the failed work calls a function that committed its effect elsewhere before the
     * server reported the failure ({@link OutsideEffects}), asked on the connection it would run on
     * again: the implicit transaction's rollback did not undo it.
     */
    private boolean callsOutside(RetryingStatement statement, int op, String sql) throws SQLException {
        Connection physical = connection.delegate();
        return OutsideEffects.present(physical) && OutsideEffects.reaches(physical, sql, statement.bindingForJournal(op));
    }

    /**
     * Statements of one string that pgjdbc surely sends before a Sync of its own: it forces one when it
     * estimates that the replies would fill 64000 bytes, counting at least 250 per statement (more
     * for a row a statement returns), which ends autocommit's implicit transaction there.
     */
    static final int MAX_ONE_TRANSACTION_STATEMENTS = 100;

    /**
     * Whether {@code sql} is a string of so many statements that pgjdbc may have committed its first
     * ones before the failure; a read-only one that calls no function cannot have written.
     */
    private static boolean manyStatements(int flags, String sql) {
        return (flags & SqlScan.MULTI) != 0
                && ((flags & SqlScan.READ_CANDIDATE) == 0 || (flags & SqlScan.CALLS) != 0)
                && SqlScan.statements(sql).size() > MAX_ONE_TRANSACTION_STATEMENTS;
    }

    /**
     * Whether an autocommit batch failed after pgjdbc had already committed some of its entries: past
     * about 250 entries (its receive-buffer estimate) pgjdbc forces a Sync, which ends the implicit
     * transaction, and reports those entries with their update counts; the entries it reports as
     * {@code EXECUTE_FAILED} are the ones rolled back. Replaying would run the committed ones twice.
     */
    private static boolean committedInPart(SQLException e) {
        if (e instanceof BatchUpdateException batch && batch.getUpdateCounts() != null) {
            for (int count : batch.getUpdateCounts()) {
                if (count != Statement.EXECUTE_FAILED) {
                    return true;
                }
            }
        }
        return false;
    }

    private static SQLException mayHaveWritten(SQLException e, Run run) {
        return new SQLException("The connection was lost while a statement that may write was running; "
                + "whether it was applied is unknown", LOST_WRITE_STATE, withPrevious(e, run));
    }

    /**
     * A call inside a transaction other than an execution failed: fetching more rows of a journaled
     * result set, or a savepoint call. Replays the transaction (re-positioning the result sets,
     * re-creating the savepoints) when that heals it, so that the caller can try its call again;
     * throws otherwise.
     *
     * @param what the call, for the give-up event
     */
    Run callFailed(SQLException e, Run run, String what) throws SQLException {
        if (run == null) {
            run = new Run(policy, config.reconnectWindow(), connection.id());
        }
        run.failed(e);
        boolean reported = Classifier.serverReported(e);
        Retryability recovery = Classifier.retryability(e, false, false, dialer.multiHostPrimary());
        boolean failedBefore = connection.transactionFailure() != null;
        if (reported) {
            connection.refusedByServer(e);
        }
        List<JournalEntry> entries = recovery.isRetryable() && connection.pinnedBy() == null && connection.inTransaction()
                && !failedBefore ? connection.journal.replayableEntries() : null;
        if (entries == null) {
            if (recovery.needsNewConnection()) {
                connection.transactionFailed(e);
                connection.markLost(e);
            }
            if (recovery.isRetryable() && connection.inTransaction()) {
                reporter.replay(ReplayOutcome.NOT_REPLAYABLE, connection.id());
            }
            throw giveUp(e, recovery, run, what + " inside a transaction: not replayed");
        }
        return connection.replay().heal(e, recovery, run, entries);
    }

    /** A session call (setReadOnly, setSchema, ...) failed: swap when that heals it. */
    boolean healForSessionCall(SQLException e) throws SQLException {
        Retryability recovery = Classifier.retryability(e, false, false, dialer.multiHostPrimary());
        if (!recovery.needsNewConnection() || connection.pinnedBy() != null
                || (connection.inTransaction() && connection.transactionHasWork())) {
            return false;
        }
        connection.swap();
        return true;
    }

    /** ROLLBACK failed: if the connection is gone, so is the transaction; the next call dials a new one. */
    boolean healForRollback(SQLException e) {
        if (!Classifier.retryability(e).needsNewConnection()) {
            return false;
        }
        connection.dropPhysical();
        return true;
    }

    /**
     * The journaled transaction, when it can be replayed to heal {@code recovery}: the journal is
     * intact, the failed call itself can run again, nothing pins the connection.
     */
    private List<JournalEntry> replayableEntries(RetryingStatement statement, int flags, Retryability recovery) {
        if (!recovery.isRetryable() || connection.pinnedBy() != null || (flags & SqlScan.TX_CONTROL) != 0
                || !statement.replayable() || statement instanceof RetryingCallableStatement) {
            return null;
        }
        return connection.journal.replayableEntries();
    }

    private SQLException giveUp(SQLException e, Retryability recovery, Run run, String reason) {
        reporter.gaveUp(run.event(e, recovery, Duration.ZERO, reason));
        return withPrevious(e, run);
    }

    static SQLException withPrevious(SQLException e, Run run) {
        for (Throwable earlier : run.previous()) {
            if (earlier != e) {
                e.addSuppressed(earlier);
            }
        }
        return e;
    }

    /** A connection-class failure left the physical connection dead: the next call dials anew. */
    private void dropIfDead(Retryability recovery) {
        if (recovery.needsNewConnection() && connection.pinnedBy() == null && !connection.inTransaction()) {
            connection.dropPhysical();
        }
    }

    /**
     * @param readOnly the statement cannot have written (as far as is known before a new connection)
     * @param swapped a new connection was dialed to find out
     * @param verifyAfterDial what the statement reads must still be checked on the new connection
     */
    private record ReadOnlyProof(boolean readOnly, boolean swapped, boolean verifyAfterDial) {}

    /**
     * Whether the statement provably could not have written: its text reads only, and (asked on a
     * new connection) every function it calls, and every function its views, row-level security
     * policies and operators call, is non-volatile; or the server enforces read-only for it.
     */
    private ReadOnlyProof provablyReadOnly(SQLException e, int flags, String sql) {
        if ((flags & (SqlScan.SESSION | SqlScan.PINS | SqlScan.TX_CONTROL)) != 0) {
            return new ReadOnlyProof(false, false, false);
        }
        if (SqlScan.onlySetsConfig(sql, flags)) {
            // set_config is volatile, but setting the same values again leaves the session as it was
            return new ReadOnlyProof(true, false, false);
        }
        boolean candidate = (flags & SqlScan.READ_CANDIDATE) != 0;
        if (candidate && (flags & SqlScan.CALLS) == 0) {
            // The text calls nothing, but a view it reads may: that is asked on the connection the
            // retry dials anyway, after the policy agreed to retry (no dial only to ask, and a server
            // that stays away fails the read as unreachable, not as a possible write).
            return new ReadOnlyProof(true, false, true);
        }
        if (!candidate && !connection.session.readOnly()) {
            return new ReadOnlyProof(false, false, false);
        }
        Connection fresh;
        try {
            fresh = connection.swap();
        } catch (SQLException dial) {
            e.addSuppressed(dial);
            return new ReadOnlyProof(false, false, false);
        }
        try {
            if (candidate) {
                if (volatility == null) {
                    volatility = FunctionVolatility.of(dialer.describe());
                }
                SqlScan.References refs = SqlScan.references(sql);
                if (volatility.allNonVolatile(refs.functions(), fresh)
                        && !FunctionVolatility.reachesVolatile(refs.words(), refs.operators(), fresh)) {
                    return new ReadOnlyProof(true, true, false);
                }
            }
            return new ReadOnlyProof(connection.session.readOnly() && enforcesReadOnly(fresh), true, false);
        } catch (SQLException lookup) {
            e.addSuppressed(lookup);
            return new ReadOnlyProof(false, true, false);
        }
    }

    /** Whether every function in {@code functions} is non-volatile in {@code fresh}'s {@code pg_proc}. */
    boolean allNonVolatile(List<String> functions, Connection fresh) throws SQLException {
        if (functions.isEmpty()) {
            return true;
        }
        if (volatility == null) {
            volatility = FunctionVolatility.of(dialer.describe());
        }
        return volatility.allNonVolatile(functions, fresh);
    }

    /** Whether what {@code sql} reads reaches a volatile function; a failed lookup counts as yes. */
    private static boolean reachesVolatile(SQLException e, String sql, Connection fresh) {
        SqlScan.References refs = SqlScan.references(sql);
        try {
            return FunctionVolatility.reachesVolatile(refs.words(), refs.operators(), fresh);
        } catch (SQLException lookup) {
            e.addSuppressed(lookup);
            return true;
        }
    }

    /**
     * Whether the server refuses writes in this session's implicit transactions (readOnlyMode=always,
     * default_transaction_read_only, a standby). pgjdbc's default readOnlyMode only makes explicit
     * transactions read-only, so the flag alone proves nothing in autocommit.
     */
    private static boolean enforcesReadOnly(Connection physical) throws SQLException {
        try (Statement st = physical.createStatement(); ResultSet rs = st.executeQuery("SHOW transaction_read_only")) {
            return rs.next() && "on".equals(rs.getString(1));
        }
    }

    /** Waits with the policy's sleeper; an interrupt ends the wait and surfaces the failure. */
    static void sleep(RetryPolicy policy, Duration delay, SQLException failure) throws SQLException {
        if (delay.isZero() || delay.isNegative()) {
            return;
        }
        try {
            policy.sleeper().sleep(delay);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            failure.addSuppressed(interrupted);
            throw failure;
        }
    }
}
