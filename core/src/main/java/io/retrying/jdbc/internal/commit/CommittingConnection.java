package io.retrying.jdbc.internal.commit;

import io.retrying.jdbc.internal.replay.ReplayedConnection;
import io.retrying.jdbc.internal.replay.TransactionReplay;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The retrying connection as COMMIT and its resolution see it. The wrappers implement it; commit
 * resolution never names them.
 */
public interface CommittingConnection extends ReplayedConnection {

    /** The physical connection in hand, or null between a loss and the next dial (never dials). */
    Connection physicalInHand();

    /** A count of the physical connections it has had: a new one is a new generation. */
    int generation();

    /** What pins the connection to its server session, or null. */
    String pinnedBy();

    /** The replay of the open transaction on a new one. */
    TransactionReplay replay();

    /** What the open transaction's id is known to be. */
    TransactionId xid();

    /** The server refused the COMMIT: the transaction is over, rolled back. */
    void commitRefused();
}
