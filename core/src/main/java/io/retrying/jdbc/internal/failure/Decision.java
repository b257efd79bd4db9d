package io.retrying.jdbc.internal.failure;

import io.retrying.jdbc.Retryability;

/**
 * What {@link FailureDecision} decided about a failed execution: the next step, and for a
 * {@link Step#THROW} what the application gets, what becomes of the connection and what is reported.
 *
 * @param step what {@link Recovery} does next
 * @param surface the exception the application gets (THROW only)
 * @param aftermath what becomes of the connection before it is thrown (THROW only)
 * @param report which event the listeners and the log get (THROW only)
 * @param eventClass the recovery class the event carries ({@link Report#GAVE_UP})
 * @param reason the event's reason, in the layer's own words (never the application's SQL or values)
 * @param notReplayable a retryable failure of a transaction that could not be replayed: reported as
 *        {@code ReplayOutcome.NOT_REPLAYABLE}
 * @param askAs the class the policy is asked for ({@link Step#ASK_POLICY} only)
 */
record Decision(Step step, Surface surface, Aftermath aftermath, Report report, Retryability eventClass,
        String reason, boolean notReplayable, Retryability askAs) {

    /** The next step. */
    enum Step {
        /** The failure surfaces (see {@link Surface}). */
        THROW,
        /** A new transaction replays the journal, verified; then the call runs again. */
        REPLAY_TRANSACTION,
        /** The retry policy is asked (attempts, budget, window), for {@link #askAs}. */
        ASK_POLICY,
        /** The retry is reported and its wait done. */
        WAIT,
        /** A new physical connection, the session restored. */
        SWAP,
        /** The server is asked, on the new connection, whether the lost work can have written. */
        PROVE,
        /** The proven work's run again is opened inside {@code BEGIN READ ONLY}. */
        GUARD,
        /** The server is asked whether the work, which may have run uncommitted, acts outside its transaction (dblink). */
        CHECK_OUTSIDE,
        /** The caller runs its statement again. */
        RUN_AGAIN
    }

    /** The exception the application gets. */
    enum Surface {
        /** The failure itself, the earlier attempts' failures suppressed in it. */
        AS_IS,
        /** The policy's {@code RetriesExhaustedException} (retries used up, or the budget refused one). */
        EXHAUSTED,
        /** 08007: the connection was lost under work that may have written. */
        MAY_HAVE_WRITTEN,
        /** 08007, saying why the server did not prove the work read-only. */
        NOT_PROVEN,
        /** 08007: the guarded run again tried to write and was refused: the first run may have written. */
        GUARD_REFUSED_WRITE,
        /**
         * 08007: an autocommit write whose own transaction did not commit, which calls a function that
         * acts outside it (dblink): what it did there may have been applied.
         */
        ACTED_OUTSIDE,
        /** 08007: a string pgjdbc may have run as several implicit transactions. */
        SPLIT_UNKNOWN,
        /** 08007 (a {@code CommitOutcomeUnknownException}): a COMMIT sent as SQL lost its reply. */
        COMMIT_LOST
    }

    /** What becomes of the connection before the failure surfaces. */
    enum Aftermath {
        /** Nothing: the connection stays as it is. */
        NONE,
        /** pgjdbc closed its connection on purpose: this one is closed too. */
        CLOSED_BY_DRIVER,
        /** A connection-class failure outside a transaction: the next call dials anew. */
        DROP_IF_DEAD,
        /** The dead connection is dropped. */
        DROP,
        /** A connection-class failure of a pinned connection: calls refused until rollback(). */
        LOST_IF_DEAD,
        /** A connection-class failure in a transaction: the transaction failed, calls refused until rollback(). */
        TRANSACTION_LOST_IF_DEAD,
        /** Handled by the surface itself ({@link Surface#COMMIT_LOST} ends the transaction). */
        BY_SURFACE
    }

    /** Which event the failure is reported as. */
    enum Report {
        /** None: not the layer's failure to report (closed under the call). */
        NONE,
        /** {@code onGiveUp} with {@link #eventClass} and {@link #reason}. */
        GAVE_UP,
        /** The policy's stop ({@code onRetryRefused} when the budget refused, then {@code onGiveUp}). */
        STOPPED
    }

    static Decision next(Step step) {
        return new Decision(step, null, null, null, null, null, false, null);
    }

    static Decision ask(Retryability askAs) {
        return new Decision(Step.ASK_POLICY, null, null, null, null, null, false, askAs);
    }

    static Decision raise(Surface surface, Aftermath aftermath, Report report, Retryability eventClass, String reason) {
        return new Decision(Step.THROW, surface, aftermath, report, eventClass, reason, false, null);
    }

    Decision withNotReplayable() {
        return new Decision(step, surface, aftermath, report, eventClass, reason, true, askAs);
    }

    @Override
    public String toString() {
        if (step != Step.THROW) {
            return askAs != null ? step + "(" + askAs + ")" : step.toString();
        }
        return "THROW " + surface + ", " + aftermath + ", " + report
                + (report == Report.GAVE_UP ? " " + eventClass : "") + (notReplayable ? ", NOT_REPLAYABLE" : "")
                + (reason != null ? ": " + reason : "");
    }
}
