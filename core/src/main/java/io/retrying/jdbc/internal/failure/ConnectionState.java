package io.retrying.jdbc.internal.failure;

import java.sql.Connection;

/**
 * What the retrying connection is when one of its calls fails, read in one call
 * ({@link FailedConnection#stateAt}) before anything is decided, so that the funnel gathers its
 * facts without climbing back into the connection once a fact. Made on the failure path only.
 *
 * @param id the connection's id, for the events of the run
 * @param closed the application closed (or aborted) the connection
 * @param physical the physical connection in hand, null between a loss and the next dial
 * @param inTransaction statements run inside a transaction the application opened
 * @param transactionHasWork the open transaction did something a new connection would not have
 * @param failedBefore an earlier failure had already doomed the transaction
 * @param journalRefused why the transaction's journal cannot be replayed, null when it can
 * @param pinnedBy what pins the connection to its server session, or null
 * @param neverCommitted the failure is an autocommit write's, run in a transaction of its own whose
 *        COMMIT surely did not land ({@code retry.resolveAutocommitWrites}, issue 26)
 */
public record ConnectionState(String id, boolean closed, Connection physical, boolean inTransaction,
        boolean transactionHasWork, boolean failedBefore, String journalRefused, String pinnedBy,
        boolean neverCommitted) {

    /** The journal can be replayed: its bound not passed, nothing read outside what it verifies. */
    boolean journalReplayable() {
        return journalRefused == null;
    }
}
