package io.retrying.jdbc;

/**
 * What the server says about a transaction whose COMMIT reply was lost, asked on another
 * connection by its transaction id.
 *
 * <p>(Written by the config helper so that {@link RetryListener} compiles; the engine helper owns
 * this type and may replace it.)
 */
public enum CommitOutcome {
    /** The transaction committed: report success, do not run it again. */
    COMMITTED,
    /** The transaction was rolled back: nothing of it persists, running it again is safe. */
    ABORTED,
    /** The server has not finished with it yet: wait and ask again. */
    IN_PROGRESS,
    /** The server cannot say (the id is too old, or the question failed). */
    UNKNOWN;

    /** Whether running the transaction again cannot apply it twice: only when it aborted. */
    public boolean safeToRetry() {
        return this == ABORTED;
    }

    /** Whether the outcome is final: committed or aborted. */
    public boolean isSettled() {
        return this == COMMITTED || this == ABORTED;
    }
}
