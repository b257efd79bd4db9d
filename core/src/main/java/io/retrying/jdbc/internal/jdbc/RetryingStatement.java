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
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/**
 * The application's {@link Statement}: it outlives the physical statements it wraps.
 *
 * <p>Every execution goes through {@link #run}, one loop that executes on the current physical
 * statement and hands a failure to the connection's {@link Recovery}; when that says run again,
 * the physical statement is re-created (on the new connection after a swap) with the recorded
 * settings, batch and, for prepared statements, parameters. Settings setters are recorded;
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
public class RetryingStatement implements Statement, PGStatement, FailedWork {

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

    // operations run() knows; subclasses add theirs above FIRST_SUBCLASS_OP
    static final int QUERY = 0;
    static final int UPDATE = 1;
    static final int UPDATE_KEYS = 2;
    static final int UPDATE_INDEXES = 3;
    static final int UPDATE_NAMES = 4;
    public static final int EXECUTE = 5;
    static final int EXECUTE_KEYS = 6;
    static final int EXECUTE_INDEXES = 7;
    public static final int EXECUTE_NAMES = 8;
    static final int LARGE_UPDATE = 9;
    static final int LARGE_UPDATE_KEYS = 10;
    static final int LARGE_UPDATE_INDEXES = 11;
    static final int LARGE_UPDATE_NAMES = 12;
    public static final int BATCH = 13;
    public static final int LARGE_BATCH = 14;
    static final int FIRST_SUBCLASS_OP = 100;

    private static final int FETCH_SIZE = 1;
    private static final int MAX_ROWS = 1 << 1;
    private static final int LARGE_MAX_ROWS = 1 << 2;
    private static final int QUERY_TIMEOUT = 1 << 3;
    private static final int FETCH_DIRECTION = 1 << 4;
    private static final int MAX_FIELD_SIZE = 1 << 5;
    private static final int ESCAPE_PROCESSING = 1 << 6;
    private static final int POOLABLE = 1 << 7;
    private static final int CURSOR_NAME = 1 << 8;
    private static final int CLOSE_ON_COMPLETION = 1 << 9;
    private static final int PREPARE_THRESHOLD = 1 << 10;
    private static final int ADAPTIVE_FETCH = 1 << 11;

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

    private int settings;
    private int fetchSize;
    private long maxRows;
    private int queryTimeout;
    private int fetchDirection;
    private int maxFieldSize;
    private boolean escapeProcessing;
    private boolean poolable;
    private String cursorName;
    private int prepareThreshold;
    /** A negative prepare threshold was set: pgjdbc forces binary transfers on the statement from then on. */
    private boolean forcesBinary;
    private boolean adaptiveFetch;

    private List<String> batch;
    private int batchFlags = SqlScan.READ_CANDIDATE;

    /** Results of the last run(), handed to the public method that asked. */
    public ResultSet physicalResult;
    public int[] batchCounts;
    public long[] largeBatchCounts;
    private ResultSet lastPhysicalResultSet;
    private RetryingResultSet lastResultSet;
    /** This statement's latest execution in the transaction journal, or null. */
    public JournalEntry lastEntry;
    /**
     * The results of the latest execution when it carried the transaction id capture (its own
     * results, the capture's taken off), or null: the application's getMoreResults, getUpdateCount
     * and getResultSet walk these, as they would the physical statement's had it run alone.
     */
    private Ridden ridden;

    /** The application's results of an execution that carried the capture, and where the application is in them. */
    private static final class Ridden {
        final List<Object> results;
        final Statement physical;
        int position;

        Ridden(List<Object> results, Statement physical) {
            this.results = results;
            this.physical = physical;
        }

        Object current() {
            return position < results.size() ? results.get(position) : null;
        }
    }

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
        lastPhysicalResultSet = null;
        lastResultSet = null;
        ridden = null;
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

    /** Whether a setting was recorded: a physical statement they were applied to is not as pgjdbc makes it. */
    final boolean hasSettings() {
        return settings != 0;
    }

    /** Closes {@code s} (null: nothing), ignoring failures: it belongs to a dead connection or is being replaced. */
    public static void closeQuietly(Statement s) {
        Statements.closeQuietly(s);
    }

    public void applySettings(Statement s) throws SQLException {
        int set = settings;
        if (set == 0) {
            return;
        }
        if ((set & FETCH_SIZE) != 0) {
            s.setFetchSize(fetchSize);
        }
        if ((set & MAX_ROWS) != 0) {
            s.setMaxRows((int) maxRows);
        }
        if ((set & LARGE_MAX_ROWS) != 0) {
            s.setLargeMaxRows(maxRows);
        }
        if ((set & QUERY_TIMEOUT) != 0) {
            s.setQueryTimeout(queryTimeout);
        }
        if ((set & FETCH_DIRECTION) != 0) {
            s.setFetchDirection(fetchDirection);
        }
        if ((set & MAX_FIELD_SIZE) != 0) {
            s.setMaxFieldSize(maxFieldSize);
        }
        if ((set & ESCAPE_PROCESSING) != 0) {
            s.setEscapeProcessing(escapeProcessing);
        }
        if ((set & POOLABLE) != 0) {
            s.setPoolable(poolable);
        }
        if ((set & CURSOR_NAME) != 0) {
            s.setCursorName(cursorName);
        }
        if ((set & CLOSE_ON_COMPLETION) != 0) {
            s.closeOnCompletion();
        }
        if ((set & (PREPARE_THRESHOLD | ADAPTIVE_FETCH)) != 0) {
            PGStatement pg = pg(s);
            if ((set & PREPARE_THRESHOLD) != 0) {
                pg.setPrepareThreshold(prepareThreshold);
            }
            if ((set & ADAPTIVE_FETCH) != 0) {
                pg.setAdaptiveFetch(adaptiveFetch);
            }
        }
    }

    private static PGStatement pg(Statement s) throws SQLException {
        return s instanceof PGStatement pg ? pg : s.unwrap(PGStatement.class);
    }

    @Override
    public long maxRows() {
        return maxRows;
    }

    @Override
    public int maxFieldSize() {
        return maxFieldSize;
    }

    @Override
    public int[] batchCounts() {
        return batchCounts;
    }

    @Override
    public long[] largeBatchCounts() {
        return largeBatchCounts;
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
    public Statement replayStatement(Connection physical, JournalEntry entry) throws SQLException {
        Statement p = shape.create(physical);
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
    public Replayed replay(Statement p, JournalEntry entry) throws SQLException {
        try {
            long result = perform(p, entry.op, entry.sql, entry.intArg, entry.arg);
            ResultSet first = physicalResult;
            return new Replayed(JournalEntry.outcome(this, p, entry.op, result), first);
        } finally {
            physicalResult = null;
            batchCounts = null;
            largeBatchCounts = null;
        }
    }

    /**
     * Gives a replay's physical statement the row and field limits {@code entry} ran with, where
     * the application has set others since (for its next execution): they decide which rows a
     * result set the application holds open goes on to deliver.
     */
    public void applyLimitsOf(JournalEntry entry, Statement s) throws SQLException {
        if (entry.maxRows != maxRows) {
            s.setMaxRows((int) Math.min(entry.maxRows, Integer.MAX_VALUE));
        }
        if (entry.maxFieldSize != maxFieldSize) {
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
        lastPhysicalResultSet = result == null ? null : physicalResult;
        lastResultSet = (RetryingResultSet) result; // the journal holds the result sets this statement gave out
        ridden = null;
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
                if (capture == null && (resolving = owner.resolvingAutocommit(op, flags)) != null && !forcesBinary
                        && owner.xid().ridesOn(owner.generation(), owner.physicalInHand()) && canRide(d, op, sql, flags)) {
                    // an autocommit write, resolvable when its connection is lost (issue 26)
                    result = resolving.run(this, d, op, sql, intArg, arg);
                } else if (capture == null || capture.readsWithout(flags)) {
                    // no id wanted, or a plain read ahead of any write (TransactionId says why that is safe)
                    result = perform(d, op, sql, intArg, arg);
                } else if (!forcesBinary && capture.ridesOn(owner.generation(), owner.physicalInHand())
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

    /** closeOnCompletion() was asked: pgjdbc closes the statement that ran with its results, so the capture does not ride. */
    final boolean closesOnCompletion() {
        return (settings & CLOSE_ON_COMPLETION) != 0;
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
        List<Object> results = new ArrayList<>(2);
        while (true) {
            if (isResultSet) {
                results.add(s.getResultSet());
            } else {
                long count = s.getLargeUpdateCount();
                if (count == -1) {
                    break;
                }
                results.add(count);
            }
            isResultSet = s.getMoreResults(KEEP_CURRENT_RESULT);
        }
        Object last = results.isEmpty() ? null : results.get(results.size() - 1);
        if (last instanceof ResultSet rs && TransactionId.COLUMN.equals(rs.getMetaData().getColumnLabel(1))) {
            results.remove(results.size() - 1);
            try (rs) {
                capture.captured(rs, gen, physical);
            }
        } else {
            capture.ranWithout();
        }
        ridden = new Ridden(results, s);
        boolean handedResultSet = false;
        for (Object result : results) {
            handedResultSet |= result instanceof ResultSet;
        }
        rode(handedResultSet);
        Object first = results.isEmpty() ? null : results.get(0);
        switch (op) {
            case QUERY, RetryingPreparedStatement.PS_QUERY -> {
                if (!(first instanceof ResultSet rs)) {
                    throw new PSQLException("No results were returned by the query.", PSQLState.NO_DATA);
                }
                if (results.size() > 1) {
                    throw new PSQLException("Multiple ResultSets were returned by the query.", PSQLState.TOO_MANY_RESULTS);
                }
                physicalResult = rs;
                return 0;
            }
            case EXECUTE, RetryingPreparedStatement.PS_EXECUTE -> {
                return first instanceof ResultSet ? 1 : 0;
            }
            default -> {
                for (Object result : results) {
                    if (result instanceof ResultSet) {
                        throw new PSQLException("A result was returned when none was expected.", PSQLState.TOO_MANY_RESULTS);
                    }
                }
                long count = first == null ? -1 : (Long) first;
                boolean large = op == LARGE_UPDATE || op == RetryingPreparedStatement.PS_LARGE_UPDATE;
                return large || count <= Integer.MAX_VALUE ? count : SUCCESS_NO_INFO;
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

    /** Executes {@code op} once on the physical statement {@code d}. */
    public long perform(Statement d, int op, String sql, int intArg, Object arg) throws SQLException {
        switch (op) {
            case QUERY:
                physicalResult = d.executeQuery(sql);
                return 0;
            case UPDATE:
                return d.executeUpdate(sql);
            case UPDATE_KEYS:
                return d.executeUpdate(sql, intArg);
            case UPDATE_INDEXES:
                return d.executeUpdate(sql, (int[]) arg);
            case UPDATE_NAMES:
                return d.executeUpdate(sql, (String[]) arg);
            case EXECUTE:
                return d.execute(sql) ? 1 : 0;
            case EXECUTE_KEYS:
                return d.execute(sql, intArg) ? 1 : 0;
            case EXECUTE_INDEXES:
                return d.execute(sql, (int[]) arg) ? 1 : 0;
            case EXECUTE_NAMES:
                return d.execute(sql, (String[]) arg) ? 1 : 0;
            case LARGE_UPDATE:
                return d.executeLargeUpdate(sql);
            case LARGE_UPDATE_KEYS:
                return d.executeLargeUpdate(sql, intArg);
            case LARGE_UPDATE_INDEXES:
                return d.executeLargeUpdate(sql, (int[]) arg);
            case LARGE_UPDATE_NAMES:
                return d.executeLargeUpdate(sql, (String[]) arg);
            case BATCH:
                batchCounts = d.executeBatch();
                return 0;
            case LARGE_BATCH:
                largeBatchCounts = d.executeLargeBatch();
                return 0;
            default:
                throw new IllegalStateException("unknown operation " + op);
        }
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

    final ResultSet wrap(ResultSet physical) {
        return wrap(physical, false);
    }

    /**
     * The application's result set over {@code physical}; inside a journaled transaction it digests
     * the rows the application reads, for a replay to verify ({@code keys}: the generated keys).
     */
    final ResultSet wrap(ResultSet physical, boolean keys) {
        if (physical == null) {
            return null;
        }
        if (physical != lastPhysicalResultSet) {
            lastPhysicalResultSet = physical;
            lastResultSet = new RetryingResultSet(physical, this);
            JournalEntry entry = lastEntry;
            if (entry != null && owner.journal().current(entry)) {
                owner.journal().resultSet(entry, lastResultSet, keys, shape);
            }
        }
        return lastResultSet;
    }

    private ResultSet takeResult() {
        ResultSet rs = physicalResult;
        physicalResult = null;
        return wrap(rs);
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
    private Statement ran() throws SQLException {
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
    public final ResultSet getResultSet() throws SQLException {
        Statement d = ran();
        Ridden r = ridden;
        if (r != null) {
            return wrap(r.current() instanceof ResultSet rs ? rs : null);
        }
        return wrap(d.getResultSet());
    }

    @Override
    public final int getUpdateCount() throws SQLException {
        Statement d = ran();
        Ridden r = ridden;
        if (r != null) {
            long count = r.current() instanceof Long n ? n : -1;
            return count > Integer.MAX_VALUE ? SUCCESS_NO_INFO : (int) count;
        }
        return d.getUpdateCount();
    }

    @Override
    public final long getLargeUpdateCount() throws SQLException {
        Statement d = ran();
        Ridden r = ridden;
        if (r != null) {
            return r.current() instanceof Long n ? n : -1;
        }
        return d.getLargeUpdateCount();
    }

    @Override
    public final boolean getMoreResults() throws SQLException {
        return getMoreResults(CLOSE_ALL_RESULTS);
    }

    /** As pgjdbc's: moves to the next result, closing the current one or all before as asked. */
    @Override
    public final boolean getMoreResults(int current) throws SQLException {
        Statement d = ran();
        Ridden r = ridden;
        if (r == null) {
            return d.getMoreResults(current);
        }
        if (current == CLOSE_CURRENT_RESULT && r.current() instanceof ResultSet rs) {
            rs.close();
        }
        if (r.position < r.results.size()) {
            r.position++;
        }
        if (current == CLOSE_ALL_RESULTS) {
            for (int i = 0; i < r.position; i++) {
                if (r.results.get(i) instanceof ResultSet rs) {
                    rs.close();
                }
            }
        }
        return r.current() instanceof ResultSet;
    }

    @Override
    public final ResultSet getGeneratedKeys() throws SQLException {
        return wrap(ran().getGeneratedKeys(), true);
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
        lastResultSet = null;
        lastPhysicalResultSet = null;
        ridden = null;
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

    // ---- settings, recorded for re-creation

    @Override
    public final void setFetchSize(int rows) throws SQLException {
        delegate().setFetchSize(rows);
        fetchSize = rows;
        settings |= FETCH_SIZE;
    }

    @Override
    public final void setMaxRows(int max) throws SQLException {
        delegate().setMaxRows(max);
        maxRows = max;
        settings = (settings | MAX_ROWS) & ~LARGE_MAX_ROWS;
    }

    @Override
    public final void setLargeMaxRows(long max) throws SQLException {
        delegate().setLargeMaxRows(max);
        maxRows = max;
        settings = (settings | LARGE_MAX_ROWS) & ~MAX_ROWS;
    }

    @Override
    public final void setQueryTimeout(int seconds) throws SQLException {
        delegate().setQueryTimeout(seconds);
        queryTimeout = seconds;
        settings |= QUERY_TIMEOUT;
    }

    @Override
    public final void setFetchDirection(int direction) throws SQLException {
        delegate().setFetchDirection(direction);
        fetchDirection = direction;
        settings |= FETCH_DIRECTION;
    }

    @Override
    public final void setMaxFieldSize(int max) throws SQLException {
        delegate().setMaxFieldSize(max);
        maxFieldSize = max;
        settings |= MAX_FIELD_SIZE;
    }

    @Override
    public final void setEscapeProcessing(boolean enable) throws SQLException {
        delegate().setEscapeProcessing(enable);
        escapeProcessing = enable;
        settings |= ESCAPE_PROCESSING;
    }

    @Override
    public final void setPoolable(boolean value) throws SQLException {
        delegate().setPoolable(value);
        poolable = value;
        settings |= POOLABLE;
    }

    @Override
    public final void setCursorName(String name) throws SQLException {
        delegate().setCursorName(name);
        cursorName = name;
        settings |= CURSOR_NAME;
    }

    @Override
    public final void closeOnCompletion() throws SQLException {
        delegate().closeOnCompletion();
        settings |= CLOSE_ON_COMPLETION;
    }

    // ---- what an ORM asks before it closes a statement (Hibernate: getMaxRows, getQueryTimeout,
    // clearWarnings; it skips close() if one throws): answered without a dial when the connection
    // was lost, as RetryingConnection.getWarnings is

    /**
     * The physical statement, when it belongs to the live physical connection in hand; null when
     * using it would first need a dial or a re-creation.
     */
    private Statement inHand() throws SQLException {
        if (closed) {
            return delegate();
        }
        return generation == owner.generation() && owner.hasPhysical() ? delegate : null;
    }

    @Override
    public final int getMaxRows() throws SQLException {
        Statement d = inHand();
        return d != null ? d.getMaxRows() : (settings & (MAX_ROWS | LARGE_MAX_ROWS)) != 0 ? (int) maxRows : 0;
    }

    @Override
    public final int getQueryTimeout() throws SQLException {
        Statement d = inHand();
        return d != null ? d.getQueryTimeout() : (settings & QUERY_TIMEOUT) != 0 ? queryTimeout : 0;
    }

    /** The physical statement's warnings; none when it belongs to a lost connection. */
    @Override
    public final SQLWarning getWarnings() throws SQLException {
        Statement d = inHand();
        Ridden r = ridden;
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
            Ridden r = ridden;
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
    final Statement physicalForToString() {
        return delegate;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "@" + Integer.toHexString(System.identityHashCode(this))
                + " wrapping " + delegate;
    }

    // ---- org.postgresql.PGStatement: settings recorded like the JDBC ones, the rest passed through

    @Override
    public final void setPrepareThreshold(int threshold) throws SQLException {
        pg(delegate()).setPrepareThreshold(threshold);
        prepareThreshold = threshold;
        forcesBinary |= threshold < 0;
        settings |= PREPARE_THRESHOLD;
    }

    /** pgjdbc's deprecated form of {@code setPrepareThreshold(flag ? 1 : 0)}. */
    @Deprecated
    @Override
    public final void setUseServerPrepare(boolean flag) throws SQLException {
        setPrepareThreshold(flag ? 1 : 0);
    }

    /** pgjdbc's declares no SQLException: a closed statement or a failed re-creation surfaces unchecked. */
    @Override
    public final void setAdaptiveFetch(boolean adaptive) {
        try {
            pg(delegate()).setAdaptiveFetch(adaptive);
        } catch (SQLException e) {
            throw new IllegalStateException("setAdaptiveFetch: " + e.getMessage(), e);
        }
        adaptiveFetch = adaptive;
        settings |= ADAPTIVE_FETCH;
    }

    @Override
    public long getLastOID() throws SQLException {
        return pg(delegate()).getLastOID();
    }

    /** PGStatement's getters declare no SQLException: they read the physical statement in hand. */
    private PGStatement pgInHand() {
        try {
            return pg(delegate);
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    @Deprecated
    @Override
    public boolean isUseServerPrepare() {
        return pgInHand().isUseServerPrepare();
    }

    @Override
    public int getPrepareThreshold() {
        return pgInHand().getPrepareThreshold();
    }

    @Override
    public boolean getAdaptiveFetch() {
        return pgInHand().getAdaptiveFetch();
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
