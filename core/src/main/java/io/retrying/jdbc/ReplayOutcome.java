package io.retrying.jdbc;

/**
 * What became of a transaction that lost its connection or met a retryable failure before COMMIT,
 * told to {@link RetryListener#onReplay}.
 */
public enum ReplayOutcome {
    /** The journal ran again on a new transaction and saw what the application saw: it carries on. */
    REPLAYED,
    /** The replay saw different results: {@link ReplayDivergedException} reaches the application. */
    DIVERGED,
    /**
     * The failure was retryable but the transaction could not be replayed (its journal was over its
     * bounds or refused, the connection was pinned, an earlier statement had failed): the failure
     * reaches the application.
     */
    NOT_REPLAYABLE
}
