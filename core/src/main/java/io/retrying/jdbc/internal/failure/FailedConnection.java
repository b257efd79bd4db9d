package io.retrying.jdbc.internal.failure;

import io.retrying.jdbc.internal.commit.CommittingConnection;

import io.retrying.jdbc.CommitOutcomeUnknownException;
import java.sql.SQLException;

/**
 * The retrying connection as the funnel sees it: what it reads to gather a failure's facts, and
 * the few things a decision may do to it (beyond what commit resolution may). The wrappers implement it; the funnel never names them.
 */
public interface FailedConnection extends CommittingConnection {

    /**
     * What the connection is as {@code e}, one of its calls' failures, reaches the funnel: read
     * once, before anything is decided.
     */
    ConnectionState stateAt(SQLException e);

    boolean inTransaction();

    /** The server refused a statement inside the transaction: that may have aborted it. */
    void refusedByServer(SQLException e);

    /** pgjdbc closed its connection on purpose: this one is closed too. */
    void closedByDriver();

    /** A COMMIT sent as SQL lost its reply: the transaction is over, its outcome unknown. */
    CommitOutcomeUnknownException commitStatementLost(SQLException lost);
}
