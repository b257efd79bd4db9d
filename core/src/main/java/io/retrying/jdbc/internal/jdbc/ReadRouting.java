package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.ReadRoute;
import io.retrying.jdbc.internal.config.ReadPositions;
import io.retrying.jdbc.internal.config.Readers;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.config.RetrySetting;
import io.retrying.jdbc.internal.dial.DataSourceDialer;
import io.retrying.jdbc.internal.dial.DialTarget;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.dial.ReaderPool;
import io.retrying.jdbc.internal.dial.DriverDialer;
import io.retrying.jdbc.internal.events.RetryReporter;
import io.retrying.jdbc.internal.proof.ReadOnlyFrame;
import io.retrying.jdbc.internal.proof.ReadOnlyProof;
import io.retrying.jdbc.internal.session.HeldSettings;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.locks.LockSupport;
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

    /** What this data source's reads must see (issue 39); null when the guarantee is off. */
    final ReadPositions positions;
    private final long waitNanos;
    /** Whether the last {@link #caughtUp} had to wait: the route says so. */
    boolean waited;

    /**
     * Past every commit record that had returned before it is asked: a commit returns once its record
     * is flushed (synchronous_commit on, local, remote_*), so the flush position; under
     * synchronous_commit=off it returns before, and only the insert position is past it. The flush
     * position, not always the insert one: no standby can replay past the flush position, and WAL
     * inserted without a commit (a background record) may wait for the WAL writer for seconds on an
     * idle primary, every read meanwhile falling back to the primary.
     */
    private static final String PRIMARY_POSITION = ReadOnlyProof.MARK + "SELECT (CASE WHEN"
            + " pg_catalog.current_setting('synchronous_commit') = 'off' THEN pg_catalog.pg_current_wal_insert_lsn()"
            + " ELSE pg_catalog.pg_current_wal_flush_lsn() END)::pg_catalog.text";
    /** When a session of the data source set synchronous_commit itself: the insert position. */
    private static final String PRIMARY_INSERT_POSITION = ReadOnlyProof.MARK
            + "SELECT pg_catalog.pg_current_wal_insert_lsn()::pg_catalog.text";
    /** How long a read waiting for a standby's replay sleeps between its questions. */
    private static final long POLL_NANOS = 2_000_000L;
    /** The position a read must see is not known (no connection to the primary at hand to ask): read there. */
    static final long UNKNOWN = -1;

    /** A connection to the primary to ask its position on, and to let go after. */
    interface PrimaryAtHand {
        long position() throws SQLException;
    }

    ReadRouting(Dialer writer, Readers readers, ReadPositions positions, RetryReporter reporter, long connectionNumber) {
        this.writer = writer;
        this.readers = readers;
        this.reporter = reporter;
        this.connectionNumber = connectionNumber;
        this.positions = readers.readsYourWrites() ? positions : null;
        this.waitNanos = readers.readsYourWrites() ? readers.waitForWrites().toNanos() : 0;
    }

    /**
     * Something ran on the primary through this connection that may have committed (a COMMIT, a
     * statement in autocommit), or a read there saw what the primary has: a later read-only unit must
     * see it (issue 39). A count, no round trip: the position is asked by the read that needs it.
     */
    final void ranOnPrimary() {
        if (positions != null && !onReader) {
            positions.mayHaveCommitted();
        }
    }

    /**
     * The WAL position a read-only unit must see on a standby: the data source's mark, raised first
     * by the primary's position when commits ran since it was last learned (one question, asked on
     * {@code primary}); {@link ReadPositions#NONE} when nothing must be seen, {@link #UNKNOWN} when
     * the primary must be asked and no connection to it is at hand.
     */
    final long needed(PrimaryAtHand primary) {
        if (positions == null) {
            return ReadPositions.NONE;
        }
        long commits = positions.uncovered();
        if (commits >= 0) {
            if (primary == null) {
                return UNKNOWN;
            }
            try {
                positions.learned(commits, primary.position());
            } catch (SQLException | RuntimeException unanswered) {
                return UNKNOWN; // the read goes to the primary, which has it all
            }
        }
        return positions.mark();
    }

    /**
     * A statement that may change settings ran through this connection: one that names
     * {@code synchronous_commit} may make its commits return before their WAL is flushed (issue 39).
     * Off the happy path (only statements the scanner flags as touching settings pass here).
     */
    final void settingsRan(String sql) {
        if (positions != null && sql != null && !positions.asyncCommits()
                && sql.toLowerCase(java.util.Locale.ROOT).contains("synchronous_commit")) {
            positions.asyncCommitsSeen();
        }
    }

    /** The primary's position, asked on {@code primary} in a read-only frame. */
    static long primaryPosition(Connection primary, ReadPositions positions) throws SQLException {
        String sql = positions.asyncCommits() ? PRIMARY_INSERT_POSITION : PRIMARY_POSITION;
        return ReadOnlyFrame.ask(primary, c -> {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                rs.next();
                return ReadPositions.parse(rs.getString(1));
            }
        });
    }

    /** The deadline of a read's wait for a standby's replay, from now. */
    final long waitDeadline() {
        return System.nanoTime() + waitNanos;
    }

    /**
     * Whether {@code standby} has replayed {@code needed}, known to have replayed {@code known}: asked
     * again (in a read-only frame) while it has not, until {@code deadline}; sets {@link #waited}.
     * When it has, the mark is raised to what it replayed (monotonic reads: a later read, on any
     * standby, sees at least this). Returns what it replayed, or -1 when it has not within the bound.
     */
    final long caughtUp(Connection standby, long known, long needed) throws SQLException {
        return caughtUp(standby, known, needed, waitDeadline());
    }

    final long caughtUp(Connection standby, long known, long needed, long deadline) throws SQLException {
        waited = false;
        if (positions == null) {
            return known;
        }
        long replayed = known;
        while (replayed < needed) {
            replayed = StandbyCheck.replayed(standby);
            if (replayed == StandbyCheck.NOT_A_STANDBY) {
                return -1;
            }
            if (replayed >= needed) {
                break;
            }
            if (System.nanoTime() - deadline >= 0) {
                return -1;
            }
            waited = true;
            LockSupport.parkNanos(POLL_NANOS);
        }
        positions.raise(replayed);
        return replayed;
    }

    /** Why reads run on a standby now: as asked, or after it caught up with what they must see. */
    final ReadRoute.Reason standbyReason() {
        return waited ? ReadRoute.Reason.WAITED_FOR_WRITES : ReadRoute.Reason.READ_ONLY;
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
