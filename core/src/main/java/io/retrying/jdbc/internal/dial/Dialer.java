package io.retrying.jdbc.internal.dial;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Where physical connections come from: a driver URL, a {@code DataSource}, a pool. The retrying
 * connection dials through it at open and again whenever it must swap a broken connection.
 */
@FunctionalInterface
public interface Dialer {

    /** A new physical connection. */
    Connection dial() throws SQLException;

    /**
     * A new physical connection to replace one that was lost. The default is {@link #dial()}: a
     * driver dials afresh. A pool may hand out connections that died with the same server; a dialer
     * that finds one dead and gives it back unused (see {@link DataSourceDialer#dialReplacement})
     * tells {@code deadOnes} of each, so that its eviction is reported like every other.
     */
    default Connection dialReplacement(DeadReplacements deadOnes) throws SQLException {
        return dial();
    }

    /** Hears of each connection lent as a replacement that was found dead and given back unused. */
    @FunctionalInterface
    interface DeadReplacements {
        /** One was discarded; {@code why} says how it was found dead. */
        void discarded(SQLException why);
    }

    /**
     * The {@code loginTimeout} pgjdbc applies to this dialer's dials, in ms, read as pgjdbc reads it
     * ({@link LoginTimeout#millis}); 0 or less: none. It bounds the layer's whole dial, retries
     * included. The default is none: a pool's borrow is bounded by the pool's own timeout.
     */
    default long loginTimeoutMillis() {
        return 0;
    }

    /** For logs and caches keyed by database: host, port and database; never a password. */
    default String describe() {
        return getClass().getName();
    }

    /**
     * Gives back a connection that broke. The default closes it quietly; over a pool, evict it so
     * that nobody else borrows it.
     */
    default void discard(Connection broken) {
        try {
            broken.close();
        } catch (SQLException | RuntimeException ignored) {
            // it is broken: closing is a courtesy to the driver, its failure tells us nothing
        }
    }

    /**
     * Whether the URL names several hosts with {@code targetServerType=primary}: then a read-only
     * error (25006) means we reached a demoted primary, and a new connection finds the new one.
     */
    default boolean multiHostPrimary() {
        return false;
    }

    /**
     * The server (or multi-host target) whose circuit breaker guards this dialer's dials; null
     * when its dials are not its own to guard (a pool dials for itself, a test's dialer).
     */
    default DialTarget dialTarget() {
        return null;
    }

    /**
     * Whether {@link #dial(HostChoice)} dials only the hosts chosen, and tells each host's breaker
     * whether it was reached: a driver URL naming several hosts does.
     */
    default boolean choosesHosts() {
        return false;
    }

    /** A new physical connection to one of the hosts {@code hosts} tries. The default is {@link #dial()}. */
    default Connection dial(HostChoice hosts) throws SQLException {
        return dial();
    }
}
