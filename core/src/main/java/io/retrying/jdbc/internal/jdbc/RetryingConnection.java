package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.RetryBudget;
import io.retrying.jdbc.internal.commit.CommitResolver;
import io.retrying.jdbc.internal.commit.RidingTwins;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.events.RetryReporter;
import io.retrying.jdbc.internal.failure.DriverVerdict;
import io.retrying.jdbc.internal.failure.ConnectionState;
import io.retrying.jdbc.internal.failure.FailedConnection;
import io.retrying.jdbc.internal.failure.Recovery;
import io.retrying.jdbc.internal.replay.Shape;
import io.retrying.jdbc.internal.replay.TransactionReplay;
import io.retrying.jdbc.internal.retry.Run;
import io.retrying.jdbc.internal.retry.SessionRefused;
import io.retrying.jdbc.internal.session.SessionState;
import io.retrying.jdbc.internal.session.SessionWatch;
import io.retrying.jdbc.internal.sql.ParameterLog;
import io.retrying.jdbc.internal.sql.SqlScan;
import io.retrying.jdbc.internal.telemetry.AgentUrlNote;
import io.retrying.jdbc.internal.telemetry.Telemetry;
import io.retrying.jdbc.spi.LayerTelemetry;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.ShardingKey;
import java.sql.Statement;
import java.sql.Struct;
import java.util.Set;
import java.util.concurrent.Executor;
import org.postgresql.core.BaseConnection;

/**
 * The application's {@link Connection}: it outlives the physical connections it wraps.
 *
 * <p>Methods that matter for retrying are written out and {@code final}: statement factories
 * (our statements record what a new connection needs), close, abort, unwrap here; the session
 * calls in {@link SessionCalls} (recorded in {@link SessionState}); the transaction calls and the
 * open transaction's journal and id in {@link TransactionCalls}; pgjdbc's own in
 * {@link PgConnectionExtensions}. The rest are plain pass-throughs to the current physical
 * connection, listed in {@link #PASS_THROUGH}; a reflection test holds every
 * {@code java.sql.Connection} method to one or the other. What stays here is the physical
 * connection in hand: its loss, its replacement ({@link #swap()}) and what pins it.
 *
 * <p>The physical connection is not a final field: {@link #swap()} replaces it, with a
 * {@link Placeholder} in between. A failure of any statement on this connection goes to its
 * {@link Recovery}, the one funnel that classifies, decides, recovers and re-runs or throws.
 *
 * <p>It is a {@code org.postgresql.PGConnection} too, as a pgjdbc connection is: the application's
 * casts for COPY, LISTEN/NOTIFY, large objects work ({@link PgConnectionExtensions}).
 *
 * <p>Like a pgjdbc connection, meant for one thread at a time; no locks are taken.
 */
public final class RetryingConnection extends TransactionCalls implements FailedConnection {

    /** The {@code java.sql.Connection} methods that go straight to the physical connection. */
    static final Set<String> PASS_THROUGH = Set.of(
            "createBlob()",
            "createClob()",
            "createNClob()",
            "createSQLXML()",
            "createStruct(String,Object[])",
            "nativeSQL(String)",
            "setShardingKey(ShardingKey)",
            "setShardingKey(ShardingKey,ShardingKey)",
            "setShardingKeyIfValid(ShardingKey,ShardingKey,int)",
            "setShardingKeyIfValid(ShardingKey,int)");

    private volatile Connection delegate;
    /**
     * Through {@code jdbc:retrying:postgresql:}, what tells a tracing agent pgjdbc's URL at this
     * connection's first use ({@link AgentUrlNote}); null once told, or for a connection of a data source.
     */
    AgentUrlNote urlNote;
    /** Bumped on every swap: statements made on an older physical connection re-create themselves. */
    private volatile int generation;
    private final Dialer dialer;
    /** The listener's reporter, kept (a shared one when nobody listens: nothing allocated per borrow). */
    private final RetryReporter reporter;
    /** This connection's number; its id ("rc-" + number, for events and logs) is made when first asked. */
    private final long number;
    private String id;
    // made on first need (issue 16): a borrow in autocommit that never fails needs none of them
    private Recovery recovery;
    private TransactionReplay replay;
    private CommitResolver commits;
    private AutocommitResolution autocommitResolution;
    private RetryingDatabaseMetaData metaData;
    /** Volatile: abort(Executor) may come from another thread while a statement runs here. */
    private volatile boolean closed;
    /**
     * The physical connection was lost while it held what a new one cannot restore (an open
     * transaction's work, pinned state): every call fails with this until rollback().
     */
    private SQLException lost;
    /** Why this physical connection may not be swapped transparently, or null. */
    private String pinnedBy;
    /** The prepared statements' capturing twins (issue 16), made on the first that rides. */
    private RidingTwins twins;
    RetryingConnection(Connection physical, Dialer dialer, RetryConfig config, long number) {
        super(config);
        this.delegate = physical;
        this.dialer = dialer;
        this.number = number;
        this.reporter = config.reporter();
        RetryBudget budget = config.policy().budget();
        if (budget != null) {
            budget.connectionOpened(); // the default budget's floor scales with the open connections
        }
    }

    /** This connection is closed now (it was not before): it no longer draws on the budget. */
    private void nowClosed() {
        RetryBudget budget = config.policy().budget();
        if (budget != null) {
            budget.connectionClosed();
        }
        if (dialer instanceof ReadRouting routing) {
            routing.close(); // issue 27: the other role's parked physical connection
        }
    }

    /** The capturing twins of prepared statements on the physical connection in hand, made on first use. */
    RidingTwins twins() {
        RidingTwins t = twins;
        if (t == null) {
            t = twins = new RidingTwins();
        }
        return t;
    }

    @Override
    public SessionState session() {
        return session;
    }

    /** The funnel every failure of this connection goes through. */
    @Override
    public Recovery recovery() {
        Recovery r = recovery;
        if (r == null) {
            r = recovery = new Recovery(this, config, dialer);
        }
        return r;
    }

    /**
     * Where an autocommit statement about to run with {@code op} and {@code flags} goes to be
     * resolvable if its connection is lost ({@code retry.resolveAutocommitWrites}, issue 26: the
     * caller asks only with the setting on), or null: a transaction open, a pinned or read-only
     * session, or work that cannot write by its reading ({@link AutocommitResolution#wants}).
     */
    AutocommitResolution resolvingAutocommit(int op, int flags) {
        if (inTransaction() || pinnedBy != null || session.readOnly()
                || !AutocommitResolution.wants(op, flags) || Placeholder.is(delegate)) {
            return null;
        }
        AutocommitResolution r = autocommitResolution;
        if (r == null) {
            r = autocommitResolution = new AutocommitResolution(this, config);
        }
        return r;
    }

    @Override
    public ConnectionState stateAt(SQLException e) {
        AutocommitResolution r = autocommitResolution;
        return stateAt(id(), closed, physicalInHand(), pinnedBy, r != null && r.neverCommitted(e));
    }

    /** The autocommit resolution, if one was ever made. */
    AutocommitResolution autocommitResolutionIfAny() {
        return autocommitResolution;
    }

    public TransactionReplay replay() {
        TransactionReplay r = replay;
        if (r == null) {
            r = replay = new TransactionReplay(this, config, dialer);
        }
        return r;
    }

    @Override
    final CommitResolver commits() {
        CommitResolver c = commits;
        if (c == null) {
            c = commits = new CommitResolver(this, config);
        }
        return c;
    }

    /** The physical connection in hand is being let go: see {@link SessionWatch#lettingGo}. */
    private void noteReportedAtLoss() {
        lettingGoOfSession(mayBeOpen());
    }

    // ---- state the statements and the funnel read

    public String id() {
        String s = id;
        if (s == null) {
            s = id = RetryingConnections.id(number);
        }
        return s;
    }

    public int generation() {
        return generation;
    }

    /**
     * The current physical connection. Dials a new one first when there is none (it was lost and
     * nothing stood in the way of a transparent swap); fails when the application closed this
     * connection or must first acknowledge a loss with rollback().
     */
    @Override
    public Connection delegate() throws SQLException {
        Connection d = delegate;
        if (Placeholder.is(d)) {
            d = heal();
        }
        AgentUrlNote note = urlNote;
        if (note != null) {
            urlNote = null;
            note.tell();
        }
        return d;
    }

    private Connection heal() throws SQLException {
        if (closed) {
            throw closedByApplication();
        }
        if (delegate == Placeholder.UNBORROWED) {
            return firstBorrow();
        }
        if (lost != null) {
            throw new SQLException("The connection to the server was lost while it held "
                    + (pinnedBy != null ? "session state that cannot be restored (" + pinnedBy + ")" : "an open transaction")
                    + "; that work is gone. Call rollback() to continue on a new connection.", "08003", lost);
        }
        return swap();
    }

    /** Whether a live physical connection is in hand: using it needs no dial. */
    boolean hasPhysical() {
        return !Placeholder.is(delegate) && lost == null;
    }

    /** The physical connection in hand, or null between a loss and the next dial (never dials). */
    @Override
    public Connection physicalInHand() {
        Connection d = delegate;
        return Placeholder.is(d) ? null : d;
    }

    @Override
    public String pinnedBy() {
        return pinnedBy;
    }

    /**
     * The one hook for work the layer cannot see (COPY, large objects, fastpath, unwrapped physical
     * objects, state only this server connection has): the recovery path then refuses a transparent
     * swap or replay, and the commit path ({@link CommitResolver}) will not replay the transaction.
     */
    @Override
    void pin(String reason) {
        if (pinnedBy == null) {
            pinnedBy = reason;
        }
    }

    /**
     * Swaps in a new physical connection: discards the old one, dials (within the reconnect
     * window), restores the session state the application set, runs the initializer. Open
     * statements notice the new generation and re-create themselves on their next use.
     */
    public Connection swap() throws SQLException {
        if (closed) {
            throw closedByApplication();
        }
        Connection old = delegate;
        delegate = Placeholder.RECONNECTING;
        generation++;
        if (!Placeholder.is(old)) {
            noteReportedAtLoss();
            // the layer's own work too: a pool's eviction starts its refill, which a tracer would show
            Telemetry.ownWork(LayerTelemetry.Work.RECONNECT, () -> dialer.discard(old));
        }
        SessionWatch.Checked checked;
        try {
            checked = dialChecked(() -> RetryingConnections.dial(dialer, config, number, session::restoreOnto),
                    dialer, reporter, id());
        } catch (SessionRefused refused) {
            lost = refused;
            throw refused;
        }
        Connection fresh = checked.fresh();
        pinnedBy = null;
        lost = null;
        newPhysical();
        newPhysicalForIsolation(config.initializer() != null);
        if (checked.refused() != null) {
            dialer.discard(fresh);
            lost = checked.refused();
            throw lost;
        }
        return inHand(fresh);
    }

    /**
     * The first physical connection of one opened with none ({@link RetryingConnections#open}, over a
     * pool with a pool of readers): borrowed now that the role is known, with what the application set
     * before it. Nothing was lost, so nothing is reported, checked or reset as at a swap.
     */
    private Connection firstBorrow() throws SQLException {
        return inHand(RetryingConnections.dial(dialer, config, number, session::restoreOnto));
    }

    /** {@code fresh} is the physical connection in hand now, unless the connection was closed meanwhile. */
    private Connection inHand(Connection fresh) throws SQLException {
        delegate = fresh;
        if (closed) {
            // aborted from another thread while dialing: the new connection must not outlive it
            delegate = Placeholder.CLOSED;
            dialer.discard(fresh);
            throw closedByApplication();
        }
        return fresh;
    }

    private static SQLException closedByApplication() {
        return new SQLException("This connection has been closed.", "08003");
    }

    /** The physical connection is dead: let the next call dial a new one instead of failing on it. */
    @Override
    public void dropPhysical() {
        Connection old = delegate;
        if (!Placeholder.is(old)) {
            noteReportedAtLoss();
            delegate = Placeholder.RECONNECTING;
            generation++;
            physicalGone();
            dialer.discard(old);
        }
    }

    /**
     * pgjdbc closed the physical connection on purpose ({@link DriverVerdict}): this connection is
     * closed too, as pgjdbc's is; later calls get 08003 and {@code isClosed()} is true.
     */
    public void closedByDriver() {
        if (!closed) {
            closed = true;
            nowClosed();
        }
        Connection d = delegate;
        delegate = Placeholder.CLOSED;
        if (!Placeholder.is(d)) {
            dialer.discard(d);
        }
    }

    /**
     * The physical connection died holding what cannot be restored: refuse calls until rollback().
     * In autocommit nothing ends that by itself (a pool rolls back only a manual-commit connection
     * it is handed back), so the failure says so: a pool must not lend it to another borrower as it
     * is ({@link LostUntilRollback}).
     */
    @Override
    public void markLost(SQLException cause) {
        lost = cause;
        if (session.autoCommit()) {
            cause.addSuppressed(new LostUntilRollback(pinnedBy));
        }
        dropPhysical();
    }

    /**
     * Every successful execution passes here, as every failed one passes {@link Recovery#failed}:
     * together the single place where issue 5's transaction journal hooks in (record
     * {@code statement}'s {@code op} with its current binding while {@link #inTransaction()}; on a
     * failure, replay the journal on a new transaction). Records what the statement did to the
     * session, pays the retry budget back, reports a recovery.
     */
    void executed(RetryingStatement statement, int op, int flags, String sql, int intArg, Object arg, long result,
            Statement physical, Run run) throws SQLException {
        ranOnSession();
        if ((flags & (SqlScan.SESSION | SqlScan.CONFIG | SqlScan.PINS | SqlScan.TX_CONTROL | SqlScan.CALLS)) != 0) {
            noteEffects(statement, op, flags, sql);
            readValuesAfter(flags);
        }
        journaled(statement, op, flags, sql, intArg, arg, result, physical);
        config.policy().succeeded();
        if (run != null) {
            reporter.recovered(run.recoveredEvent());
        } else {
            reporter.succeededWithoutRetry();
        }
    }

    /**
     * Lost inside a transaction (or with pinned state) and not closed: the getters answer from what
     * the layer knows (the session the application set, what the physical connections last
     * answered), as pgjdbc answers them without the server, so that an application's error handler
     * can look at the connection before its {@code rollback()} (see {@link #ANSWERS_WHEN_LOST}).
     */
    @Override
    final boolean lostInHand() {
        return lost != null && !closed;
    }

    /** Issue 27: with reader hosts, read-only runs on a standby, read-write on the primary. */
    @Override
    final void routeFor(boolean readOnly) throws SQLException {
        // between transactions the physical connection in hand is let go (parked, or back to its pool)
        // and the call below dials the other role
        if (dialer instanceof ReadRouting routing && pinnedBy != null && lost == null && !readOnly
                && routing.pinnedOnAReader(physicalInHand())) {
            // the writer's connection would not hold what only this standby's session has: refused, as a
            // heal refuses, rather than a session that says read-write and fails every write (25006)
            SessionRefused refused = new SessionRefused("setReadOnly(false) needs a connection to the primary, and the"
                    + " session holds state only its connection to the standby has (" + pinnedBy + "). Call rollback()"
                    + " to continue on a new connection without that state.", "08003");
            markLost(refused);
            throw refused;
        }
        if (dialer instanceof ReadRouting routing && pinnedBy == null && lost == null) {
            Connection physical = physicalInHand();
            if (routing.switchFor(readOnly, physical)) {
                routing.held = heldOn(physical); // undone, or the connection not kept, before anyone uses it again
                dropPhysical();
            }
        }
    }

    @Override
    final Connection toRollBack() throws SQLException {
        if (closed) {
            throw closedByApplication();
        }
        Connection d = delegate;
        if (lost == null && !Placeholder.is(d)) {
            return d;
        }
        if (lost != null) {
            lossAcknowledged(); // the next connection starts without what was lost
        }
        lost = null;
        dropPhysical();
        return null;
    }

    private void noteEffects(RetryingStatement statement, int op, int flags, String sql) {
        // a callable statement's escape syntax is not asked about as it is (null: as careful as before)
        mayChangeUnseen(flags, statement instanceof RetryingCallableStatement ? null : sql,
                statement instanceof RetryingPreparedStatement);
        if ((flags & (SqlScan.SESSION | SqlScan.CONFIG | SqlScan.TX_CONTROL | SqlScan.CALLS)) != 0) {
            // a SET, BEGIN ISOLATION LEVEL, DO, CALL or a function (set_config inside) may change the isolation
            settingsMayHaveChanged();
        }
        if ((flags & SqlScan.PINS) != 0) {
            pin("the session holds state only this server connection has (temp table, LISTEN, PREPARE, "
                    + "WITH HOLD cursor, advisory lock, COPY, large object or a DO block's unknown effects)");
        }
        if ((flags & SqlScan.SESSION) != 0 || ((flags & SqlScan.TX_CONTROL) != 0 && ((flags & SqlScan.MULTI) != 0
                || ((flags & (SqlScan.TX_BEGIN | SqlScan.TX_END)) == 0 && inTransaction())))) {
            // settings, and the savepoints they live in (a lone BEGIN, COMMIT or ROLLBACK is handled below)
            String unreadable = session.sqlExecuted(sql, inTransaction());
            if (unreadable != null) {
                pin(unreadable);
            }
        }
        if ((flags & SqlScan.CONFIG) != 0) {
            Object binding = statement.bindingForJournal(op);
            String cannotRestore = statement instanceof RetryingCallableStatement || (binding != null && !(binding instanceof ParameterLog))
                    ? "set_config() through a callable statement or a batch: it cannot run again on a new connection"
                    : session.configExecuted(sql, flags, (ParameterLog) binding, inTransaction());
            if (cannotRestore != null) {
                pin(cannotRestore);
            }
        }
        transactionControlSql(flags, sql);
    }

    /**
     * Runs a session call on the physical connection; when it fails because the connection is
     * gone, heals (swap and restore) and runs it once more on the new one.
     */
    @Override
    final void onPhysical(PhysicalCall call) throws SQLException {
        askPhysical(c -> {
            call.on(c);
            return null;
        });
    }

    /**
     * As {@link #onPhysical(PhysicalCall)}, for a call that answers: session calls, and metadata
     * (catalog reads, which may run again). Outside a transaction with work, and not pinned.
     */
    @Override
    final <T> T askPhysical(PhysicalFunction<T> call) throws SQLException {
        Connection d = delegate();
        try {
            return call.on(d);
        } catch (SQLException e) {
            if (!recovery().healForSessionCall(e)) {
                // a catalog read or session call the server refused aborted the open transaction
                throw failedOutsideFunnel(e);
            }
            return call.on(delegate());
        }
    }

    // ---- statement factories

    @Override
    public final Statement createStatement() throws SQLException {
        return new RetryingStatement(this, new Shape(Shape.STATEMENT, null, 0, 0, 0, null, null));
    }

    @Override
    public final Statement createStatement(int resultSetType, int resultSetConcurrency) throws SQLException {
        return new RetryingStatement(this,
                new Shape(Shape.STATEMENT_TYPED, null, resultSetType, resultSetConcurrency, 0, null, null));
    }

    @Override
    public final Statement createStatement(int resultSetType, int resultSetConcurrency, int resultSetHoldability)
            throws SQLException {
        return new RetryingStatement(this, new Shape(Shape.STATEMENT_HOLDABLE, null, resultSetType,
                resultSetConcurrency, resultSetHoldability, null, null));
    }

    @Override
    public final PreparedStatement prepareStatement(String sql) throws SQLException {
        return new RetryingPreparedStatement(this, new Shape(Shape.PREPARED, sql, 0, 0, 0, null, null));
    }

    @Override
    public final PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        return new RetryingPreparedStatement(this,
                new Shape(Shape.PREPARED_KEYS, sql, autoGeneratedKeys, 0, 0, null, null));
    }

    @Override
    public final PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
        return new RetryingPreparedStatement(this,
                new Shape(Shape.PREPARED_INDEXES, sql, 0, 0, 0, columnIndexes == null ? null : columnIndexes.clone(), null));
    }

    @Override
    public final PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
        return new RetryingPreparedStatement(this,
                new Shape(Shape.PREPARED_NAMES, sql, 0, 0, 0, null, columnNames == null ? null : columnNames.clone()));
    }

    @Override
    public final PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency)
            throws SQLException {
        return new RetryingPreparedStatement(this,
                new Shape(Shape.PREPARED_TYPED, sql, resultSetType, resultSetConcurrency, 0, null, null));
    }

    @Override
    public final PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency,
            int resultSetHoldability) throws SQLException {
        return new RetryingPreparedStatement(this, new Shape(Shape.PREPARED_HOLDABLE, sql, resultSetType,
                resultSetConcurrency, resultSetHoldability, null, null));
    }

    @Override
    public final CallableStatement prepareCall(String sql) throws SQLException {
        return new RetryingCallableStatement(this, new Shape(Shape.CALL, sql, 0, 0, 0, null, null));
    }

    @Override
    public final CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency)
            throws SQLException {
        return new RetryingCallableStatement(this,
                new Shape(Shape.CALL_TYPED, sql, resultSetType, resultSetConcurrency, 0, null, null));
    }

    @Override
    public final CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency,
            int resultSetHoldability) throws SQLException {
        return new RetryingCallableStatement(this, new Shape(Shape.CALL_HOLDABLE, sql, resultSetType,
                resultSetConcurrency, resultSetHoldability, null, null));
    }

    // ---- life cycle

    @Override
    public final void close() throws SQLException {
        if (closed) {
            return;
        }
        closed = true;
        nowClosed();
        Connection d = delegate;
        delegate = Placeholder.CLOSED;
        if (!Placeholder.is(d)) {
            if (lost != null) {
                dialer.discard(d);
            } else {
                d.close();
            }
        }
    }

    @Override
    public final boolean isClosed() {
        return closed;
    }

    /**
     * Warnings belong to the physical connection in hand. With none in hand (between a loss and the
     * next dial) there are none to report, and asking must not dial: pools call this on every
     * return (HikariCP's close), and a dial there would hold the caller for the reconnect window
     * when the server is down, or throw 08003 for a lost pinned connection.
     */
    @Override
    public final SQLWarning getWarnings() throws SQLException {
        Connection d = delegate;
        return Placeholder.is(d) || lost != null ? null : d.getWarnings();
    }

    /** Clears the physical connection's warnings; a no-op with none in hand (see getWarnings). */
    @Override
    public final void clearWarnings() throws SQLException {
        Connection d = delegate;
        if (!Placeholder.is(d) && lost == null) {
            d.clearWarnings();
        }
    }

    /**
     * Aborts the physical connection, then gives it back as broken (evicted from a pool, else
     * closed) on {@code executor}: a pool's proxy passes abort straight to the driver, so HikariCP
     * would count the connection as lent for ever.
     */
    @Override
    public final void abort(Executor executor) throws SQLException {
        if (executor == null) {
            throw new SQLException("abort(Executor) needs an executor", "22023");
        }
        if (closed) {
            return;
        }
        closed = true;
        nowClosed();
        Connection d = delegate;
        delegate = Placeholder.CLOSED;
        if (!Placeholder.is(d)) {
            d.abort(executor);
            executor.execute(() -> dialer.discard(d));
        }
    }

    @Override
    public final boolean isValid(int timeout) throws SQLException {
        if (closed || lost != null) {
            return false;
        }
        Connection d = delegate;
        if (d == Placeholder.UNBORROWED) {
            try {
                d = delegate(); // not borrowed yet: whether a connection can be had is the answer
            } catch (SQLException none) {
                return false; // as pgjdbc: isValid answers, it does not throw
            }
        }
        return !Placeholder.is(d) && d.isValid(timeout);
    }

    // ---- wrappers

    @Override
    public final DatabaseMetaData getMetaData() throws SQLException {
        delegate();
        if (metaData == null) {
            metaData = new RetryingDatabaseMetaData(this);
        }
        return metaData;
    }

    /**
     * This connection is a {@code PGConnection} itself (pgjdbc's extensions reach the current
     * physical connection and pin it where they must, {@link PgConnectionExtensions}). Any other
     * pgjdbc type ({@code PgConnection}, {@code BaseConnection}) hands out the physical connection
     * itself: what the application does with it is out of our sight, and it would keep the old
     * object after a swap, so the connection is pinned.
     */
    @Override
    public final <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        Connection d = delegate();
        T unwrapped = iface.isInstance(d) ? iface.cast(d) : d.unwrap(iface);
        pin("the application unwrapped the physical connection (" + iface.getSimpleName() + ")");
        outOfSight();
        return unwrapped;
    }

    @Override
    public final boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || delegate().isWrapperFor(iface);
    }

    @Override
    public String toString() {
        return "RetryingConnection@" + Integer.toHexString(System.identityHashCode(this)) + " " + id()
                + " wrapping " + delegate;
    }

    // ---- pass-throughs (plain forwarding to the current physical connection)

    @Override public Blob createBlob() throws SQLException { return delegate().createBlob(); }
    @Override public Clob createClob() throws SQLException { return delegate().createClob(); }
    @Override public NClob createNClob() throws SQLException { return delegate().createNClob(); }
    @Override public SQLXML createSQLXML() throws SQLException { return delegate().createSQLXML(); }
    @Override public Struct createStruct(String a, Object[] b) throws SQLException { return delegate().createStruct(a, b); }
    @Override public String nativeSQL(String a) throws SQLException { return delegate().nativeSQL(a); }
    @Override public void setShardingKey(ShardingKey a) throws SQLException { delegate().setShardingKey(a); }
    @Override public void setShardingKey(ShardingKey a, ShardingKey b) throws SQLException { delegate().setShardingKey(a, b); }
    @Override public boolean setShardingKeyIfValid(ShardingKey a, ShardingKey b, int c) throws SQLException { return delegate().setShardingKeyIfValid(a, b, c); }
    @Override public boolean setShardingKeyIfValid(ShardingKey a, int b) throws SQLException { return delegate().setShardingKeyIfValid(a, b); }
}
