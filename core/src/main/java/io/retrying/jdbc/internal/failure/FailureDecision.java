package io.retrying.jdbc.internal.failure;

import static io.retrying.jdbc.internal.failure.Decision.Aftermath.BY_SURFACE;
import static io.retrying.jdbc.internal.failure.Decision.Aftermath.CLOSED_BY_DRIVER;
import static io.retrying.jdbc.internal.failure.Decision.Aftermath.DROP;
import static io.retrying.jdbc.internal.failure.Decision.Aftermath.DROP_IF_DEAD;
import static io.retrying.jdbc.internal.failure.Decision.Aftermath.LOST_IF_DEAD;
import static io.retrying.jdbc.internal.failure.Decision.Aftermath.NONE;
import static io.retrying.jdbc.internal.failure.Decision.Aftermath.TRANSACTION_LOST_IF_DEAD;
import static io.retrying.jdbc.internal.failure.Decision.Report.GAVE_UP;
import static io.retrying.jdbc.internal.failure.Decision.Report.STOPPED;
import static io.retrying.jdbc.internal.failure.Decision.Step.CHECK_OUTSIDE;
import static io.retrying.jdbc.internal.failure.Decision.Step.GUARD;
import static io.retrying.jdbc.internal.failure.Decision.Step.PROVE;
import static io.retrying.jdbc.internal.failure.Decision.Step.REPLAY_TRANSACTION;
import static io.retrying.jdbc.internal.failure.Decision.Step.RUN_AGAIN;
import static io.retrying.jdbc.internal.failure.Decision.Step.SWAP;
import static io.retrying.jdbc.internal.failure.Decision.Step.WAIT;
import static io.retrying.jdbc.internal.failure.Decision.Surface.ACTED_OUTSIDE;
import static io.retrying.jdbc.internal.failure.Decision.Surface.AS_IS;
import static io.retrying.jdbc.internal.failure.Decision.Surface.COMMIT_LOST;
import static io.retrying.jdbc.internal.failure.Decision.Surface.EXHAUSTED;
import static io.retrying.jdbc.internal.failure.Decision.Surface.GUARD_REFUSED_WRITE;
import static io.retrying.jdbc.internal.failure.Decision.Surface.MAY_HAVE_WRITTEN;
import static io.retrying.jdbc.internal.failure.Decision.Surface.NOT_PROVEN;
import static io.retrying.jdbc.internal.failure.Decision.Surface.SPLIT_UNKNOWN;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.Retryability;

/**
 * The failure path's one decision (DESIGN.md "What is replayed, when"), as a pure function: from
 * what is known about a failed execution ({@link FailureFacts}) and the answers to the questions
 * already asked ({@link FailureAnswers}), the next step. It has no side effects, takes no
 * connection and dials nothing; {@link Recovery} carries the step out and, when the step is a
 * question (the policy, a dial, a proof), asks again with its answer. So no branch acts on the
 * connection before everything it depends on is known, and {@code FailureDecisionTest} holds every
 * combination of the facts that matter to its expected decision, as a table.
 *
 * <p>The rules, in the order they are applied:
 * <ol>
 *   <li>Closed under the call (by the application, or by pgjdbc on purpose): pgjdbc's answer.</li>
 *   <li>A guarded run again refused a write (25006): the first run may have written (08007).</li>
 *   <li>In a transaction: a COMMIT sent as SQL that lost its reply is in doubt (08007); work the
 *       transaction holds is healed by replaying its journal, or surfaces; only its first
 *       statement on a connection found gone runs again as autocommit work does.</li>
 *   <li>A pinned connection, transaction control, a stream parameter, an autocommit batch that
 *       committed in part, a string pgjdbc may have split into several implicit transactions:
 *       not run again.</li>
 *   <li>A statement re-created once (RESET_STATE) that failed again: not again.</li>
 *   <li>The policy (attempts, budget, window) decides; a silently lost write is never run again.</li>
 *   <li>A retry waits, dials when its class needs a new connection, and a silently lost statement
 *       then runs again only when the server proves it read-only, inside a read-only guard.</li>
 *   <li>Work that may have run in a transaction that did not commit (a failure the server
 *       reported, an autocommit write whose own transaction's COMMIT did not land, a transaction's
 *       first statement) runs again only when it does not act outside its transaction (dblink):
 *       "nothing committed" is not "nothing happened". Otherwise the autocommit write is 08007, the
 *       transaction's statement fails its transaction, and a reported failure surfaces.</li>
 * </ol>
 */
public final class FailureDecision {

    private FailureDecision() {
    }

    /** The next step for a failed statement execution. */
    static Decision decide(FailureFacts f, FailureAnswers a) {
        Retryability recovery = f.recovery();
        if (f.closedUnder()) {
            // the connection or the statement was closed (or aborted) from another thread under the
            // execution: nothing to recover, pgjdbc's answer (57014, 55000, 08003) is the caller's
            return Decision.raise(AS_IS, NONE, Decision.Report.NONE, null, null);
        }
        if (f.closedByDriver()) {
            return Decision.raise(AS_IS, CLOSED_BY_DRIVER, Decision.Report.NONE, null, null);
        }
        if (f.guardOpen() && "25006".equals(f.sqlState())) {
            return Decision.raise(GUARD_REFUSED_WRITE, NONE, GAVE_UP, Retryability.UNKNOWN,
                    "the replay tried to write (a function the proof could not see into): refused, not applied");
        }
        if (f.inTransaction()) {
            if (f.commitAsSql() && recovery.needsNewConnection()) {
                // never re-run: reported as what the application gets, 08007 with the loss as its cause
                return Decision.raise(COMMIT_LOST, BY_SURFACE, GAVE_UP, Retryability.UNKNOWN,
                        "connection lost during a COMMIT sent as SQL");
            }
            if (!f.freshTransaction()) {
                // a transaction the server had already aborted is not brought back by a replay (nor by
                // running on a new connection): COMMIT must still refuse it
                if (f.journalHeals()) {
                    return Decision.next(REPLAY_TRANSACTION);
                }
                Decision thrown = Decision.raise(AS_IS, TRANSACTION_LOST_IF_DEAD, GAVE_UP, recovery,
                        "inside a transaction: not replayed" + (f.failedBefore() ? " (an earlier statement failed)"
                                : f.journalReplayable() ? "" : " (" + f.journalRefused() + ")"));
                return recovery.isRetryable() ? thrown.withNotReplayable() : thrown;
            }
            // the transaction's first statement on a connection found gone: nothing can have committed
        }
        if (f.pinnedBy() != null) {
            return Decision.raise(AS_IS, LOST_IF_DEAD, GAVE_UP, recovery, "connection pinned: " + f.pinnedBy());
        }
        if (f.transactionControl() || f.streamParameter()) {
            return Decision.raise(AS_IS, DROP_IF_DEAD, GAVE_UP, recovery,
                    "not replayable: transaction control or a stream parameter");
        }
        if (f.reported() && f.committedInPart()) {
            return Decision.raise(AS_IS, DROP_IF_DEAD, GAVE_UP, recovery,
                    "an autocommit batch committed in part (its update counts say which entries): not replayed");
        }
        if (f.reported() && recovery.isRetryable() && !f.batch() && f.maySplitBySync()) {
            // its first statements may have committed, so it is not run again, and the application must
            // not run it again whole either (a raw 40001 or 55P03 invites that)
            return Decision.raise(SPLIT_UNKNOWN, DROP_IF_DEAD, GAVE_UP, Retryability.UNKNOWN,
                    "an autocommit string of several statements that pgjdbc may have sent with a Sync between"
                            + " them: its first statements may have committed");
        }
        // The text decides only whether a proof is worth asking for: what surely writes is not run again
        // after a silent loss; the rest is proven on the connection the retry dials anyway.
        boolean wrote = f.silentLoss() && f.surelyWrites();
        boolean unproven = f.silentLoss() && !f.surelyWrites();
        if (recovery == Retryability.RESET_STATE && f.resetUsed()) {
            // re-creating the statement did not help: the cause is elsewhere, and retrying would hide it
            return Decision.raise(AS_IS, NONE, GAVE_UP, recovery, "RESET_STATE already tried once");
        }
        Attempt policy = a.policy();
        if (policy == null) {
            return Decision.ask(wrote ? f.recoveryIfWrote() : recovery);
        }
        if (!policy.retry()) {
            if (wrote) {
                return Decision.raise(MAY_HAVE_WRITTEN, DROP_IF_DEAD, STOPPED, Retryability.UNKNOWN,
                        "the connection was lost under a statement that writes: not run again");
            }
            boolean exhausted = policy.refusedByBudget() || f.attempt() > 1 && policy.recovery().isRetryable();
            return Decision.raise(exhausted ? EXHAUSTED : AS_IS, DROP_IF_DEAD, STOPPED, null, null);
        }
        if (!a.waited()) {
            return Decision.next(WAIT);
        }
        if (policy.recovery().needsNewConnection()) {
            if (!a.swapped()) {
                return Decision.next(SWAP);
            }
            if (unproven) {
                if (a.proof() == null) {
                    return Decision.next(PROVE);
                }
                if (!a.proof().readOnly()) {
                    return Decision.raise(NOT_PROVEN, NONE, GAVE_UP, Retryability.UNKNOWN,
                            "not replayed: " + a.proof().reason());
                }
                if (a.guard() == null) {
                    return Decision.next(GUARD);
                }
                if (!a.guard()) {
                    return Decision.raise(MAY_HAVE_WRITTEN, DROP, GAVE_UP, Retryability.UNKNOWN,
                            "not replayed: its read-only guard could not be opened");
                }
            }
        }
        if (f.mayHaveRunUncommitted()) {
            if (a.outside() == null) {
                return Decision.next(CHECK_OUTSIDE);
            }
            if (!a.outside().readOnly()) {
                String reason = "not replayed: " + a.outside().reason();
                if (f.inTransaction()) {
                    // it ran in the transaction, which is gone: the transaction failed, calls refused until rollback()
                    return Decision.raise(AS_IS, TRANSACTION_LOST_IF_DEAD, GAVE_UP, recovery, "inside a transaction: "
                            + reason).withNotReplayable();
                }
                if (f.uncommitted()) {
                    // its own transaction did not commit, what it did outside may have: neither success nor a run again
                    return Decision.raise(ACTED_OUTSIDE, NONE, GAVE_UP, Retryability.UNKNOWN, reason);
                }
                return Decision.raise(AS_IS, NONE, GAVE_UP, recovery, reason);
            }
        }
        return Decision.next(RUN_AGAIN);
    }

    /**
     * Whether the failure aborted the application's transaction as far as the server is concerned,
     * to be recorded before anything else (COMMIT must refuse a transaction the server aborted).
     * Not for a COMMIT sent as SQL that lost its reply: that ends the transaction by itself.
     */
    static boolean recordsRefusal(FailureFacts f) {
        return f.inTransaction() && f.reported() && !f.closedUnder() && !f.closedByDriver()
                && !(f.commitAsSql() && f.recovery().needsNewConnection());
    }

    /**
     * The next step for a call inside a transaction other than an execution (fetching more rows of
     * a journaled result set, a savepoint call): the journal's replay heals it, or it surfaces.
     *
     * @param what the call, in the give-up's reason
     */
    static Decision decideCall(FailureFacts f, String what) {
        Retryability recovery = f.recovery();
        if (recovery.isRetryable() && f.pinnedBy() == null && f.inTransaction() && !f.failedBefore()
                && f.journalReplayable()) {
            return Decision.next(REPLAY_TRANSACTION);
        }
        Decision thrown = Decision.raise(AS_IS, TRANSACTION_LOST_IF_DEAD, GAVE_UP, recovery,
                what + " inside a transaction: not replayed");
        return recovery.isRetryable() && f.inTransaction() ? thrown.withNotReplayable() : thrown;
    }
}
