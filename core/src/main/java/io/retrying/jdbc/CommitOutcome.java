package io.retrying.jdbc;

/**
 * What became of a transaction whose COMMIT went unanswered, as {@link Commits#resolve} learns it
 * from another connection.
 */
public enum CommitOutcome {
    /** It landed: do not run it again. */
    COMMITTED,
    /** It did not: run it again, as after a conflict. */
    ABORTED,
    /** The server has not finished with it (or it is a prepared two-phase transaction): wait and ask again. */
    IN_PROGRESS,
    /**
     * The server no longer knows (the id is older than its commit-log horizon) or never knew it (an
     * id "in the future": another server, or a failover that lost it). Report it; it is not the same
     * as aborted.
     */
    UNKNOWN;

    /** True only for ABORTED: running the work again cannot apply it twice. */
    public boolean safeToRetry() {
        return this == ABORTED;
    }

    /** True for COMMITTED and ABORTED: the answer is final. */
    public boolean isSettled() {
        return this == COMMITTED || this == ABORTED;
    }
}
