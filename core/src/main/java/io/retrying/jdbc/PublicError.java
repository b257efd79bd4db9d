package io.retrying.jdbc;

/**
 * What a failure may say on a public, unauthenticated endpoint (seed 000): a stable, coarse label,
 * whether trying again later may help, and a fixed sentence per label. Nothing else: no SQLSTATE, no
 * schema, table, column or constraint name, no host, port, user or driver text. Logs get the truth;
 * a response gets one of these.
 *
 * <p>The SQLSTATE is left out on purpose although it is generic: telling 42P01 (no such table) from
 * 42703 (no such column) from 42501 (no permission) lets an unauthenticated caller probe the schema
 * one request at a time.
 *
 * <p>The labels are a stable contract (callers persist and match them); new ones are added only at
 * the end, and existing ones are never renamed.
 */
public enum PublicError {
    /** The database, or the pool in front of it, has no connection to give right now (53xxx, a pool timeout). */
    TOO_MANY_CONNECTIONS(true, "The database is busy. Try again later."),
    /** The database could not be reached or dropped the connection (class 08, a restart, a lost socket, 57P0x). */
    CONNECTION_FAILED(true, "The database could not be reached. Try again later."),
    /** The statement ran out of time and was cancelled (57014, a socket read timeout). */
    TIMEOUT(true, "The request took too long and was stopped. Try again later."),
    /** The work lost a race with concurrent work: serialization failure, deadlock, a held lock, a statement gone stale. */
    CONFLICT(true, "The request conflicted with a concurrent change. Try again."),
    /** Whether the work took effect is unknown (a COMMIT without an answer): check before repeating it. */
    COMMIT_UNKNOWN(false, "The outcome of the request is unknown. Check before repeating it."),
    /** The request itself failed: SQL, data, constraints, permissions, configuration, anything unknown. */
    QUERY_FAILED(false, "The request failed.");

    private final boolean retryable;
    private final String message;

    PublicError(boolean retryable, String message) {
        this.retryable = retryable;
        this.message = message;
    }

    /**
     * The public face of {@code e}. Retries already exhausted are judged by their last failure (a
     * conflict that outlasted its retries is still a conflict that may pass later).
     */
    public static PublicError of(Throwable e) {
        if (e == null) {
            throw new NullPointerException("e");
        }
        Throwable failure = lastFailure(e);
        Retryability recovery = Classifier.retryability(failure);
        String state = Classifier.sqlState(failure);
        switch (recovery) {
            case SAFE:
            case RESET_STATE:
                return CONFLICT;
            case BACKPRESSURE:
                // class 53 is a full server, a pool timeout has no code of its own; class 55 is a held lock
                return state != null && state.startsWith("55") ? CONFLICT : TOO_MANY_CONNECTIONS;
            case RECONNECT:
                return CONNECTION_FAILED;
            case UNKNOWN:
                return COMMIT_UNKNOWN;
            default:
                return Classifier.timedOut(failure) ? TIMEOUT : QUERY_FAILED;
        }
    }

    /** The label: the constant's name, e.g. {@code "QUERY_FAILED"}. */
    public String label() {
        return name();
    }

    /** Whether trying again later may help. */
    public boolean retryable() {
        return retryable;
    }

    /** A fixed sentence for this label, safe to show to anyone. */
    public String message() {
        return message;
    }

    private static Throwable lastFailure(Throwable e) {
        for (Throwable t : Classifier.chain(e)) {
            if (t instanceof RetriesExhaustedException && t.getCause() != null) {
                return t.getCause();
            }
        }
        return e;
    }
}
