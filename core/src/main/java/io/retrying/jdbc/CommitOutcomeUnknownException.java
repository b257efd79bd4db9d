package io.retrying.jdbc;

import java.sql.SQLException;

/**
 * A COMMIT was sent and its answer lost, and asking the server afterwards did not settle whether it
 * took effect (SQLSTATE 08007, transaction_resolution_unknown). The work must not be run again
 * blind: it may have been applied. {@link #xid()} is the transaction's id, for a later
 * {@link Commits#resolve} or for a human.
 */
public class CommitOutcomeUnknownException extends SQLException {
    private static final long serialVersionUID = 1L;

    /** SQLSTATE transaction_resolution_unknown. */
    public static final String SQLSTATE = "08007";

    private final long xid;

    /**
     * @param message what happened (no host, user or password in it)
     * @param xid     the transaction id captured before COMMIT, or {@link Commits#NO_XID}
     * @param cause   the failure that lost the answer to the COMMIT
     */
    public CommitOutcomeUnknownException(String message, long xid, Throwable cause) {
        super(message, SQLSTATE, 0, cause);
        this.xid = xid;
    }

    /** The id of the transaction whose COMMIT is in doubt, or {@link Commits#NO_XID} if none was captured. */
    public long xid() {
        return xid;
    }
}
