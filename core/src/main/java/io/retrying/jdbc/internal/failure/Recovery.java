package io.retrying.jdbc.internal.failure;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.ReplayOutcome;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.WriteOutcomeUnknownException;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.events.RetryReporter;
import io.retrying.jdbc.internal.proof.Binder;
import io.retrying.jdbc.internal.proof.LostWork;
import io.retrying.jdbc.internal.proof.PgjdbcSplit;
import io.retrying.jdbc.internal.proof.ReadOnlyProof;
import io.retrying.jdbc.internal.proof.Verdict;
import io.retrying.jdbc.internal.replay.Journal;
import io.retrying.jdbc.internal.replay.JournalEntry;
import io.retrying.jdbc.internal.replay.TransactionReplay;
import io.retrying.jdbc.internal.retry.FailureClass;
import io.retrying.jdbc.internal.retry.NewConnections;
import io.retrying.jdbc.internal.retry.Run;
import io.retrying.jdbc.internal.retry.Waits;
import io.retrying.jdbc.internal.sql.SqlScan;
import java.sql.BatchUpdateException;
import java.sql.Connection;
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
 *   <li>The socket was lost with no word from the server: replayed only if the server proves it
 *       read-only on the new connection ({@link ReadOnlyProof}: pgjdbc's split, EXPLAIN, a fresh
 *       catalog walk); otherwise the application gets a {@link WriteOutcomeUnknownException} (08007),
 *       the original failure as its cause. {@link SqlScan} only spares the proof for what surely
 *       writes.</li>
 *   <li>A string of several statements: pgjdbc may have sent it as several implicit transactions
 *       ({@link #mayBeSplitBySync}); then it is not replayed after any failure.</li>
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
public final class Recovery {

    private final FailedConnection connection;
    private final RetryConfig config;
    private final RetryPolicy policy;
    private final Dialer dialer;
    /** Questions about failed work, asked again on another new connection when one breaks under them. */
    private final NewConnections questions;
    /** Also the connection's, for its successes (package-private: read on the happy path). */
    final RetryReporter reporter;

    public Recovery(FailedConnection connection, RetryConfig config, Dialer dialer) {
        this.connection = connection;
        this.config = config;
        this.policy = config.policy();
        this.dialer = dialer;
        this.reporter = config.reporter();
        this.questions = new NewConnections(policy, reporter, connection);
    }

    /**
     * A statement failed. Returns the run's state when the statement should run again (recovery
     * done: the caller re-creates its physical statement and re-executes); throws otherwise.
     *
     * @param statement the statement whose execution {@code op} failed
     * @param flags what {@link SqlScan} says about {@code sql}
     * @param run the state of earlier attempts of this execution, null on the first failure
     */
    public Run failed(FailedWork statement, int op, SQLException e, int flags, String sql, Run run)
            throws SQLException {
        ConnectionState at = connection.stateAt(e);
        if (run == null) {
            run = new Run(policy, config.reconnectWindow(), at.id());
        }
        boolean guardOpen = run.readOnlyGuard != null;
        FailureFacts facts = facts(at, statement, op, e, flags, sql, run, guardOpen);
        Decision decision = FailureDecision.decide(facts, FailureAnswers.NONE);
        // decided: now act, first ending the guarded attempt's read-only transaction, whatever follows
        Throwable guardedLoss = guardOpen ? endGuard(run) : null;
        if (FailureDecision.recordsRefusal(facts)) {
            connection.refusedByServer(e);
        }
        FailureAnswers answers = FailureAnswers.NONE;
        while (true) {
            switch (decision.step()) {
                case THROW -> throw surface(decision, facts, e, run, answers, guardedLoss);
                case REPLAY_TRANSACTION -> {
                    // the failed execution runs again after the journal: it is asked what each entry is asked
                    return connection.replay().heal(e, facts.recovery(), run, connection.journal().replayableEntries(),
                            new LostWork.Work(sql, statement.bindingForJournal(op), statement.prepared()));
                }
                case ASK_POLICY -> {
                    Attempt answer = policy.decide(decision.askAs(), e, facts.attempt(), run.remaining());
                    run.resetUsed |= decision.askAs() == Retryability.RESET_STATE;
                    answers = answers.withPolicy(answer);
                }
                case WAIT -> {
                    reporter.retrying(run.event(e, answers.policy()));
                    Waits.sleep(policy, answers.policy().delay(), e);
                    answers = answers.withWaited();
                }
                case SWAP -> {
                    try {
                        connection.swap();
                    } catch (SQLException dial) {
                        // no server to ask (as before the server-side proof: the failure to reach it surfaces)
                        dial.addSuppressed(e);
                        throw dial;
                    }
                    answers = answers.withSwapped();
                }
                case PROVE -> answers = answers.withProof(proveLost(statement, sql, e, run));
                case GUARD -> answers = answers.withGuard(openGuard(e, run));
                case CHECK_OUTSIDE -> answers = answers.withOutside(questions.ask(connection.delegate(),
                        c -> callsOutside(statement, op, sql, c), e, run.deadline()));
                case RUN_AGAIN -> {
                    return run;
                }
            }
            decision = FailureDecision.decide(facts, answers);
        }
    }

    /** What is known about {@code e}, gathered once, before anything is decided or done. */
    private FailureFacts facts(ConnectionState at, FailedWork statement, int op, SQLException e, int flags, String sql,
            Run run, boolean guardOpen) {
        boolean closedUnder = at.closed() || statement.closedByApp();
        boolean closedByDriver = !closedUnder && DriverVerdict.closedOnPurpose(e, at.physical());
        String sqlState = Classifier.sqlState(e);
        boolean reported = Classifier.serverReported(e);
        boolean merging = (flags & SqlScan.MERGING) != 0;
        boolean multiHost = dialer.multiHostPrimary();
        Retryability recovery = FailureClass.of(e, false, merging, multiHost);
        int attempt = closedUnder || closedByDriver ? run.attempt : run.failed(e, recovery);
        return new FailureFacts(closedUnder, closedByDriver, guardOpen, sqlState, reported, recovery,
                FailureClass.ifWrote(recovery, e, merging, multiHost), !reported && "08003".equals(sqlState),
                // an autocommit write in a transaction of its own that surely did not commit
                !reported && at.neverCommitted(),
                at.inTransaction(), (flags & SqlScan.TX_END) != 0 && !SqlScan.rollsBack(sql),
                at.transactionHasWork(), at.failedBefore(), at.journalReplayable(), at.journalRefused(), at.pinnedBy(),
                (flags & SqlScan.TX_CONTROL) != 0, !statement.replayable(), statement.callable(), statement.isBatch(op),
                reported && committedInPart(e), reported && mayBeSplitBySync(statement, flags, sql, at.physical()),
                surelyWrites(statement, op, flags), run.resetUsed, attempt);
    }

    /** Carries out a THROW: the connection's aftermath, the report, and the exception the application gets. */
    private SQLException surface(Decision decision, FailureFacts facts, SQLException e, Run run,
            FailureAnswers answers, Throwable guardedLoss) {
        SQLException surfaced = switch (decision.surface()) {
            case AS_IS -> Run.withPrevious(e, run);
            case EXHAUSTED -> policy.exhausted(e, run.attempt, run.previous(), answers.policy());
            case MAY_HAVE_WRITTEN -> mayHaveWritten(e, run, null);
            case NOT_PROVEN -> mayHaveWritten(e, run, answers.proof().reason());
            case GUARD_REFUSED_WRITE -> {
                SQLException unknown = new WriteOutcomeUnknownException("The connection was lost while a statement"
                        + " that may write was running; whether it was applied is unknown (running it again tried to"
                        + " write and was refused)", guardedLoss);
                unknown.addSuppressed(e);
                yield unknown;
            }
            case ACTED_OUTSIDE -> new WriteOutcomeUnknownException("The connection was lost under an autocommit"
                    + " statement that may write, whose own transaction did not commit; " + answers.outside().reason()
                    + ", and what it did there may have been applied: not run again", Run.withPrevious(e, run));
            case SPLIT_UNKNOWN -> new WriteOutcomeUnknownException("A string of several statements failed in"
                    + " autocommit; pgjdbc may have run it as several implicit transactions, so its first statements"
                    + " may have been applied: not run again", Run.withPrevious(e, run));
            case COMMIT_LOST -> connection.commitStatementLost(Run.withPrevious(e, run));
        };
        afterwards(decision.aftermath(), e, facts);
        if (decision.notReplayable()) {
            reporter.replay(ReplayOutcome.NOT_REPLAYABLE, run.connectionId());
        }
        switch (decision.report()) {
            case GAVE_UP -> reporter.gaveUp(run.event(surfaced, decision.eventClass(), Duration.ZERO, decision.reason()));
            case STOPPED -> reporter.stopped(decision.reason() == null ? run.event(surfaced, answers.policy())
                    : run.event(surfaced, decision.eventClass(), Duration.ZERO, decision.reason()), answers.policy());
            case NONE -> { }
        }
        return surfaced;
    }

    /** What becomes of the connection before a failure surfaces. */
    private void afterwards(Decision.Aftermath aftermath, SQLException e, FailureFacts facts) {
        boolean dead = facts.recovery().needsNewConnection();
        switch (aftermath) {
            case CLOSED_BY_DRIVER -> connection.closedByDriver();
            case DROP_IF_DEAD -> {
                // a connection-class failure left the physical connection dead: the next call dials anew
                if (dead && facts.pinnedBy() == null && !facts.inTransaction()) {
                    connection.dropPhysical();
                }
            }
            case DROP -> connection.dropPhysical();
            case LOST_IF_DEAD -> {
                if (dead) {
                    connection.markLost(e);
                }
            }
            case TRANSACTION_LOST_IF_DEAD -> {
                if (dead) {
                    connection.transactionFailed(e);
                    connection.markLost(e);
                }
            }
            case NONE, BY_SURFACE -> { }
        }
    }

    /**
     * Asks the server whether the silently lost statement can have written, on the new connection
     * (or another, when that one breaks under the question). No new connection to ask on is a
     * verdict too: not proven.
     */
    private Verdict proveLost(FailedWork statement, String sql, SQLException e, Run run) {
        try {
            return questions.ask(connection.delegate(), c -> prove(statement, sql, c), e, run.deadline());
        } catch (SQLException dial) {
            e.addSuppressed(dial);
            return NO_CONNECTION_TO_PROVE_ON;
        }
    }

    private static final Verdict NO_CONNECTION_TO_PROVE_ON = new Verdict(false, "no new connection to prove it on");

    /**
     * Defence in depth for a proven replay: it runs inside {@code BEGIN READ ONLY}, so that a write
     * the proof could not see (a STABLE procedural function that calls a VOLATILE writer) is refused
     * by the server (25006) instead of applied a second time. Two round trips, failure path only.
     * Opened on the connection the proof was answered on: when the first new one broke under the
     * proof, that is another. Returns whether it opened; one that cannot be opened leaves the
     * statement unproven.
     */
    private boolean openGuard(SQLException e, Run run) {
        try (Statement st = connection.delegate().createStatement()) {
            st.execute(ReadOnlyProof.MARK + "BEGIN READ ONLY");
        } catch (SQLException refused) {
            e.addSuppressed(refused);
            return false;
        }
        run.readOnlyGuard = e;
        return true;
    }

    /** The guarded replay succeeded: commit its read-only transaction; the result is in hand either way. */
    public void guardPassed(Run run) {
        run.readOnlyGuard = null;
        Connection physical = connection.physicalInHand();
        if (physical == null) {
            return;
        }
        try (Statement st = physical.createStatement()) {
            st.execute(ReadOnlyProof.MARK + "COMMIT");
        } catch (SQLException lost) {
            // a read-only transaction: nothing to lose; the next call finds the connection gone and heals
            connection.dropPhysical();
        }
    }

    /**
     * The guarded replay failed: its read-only transaction is ended (a write it tried, refused by
     * the guard, is what {@link FailureDecision} reads from the failure). Returns the silent loss
     * the replay was healing.
     */
    private Throwable endGuard(Run run) {
        Throwable loss = run.readOnlyGuard;
        run.readOnlyGuard = null;
        Connection physical = connection.physicalInHand();
        if (physical != null) {
            try (Statement st = physical.createStatement()) {
                st.execute(ReadOnlyProof.MARK + "ROLLBACK");
            } catch (SQLException gone) {
                connection.dropPhysical();
            }
        }
        return loss;
    }

    /**
     * What the text says surely writes, or cannot be proven at all: no proof is asked for, and a
     * silent loss surfaces 08007. A mistake here only makes the layer more careful.
     */
    private static boolean surelyWrites(FailedWork statement, int op, int flags) {
        return (flags & (SqlScan.SESSION | SqlScan.PINS | SqlScan.TX_CONTROL)) != 0
                || (flags & SqlScan.READ_CANDIDATE) == 0
                || statement.isBatch(op)
                || statement.callable();
    }

    /** Asks the server, on {@code fresh}, whether the statement that lost its connection can have written. */
    private Verdict prove(FailedWork statement, String sql, Connection fresh) throws SQLException {
        boolean prepared = statement.prepared();
        Binder binder = statement.binder();
        boolean readOnlySession = connection.session().readOnly() && ReadOnlyProof.sessionEnforcesReadOnly(fresh);
        return ReadOnlyProof.prove(fresh, sql, binder, prepared, readOnlySession);
    }

    /**
     * Whether the failed work, which may have run in a transaction that did not commit, calls a
     * function that committed its effect elsewhere ({@link LostWork#outside}), asked on
     * {@code physical}, the connection it would run on again: the rollback did not undo it. The
     * caller asks through {@link NewConnections}: a connection just dialed may die under the
     * question (a restart's shutdown, a kill), and nothing has run again yet, so it is asked on
     * another rather than that loss reaching the application.
     */
    private static Verdict callsOutside(FailedWork statement, int op, String sql, Connection physical)
            throws SQLException {
        return LostWork.on(physical).outside(sql, statement.bindingForJournal(op));
    }

    /**
     * Statements of one string that pgjdbc surely sends before a Sync of its own: it forces one when it
     * estimates that the replies would fill 64000 bytes, counting at least 250 per statement (more
     * for a row a statement returns), which ends autocommit's implicit transaction there.
     */
    static final int MAX_ONE_TRANSACTION_STATEMENTS = 100;

    /**
     * Whether pgjdbc may have sent {@code sql} as several implicit transactions, so that its first
     * statements may have committed before the one that failed (checked in pgjdbc 42.7's
     * {@code QueryExecutorImpl}: one execute ends with one Sync, except that before each further
     * statement of a string {@code flushIfDeadlockRisk} forces a Sync when its estimate of the
     * replies reaches 64000 bytes: 250 per statement, plus the row size of a statement it has
     * described, and "unbounded" (any text or varlena column) for a described one. A statement is
     * described after {@code getMetaData()}/{@code getParameterMetaData()}, or when it is
     * server-prepared (prepareThreshold) with a parameter of unspecified type ({@code Types.OTHER},
     * {@code stringtype=unspecified}). A plain {@code Statement} has no parameters and is never
     * described: only the count can split it. A prepared one may always have been described: its
     * string is never replayed after a failure the server reported.
     *
     * <p>The statements are counted by pgjdbc's own parser (what it sent), not by our lexer.
     */
    private static boolean mayBeSplitBySync(FailedWork statement, int flags, String sql, Connection physical) {
        boolean prepared = statement.prepared();
        int statements = physical != null ? PgjdbcSplit.statements(physical, sql, prepared)
                : (flags & SqlScan.MULTI) != 0 ? Integer.MAX_VALUE : 1;
        if (statements <= 1) {
            return false;
        }
        return prepared || statements > MAX_ONE_TRANSACTION_STATEMENTS;
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

    /** 08007 for a silently lost statement that may have written; {@code why} it was not proven read-only, if asked. */
    private static SQLException mayHaveWritten(SQLException e, Run run, String why) {
        return new WriteOutcomeUnknownException("The connection was lost while a statement that may write was"
                + " running; whether it was applied is unknown" + (why == null ? "" : " (not proven read-only: " + why
                + ")"), Run.withPrevious(e, run));
    }

    /**
     * A call inside a transaction other than an execution failed: fetching more rows of a journaled
     * result set, or a savepoint call. Replays the transaction (re-positioning the result sets,
     * re-creating the savepoints) when that heals it, so that the caller can try its call again;
     * throws otherwise.
     *
     * @param what the call, for the give-up event
     */
    public Run callFailed(SQLException e, Run run, String what) throws SQLException {
        ConnectionState at = connection.stateAt(e);
        if (run == null) {
            run = new Run(policy, config.reconnectWindow(), at.id());
        }
        boolean reported = Classifier.serverReported(e);
        Retryability recovery = FailureClass.of(e, false, false, dialer.multiHostPrimary());
        int attempt = run.failed(e, recovery);
        FailureFacts facts = new FailureFacts(false, false, false, Classifier.sqlState(e), reported, recovery, recovery,
                false, false, at.inTransaction(), false, at.transactionHasWork(), at.failedBefore(), at.journalReplayable(),
                at.journalRefused(), at.pinnedBy(), false, false, false, false, false, false, false, run.resetUsed,
                attempt);
        Decision decision = FailureDecision.decideCall(facts, what);
        if (reported) {
            connection.refusedByServer(e);
        }
        if (decision.step() == Decision.Step.REPLAY_TRANSACTION) {
            return connection.replay().heal(e, recovery, run, connection.journal().replayableEntries());
        }
        throw surface(decision, facts, e, run, FailureAnswers.NONE, null);
    }

    /** A session call (setReadOnly, setSchema, ...) failed: swap when that heals it. */
    public boolean healForSessionCall(SQLException e) throws SQLException {
        Retryability recovery = FailureClass.of(e, false, false, dialer.multiHostPrimary());
        if (!recovery.needsNewConnection()) {
            return false;
        }
        ConnectionState at = connection.stateAt(e);
        if (at.pinnedBy() != null || (at.inTransaction() && at.transactionHasWork())) {
            return false;
        }
        connection.swap();
        return true;
    }

    /**
     * ROLLBACK failed: if the connection is gone, so is the transaction; the next call dials a new
     * one. Not for a pinned connection whose loss no call of the layer's reported (the application
     * saw it from pgjdbc, through COPY or large objects): the session the application holds is gone
     * with it, and ROLLBACK throws pgjdbc's exception, as bare pgjdbc does; the loss then stands
     * until acknowledged, as any loss of a pinned connection (pgjdbc's CopyTest#lockReleaseOnCancelFailure).
     */
    public boolean healForRollback(SQLException e) {
        if (!FailureClass.of(e, false, false, false).needsNewConnection()) {
            return false;
        }
        if (connection.pinnedBy() != null) {
            connection.markLost(e);
            return false;
        }
        connection.dropPhysical();
        return true;
    }

    /**
     * Whether {@code e}, the failure of a statement that carried the transaction id capture, was
     * the server refusing the capture's company rather than the application's statement: a
     * protocol violation it reported on a session that lives on (08P01: how pgjdbc frames a string
     * of several statements in one of its modes, which the application's statement alone is not).
     * Then the capture rides no more on this connection, and the transaction, aborted by the
     * refusal, is begun again on the same connection with its journal replayed (no attempt
     * counted, no retry reported), so that the caller runs the application's statement alone.
     * False when it is not such a refusal or the journal cannot be replayed: the failure then
     * takes the ordinary path, where a retry runs the statement without the capture.
     */
    public boolean rideRefused(FailedWork statement, int flags, SQLException e) throws SQLException {
        Connection physical = connection.physicalInHand();
        if (!"08P01".equals(Classifier.sqlState(e)) || !Classifier.serverReported(e) || physical == null
                || physical.isClosed() || statement.closedByApp()) {
            return false;
        }
        connection.xid().refusedOn(connection.generation());
        List<JournalEntry> entries = replayableEntries(statement, flags, Retryability.SAFE);
        if (entries == null) {
            return false;
        }
        connection.replay().again(entries, e, new Run(policy, config.reconnectWindow(), connection.id()));
        return true;
    }

    /**
     * The journaled transaction, when it can be replayed to heal {@code recovery}: the journal is
     * intact, the failed call itself can run again, nothing pins the connection.
     */
    private List<JournalEntry> replayableEntries(FailedWork statement, int flags, Retryability recovery) {
        if (!recovery.isRetryable() || connection.pinnedBy() != null || (flags & SqlScan.TX_CONTROL) != 0
                || !statement.replayable() || statement.callable()) {
            return null;
        }
        return connection.journal().replayableEntries();
    }
}
