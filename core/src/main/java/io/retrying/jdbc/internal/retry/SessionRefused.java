package io.retrying.jdbc.internal.retry;

import java.sql.SQLException;

/**
 * A new connection was dialed, and the session the application had cannot be given to it (what it
 * set is not restorable, or code in the database may have set who or for whom it runs): 08003, and
 * calls are refused until {@code rollback()}. Never retried: another new connection would lack the
 * same state, so no retry of a transaction's replay or of a statement may dial past it (it is
 * {@link FailureClass} FATAL).
 */
public final class SessionRefused extends SQLException {

    private static final long serialVersionUID = 1L;

    public SessionRefused(String message, String sqlState) {
        super(message, sqlState);
    }

    public SessionRefused(String message, String sqlState, Throwable cause) {
        super(message, sqlState, cause);
    }
}
