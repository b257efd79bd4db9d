package io.retrying.jdbc.internal.jdbc;

import java.sql.SQLException;

/**
 * Added (suppressed) to the failure that lost a connection in autocommit while it held what a new
 * connection cannot get back (pinned session state, a transaction begun with SQL): the connection
 * now refuses calls with 08003 until {@code rollback()}, and in autocommit no pool calls that. A
 * pool's exception override (HikariCP's {@code RetryingExceptionOverride}) reads it and evicts the
 * connection, as plain HikariCP evicts one whose backend died: the next borrower must get neither
 * the refusal nor anything of the last borrower's session.
 */
public final class LostUntilRollback extends SQLException {

    private static final long serialVersionUID = 1L;

    /** The SQLState of the calls the connection refuses: 08003, connection does not exist. */
    public static final String STATE = "08003";

    LostUntilRollback(String pinnedBy) {
        super("The connection now refuses calls until rollback(): it was lost while it held "
                + (pinnedBy != null ? "session state that cannot be restored (" + pinnedBy + ")"
                        : "a transaction begun with SQL"), STATE);
    }

    /** Whether {@code failure} lost its connection so (the mark is among its suppressed exceptions). */
    public static boolean marks(Throwable failure) {
        for (Throwable s : failure.getSuppressed()) {
            if (s instanceof LostUntilRollback) {
                return true;
            }
        }
        return false;
    }
}
