package io.retrying.jdbc.internal.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The results of a statement's last execution ({@link RetryingStatement} extends this class): the
 * result sets, counts and keys the application asks for, each result set wrapped once
 * ({@link RetryingResultSet}: its {@code getStatement()} is the application's statement, and in a
 * journaled transaction it digests the rows read). An execution that carried the transaction id
 * capture answers from its {@link RiddenResults}, the capture's taken off. And the operations an
 * execution runs on the physical statement ({@link #perform}), which leave their results here.
 */
public abstract class StatementResults extends StatementSettings {

    // the operations an execution runs (RetryingStatement#run); subclasses add theirs above FIRST_SUBCLASS_OP
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

    /** Results of the last run(), handed to the public method that asked. */
    public ResultSet physicalResult;
    public int[] batchCounts;
    public long[] largeBatchCounts;
    /** The physical result set last wrapped, and its wrapper: asking again gives the same object. */
    private ResultSet lastPhysicalResultSet;
    private RetryingResultSet lastResultSet;
    /**
     * The results of the latest execution when it carried the transaction id capture (its own
     * results, the capture's taken off), or null: the application's getMoreResults, getUpdateCount
     * and getResultSet walk these, as they would the physical statement's had it run alone.
     */
    RiddenResults ridden;

    /**
     * The physical statement whose results the application asks for: the one its last execution
     * ran on (see {@link RetryingStatement#ran()}).
     */
    abstract Statement ran() throws SQLException;

    /** A new application result set over {@code physical} ({@code keys}: the generated keys). */
    abstract RetryingResultSet resultSetOver(ResultSet physical, boolean keys);

    /** The physical statement was replaced or closed: its results are gone with it. */
    final void resultsGone() {
        lastPhysicalResultSet = null;
        lastResultSet = null;
        ridden = null;
    }

    /** A replay re-ran the last execution: {@code rs} (the journal's, over {@code physical}) carries on as the last result set. */
    final void adoptResults(ResultSet physical, RetryingResultSet rs) {
        lastPhysicalResultSet = physical;
        lastResultSet = rs;
        ridden = null;
    }

    /** The counts of the last batch, as the journal records its outcome. */
    public int[] batchCounts() {
        return batchCounts;
    }

    /** The counts of the last large batch. */
    public long[] largeBatchCounts() {
        return largeBatchCounts;
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
            lastResultSet = resultSetOver(physical, keys);
        }
        return lastResultSet;
    }

    final ResultSet takeResult() {
        ResultSet rs = physicalResult;
        physicalResult = null;
        return wrap(rs);
    }

    @Override
    public final ResultSet getResultSet() throws SQLException {
        Statement d = ran();
        RiddenResults r = ridden;
        if (r != null) {
            return wrap(r.current() instanceof ResultSet rs ? rs : null);
        }
        return wrap(d.getResultSet());
    }

    @Override
    public final int getUpdateCount() throws SQLException {
        Statement d = ran();
        RiddenResults r = ridden;
        if (r != null) {
            return r.updateCount();
        }
        return d.getUpdateCount();
    }

    @Override
    public final long getLargeUpdateCount() throws SQLException {
        Statement d = ran();
        RiddenResults r = ridden;
        if (r != null) {
            return r.largeUpdateCount();
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
        RiddenResults r = ridden;
        return r == null ? d.getMoreResults(current) : r.moreResults(current);
    }

    @Override
    public final ResultSet getGeneratedKeys() throws SQLException {
        return wrap(ran().getGeneratedKeys(), true);
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
}
