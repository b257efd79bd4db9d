package io.retrying.jdbc;

import java.util.Objects;

/**
 * Where a connection's reads went, for {@link RetryListener#onReadRouted}: with reader hosts
 * ({@code retry.readers}) or a pool of readers ({@code RetryingDataSource.Builder.readers(DataSource)}),
 * a connection in {@code setReadOnly(true)} runs on a hot standby among them, or, when none is up,
 * a standby and within the lag bound, on the primary ({@code retry.readersFallBackToPrimary}). One
 * route for each physical connection dialed (over pools: borrowed) for reads (at the switch to
 * read-only, and again when a lost one is replaced); a parked connection taken back at the next
 * switch is not routed again.
 *
 * @param target the kind of server the reads run on
 * @param server the server dialed: the reader's {@code host:port} as {@code retry.readers} names it,
 *     or, over a pool and for the primary, the {@code host:port} pgjdbc reached (never a user or password)
 * @param reason why the reads run there
 */
public record ReadRoute(Target target, String server, Reason reason) {

    /** The kind of server a connection's reads run on. */
    public enum Target {
        /** A hot standby among the readers. */
        STANDBY,
        /** The primary (the URL's own hosts). */
        PRIMARY
    }

    /** Why the reads run where they do. */
    public enum Reason {
        /** The connection is read-only: routed to a standby, as asked. */
        READ_ONLY,
        /**
         * No reader could take the reads (each was down, no standby, or further behind than
         * {@code retry.readerMaxLagMs}): they fell back to the primary.
         */
        NO_STANDBY_USABLE
    }

    /**
     * @throws NullPointerException when an argument is null
     */
    public ReadRoute {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(reason, "reason");
    }
}
