package io.retrying.jdbc.internal.commit;

/**
 * A prepared statement that may hold a capturing twin ({@link RidingTwins}): the wrappers'
 * prepared statements implement it.
 */
public interface TwinHolder {

    /** Closed by the application: its twin may go to another. */
    boolean closedByApp();

    /** Whether the twin it holds may be lent to another once it is closed. */
    boolean twinClean();
}
