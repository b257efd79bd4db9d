package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.ReadRoute;
import io.retrying.jdbc.internal.config.Readers;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.config.RetrySetting;
import io.retrying.jdbc.internal.dial.DataSourceDialer;
import io.retrying.jdbc.internal.dial.DialTarget;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.dial.ReaderPool;
import io.retrying.jdbc.internal.dial.DriverDialer;
import io.retrying.jdbc.internal.events.RetryReporter;
import io.retrying.jdbc.internal.session.HeldSettings;
import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;
import org.postgresql.util.HostSpec;

/**
 * Where one retrying connection's physical connections come from when the data source has readers
 * (issue 27): in {@code setReadOnly(true)}, a hot standby; else the writer (the primary). One per
 * retrying connection, confined to it as the connection's own state is. Two kinds:
 * {@link HostReadRouting} dials the reader hosts of {@code retry.readers} itself,
 * {@link PoolReadRouting} borrows from a pool of readers ({@link ReaderPool}).
 *
 * <p>A reader is taken when it is a standby and within the lag bound ({@link StandbyCheck}); with
 * none usable, reads go to the writer when {@code retry.readersFallBackToPrimary} (the default),
 * else the dial fails with 08001 and is retried within the reconnect window as any failed dial.
 *
 * <p>Each physical connection taken for reads is reported ({@link RetryReporter#readRouted}): a
 * standby, or the primary when no reader could take the reads.
 */
abstract sealed class ReadRouting implements Dialer permits HostReadRouting, PoolReadRouting {

    final Dialer writer;
    final Readers readers;
    private final RetryReporter reporter;
    /** The retrying connection's number, for the routing's log line. */
    private final long connectionNumber;
    /** Whether the connection wants a reader (it is in setReadOnly(true)). */
    boolean reads;
    /** Whether the physical connection in hand is a reader's. */
    boolean onReader;
    /** Set while a role switch lets the physical in hand go: it is kept or given back, not discarded as broken. */
    boolean switching;
    /**
     * What the physical a role switch lets go holds beyond a fresh connection: undone before it is
     * used or lent again, or, when code in the database may have left state no reset undoes, never
     * used or lent again ({@link HeldSettings#undoable}).
     */
    HeldSettings held = HeldSettings.NONE;

    ReadRouting(Dialer writer, Readers readers, RetryReporter reporter, long connectionNumber) {
        this.writer = writer;
        this.readers = readers;
        this.reporter = reporter;
        this.connectionNumber = connectionNumber;
    }

    /**
     * {@code dialer} routed by {@code readers}, or {@code dialer} itself when there are none.
     *
     * @throws SQLException 22023 when reader hosts are named but the connections come from a pool
     *     (the readers are dialed with the URL's database, user and settings; a pool has a reader
     *     pool instead)
     */
    static Dialer over(Dialer dialer, Readers readers, RetryReporter reporter, long connectionNumber) throws SQLException {
        if (dialer instanceof ReaderPool pool) {
            return new PoolReadRouting(pool, readers, reporter, connectionNumber);
        }
        if (readers.none()) {
            return dialer;
        }
        if (dialer instanceof DriverDialer driver) {
            return new HostReadRouting(driver, driver::dialHost, readers, reporter, connectionNumber);
        }
        if (dialer instanceof DataSourceDialer source && source.dialsHosts()) {
            return new HostReadRouting(source, source::dialHost, readers, reporter, connectionNumber);
        }
        throw new SQLException(RetrySetting.READERS.key() + " needs a jdbc:retrying:postgresql: URL (or a data source"
                + " set up with a URL, or over pgjdbc's own data source): the readers are dialed with its database,"
                + " user and settings. Over a pool, give a pool of readers instead (RetryingDataSource.builder(pool)"
                + ".readers(readerPool))",
                RetryConfig.INVALID_SETTING_STATE);
    }

    /**
     * The connection is set read-only or read-write: whether its physical connection must change
     * servers for it (the caller then lets the one in hand go, through {@link #discard}, and dials
     * through this). Only between transactions: {@code physical}'s server knows of none open.
     * Inside one pgjdbc refuses the change (25001), and the routing stays as it is: the role a heal
     * dials for follows only what pgjdbc accepted. When it must, the caller sets {@link #held}: what
     * {@code physical} holds beyond a fresh connection.
     */
    final boolean switchFor(boolean readOnly, Connection physical) {
        if (readOnly == reads && readOnly == onReader) {
            return false; // nothing moves (a pool's setReadOnly on every borrow): nothing asked
        }
        TransactionState state = physical == null ? null : stateOf(physical);
        if (state != null && state != TransactionState.IDLE) {
            return false; // pgjdbc refuses it: a heal of this connection dials for the role held until now
        }
        reads = readOnly;
        if (state == null || readOnly == onReader) {
            return false;
        }
        switching = true;
        return true;
    }

    /**
     * Whether {@code physical}, pinned, is a standby's with no transaction open: a switch to the
     * primary would have to let it go with what only it holds. Inside a transaction pgjdbc refuses
     * the change itself (25001).
     */
    final boolean pinnedOnAReader(Connection physical) {
        return onReader && physical != null && stateOf(physical) == TransactionState.IDLE;
    }

    /** pgjdbc's transaction state of {@code physical} (no round trip); null when it is not pgjdbc's to ask. */
    private static TransactionState stateOf(Connection physical) {
        try {
            return physical.unwrap(BaseConnection.class).getTransactionState();
        } catch (SQLException notPgjdbc) {
            return null;
        }
    }

    /** The retrying connection closed: nothing of it may stay open here. */
    abstract void close();

    final void routed(ReadRoute.Target target, String server, ReadRoute.Reason reason) {
        reporter.readRouted(new ReadRoute(target, server, reason), RetryingConnections.id(connectionNumber));
    }

    /** The {@code host:port} pgjdbc reached on {@code c} (through a pool's proxy too), from its memory: no round trip. */
    static String serverOf(Connection c) {
        try {
            HostSpec reached = c.unwrap(BaseConnection.class).getQueryExecutor().getHostSpec();
            return new Readers.Host(reached.getHost(), reached.getPort()).toString();
        } catch (SQLException | RuntimeException notPgjdbc) {
            return "unknown";
        }
    }

    static SQLException addTo(SQLException first, SQLException next) {
        if (first == null) {
            return next;
        }
        first.setNextException(next);
        return first;
    }

    /** Whether reads run on a reader now (for tests and meters). */
    final boolean onReader() {
        return onReader;
    }

    @Override
    public boolean multiHostPrimary() {
        return writer.multiHostPrimary();
    }

    /** The writer's: the readers are dialed with its settings, or borrowed from a pool beside its pool. */
    @Override
    public long loginTimeoutMillis() {
        return writer.loginTimeoutMillis();
    }

    /** The writer's breaker guards the writer's dials; a reader is judged by this class itself. */
    @Override
    public DialTarget dialTarget() {
        return reads ? null : writer.dialTarget();
    }

    @Override
    public boolean choosesHosts() {
        return !reads && writer.choosesHosts();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + describe() + "]";
    }
}
