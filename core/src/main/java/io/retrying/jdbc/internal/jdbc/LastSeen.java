package io.retrying.jdbc.internal.jdbc;

/**
 * What the physical connections of one logical connection last answered to (or were set to by) the
 * getters pgjdbc answers from memory or from the session: the answers a connection gives once it
 * is lost inside a transaction, when there is no physical connection to ask and the application,
 * as JDBC applications do (BenchBase's error handler: {@code isReadOnly}, {@code getAutoCommit},
 * then {@code rollback()}), asks before it rolls back. Made on the first such call, so a borrow that
 * makes none allocates nothing. Not thread-safe: the connection's single-user contract guards it.
 */
final class LastSeen {
    /** The isolation level last read or set, or -1. */
    int isolation = -1;
    /** The schema last read or set, or null (unknown: JDBC lets getSchema answer null). */
    String schema;
    /** The catalog last read or set, or null. */
    String catalog;
    /** Whether {@link #applicationName} is known. */
    boolean applicationNameKnown;
    /** The client info ApplicationName last read or set. */
    String applicationName;
    /** The network timeout last read, or -1. */
    int networkTimeout = -1;

    /** SQL that may have changed the isolation, the search path or the application name ran: forget them. */
    void sqlMayHaveChangedSettings() {
        isolation = -1;
        schema = null;
        applicationNameKnown = false;
        applicationName = null;
    }
}
