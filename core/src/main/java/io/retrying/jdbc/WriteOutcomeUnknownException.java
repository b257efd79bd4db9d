package io.retrying.jdbc;

import java.sql.SQLException;

/**
 * An autocommit statement that may write lost its connection while it ran, and the layer cannot
 * tell whether the server applied it (SQLSTATE 08007, transaction_resolution_unknown). It was not
 * run again: running it blind could apply it twice. The autocommit counterpart of
 * {@link CommitOutcomeUnknownException}; catch both to handle every outcome in doubt. The cause is
 * the failure that lost the connection.
 *
 * <p>The message names the ways out ({@link #WAYS_OUT}): look the write up by its key before
 * repeating it, make it idempotent, or run it in a transaction, whose COMMIT outcome the layer
 * resolves.
 */
public class WriteOutcomeUnknownException extends SQLException {
    private static final long serialVersionUID = 1L;

    /** SQLSTATE transaction_resolution_unknown. */
    public static final String SQLSTATE = "08007";

    /** The sentence every message ends with: what the application can do about it. */
    public static final String WAYS_OUT = "Before running it again, look the write up by its key;"
            + " or make it idempotent (an upsert, a unique request key) so that running it again is harmless;"
            + " or run it in a transaction, whose COMMIT outcome is resolved.";

    /**
     * @param what  what happened (no host, user, password or data value in it); {@link #WAYS_OUT} is appended
     * @param cause the failure that lost the connection
     */
    public WriteOutcomeUnknownException(String what, Throwable cause) {
        super(what + ". " + WAYS_OUT, SQLSTATE, 0, cause);
    }
}
