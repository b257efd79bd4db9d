package io.retrying.jdbc.internal.replay;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A result set the application read inside a journaled transaction: the digest of the rows it saw
 * verifies a replay, which then re-points it at the replay's rows. The wrappers' result sets
 * implement it.
 */
public interface JournaledRows {

    /** The digest of the rows read so far; null until the journal starts one. */
    ResultDigest digest();

    /** Starts digesting the rows the application reads. */
    void startDigest();

    /** Closed by the application. */
    boolean closedByApp();

    /** Carries on, at the row the application had reached, on {@code replayed}. */
    void repoint(ResultSet replayed) throws SQLException;
}
