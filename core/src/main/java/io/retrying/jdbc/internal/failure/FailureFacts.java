package io.retrying.jdbc.internal.failure;

import io.retrying.jdbc.Retryability;

/**
 * What is known about one failed execution when it fails, gathered once by {@link Recovery} before
 * anything is decided: the error, the transaction, the session, what the text surely does and what
 * the earlier attempts used. {@link FailureDecision} decides from this value (and the answers to
 * the questions it asks, {@link FailureAnswers}) alone.
 *
 * @param closedUnder the connection or the statement was closed (or aborted) by the application
 *        under the execution
 * @param closedByDriver pgjdbc closed its connection on purpose (a {@code SET} it refuses)
 * @param guardOpen this attempt was a proven replay running inside the read-only guard
 * @param sqlState the failure's SQLState (null when it has none)
 * @param reported the server reported the failure (its routine is in the error), so the
 *        statement's implicit transaction was rolled back
 * @param recovery the failure's class, taken as not having written
 * @param recoveryIfWrote its class when the work surely wrote
 * @param nothingSent 08003 with no word from the server: the connection was closed before
 * @param uncommitted an autocommit write run in a transaction of its own whose COMMIT surely did not
 *        land (never sent, or its id found aborted): its work may have run, and did not commit
 * @param inTransaction the application's transaction was open
 * @param commitAsSql the statement is a COMMIT (or END) sent as SQL
 * @param transactionHasWork the open transaction did something a new connection would not have
 * @param failedBefore an earlier failure had already doomed the transaction
 * @param journalReplayable the transaction's journal can be replayed (bound not passed, verifiable)
 * @param journalRefused why not, when it cannot
 * @param pinnedBy what pins the connection to its server session, or null
 * @param transactionControl the text controls transactions (BEGIN, SAVEPOINT, PREPARE ...)
 * @param streamParameter a parameter is a stream that cannot be read twice
 * @param callable a {@code CallableStatement}: OUT parameters, never replayed in a transaction
 * @param batch an {@code executeBatch}
 * @param committedInPart an autocommit batch whose update counts say that part of it committed
 * @param maySplitBySync pgjdbc may have sent the string as several implicit transactions
 * @param surelyWrites the text surely writes (or cannot be proven at all)
 * @param resetUsed an earlier attempt already re-created the statement (RESET_STATE)
 * @param attempt the attempt that failed, 1-based
 */
record FailureFacts(
        boolean closedUnder,
        boolean closedByDriver,
        boolean guardOpen,
        String sqlState,
        boolean reported,
        Retryability recovery,
        Retryability recoveryIfWrote,
        boolean nothingSent,
        boolean uncommitted,
        boolean inTransaction,
        boolean commitAsSql,
        boolean transactionHasWork,
        boolean failedBefore,
        boolean journalReplayable,
        String journalRefused,
        String pinnedBy,
        boolean transactionControl,
        boolean streamParameter,
        boolean callable,
        boolean batch,
        boolean committedInPart,
        boolean maySplitBySync,
        boolean surelyWrites,
        boolean resetUsed,
        int attempt) {

    /**
     * The socket went silent under autocommit work: nothing says whether the server ran it. Only
     * work the server proves read-only may run again.
     */
    boolean silentLoss() {
        return !reported && !nothingSent && !uncommitted && recovery == Retryability.RECONNECT && !inTransaction;
    }

    /**
     * The work may have run on the server in a transaction that did not commit: the server reported
     * its failure (the implicit transaction rolled back), its own transaction's COMMIT did not land,
     * or it was a transaction's first statement on a connection now gone. "Nothing committed" is
     * not "nothing happened": what it did outside its transaction (dblink) stays done, so the server
     * is asked before it runs again. Not after 08003 (nothing was sent), nor after an autocommit
     * silent loss, whose proof ({@code ReadOnlyProof}) already refuses every volatile function.
     */
    boolean mayHaveRunUncommitted() {
        return reported || uncommitted || inTransaction && !nothingSent;
    }

    /** A new connection would begin the work from scratch: the transaction has nothing to lose yet. */
    boolean freshTransaction() {
        return !transactionHasWork && !failedBefore && recovery.needsNewConnection();
    }

    /** The journal can heal this failure: a new transaction replays it and the call runs again. */
    boolean journalHeals() {
        return !failedBefore && recovery.isRetryable() && pinnedBy == null && !transactionControl
                && !streamParameter && !callable && journalReplayable;
    }
}
