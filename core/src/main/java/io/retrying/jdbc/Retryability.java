package io.retrying.jdbc;

/**
 * How a failure can be recovered from: six classes, because the recoveries differ and picking the
 * wrong one is worse than not retrying (a 26000 looks as though reconnecting fixes it, but that
 * only hides the cause until it comes back).
 *
 * <p>{@link Classifier} assigns a class to a failure; {@link RetryPolicy#decide} turns a class
 * into a decision. The table of SQLSTATEs per class is in {@link Classifier} and in DESIGN.md.
 */
public enum Retryability {
    /** Roll back and run the work again on the same connection: 40001, 40P01; 23505/42P07 when merging. */
    SAFE(true, false, true, false, false),
    /** Take a new connection, restore the session, run the work again: class 08, 57P01, 57P03, a lost socket... */
    RECONNECT(true, true, false, false, false),
    /** Run the work again after a longer wait: the server or the pool is full (53300, 55P03, a pool timeout...). */
    BACKPRESSURE(true, false, true, false, true),
    /** Keep the connection, drop its stale prepared statements, run the work again: 26000, cached-plan 0A000. */
    RESET_STATE(true, false, true, true, false),
    /**
     * Find out what happened before doing anything: the work may or may not have taken effect
     * (40003, 08007, a connection lost after the work wrote). Not retryable blind; a COMMIT is
     * resolved through {@link Commits#resolve}, and only work declared idempotent may simply run again.
     */
    UNKNOWN(false, false, false, false, false),
    /** Never retry: it would fail the same way (syntax, data, constraint, permission, 57014, unknown codes). */
    FATAL(false, false, false, false, false);

    private final boolean retryable;
    private final boolean newConnection;
    private final boolean keepConnection;
    private final boolean clearStatements;
    private final boolean longerDelay;

    Retryability(boolean retryable, boolean newConnection, boolean keepConnection,
                 boolean clearStatements, boolean longerDelay) {
        this.retryable = retryable;
        this.newConnection = newConnection;
        this.keepConnection = keepConnection;
        this.clearStatements = clearStatements;
        this.longerDelay = longerDelay;
    }

    /** True for the classes whose work may simply run again: SAFE, RECONNECT, BACKPRESSURE, RESET_STATE. */
    public boolean isRetryable() {
        return retryable;
    }

    /** True for RECONNECT: the connection is gone or unusable, the retry needs another one. */
    public boolean needsNewConnection() {
        return newConnection;
    }

    /**
     * True for SAFE, BACKPRESSURE and RESET_STATE: the connection is healthy and the retry may use
     * it again (after a rollback). False for UNKNOWN and FATAL too: they say nothing about it.
     */
    public boolean keepsConnection() {
        return keepConnection;
    }

    /** True for RESET_STATE: the connection's server-side prepared statements went stale. */
    public boolean clearsPreparedStatements() {
        return clearStatements;
    }

    /** True for BACKPRESSURE: the retry waits longer (its backoff starts from twice the base delay). */
    public boolean wantsLongerDelay() {
        return longerDelay;
    }
}
