package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.ReadRoute;
import io.retrying.jdbc.internal.dial.DialTarget;
import io.retrying.jdbc.internal.dial.HostChoice;
import io.retrying.jdbc.internal.config.Readers;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.config.RetrySetting;
import io.retrying.jdbc.internal.dial.DataSourceDialer;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.dial.DriverDialer;
import io.retrying.jdbc.internal.events.RetryReporter;
import io.retrying.jdbc.internal.proof.ReadOnlyFrame;
import io.retrying.jdbc.internal.proof.ReadOnlyProof;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.postgresql.core.BaseConnection;
import org.postgresql.util.HostSpec;
import org.postgresql.core.TransactionState;

/**
 * Where one retrying connection's physical connections come from when the data source names reader
 * hosts ({@code retry.readers}): in {@code setReadOnly(true)}, a hot standby among the readers; else
 * the URL's own hosts (the primary). One per retrying connection, confined to it as the
 * connection's own state is.
 *
 * <p>A reader is taken when it is a standby ({@code in_hot_standby}, reported at connect: a reader
 * promoted by a failover is no reader) and within the lag bound, measured once when it is dialed
 * (in a read-only frame: {@code now() - pg_last_xact_replay_timestamp()}, zero when it has replayed
 * all it received, since an idle primary sends no new transactions to date the replay by; unknown,
 * and so too far, when WAL waits and no transaction was replayed since the standby started). One that
 * fails to dial, is no standby or lags is left for the next; with none left, reads go to the primary
 * when {@code retry.readersFallBackToPrimary} (the default), else the dial fails with 08001 and is
 * retried within the reconnect window as any failed dial.
 *
 * <p>Switching between the roles keeps the other role's physical connection open ("parked"), so
 * that a pool that sets and resets read-only on every borrow dials each server once, not on every
 * switch. A parked connection found dead is healed as any lost connection: on its next use.
 *
 * <p>Each physical connection dialed for reads is reported ({@link RetryReporter#readRouted}): a
 * standby, or the primary when no reader could take the reads; a parked one taken back is not.
 */
final class ReadRouting implements Dialer {

    private static final String LAG = ReadOnlyProof.MARK + "SELECT pg_catalog.pg_is_in_recovery(),"
            + " CASE WHEN pg_catalog.pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_catalog.pg_last_wal_replay_lsn()"
            + " THEN 0 ELSE extract(epoch FROM pg_catalog.now() - pg_catalog.pg_last_xact_replay_timestamp()) * 1000 END";

    /** Dials one reader with the writer's database, user and settings. */
    @FunctionalInterface
    interface HostDialer {
        Connection dial(String host, int port) throws SQLException;
    }

    private final Dialer writer;
    private final HostDialer hosts;
    private final Readers readers;
    private final RetryReporter reporter;
    /** The retrying connection's number, for the routing's log line. */
    private final long connectionNumber;
    /** Whether the connection wants a reader (it is in setReadOnly(true)). */
    private boolean reads;
    /** Whether the physical connection in hand is a reader's. */
    private boolean onReader;
    /** Set while a role switch discards the physical in hand: it is parked, not closed. */
    private boolean switching;
    private Connection parkedWriter;
    private Connection parkedReader;

    ReadRouting(Dialer writer, HostDialer hosts, Readers readers, RetryReporter reporter, long connectionNumber) {
        this.writer = writer;
        this.hosts = hosts;
        this.readers = readers;
        this.reporter = reporter;
        this.connectionNumber = connectionNumber;
    }

    /**
     * {@code dialer} routed by {@code readers}, or {@code dialer} itself when there are none.
     *
     * @throws SQLException 22023 when readers are named but the connections do not come from a URL
     *     (the readers are dialed with the URL's database, user and settings)
     */
    static Dialer over(Dialer dialer, Readers readers, RetryReporter reporter, long connectionNumber) throws SQLException {
        if (readers.none()) {
            return dialer;
        }
        if (dialer instanceof DriverDialer driver) {
            return new ReadRouting(driver, driver::dialHost, readers, reporter, connectionNumber);
        }
        if (dialer instanceof DataSourceDialer source && source.dialsHosts()) {
            return new ReadRouting(source, source::dialHost, readers, reporter, connectionNumber);
        }
        throw new SQLException(RetrySetting.READERS.key() + " needs a jdbc:retrying:postgresql: URL (or a data source"
                + " set up with a URL, or over pgjdbc's own data source; not over a pool): the readers are dialed with"
                + " its database, user and settings",
                RetryConfig.INVALID_SETTING_STATE);
    }

    /**
     * The connection is set read-only or read-write: whether its physical connection must change
     * servers for it (the caller then lets the one in hand go, parked, and dials through this). Only
     * between transactions: {@code physical}'s server knows of none open.
     */
    boolean switchFor(boolean readOnly, Connection physical) {
        reads = readOnly;
        if (physical == null || readOnly == onReader || !idle(physical)) {
            return false;
        }
        switching = true;
        return true;
    }

    private static boolean idle(Connection physical) {
        try {
            return physical.unwrap(BaseConnection.class).getTransactionState() == TransactionState.IDLE;
        } catch (SQLException notPgjdbc) {
            return false;
        }
    }

    @Override
    public Connection dial() throws SQLException {
        if (!reads) {
            Connection parked = takeParkedWriter();
            return parked != null ? parked : writer.dial();
        }
        Connection parked = parkedReader;
        parkedReader = null;
        if (parked != null && !parked.isClosed()) {
            onReader = true;
            return parked;
        }
        SQLException none = null;
        for (Readers.Host host : readers.order()) {
            Connection c = null;
            try {
                c = hosts.dial(host.host(), host.port());
                String refusal = refusal(c);
                if (refusal == null) {
                    onReader = true;
                    routed(ReadRoute.Target.STANDBY, host.toString(), ReadRoute.Reason.READ_ONLY);
                    return c;
                }
                writer.discard(c);
                none = addTo(none, new SQLException("The reader " + host + " " + refusal, "08001"));
            } catch (SQLException failed) {
                if (c != null) {
                    writer.discard(c);
                }
                if (!Classifier.retryability(failed).needsNewConnection()) {
                    throw failed; // a refusal no other host cures (a password, a missing database)
                }
                none = addTo(none, failed);
            }
        }
        if (readers.fallBackToPrimary()) {
            onReader = false;
            Connection primary = writer.dial();
            routed(ReadRoute.Target.PRIMARY, serverOf(primary), ReadRoute.Reason.NO_STANDBY_USABLE);
            return primary;
        }
        SQLException failed = new SQLException("No reader of " + readers.hosts() + " is up, a standby and within "
                + readers.maxLag().toMillis() + " ms of the primary (retry.readersFallBackToPrimary=false)", "08001");
        if (none != null) {
            failed.initCause(none);
        }
        throw failed;
    }

    /** Why the reader {@code c} reached is not to be read from, or null when it is. */
    private String refusal(Connection c) throws SQLException {
        return ReadOnlyFrame.ask(c, physical -> {
            try (Statement st = physical.createStatement(); ResultSet rs = st.executeQuery(LAG)) {
                rs.next();
                if (!rs.getBoolean(1)) {
                    return "is not a standby (promoted?)";
                }
                double lag = rs.getDouble(2);
                if (rs.wasNull()) {
                    // WAL waits to be replayed and no transaction was replayed since it started: unknown
                    return "has WAL to replay and has replayed no transaction to date its lag by";
                }
                long lagMs = (long) lag;
                Duration bound = readers.maxLag();
                return lagMs > bound.toMillis() ? "lags " + lagMs + " ms behind the primary, more than " + bound.toMillis()
                        + " ms" : null;
            }
        });
    }

    private void routed(ReadRoute.Target target, String server, ReadRoute.Reason reason) {
        reporter.readRouted(new ReadRoute(target, server, reason), RetryingConnections.id(connectionNumber));
    }

    /** The {@code host:port} pgjdbc reached on {@code c} (a multi-host URL's primary), from its memory: no round trip. */
    private static String serverOf(Connection c) {
        try {
            HostSpec reached = c.unwrap(BaseConnection.class).getQueryExecutor().getHostSpec();
            return new Readers.Host(reached.getHost(), reached.getPort()).toString();
        } catch (SQLException notPgjdbc) {
            return "unknown";
        }
    }

    private static SQLException addTo(SQLException first, SQLException next) {
        if (first == null) {
            return next;
        }
        first.setNextException(next);
        return first;
    }

    @Override
    public void discard(Connection old) {
        if (switching) {
            switching = false;
            // kept for the next switch back: the role it was dialed for is the one it leaves
            if (onReader) {
                closeQuietly(parkedReader);
                parkedReader = old;
            } else {
                closeQuietly(parkedWriter);
                parkedWriter = old;
            }
            return;
        }
        writer.discard(old);
    }

    /** The retrying connection closed: so are the parked ones. */
    void close() {
        closeQuietly(parkedReader);
        closeQuietly(parkedWriter);
        parkedReader = null;
        parkedWriter = null;
    }

    private void closeQuietly(Connection c) {
        if (c != null) {
            writer.discard(c);
        }
    }

    /** Whether reads run on a reader now (for tests and meters). */
    boolean onReader() {
        return onReader;
    }

    @Override
    public String describe() {
        return writer.describe() + " (readers " + readers.hosts() + ")";
    }

    @Override
    public boolean multiHostPrimary() {
        return writer.multiHostPrimary();
    }

    /** The writer's breaker guards the writer's dials; a reader left is skipped by this class itself. */
    @Override
    public DialTarget dialTarget() {
        return reads ? null : writer.dialTarget();
    }

    @Override
    public boolean choosesHosts() {
        return !reads && writer.choosesHosts();
    }

    @Override
    public Connection dial(HostChoice hosts) throws SQLException {
        if (reads) {
            return dial();
        }
        Connection parked = takeParkedWriter();
        return parked != null ? parked : writer.dial(hosts);
    }

    private Connection takeParkedWriter() throws SQLException {
        onReader = false;
        Connection parked = parkedWriter;
        parkedWriter = null;
        return parked != null && !parked.isClosed() ? parked : null;
    }

    @Override
    public String toString() {
        return "ReadRouting[" + describe() + "]";
    }
}
