package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.CommitOutcomeUnknownException;
import io.retrying.jdbc.Commits;
import io.retrying.jdbc.RetryBudget;
import io.retrying.jdbc.internal.commit.CommitResolver;
import io.retrying.jdbc.internal.commit.RidingTwins;
import io.retrying.jdbc.internal.commit.TransactionId;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.events.RetryReporter;
import io.retrying.jdbc.internal.failure.DriverVerdict;
import io.retrying.jdbc.internal.failure.FailedConnection;
import io.retrying.jdbc.internal.failure.Recovery;
import io.retrying.jdbc.internal.replay.Journal;
import io.retrying.jdbc.internal.replay.JournalEntry;
import io.retrying.jdbc.internal.replay.RetryingSavepoint;
import io.retrying.jdbc.internal.replay.Shape;
import io.retrying.jdbc.internal.replay.TransactionReplay;
import io.retrying.jdbc.internal.retry.Run;
import io.retrying.jdbc.internal.retry.SessionRefused;
import io.retrying.jdbc.internal.session.ReportedSettings;
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
import java.sql.Savepoint;
import java.sql.ShardingKey;
import java.sql.Statement;
import java.sql.Struct;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * The application's {@link Connection}: it outlives the physical connections it wraps.
 *
 * <p>Methods that matter for retrying are written out and {@code final}: statement factories
 * (our statements record what a new connection needs), session setters (recorded in
 * {@link SessionState}), commit, rollback, close, unwrap. The rest are plain pass-throughs to the
 * current physical connection, listed in {@link #PASS_THROUGH}; a reflection test holds every
 * {@code java.sql.Connection} method to one or the other.
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
public final class RetryingConnection extends SessionCalls implements FailedConnection {

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

    /**
     * The {@code java.sql.Connection} methods that still answer once the connection is lost inside
     * a transaction (or with pinned state) and refuses the rest with 08003 until {@code rollback()}:
     * the getters pgjdbc answers without the server, answered from what the layer knows; warnings
     * (none); isValid (false); rollback and close, which end the loss. Every other method would run SQL in the lost transaction,
     * change its session, or needs a physical connection, and refuses. A reflection test holds every
     * {@code java.sql.Connection} method to this list or the refusal.
     */
    public static final Set<String> ANSWERS_WHEN_LOST = Set.of(
            "abort(Executor)", "beginRequest()", "clearWarnings()", "close()", "endRequest()",
            "getAutoCommit()", "getCatalog()", "getClientInfo()", "getClientInfo(String)", "getHoldability()",
            "getNetworkTimeout()", "getSchema()", "getTransactionIsolation()", "getTypeMap()", "getWarnings()",
            "isClosed()", "isReadOnly()", "isValid(int)", "isWrapperFor(Class)", "unwrap(Class)", "rollback()");

    private volatile Connection delegate;
    /**
     * Through {@code jdbc:retrying:postgresql:}, what tells a tracing agent pgjdbc's URL at this
     * connection's first use ({@link AgentUrlNote}); null once told, or for a connection of a data source.
     */
    AgentUrlNote urlNote;
    /** Bumped on every swap: statements made on an older physical connection re-create themselves. */
    private volatile int generation;
    private final Dialer dialer;
    private final RetryConfig config;
    /** The listener's reporter, kept (a shared one when nobody listens: nothing allocated per borrow). */
    private final RetryReporter reporter;
    /** This connection's number; its id ("rc-" + number, for events and logs) is made when first asked. */
    private final long number;
    private String id;
    /**
     * What the open transaction did, for a replay (issue 5); see {@link TransactionReplay}. Made on
     * the first transaction that needs it ({@link #journal()}): a borrow in autocommit never does.
     */
    private Journal journal;
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
    /** A statement of the open transaction failed on the server: COMMIT must not report success. */
    private SQLException transactionFailure;
    /** A statement of the open transaction succeeded: from then on its loss is not ours to hide. */
    private boolean transactionWork;
    /** BEGIN/START TRANSACTION was sent as SQL while autocommit is on. */
    private boolean sqlTransaction;
    /** Why this physical connection may not be swapped transparently, or null. */
    private String pinnedBy;
    /**
     * Whether the application ran a statement on the session in hand since its values were last
     * read: code in the database may then have left state on it that a new session would lack
     * ({@link SessionWatch}, asked at the swap).
     */
    private boolean sessionUsed;
    /** Whether one of those statements called a function that may be the application's ({@link SqlScan#APPLICATION_CALL}). */
    private boolean calledApplicationCode;
    /**
     * pgjdbc's live map of the settings the server reports for the physical connection in hand,
     * taken while it is alive (a dead pgjdbc connection refuses unwrap) when a statement that may
     * change them unseen first succeeds (a function, DO, CALL); null until then.
     */
    private Map<String, String> reported;
    /** What code in the database may have done to the session unseen ({@link SessionWatch}); made on first need. */
    private SessionWatch watch;
    /** What the open transaction's id is known to be; made on the first transaction that asks. */
    private TransactionId xid;
    /** The prepared statements' capturing twins (issue 16), made on the first that rides. */
    private RidingTwins twins;
    /**
     * The application reached this physical connection's COPY or large objects, or the connection
     * itself: from then on, its transactions may do work no statement of ours shows (a CopyManager
     * kept across transactions), and each gets its id assigned before COMMIT.
     */
    private boolean outOfSight;

    RetryingConnection(Connection physical, Dialer dialer, RetryConfig config, long number) {
        this.delegate = physical;
        this.dialer = dialer;
        this.config = config;
        this.number = number;
        this.reporter = config.reporter();
        RetryBudget budget = config.policy().budget();
        if (budget != null) {
            budget.connectionOpened(); // the default budget's floor scales with the open connections
        }
    }

    private SessionWatch watch() {
        SessionWatch w = watch;
        if (w == null) {
            w = watch = new SessionWatch(config);
        }
        return w;
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

    /** The transaction journal, made on first use; null stands for an empty one. */
    @Override
    public SessionState session() {
        return session;
    }

    public Journal journal() {
        Journal j = journal;
        if (j == null) {
            j = journal = new Journal(config.maxJournalStatements(), config.maxJournalBytes());
        }
        return j;
    }

    /** The open transaction is over (or starts again): its journal, if any, starts afresh. */
    private void clearJournal() {
        Journal j = journal;
        if (j != null) {
            j.clear();
        }
    }

    /** The funnel every failure of this connection goes through. */
    public Recovery recovery() {
        Recovery r = recovery;
        if (r == null) {
            r = recovery = new Recovery(this, config, dialer);
        }
        return r;
    }

    /**
     * Where an autocommit statement about to run with {@code op} and {@code flags} goes to be
     * resolvable if its connection is lost ({@code retry.resolveAutocommitWrites}, issue 26), or
     * null: the setting off, a transaction open, a pinned or read-only session, or work that cannot
     * write by its reading ({@link AutocommitResolution#wants}).
     */
    AutocommitResolution resolvingAutocommit(int op, int flags) {
        if (!config.resolveAutocommitWrites() || inTransaction() || pinnedBy != null || session.readOnly()
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
    public boolean neverCommitted(SQLException e) {
        return AutocommitResolution.neverCommitted(this, e);
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

    CommitResolver commits() {
        CommitResolver c = commits;
        if (c == null) {
            c = commits = new CommitResolver(this, config);
        }
        return c;
    }

    /** The physical connection in hand is being let go: see {@link SessionWatch#lettingGo}. */
    private void noteReportedAtLoss() {
        Map<String, String> view = reported;
        reported = null;
        if (view == null && watch == null) {
            return;
        }
        watch().lettingGo(view, sqlTransaction || session.hasPending()
                || (!session.autoCommit() && (transactionWork || transactionFailure != null)));
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

    /** Whether statements run inside a transaction the application opened. */
    @Override
    public boolean inTransaction() {
        return !session.autoCommit() || sqlTransaction;
    }

    /** Whether the open transaction has done anything a new connection would not have. */
    public boolean transactionHasWork() {
        return transactionWork || sqlTransaction;
    }

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
     * The application reached pgjdbc's COPY or large objects, or the physical connection: work the
     * journal cannot see, whose transaction gets its id assigned before COMMIT (issue 12 C).
     */
    void outOfSight() {
        outOfSight = true;
        if (inTransaction()) {
            xid();
        }
    }

    private static final String OUT_OF_SIGHT = "COPY, large objects or the physical connection used directly: "
            + "work the journal cannot see";

    /** The open transaction's id as far as it is known (made on first use). */
    public TransactionId xid() {
        TransactionId x = xid;
        if (x == null) {
            x = xid = new TransactionId();
        }
        if (outOfSight && inTransaction()) {
            x.outOfSight();
            journal().refuse(OUT_OF_SIGHT);
        }
        return x;
    }

    /**
     * The id a statement about to run should capture by carrying it, or null when none is wanted:
     * in autocommit (the statement, the capture and the commit would end at one Sync and be lost
     * together), with {@code retry.resolveCommits=false}, or once the open transaction's id is known.
     */
    TransactionId captureWanted() {
        if (!inTransaction() || !config.resolveCommits()) {
            return null;
        }
        TransactionId x = xid();
        return x.known() ? null : x;
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
            checked = watch().dial(() -> RetryingConnections.dial(dialer, config, number, session::restoreOnto),
                    dialer, reporter, id(), session, sessionUsed, calledApplicationCode);
        } catch (SessionRefused refused) {
            lost = refused;
            throw refused;
        }
        Connection fresh = checked.fresh();
        if (!checked.marksStand()) {
            sessionUsed = false;
            calledApplicationCode = false;
        }
        pinnedBy = null;
        lost = null;
        transactionFailure = null;
        transactionWork = false;
        sqlTransaction = false;
        outOfSight = false;
        session.rolledBack();
        clearJournal();
        newPhysicalForIsolation(config.initializer() != null);
        if (checked.refused() != null) {
            dialer.discard(fresh);
            lost = checked.refused();
            throw lost;
        }
        if (xid != null) {
            xid.reset();
            xid.newPhysical();
        }
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

    /** A replay rolled the transaction back on the same connection: start it afresh. */
    public void restartTransaction() {
        transactionFailure = null;
        transactionWork = false;
        session.rolledBack();
        clearJournal();
        if (xid != null) {
            xid.reset(); // the replay learns the id again
        }
    }

    /** The server answered COMMIT with an error: the transaction is over, rolled back. */
    public void commitRefused() {
        endTransaction(false);
    }

    /** A replay reproduced the transaction: its failure is healed. */
    public void replayed(boolean work) {
        transactionFailure = null;
        transactionWork = work;
        if (work) {
            // the replay's statements carried no capture: the next one, or COMMIT, asks
            TransactionId x = xid();
            List<JournalEntry> entries = journal().replayableEntries();
            if (entries == null) {
                x.outOfSight();
            } else {
                x.ranWithout();
                for (JournalEntry entry : entries) {
                    if (entry.kind == JournalEntry.EXECUTION) {
                        x.replayed(entry.sql, entry.flags);
                    }
                }
            }
        }
    }

    /**
     * The application read something of the server's outside the digest (a refcursor's rows through
     * getObject, a large object's content): a replay could not verify it, so the open transaction is
     * not replayable.
     */
    void readOutsideDigest(String what) {
        if (inTransaction()) {
            journal().refuse(what + " (read outside the digest)");
        }
    }

    /** The physical connection is dead: let the next call dial a new one instead of failing on it. */
    public void dropPhysical() {
        Connection old = delegate;
        if (!Placeholder.is(old)) {
            noteReportedAtLoss();
            delegate = Placeholder.RECONNECTING;
            generation++;
            outOfSight = false;
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
    public void markLost(SQLException cause) {
        lost = cause;
        if (session.autoCommit()) {
            cause.addSuppressed(new LostUntilRollback(pinnedBy));
        }
        dropPhysical();
    }

    /** The failure that doomed the open transaction, or null. */
    public SQLException transactionFailure() {
        return transactionFailure;
    }

    /**
     * A fetch of a result set the journal does not hold failed: a server-reported error other than a lost connection aborted the open
     * transaction, and COMMIT must not report success. A lost connection is found by the next call.
     */
    SQLException failedOutsideFunnel(SQLException e) {
        if (inTransaction() && Classifier.serverReported(e) && !Classifier.retryability(e).needsNewConnection()) {
            refusedByServer(e);
        }
        return e;
    }

    /**
     * The server refused a statement or call inside the transaction: that aborts the transaction,
     * unless the server says it is still open. pgjdbc's {@code autosave} rolls back to the savepoint
     * it set before the statement, and the server's ReadyForQuery status (which pgjdbc keeps, no
     * round trip) is then "in transaction", not "failed": the transaction goes on, as on pgjdbc.
     */
    public void refusedByServer(SQLException e) {
        if (Classifier.retryability(e).needsNewConnection() || !stillOpen()) {
            transactionFailed(e);
        }
    }

    private boolean stillOpen() {
        Connection d = delegate;
        if (Placeholder.is(d)) {
            return false;
        }
        try {
            return d.isWrapperFor(BaseConnection.class)
                    && d.unwrap(BaseConnection.class).getTransactionState() == TransactionState.OPEN;
        } catch (SQLException | RuntimeException e) {
            return false; // cannot tell: the transaction counts as aborted
        }
    }

    public void transactionFailed(SQLException e) {
        if (transactionFailure == null) {
            transactionFailure = e;
        }
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
        sessionUsed = true;
        if ((flags & (SqlScan.SESSION | SqlScan.CONFIG | SqlScan.PINS | SqlScan.TX_CONTROL | SqlScan.CALLS)) != 0) {
            noteEffects(statement, op, flags, sql);
            if (config.checksSessionValues() && SessionWatch.readsValuesAfter(flags)
                    && watch().readValues(physicalInHand(), inTransaction())) {
                sessionUsed = false;
                calledApplicationCode = false;
            }
        }
        if (inTransaction()) {
            transactionWork = true;
            if (sqlTransaction) {
                journal().refuse("a transaction begun with SQL (BEGIN/START TRANSACTION)");
            } else if ((flags & SqlScan.TX_END) == 0) {
                Journal j = journal();
                statement.lastEntry = j.executed(statement, op, flags, sql, intArg, arg,
                        j.replayable() ? JournalEntry.outcome(statement, physical, op, result) : 0);
            }
        }
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

    /**
     * A setting changed by a JDBC setter inside a transaction is pending with it; a replay, which
     * re-runs the journal and not the setters, could not give it back in its place.
     */
    @Override
    final void setterInTransaction(boolean inTransaction, String setter) {
        if (inTransaction) {
            transactionWork = true;
            journal().refuse(setter + " inside a transaction");
        }
    }

    /** Issue 27: with reader hosts, read-only runs on a standby, read-write on the primary. */
    @Override
    final void routeFor(boolean readOnly) throws SQLException {
        // between transactions the physical connection in hand is parked and the call below dials the other role
        if (dialer instanceof ReadRouting routing && pinnedBy == null && lost == null
                && routing.switchFor(readOnly, physicalInHand())) {
            dropPhysical();
        }
    }

    private void noteEffects(RetryingStatement statement, int op, int flags, String sql) {
        calledApplicationCode |= (flags & SqlScan.APPLICATION_CALL) != 0;
        if ((flags & (SqlScan.CALLS | SqlScan.TX_CONTROL)) != 0 && reported == null) {
            // a function, DO or CALL may change a setting unseen: keep the server's word on them at hand
            Connection d = physicalInHand();
            if (d != null) {
                reported = ReportedSettings.view(d);
            }
        }
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
        if ((flags & SqlScan.TX_END) != 0) {
            endTransaction(!SqlScan.rollsBack(sql));
            sqlTransaction = false;
        } else if ((flags & SqlScan.TX_BEGIN) != 0 && session.autoCommit()) {
            sqlTransaction = true;
            if (xid != null) {
                xid.reset();
            }
        }
    }

    /**
     * A COMMIT sent as SQL ({@code execute("COMMIT")}) lost its connection before the reply: the
     * transaction may or may not have committed (issue 12 case 13), as for a lost {@code commit()}.
     * The transaction is over either way. Begun with SQL in autocommit, the connection just goes on
     * with a new physical connection; in manual commit, calls are refused until rollback(), as after a
     * lost commit().
     */
    public CommitOutcomeUnknownException commitStatementLost(SQLException lost) {
        long id = xid != null ? xid.xid() : Commits.NO_XID;
        if (session.autoCommit() && pinnedBy == null) {
            endTransaction(false);
            sqlTransaction = false;
            dropPhysical();
        } else {
            transactionFailed(lost);
            markLost(lost);
        }
        return new CommitOutcomeUnknownException("The connection was lost during a COMMIT sent as SQL; whether the "
                + "transaction committed is unknown" + (id != Commits.NO_XID ? " (transaction " + id + ")" : ""), id, lost);
    }

    private void endTransaction(boolean committed) {
        if (watch != null && watch.transactionEnded(committed)) {
            sessionUsed = true;
            calledApplicationCode = true;
        }
        transactionEndedForIsolation();
        if (committed) {
            session.committed();
        } else {
            session.rolledBack();
        }
        transactionFailure = null;
        transactionWork = false;
        clearJournal();
        if (xid != null) {
            xid.reset();
        }
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

    // ---- transactions

    @Override
    public final void setAutoCommit(boolean autoCommit) throws SQLException {
        if (autoCommit && !session.autoCommit() && (transactionHasWork() || transactionFailure != null)) {
            // pgjdbc commits here, and would silently roll back a failed transaction: take our commit path
            commit();
        }
        boolean changes = autoCommit != session.autoCommit();
        onPhysical(c -> c.setAutoCommit(autoCommit));
        session.autoCommit(autoCommit);
        if (changes) {
            // an unchanged mode is a no-op (JDBC): the open transaction, its journal and failure go on
            endTransaction(true);
        }
    }

    /**
     * Commits; never reports success for a transaction that already failed (pgjdbc would roll it
     * back silently and return normally), and never claims to know the outcome of a COMMIT whose
     * connection was lost: {@link CommitResolver} replays a COMMIT answered 40001 and resolves a
     * lost one by its xid.
     */
    @Override
    public final void commit() throws SQLException {
        Connection d = delegate();
        SQLException failed = transactionFailure;
        if (failed != null) {
            try {
                d.rollback();
            } catch (SQLException ignored) {
                // the transaction is over either way; the application hears about the first failure
            }
            endTransaction(false);
            throw new SQLException("The transaction was rolled back, not committed: a statement in it failed earlier ("
                    + Classifier.sqlState(failed) + ")", "40000", failed);
        }
        commits().commit();
        endTransaction(true);
    }

    /**
     * Rolls back. After a loss that could not be healed transparently, this is the application's
     * acknowledgement: the connection is usable again, and its next call dials a new physical
     * connection. A transaction whose connection is gone needs no server to be rolled back, so this
     * never dials: a pool rolls back every dirty connection it is handed back, and must not wait
     * for the reconnect window when the server is down.
     */
    @Override
    public final void rollback() throws SQLException {
        if (closed) {
            throw closedByApplication();
        }
        Connection d = delegate;
        if (lost != null || Placeholder.is(d)) {
            if (lost != null) {
                sessionUsed = false;
                calledApplicationCode = false;
                if (watch != null) {
                    watch.acknowledged();
                }
            }
            lost = null;
            dropPhysical();
        } else {
            try {
                d.rollback();
            } catch (SQLException e) {
                if (!recovery().healForRollback(e)) {
                    throw e;
                }
            }
        }
        endTransaction(false);
        sqlTransaction = false;
    }

    @Override
    public final void rollback(Savepoint savepoint) throws SQLException {
        onSavepoint(c -> {
            c.rollback(RetryingSavepoint.physical(savepoint));
            return null;
        });
        // back to a point before the failure: the transaction may commit again
        transactionFailure = null;
        session.rollbackTo(savepoint, null);
        journalSavepoint(JournalEntry.ROLLBACK_TO, savepoint);
    }

    /**
     * Savepoints are journaled, and the application gets a {@link RetryingSavepoint}: a replay
     * creates a new physical savepoint for it, so the application's object keeps working.
     */
    @Override
    public final Savepoint setSavepoint() throws SQLException {
        RetryingSavepoint savepoint = onSavepoint(c -> new RetryingSavepoint(c.setSavepoint(), null));
        journalSavepoint(JournalEntry.SAVEPOINT, savepoint);
        session.savepoint(savepoint, null);
        return savepoint;
    }

    @Override
    public final Savepoint setSavepoint(String name) throws SQLException {
        RetryingSavepoint savepoint = onSavepoint(c -> new RetryingSavepoint(c.setSavepoint(name), name));
        journalSavepoint(JournalEntry.SAVEPOINT, savepoint);
        session.savepoint(savepoint, name);
        return savepoint;
    }

    @Override
    public final void releaseSavepoint(Savepoint savepoint) throws SQLException {
        onSavepoint(c -> {
            c.releaseSavepoint(RetryingSavepoint.physical(savepoint));
            return null;
        });
        if (savepoint instanceof RetryingSavepoint ours) {
            ours.released();
        }
        journalSavepoint(JournalEntry.RELEASE, savepoint);
        session.release(savepoint, null);
    }

    /**
     * Runs a savepoint call; when it fails, the transaction is replayed where that heals it (a lost
     * connection, as for a statement) and the call runs again on the new transaction. A failure the
     * server reported otherwise dooms the transaction: COMMIT will not report success.
     */
    private <T> T onSavepoint(PhysicalFunction<T> call) throws SQLException {
        Run run = null;
        while (true) {
            Connection d = delegate();
            try {
                return call.on(d);
            } catch (SQLException e) {
                run = recovery().callFailed(e, run, "a savepoint call");
            }
        }
    }

    private void journalSavepoint(int kind, Savepoint savepoint) {
        // a savepoint is work a new connection lacks: a loss after it needs the replay, not a bare re-run
        transactionWork = true;
        if (savepoint instanceof RetryingSavepoint ours) {
            journal().savepoint(kind, ours);
        } else {
            journal().refuse("a savepoint that is not this connection's");
        }
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
