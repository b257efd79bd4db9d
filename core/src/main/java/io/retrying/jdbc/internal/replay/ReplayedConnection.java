package io.retrying.jdbc.internal.replay;

import io.retrying.jdbc.internal.retry.Line;
import io.retrying.jdbc.internal.session.SessionState;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The retrying connection as a transaction's replay sees it: a physical connection to begin the
 * transaction again on, the journal, the session's savepoints. The wrappers implement it.
 */
public interface ReplayedConnection extends Line {

    /** The physical connection, dialing one when there is none. */
    Connection delegate() throws SQLException;

    /** The open transaction's journal. */
    Journal journal();

    /** What the application set on the session. */
    SessionState session();

    void transactionFailed(SQLException e);

    /** The connection died holding what cannot be restored: calls refused until rollback(). */
    void markLost(SQLException cause);

    /** A replay rolled the transaction back on the same connection: it starts afresh. */
    void restartTransaction();

    /** A replay reproduced the transaction ({@code work}: it had done something): its failure is healed. */
    void replayed(boolean work);
}
