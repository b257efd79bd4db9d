package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.internal.commit.TransactionId;
import io.retrying.jdbc.internal.failure.FailedWork;
import io.retrying.jdbc.internal.failure.Recovery;
import io.retrying.jdbc.internal.proof.Binder;
import io.retrying.jdbc.internal.replay.JournalEntry;
import io.retrying.jdbc.internal.replay.JournaledRows;
import io.retrying.jdbc.internal.replay.Shape;
import io.retrying.jdbc.internal.retry.Run;
import io.retrying.jdbc.internal.sql.SqlScan;
import io.retrying.jdbc.internal.sql.Statements;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.postgresql.PGStatement;

/**
 * The application's {@link Statement}: it outlives the physical statements it wraps.
 *
 * <p>Every execution goes through {@link #run}, one loop that executes on the current physical
 * statement and hands a failure to the connection's {@link Recovery}; when that says run again,
 * the physical statement is re-created (on the new connection after a swap) with the recorded
 * settings, batch and, for prepared statements, parameters. Settings setters are recorded
 * ({@link StatementSettings}); the results are kept and handed out by {@link StatementResults};
 * everything else is a pass-through listed in {@link #PASS_THROUGH}.
 *
 * <p>It is a {@code org.postgresql.PGStatement} too, as pgjdbc's statements are; its settings
 * ({@code setPrepareThreshold}, {@code setAdaptiveFetch}) are recorded like the JDBC ones.
 *
 * <p>Not thread-safe, like the JDBC statement it wraps; but {@link #cancel()} and {@link #close()}
 * may come from another thread while an execution runs (JDBC allows both): the physical
 * statement is never set to null, so an execution reads either the live one or a closed one,
 * and pgjdbc's answer (57014, 55000) surfaces.
 */
public class RetryingStatement extends StatementResults implements FailedWork {

    /** The {@code java.sql.Statement} methods that go straight to the physical statement. */
    static final Set<String> PASS_THROUGH = Set.of(
            "enquoteIdentifier(String,boolean)",
            "enquoteLiteral(String)",
            "enquoteNCharLiteral(String)",
            "getFetchDirection()",
            "getFetchSize()",
            "getLargeMaxRows()",
            "getMaxFieldSize()",
            "getResultSetConcurrency()",
            "getResultSetHoldability()",
            "getResultSetType()",
            "isCloseOnCompletion()",
            "isPoolable()",
            "isSimpleIdentifier(String)");

    /** The {@code org.postgresql.PGStatement} methods that go straight to the physical statement. */
    static final Set<String> PG_PASS_THROUGH = Set.of(
            "getAdaptiveFetch()",
            "getLastOID()",
            "getPrepareThreshold()",
            "isUseServerPrepare()");

    private final RetryingConnection owner;
    public final Shape shape;
    /**
     * Not final: replaced when re-created after a failure or on a new physical connection; never
     * null (close() leaves the closed one). Volatile for cancel() and close() from another thread.
     */
    private volatile Statement delegate;
    /** cancel() was called during the current run(): a failed attempt is not followed by another. */
    private volatile boolean cancelled;
    /** The connection generation the physical statement belongs to; -1 forces a re-creation. */
    private int generation;
    /** Volatile: close() may come from another thread while an execution runs or re-creates. */
    private volatile boolean closed;

    private List<String> batch;
    private int batchFlags = SqlScan.READ_CANDIDATE;

    /** This statement's latest execution in the transaction journal, or null. */
    public JournalEntry lastEntry;

    RetryingStatement(RetryingConnection owner, Shape shape) throws SQLException {
        this.owner = owner;
        this.shape = shape;
        Connection physical = owner.delegate();
        Statement made;
        try {
            made = shape.create(physical);
        } catch (SQLException e) {
            // pgjdbc closed the physical connection under a call that did not say so (isValid timing
            // out on a frozen server): nothing was sent, so heal as a session call does (failure path only)
            if (!owner.recovery().healForSessionCall(e)) {
                throw e;
            }
            made = shape.create(owner.delegate());
        }
        this.generation = owner.generation();
        this.delegate = made;
    }

    RetryingConnection owner() {
        return owner;
    }

    /** The current physical statement, re-created first when it belongs to an older connection. */
    @Override
    final Statement delegate() throws SQLException {
        if (closed) {
            throw closedStatement();
        }
        Connection physical = owner.delegate();
        if (generation != owner.generation()) {
            recreate(physical);
        }
        return delegate;
    }

    static SQLException closedStatement() {
        return new SQLException("This statement has been closed.", "55000");
    }

    private void recreate(Connection physical) throws SQLException {
        Statement old = delegate;
        int gen = owner.generation();
        Statement fresh = shape.create(physical);
        try {
            applySettings(fresh);
            rebind(fresh);
        } catch (SQLException | RuntimeException e) {
            closeQuietly(fresh);
            throw e;
        }
        delegate = fresh;
        generation = gen;
        resultsGone();
        closeQuietly(old);
        closeRidingStatement();
        if (closed) {
            // closed from another thread while re-creating: close() may have closed the old one only
            closeQuietly(fresh);
        }
    }

    /** The physical statement that carries the capture for a prepared statement: closed with its connection's. */
    void closeRidingStatement() {
    }

    /** The application closed this statement: the physical statement that carries the capture is done with. */
    void closeRidingOnClose() {
    }

    /** An execution that carried the capture was read ({@code handedResultSet}: a result set of its went to the application). */
    void rode(boolean handedResultSet) {
    }

    /** Closes {@code s} (null: nothing), ignoring failures: it belongs to a dead connection or is being replaced. */
    public static void closeQuietly(Statement s) {
        Statements.closeQuietly(s);
    }

    @Override
    public JournalEntry lastEntry() {
        return lastEntry;
    }

    @Override
    public boolean isExecute(int op) {
        return op >= EXECUTE && op <= EXECUTE_NAMES;
    }

    @Override
    public Statement replayStatement(Connection physical, JournalEntry entry, String sql) throws SQLException {
        // a plain statement's SQL goes with each execution; a prepared one's is its shape's
        Statement p = (prepared() && !sql.equals(shape.sql()) ? shape.withSql(sql) : shape).create(physical);
        try {
            applySettings(p);
            applyLimitsOf(entry, p);
            bindForReplay(p, entry.binding);
            return p;
        } catch (SQLException | RuntimeException e) {
            closeQuietly(p);
            throw e;
        }
    }

    @Override
    public Replayed replay(Statement p, JournalEntry entry, String sql) throws SQLException {
        try {
            long result = perform(p, entry.op, sql, entry.intArg, entry.arg);
            ResultSet first = physicalResult;
            return new Replayed(JournalEntry.outcome(this, p, entry.op, result), first);
        } finally {
            physicalResult = null;
            batchCounts = null;
            largeBatchCounts = null;
        }
    }

    @Override
    public String[] generatedKeys(JournalEntry entry) {
        if (prepared()) {
            return switch (shape.factory()) {
                case Shape.PREPARED_KEYS -> shape.a() == Statement.RETURN_GENERATED_KEYS ? ALL_COLUMNS : null;
                case Shape.PREPARED_NAMES -> shape.columnNames();
                default -> null;
            };
        }
        return switch (entry.op) {
            case UPDATE_KEYS, EXECUTE_KEYS, LARGE_UPDATE_KEYS ->
                    entry.intArg == Statement.RETURN_GENERATED_KEYS ? ALL_COLUMNS : null;
            case UPDATE_NAMES, EXECUTE_NAMES, LARGE_UPDATE_NAMES -> (String[]) entry.arg;
            default -> null;
        };
    }

    /** What pgjdbc returns for {@code RETURN_GENERATED_KEYS}: {@code RETURNING *}. */
    private static final String[] ALL_COLUMNS = {"*"};

    /**
     * Gives a replay's physical statement the row and field limits {@code entry} ran with, where
     * the application has set others since (for its next execution): they decide which rows a
     * result set the application holds open goes on to deliver.
     */
    public void applyLimitsOf(JournalEntry entry, Statement s) throws SQLException {
        if (entry.maxRows != maxRows()) {
            s.setMaxRows((int) Math.min(entry.maxRows, Integer.MAX_VALUE));
        }
        if (entry.maxFieldSize != maxFieldSize()) {
            s.setMaxFieldSize(entry.maxFieldSize);
        }
    }

    /** Gives a re-created physical statement the recorded batch (subclasses: and parameters). */
    void rebind(Statement fresh) throws SQLException {
        if (batch != null) {
            for (String sql : batch) {
                fresh.addBatch(sql);
            }
        }
    }

    /** What the journal keeps to run {@code op} again: a copy of the batch (subclasses: the parameters). */
    public Object bindingForJournal(int op) {
        return (op == BATCH || op == LARGE_BATCH) && batch != null ? List.copyOf(batch) : null;
    }

    /** Gives a replay's physical statement what {@link #bindingForJournal} kept. */
    public void bindForReplay(Statement fresh, Object binding) throws SQLException {
        if (binding != null) {
            for (Object sql : (List<?>) binding) {
                fresh.addBatch((String) sql);
            }
        }
    }

    @Override
    public boolean callable() {
        return false;
    }

    @Override
    public boolean prepared() {
        return false;
    }

    @Override
    public boolean isBatch(int op) {
        return op == BATCH || op == LARGE_BATCH;
    }

    /** The parameters, bound onto a proof's own statement: a plain statement has none. */
    @Override
    public Binder binder() {
        return Binder.NONE;
    }

    public boolean closedByApp() {
        return closed;
    }

    /**
     * A transaction replay re-ran this statement's latest execution on {@code fresh}: carry on
     * with it (and with {@code physicalResult} as the application's {@code result}). The replay
     * bound what that execution ran with (and its limits); the application may have set parameters,
     * added to a batch or changed settings since, for its next execution: {@code fresh} gets those.
     */
    @Override
    public void adopt(Statement fresh, ResultSet physicalResult, JournaledRows result) throws SQLException {
        if (fresh instanceof PreparedStatement ps) {
            ps.clearParameters();
        }
        rebind(fresh);
        applySettings(fresh);
        Statement old = delegate;
        delegate = fresh;
        generation = owner.generation();
        adoptResults(result == null ? null : physicalResult, (RetryingResultSet) result);
        closeQuietly(old);
        closeRidingStatement();
    }

    /** Whether the recorded work can be sent again (subclasses: no stream parameter). */
    @Override
    public boolean replayable() {
        return true;
    }

    /**
     * Runs one unit of work (a statement, a multi-statement string, a batch) until it succeeds or
     * the funnel throws. The only place executions pass on their way to the server.
     *
     * @return the update count, 1/0 for execute's boolean; result sets and batch counts land in fields
     */
    final long run(int op, String sql, int flags, int intArg, Object arg) throws SQLException {
        Run run = null;
        if (cancelled) {
            cancelled = false; // written only when set: a volatile store on every execution is a fence
        }
        while (true) {
            Statement d = delegate();
            try {
                long result;
                ridden = null;
                TransactionId capture = owner.captureWanted();
                AutocommitResolution resolving;
                // the setting read here, so that with it off (the default) an attempt does not ask the connection
                if (capture == null && owner.config.resolveAutocommitWrites()
                        && (resolving = owner.resolvingAutocommit(op, flags)) != null && !forcesBinary()
                        && owner.xid().ridesOn(owner.generation(), owner.physicalInHand()) && canRide(d, op, sql, flags)) {
                    // an autocommit write, resolvable when its connection is lost (issue 26)
                    result = resolving.run(this, d, op, sql, flags, intArg, arg);
                } else if (capture == null || capture.readsWithout(flags)) {
                    // no id wanted, or a plain read ahead of any write (TransactionId says why that is safe)
                    result = perform(d, op, sql, intArg, arg);
                } else if (!forcesBinary() && capture.ridesOn(owner.generation(), owner.physicalInHand())
                        && canRide(d, op, sql, flags)) {
                    result = rideOrAlone(d, op, sql, flags, intArg, arg, capture);
                } else {
                    capture.ranWithout();
                    result = perform(d, op, sql, intArg, arg);
                }
                if (run != null && run.readOnlyGuard != null) {
                    // a proven replay ran inside BEGIN READ ONLY: end it (failure path only)
                    owner.recovery().guardPassed(run);
                }
                owner.executed(this, op, flags, sql, intArg, arg, result, ridden != null ? this : d, run);
                return result;
            } catch (SQLException e) {
                AutocommitResolution resolved = owner.autocommitResolutionIfAny();
                if (resolved != null && resolved.unsettled(e)) {
                    throw run == null ? e : Run.withPrevious(e, run); // its outcome, as the server could (not) say
                }
                run = owner.recovery().failed(this, op, e, flags, sql, run);
                generation = -1;
                if (cancelled) {
                    // cancel() came while the failure was being recovered: the work is not run again
                    throw Run.withPrevious(new SQLException("The statement was cancelled while it waited to"
                            + " run again after a failure", "57014", e), run);
                }
            }
        }
    }

    /**
     * Whether this execution can carry the transaction id capture: the plain executions (no
     * generated keys, no batch: pgjdbc rewrites those, or refuses several statements), of SQL that
     * is one statement the capture may follow, with no cursor fetch (a fetch size) or updatable
     * result set that a second statement in the string could change.
     */
    boolean canRide(Statement d, int op, String sql, int flags) throws SQLException {
        return (op == QUERY || op == UPDATE || op == EXECUTE || op == LARGE_UPDATE)
                && (shape.factory() == Shape.STATEMENT || shape.b() != ResultSet.CONCUR_UPDATABLE)
                && !closesOnCompletion() && d.getFetchSize() == 0 && TransactionId.canRide(sql, flags);
    }

    /** Executes {@code sql} with {@code ride} appended, in one round trip; true if the first result is a result set. */
    boolean executeRiding(Statement d, String sql, String ride) throws SQLException {
        return d.execute(sql.concat(ride));
    }

    /** The physical statement {@link #executeRiding} ran on. */
    Statement ridingStatement(Statement d) {
        return d;
    }

    /**
     * Runs {@code op} with the capture appended: the capture's result (the last) is read into
     * {@code capture} and taken off; the application gets what its statement alone gives, and the
     * exception pgjdbc would have thrown for it (a query that returns no rows, an update that does).
     */
    long rideAlone(Statement d, int op, String sql, TransactionId capture) throws SQLException {
        return ride(d, op, sql, capture);
    }

    private long ride(Statement d, int op, String sql, TransactionId capture) throws SQLException {
        int gen = owner.generation();
        Connection physical = owner.physicalInHand(); // the one d belongs to (null: no memo of its identity)
        boolean isResultSet = executeRiding(d, sql, capture.ride(sql, gen, physical));
        Statement s = ridingStatement(d);
        if (s == null) {
            throw closedStatement(); // closed from another thread while it ran
        }
        RiddenResults r = RiddenResults.read(s, isResultSet, capture, gen, physical);
        ridden = r;
        rode(r.handResultSet());
        switch (op) {
            case QUERY, RetryingPreparedStatement.PS_QUERY -> {
                physicalResult = r.query();
                return 0;
            }
            case EXECUTE, RetryingPreparedStatement.PS_EXECUTE -> {
                return r.execute();
            }
            default -> {
                return r.update(op == LARGE_UPDATE || op == RetryingPreparedStatement.PS_LARGE_UPDATE);
            }
        }
    }

    /**
     * {@link #ride}; where the server refuses the capture the statement carried
     * ({@link Recovery#rideRefused}), the application's statement runs alone, in the transaction
     * begun again as it was: the refusal is the layer's, never the application's failure.
     */
    private long rideOrAlone(Statement d, int op, String sql, int flags, int intArg, Object arg, TransactionId capture)
            throws SQLException {
        try {
            return ride(d, op, sql, capture);
        } catch (SQLException e) {
            if (!owner.recovery().rideRefused(this, flags, e)) {
                throw e;
            }
        }
        ridden = null;
        capture.ranWithout();
        return perform(delegate(), op, sql, intArg, arg);
    }

    /** What a batch run is judged by: read-only only if every entry is, every other flag of any entry. */
    int batchFlags() {
        return batchFlags;
    }

    /** The batch as one text, for the funnel's judgement and session tracking. */
    String batchSql() {
        return batch == null ? "" : String.join(";\n", batch);
    }

    /** After executeBatch, whatever its outcome, the batch is empty (as JDBC says). */
    void batchDone() {
        batch = null;
        batchFlags = SqlScan.READ_CANDIDATE;
    }

    /**
     * The application's result set over {@code physical}; inside a journaled transaction the
     * journal holds it, to digest the rows the application reads ({@code keys}: the generated keys).
     */
    @Override
    final RetryingResultSet resultSetOver(ResultSet physical, boolean keys) {
        RetryingResultSet rs = new RetryingResultSet(physical, this);
        JournalEntry entry = lastEntry;
        if (entry != null && owner.journal().current(entry)) {
            owner.journal().resultSet(entry, rs, keys, shape);
        }
        return rs;
    }

    // ---- executions

    @Override
    public final ResultSet executeQuery(String sql) throws SQLException {
        run(QUERY, sql, SqlScan.analyze(sql), 0, null);
        return takeResult();
    }

    @Override
    public final int executeUpdate(String sql) throws SQLException {
        return (int) run(UPDATE, sql, SqlScan.analyze(sql), 0, null);
    }

    @Override
    public final int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return (int) run(UPDATE_KEYS, sql, SqlScan.analyze(sql), autoGeneratedKeys, null);
    }

    @Override
    public final int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
        return (int) run(UPDATE_INDEXES, sql, SqlScan.analyze(sql), 0, columnIndexes);
    }

    @Override
    public final int executeUpdate(String sql, String[] columnNames) throws SQLException {
        return (int) run(UPDATE_NAMES, sql, SqlScan.analyze(sql), 0, columnNames);
    }

    @Override
    public final boolean execute(String sql) throws SQLException {
        return run(EXECUTE, sql, SqlScan.analyze(sql), 0, null) != 0;
    }

    @Override
    public final boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
        return run(EXECUTE_KEYS, sql, SqlScan.analyze(sql), autoGeneratedKeys, null) != 0;
    }

    @Override
    public final boolean execute(String sql, int[] columnIndexes) throws SQLException {
        return run(EXECUTE_INDEXES, sql, SqlScan.analyze(sql), 0, columnIndexes) != 0;
    }

    @Override
    public final boolean execute(String sql, String[] columnNames) throws SQLException {
        return run(EXECUTE_NAMES, sql, SqlScan.analyze(sql), 0, columnNames) != 0;
    }

    @Override
    public final long executeLargeUpdate(String sql) throws SQLException {
        return run(LARGE_UPDATE, sql, SqlScan.analyze(sql), 0, null);
    }

    @Override
    public final long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return run(LARGE_UPDATE_KEYS, sql, SqlScan.analyze(sql), autoGeneratedKeys, null);
    }

    @Override
    public final long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
        return run(LARGE_UPDATE_INDEXES, sql, SqlScan.analyze(sql), 0, columnIndexes);
    }

    @Override
    public final long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
        return run(LARGE_UPDATE_NAMES, sql, SqlScan.analyze(sql), 0, columnNames);
    }

    @Override
    public final void addBatch(String sql) throws SQLException {
        delegate().addBatch(sql);
        if (batch == null) {
            batch = new ArrayList<>();
        }
        batch.add(sql);
        int flags = SqlScan.analyze(sql);
        batchFlags = (batchFlags | flags) & ~SqlScan.READ_CANDIDATE | (batchFlags & flags & SqlScan.READ_CANDIDATE);
    }

    @Override
    public final void clearBatch() throws SQLException {
        delegate().clearBatch();
        batchDone();
    }

    @Override
    public final int[] executeBatch() throws SQLException {
        try {
            run(BATCH, batchSql(), batchFlags(), 0, null);
            int[] counts = batchCounts;
            batchCounts = null;
            return counts;
        } finally {
            batchDone();
        }
    }

    @Override
    public final long[] executeLargeBatch() throws SQLException {
        try {
            run(LARGE_BATCH, batchSql(), batchFlags(), 0, null);
            long[] counts = largeBatchCounts;
            largeBatchCounts = null;
            return counts;
        } finally {
            batchDone();
        }
    }

    // ---- results

    /**
     * The physical statement whose results the application asks for: the one its last execution
     * ran on, even when another statement's failure has since replaced the connection (pgjdbc keeps
     * an execution's counts, keys and result chain on the client); a fresh one only when that one is
     * closed (a pool closes the statements of a connection it discards). A re-created statement has
     * no results: it answered -1 and no keys where pgjdbc answers what the execution returned.
     */
    @Override
    final Statement ran() throws SQLException {
        if (closed) {
            throw new SQLException("This statement has been closed.", "55000");
        }
        Statement d = delegate;
        if (generation != owner.generation() && d.isClosed()) {
            return delegate();
        }
        return d;
    }

    @Override
    public final Connection getConnection() throws SQLException {
        if (closed) {
            throw new SQLException("This statement has been closed.", "55000");
        }
        return owner;
    }

    // ---- life cycle

    @Override
    public final void close() throws SQLException {
        if (closed) {
            return;
        }
        closed = true;
        Statement d = delegate;
        resultsGone();
        closeRidingOnClose();
        if (generation == owner.generation() && !owner.isClosed()) {
            d.close();
        } else {
            closeQuietly(d);
        }
    }

    @Override
    public final boolean isClosed() throws SQLException {
        if (closed || owner.isClosed()) {
            return true;
        }
        // on an older physical connection it is re-created on next use: open, as far as the application is concerned
        return generation == owner.generation() && delegate.isClosed();
    }

    // ---- what an ORM asks before it closes a statement (Hibernate: getMaxRows, getQueryTimeout,
    // clearWarnings; it skips close() if one throws): answered without a dial when the connection
    // was lost, as RetryingConnection.getWarnings is

    /**
     * The physical statement, when it belongs to the live physical connection in hand; null when
     * using it would first need a dial or a re-creation.
     */
    @Override
    final Statement inHand() throws SQLException {
        if (closed) {
            return delegate();
        }
        return generation == owner.generation() && owner.hasPhysical() ? delegate : null;
    }

    /** The physical statement's warnings; none when it belongs to a lost connection. */
    @Override
    public final SQLWarning getWarnings() throws SQLException {
        Statement d = inHand();
        RiddenResults r = ridden;
        if (d != null && r != null && r.physical != d) {
            return r.physical.getWarnings(); // a prepared statement's riding twin ran it
        }
        return d == null ? null : d.getWarnings();
    }

    @Override
    public final void clearWarnings() throws SQLException {
        Statement d = inHand();
        if (d != null) {
            d.clearWarnings();
            RiddenResults r = ridden;
            if (r != null && r.physical != d) {
                r.physical.clearWarnings();
            }
        }
    }

    /**
     * Cancels the physical statement running now. Called from another thread, so it touches only
     * the current physical statement: it never heals or re-creates anything.
     */
    @Override
    public final void cancel() throws SQLException {
        cancelled = true;
        Statement d = delegate;
        if (!closed) {
            d.cancel();
            cancelRiding();
        }
    }

    /** cancel() from another thread: the riding twin of a prepared statement may be the one running. */
    void cancelRiding() throws SQLException {
    }

    // ---- wrapper

    /**
     * As pgjdbc's, this works on a closed statement too: it then hands out the closed physical
     * statement rather than throwing.
     */
    @Override
    public final <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        Statement d = closed ? delegate : delegate();
        return iface.isInstance(d) ? iface.cast(d) : d.unwrap(iface);
    }

    @Override
    public final boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || (closed ? delegate : delegate()).isWrapperFor(iface);
    }

    /** The physical statement in hand, for toString (never dials, never re-creates). */
    @Override
    final Statement physicalNow() {
        return delegate;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "@" + Integer.toHexString(System.identityHashCode(this))
                + " wrapping " + delegate;
    }

    // ---- pass-throughs (plain forwarding to the current physical statement)

    @Override public String enquoteIdentifier(String a, boolean b) throws SQLException { return delegate().enquoteIdentifier(a, b); }
    @Override public String enquoteLiteral(String a) throws SQLException { return delegate().enquoteLiteral(a); }
    @Override public String enquoteNCharLiteral(String a) throws SQLException { return delegate().enquoteNCharLiteral(a); }
    @Override public int getFetchDirection() throws SQLException { return delegate().getFetchDirection(); }
    @Override public int getFetchSize() throws SQLException { return delegate().getFetchSize(); }
    @Override public long getLargeMaxRows() throws SQLException { return delegate().getLargeMaxRows(); }
    @Override public int getMaxFieldSize() throws SQLException { return delegate().getMaxFieldSize(); }
    @Override public int getResultSetConcurrency() throws SQLException { return delegate().getResultSetConcurrency(); }
    @Override public int getResultSetHoldability() throws SQLException { return delegate().getResultSetHoldability(); }
    @Override public int getResultSetType() throws SQLException { return delegate().getResultSetType(); }
    @Override public boolean isCloseOnCompletion() throws SQLException { return delegate().isCloseOnCompletion(); }
    @Override public boolean isPoolable() throws SQLException { return delegate().isPoolable(); }
    @Override public boolean isSimpleIdentifier(String a) throws SQLException { return delegate().isSimpleIdentifier(a); }
}
