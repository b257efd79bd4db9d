package io.retrying.jdbc.internal.retry;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The physical connection under a retrying connection, as the concerns below the wrappers see it:
 * they may drop a dead one and dial a new one (the session restored), never more.
 */
public interface Line {

    /** The retrying connection's id, for events. */
    String id();

    /** The physical connection is dead: the next call dials a new one. */
    void dropPhysical();

    /** A new physical connection, the session restored; the old one discarded. */
    Connection swap() throws SQLException;
}
