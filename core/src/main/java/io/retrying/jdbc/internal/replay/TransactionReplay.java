package io.retrying.jdbc.internal.replay;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.ReplayDivergedException;
import io.retrying.jdbc.ReplayOutcome;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.events.RetryReporter;
import io.retrying.jdbc.internal.failure.Recovery;
import io.retrying.jdbc.internal.proof.LostWork;
import io.retrying.jdbc.internal.retry.FailureClass;
import io.retrying.jdbc.internal.session.SessionState;
import io.retrying.jdbc.internal.retry.Run;
import io.retrying.jdbc.internal.retry.Waits;
import io.retrying.jdbc.internal.sql.ParameterLog;
import io.retrying.jdbc.internal.sql.SqlScan;
import io.retrying.jdbc.internal.telemetry.Telemetry;
import io.retrying.jdbc.spi.LayerTelemetry;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;

/**
 * Heals an explicit transaction after a retryable failure before COMMIT: starts a new transaction
 * (ROLLBACK on the same connection, or a new connection with the session restored), runs the
 * journal again statement by statement and checks that each returns what the application saw
 * (update counts, generated keys, the digest of the rows it had read), re-creates the
 * application's savepoints, and re-positions the result sets it still holds open. The caller then
 * runs its failed call again, so the application never notices.
 *
 * <p>A replay that sees anything different (a count, a row, a statement that now fails) stops with
 * {@link ReplayDivergedException} (40001): the new transaction is rolled back, nothing commits, and
 * the connection is usable again after the application's {@code rollback()}.
 *
 * <p>Every replay is one retry of the work: decided by {@link RetryPolicy#decide} (attempt limit,
 * token bucket, the reconnect window counted from the first failure) and reported through
 * {@link RetryReporter}. A retryable failure during the replay itself is a further attempt.
 */
public final class TransactionReplay {

    private final ReplayedConnection connection;
    private final RetryPolicy policy;
    private final RetryReporter reporter;
    private final Dialer dialer;

    public TransactionReplay(ReplayedConnection connection, RetryConfig config, Dialer dialer) {
        this.connection = connection;
        this.policy = config.policy();
        this.reporter = config.reporter();
        this.dialer = dialer;
    }

    /**
     * After {@code failure} (already counted in {@code run}) of class {@code recovery}, replays
     * {@code entries} on a new transaction. Returns the run when the caller may repeat its call;
     * throws what the application should see otherwise.
     */
    public Run heal(SQLException failure, Retryability recovery, Run run, List<JournalEntry> entries) throws SQLException {
        return heal(failure, recovery, run, entries, null);
    }

    /**
     * As {@link #heal(SQLException, Retryability, Run, List)}, for a failed execution that the
     * caller runs again once the journal is replayed: {@code rerun}. It may have run on the server
     * before its failure, in the transaction that did not commit, so it is asked the same question
     * as every journaled statement ({@link LostWork#outside}), on the replay's transaction, before it
     * may run again.
     */
    public Run heal(SQLException failure, Retryability recovery, Run run, List<JournalEntry> entries,
            LostWork.Work rerun) throws SQLException {
        SQLException e = failure;
        Retryability cls = recovery;
        int number = run.attempt;
        while (true) {
            if (cls == Retryability.RESET_STATE && run.resetUsed) {
                reporter.gaveUp(run.event(e, cls, Duration.ZERO, "RESET_STATE already tried once"));
                throw fail(e, cls, run);
            }
            Attempt decision = policy.decide(cls, e, number, run.remaining());
            run.resetUsed |= cls == Retryability.RESET_STATE;
            if (!decision.retry()) {
                reporter.stopped(run.event(e, decision), decision);
                SQLException surfaced = fail(e, cls, run);
                if (decision.refusedByBudget() || number > 1 && decision.recovery().isRetryable()) {
                    throw policy.exhausted(e, number, run.previous(), decision);
                }
                throw surfaced;
            }
            reporter.retrying(run.event(e, cls, decision.delay(),
                    "transaction replay of " + entries.size() + " journaled calls: " + decision.reason()));
            Waits.sleep(policy, decision.delay(), e);
            try {
                boolean newConnection = cls.needsNewConnection();
                Telemetry.ownWork(LayerTelemetry.Work.REPLAY, () -> {
                    restart(newConnection);
                    replay(entries, failure, rerun);
                });
                connection.replayed(!entries.isEmpty());
                reporter.replay(ReplayOutcome.REPLAYED, connection.id());
                return run;
            } catch (ReplayDivergedException diverged) {
                throw diverged(diverged, run);
            } catch (Unreplayable unreplayable) {
                throw unreplayable(unreplayable, failure, recovery, run);
            } catch (SQLException again) {
                cls = FailureClass.of(again, false, false, dialer.multiHostPrimary());
                number = run.failed(again, cls);
                e = again;
                if (!cls.isRetryable()) {
                    reporter.gaveUp(run.event(again, cls, Duration.ZERO, "transaction replay failed"));
                    throw fail(again, cls, run);
                }
            }
        }
    }

    /**
     * The transaction begun again on the same connection with {@code entries} replayed, verified,
     * after {@code refusal}: the server refused what the layer added to a statement
     * ({@link Recovery#rideRefused}), not the application's work, so no attempt is counted
     * ({@code run} only names the failure when the replay cannot be made).
     */
    public void again(List<JournalEntry> entries, SQLException refusal, Run run) throws SQLException {
        try {
            Telemetry.ownWork(LayerTelemetry.Work.REPLAY, () -> {
                restart(false);
                replay(entries, refusal, null);
            });
        } catch (ReplayDivergedException diverged) {
            throw diverged(diverged, run);
        } catch (Unreplayable unreplayable) {
            throw unreplayable(unreplayable, refusal, Retryability.SAFE, run);
        }
        connection.replayed(!entries.isEmpty());
    }

    /** A new transaction: on the same connection after ROLLBACK, or on a new one. */
    private void restart(boolean newConnection) throws SQLException {
        if (newConnection) {
            connection.swap();
        } else {
            connection.delegate().rollback();
            connection.restartTransaction();
        }
    }

    /** The failure surfaces: the transaction is failed (and, when the connection went, lost). */
    private SQLException fail(SQLException e, Retryability cls, Run run) {
        connection.transactionFailed(e);
        if (cls.needsNewConnection()) {
            connection.markLost(e);
        }
        return Run.withPrevious(e, run);
    }

    private ReplayDivergedException diverged(ReplayDivergedException diverged, Run run) {
        try {
            connection.delegate().rollback();
        } catch (SQLException rollbackFailure) {
            // the new transaction is over either way; the application hears about the divergence
            diverged.addSuppressed(rollbackFailure);
        }
        connection.journal().refuse("a replay diverged");
        connection.transactionFailed(diverged);
        reporter.replay(ReplayOutcome.DIVERGED, connection.id());
        reporter.gaveUp(run.event(diverged, Retryability.SAFE, Duration.ZERO, "transaction replay diverged"));
        return diverged;
    }

    /**
     * The replay found that the transaction calls a function acting outside it ({@link LostWork#outside}):
     * its new transaction is rolled back, and the application gets the failure that started it, as
     * for any transaction that is not replayable.
     */
    private SQLException unreplayable(Unreplayable unreplayable, SQLException failure, Retryability recovery, Run run) {
        try {
            connection.delegate().rollback();
        } catch (SQLException rollbackFailure) {
            failure.addSuppressed(rollbackFailure);
        }
        connection.journal().refuse(unreplayable.getMessage());
        reporter.gaveUp(run.event(failure, recovery, Duration.ZERO, "inside a transaction: not replayed ("
                + unreplayable.getMessage() + ")"));
        return fail(failure, recovery, run);
    }

    /** A journaled call that must not run twice: the transaction is not replayable after all. */
    private static final class Unreplayable extends SQLException {
        private static final long serialVersionUID = 1L;

        Unreplayable(String reason) {
            super(reason);
        }
    }

    /**
     * Runs the entries again on the current physical connection, verifying each; then asks of
     * {@code rerun} (the call the caller runs next, or null) what was asked of each of them.
     */
    private void replay(List<JournalEntry> entries, SQLException cause, LostWork.Work rerun) throws SQLException {
        Connection physical = connection.delegate();
        // read once: the loop below talks to the journal and the session, not to the connection again
        Journal journal = connection.journal();
        SessionState session = connection.session();
        // each statement asked just before it runs again: its plan sees what the statements before it made
        LostWork lost = LostWork.on(physical);
        int index = 0;
        for (JournalEntry entry : entries) {
            index++;
            if (entry.kind == JournalEntry.EXECUTION && !lost.outside(entry.sql, entry.binding).readOnly()) {
                throw new Unreplayable("journaled call " + index + " of " + entries.size()
                        + " calls a function that acts outside the transaction (dblink)");
            }
            try {
                switch (entry.kind) {
                    case JournalEntry.SAVEPOINT -> {
                        RetryingSavepoint sp = entry.savepoint;
                        sp.physical = sp.name() == null ? physical.setSavepoint() : physical.setSavepoint(sp.name());
                        session.savepoint(sp, sp.name());
                    }
                    case JournalEntry.ROLLBACK_TO -> {
                        physical.rollback(entry.savepoint.physical);
                        session.rollbackTo(entry.savepoint, null);
                    }
                    case JournalEntry.RELEASE -> {
                        physical.releaseSavepoint(entry.savepoint.physical);
                        session.release(entry.savepoint, null);
                    }
                    default -> execute(physical, entry, index, entries.size(), cause);
                }
            } catch (ReplayDivergedException diverged) {
                throw diverged;
            } catch (SQLException e) {
                if (FailureClass.of(e, false, false, dialer.multiHostPrimary()).isRetryable()) {
                    throw e;
                }
                // it succeeded the first time: whatever makes it fail now, the transaction is not the same
                ReplayDivergedException diverged = new ReplayDivergedException("Replaying the transaction diverged: "
                        + "journaled call " + index + " of " + entries.size() + " succeeded before and failed on replay ("
                        + Classifier.sqlState(e) + ")", cause);
                diverged.addSuppressed(e);
                throw diverged;
            }
            if (entry.kind == JournalEntry.EXECUTION && (entry.flags & SqlScan.SESSION) != 0) {
                session.sqlExecuted(entry.sql, true);
            }
            if (entry.kind == JournalEntry.EXECUTION && (entry.flags & SqlScan.CONFIG) != 0
                    && (entry.binding == null || entry.binding instanceof ParameterLog)) {
                // it was restorable the first time (else the connection was pinned and no replay runs)
                session.configExecuted(entry.sql, entry.flags, (ParameterLog) entry.binding, true);
            }
            journal.replayed(entry);
        }
        if (rerun != null && !lost.outside(rerun.sql(), rerun.binding()).readOnly()) {
            throw new Unreplayable("the failed call, to run again, calls a function that acts outside the transaction"
                    + " (dblink)");
        }
    }

    private void execute(Connection physical, JournalEntry entry, int index, int count, SQLException cause)
            throws SQLException {
        JournaledStatement s = entry.statement;
        // an INSERT whose returned keys the application saw inserts them again, when the server proves it may
        String kept = KeptKeys.candidate(entry) ? KeptKeys.rewritten(physical, entry) : null;
        String sql = kept != null ? kept : entry.sql;
        Statement p = s.replayStatement(physical, entry, sql);
        boolean adopted = false;
        try {
            JournaledStatement.Replayed replayed = s.replay(p, entry, sql);
            long outcome = replayed.outcome();
            ResultSet first = replayed.first();
            if (outcome != entry.outcome) {
                throw divergence("returned a different update count", index, count, cause);
            }
            ResultSet rows = null;
            if (entry.result != null) {
                rows = first != null ? first : p.getResultSet();
                int same = rows == null ? ResultDigest.OTHER_ROWS : entry.result.digest().replayOn(rows);
                if (same != ResultDigest.SAME && !freshValuesOnly(physical, entry, same)) {
                    throw divergence("returned different rows", index, count, cause);
                }
            }
            ResultSet keys = null;
            if (entry.keys != null) {
                keys = p.getGeneratedKeys();
                if (keys == null || entry.keys.digest().replayOn(keys) != ResultDigest.SAME) {
                    throw divergence("generated different keys", index, count, cause);
                }
            }
            // a statement written with the kept keys is the replay's alone: the application's runs its own SQL next
            if (kept == null && s.lastEntry() == entry && !s.closedByApp()) {
                // the statement's latest execution: the statement carries on with it, and so do the
                // result sets the application holds open, at the row it had reached
                s.adopt(p, rows, entry.result);
                adopted = true;
                if (entry.result != null) {
                    entry.result.repoint(rows);
                }
                if (entry.keys != null) {
                    entry.keys.repoint(keys);
                }
            }
        } finally {
            if (!adopted) {
                try {
                    p.close();
                } catch (SQLException ignored) {
                    // a replay statement nobody holds: nothing to learn from its close
                }
            }
        }
    }

    /**
     * Rows that differ only in their values, from a query whose only results are values the server
     * never hands out twice ({@link FreshValues}: a {@code nextval}): the application keeps the ones
     * it saw, and the journal their digest. Not when the application still holds the result set
     * short of its end: it would read the replay's values from the same rows.
     */
    private static boolean freshValuesOnly(Connection physical, JournalEntry entry, int same) {
        return same == ResultDigest.OTHER_VALUES
                && (entry.result.closedByApp() || entry.result.digest().ended())
                && FreshValues.only(physical, entry);
    }

    private static ReplayDivergedException divergence(String what, int index, int count, SQLException cause) {
        return new ReplayDivergedException("Replaying the transaction diverged: journaled call " + index + " of "
                + count + " " + what + " than the application saw", cause);
    }
}
