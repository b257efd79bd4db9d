package io.retrying.jdbc.internal.commit;

import io.retrying.jdbc.internal.replay.Journal;
import io.retrying.jdbc.internal.replay.TransactionReplay;
import io.retrying.jdbc.internal.retry.Line;
import io.retrying.jdbc.internal.session.SessionState;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The retrying connection as COMMIT and its resolution see it. The wrappers implement it; commit
 * resolution never names them.
 */
public interface CommittingConnection extends Line {

    /** The physical connection, dialing one when there is none. */
    Connection delegate() throws SQLException;

    /** The physical connection in hand, or null between a loss and the next dial (never dials). */
    Connection physicalInHand();

    /** A count of the physical connections it has had: a new one is a new generation. */
    int generation();

    /** What pins the connection to its server session, or null. */
    String pinnedBy();

    /** The open transaction's journal. */
    Journal journal();

    /** The replay of the open transaction on a new one. */
    TransactionReplay replay();

    /** What the open transaction's id is known to be. */
    TransactionId xid();

    /** What the application set on the session. */
    SessionState session();

    void transactionFailed(SQLException e);

    /** The connection died holding what cannot be restored: calls refused until rollback(). */
    void markLost(SQLException cause);

    /** The server refused the COMMIT: the transaction is over, rolled back. */
    void commitRefused();
}
