package io.retrying.jdbc.bench.stub;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;

/**
 * A statement of the stub driver. A query (SQL starting with {@code S}/{@code s} or {@code W}
 * for WITH) answers {@link StubResultSet#ROWS} rows; anything else counts one updated row.
 * {@link StubDataSource#ENDLESS} answers a result set that never ends.
 */
class StubStatement extends UnsupportedStatement {

    private final StubConnection connection;
    private boolean closed;
    private ResultSet current;
    private int updateCount = -1;
    private int fetchSize;
    private int maxRows;
    private int queryTimeout;
    /** The SQL just executed carried the retrying layer's transaction id capture: its result comes next. */
    private boolean capturePending;
    /** As PostgreSQL: a transaction that only read has no id yet; one that updated has. */
    private boolean captureAssigned;

    StubStatement(StubConnection connection) {
        this.connection = connection;
    }

    final void checkOpen() throws SQLException {
        if (closed || connection.isClosed()) {
            throw new SQLException("stub driver: the statement is closed", "55000");
        }
    }

    /** Notes whether {@code sql} ends with the layer's capture, which then answers one row (id 42 after an update, else null). */
    final void executing(String sql) {
        capturePending = sql.endsWith(CAPTURE_LABEL) || sql.contains(CAPTURE_LABEL + ",");
        captureAssigned = capturePending && !isQuery(sql);
    }

    private static final String CAPTURE_LABEL = "as retrying_jdbc_xid";

    static boolean isQuery(String sql) {
        char c = sql.isEmpty() ? ' ' : sql.charAt(0);
        return c == 'S' || c == 's' || c == 'W' || c == 'w';
    }

    final ResultSet query(String sql) {
        updateCount = -1;
        current = isStandaloneCapture(sql) ? new StubCaptureResultSet(this, true, true)
                : new StubResultSet(this, StubDataSource.ENDLESS.equals(sql));
        return current;
    }

    /**
     * The layer's capture sent on its own before COMMIT (CommitResolver's, when no statement of the
     * transaction could carry it): the id, the server identity and the WAL position, three columns.
     */
    static boolean isStandaloneCapture(String sql) {
        return sql.startsWith("select ") && sql.contains("pg_current_xact_id") && !sql.contains(CAPTURE_LABEL);
    }

    final int update() {
        current = null;
        updateCount = 1;
        return 1;
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        checkOpen();
        return query(sql);
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        checkOpen();
        return update();
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        checkOpen();
        return update();
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        checkOpen();
        executing(sql);
        if (isQuery(sql)) {
            query(sql);
            return true;
        }
        update();
        return false;
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        checkOpen();
        return current;
    }

    @Override
    public int getUpdateCount() throws SQLException {
        checkOpen();
        return updateCount;
    }

    @Override
    public long getLargeUpdateCount() throws SQLException {
        checkOpen();
        return updateCount;
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        return getMoreResults(CLOSE_CURRENT_RESULT);
    }

    @Override
    public boolean getMoreResults(int currentResult) throws SQLException {
        checkOpen();
        updateCount = -1;
        if (capturePending) {
            capturePending = false;
            current = new StubCaptureResultSet(this, captureAssigned);
            return true;
        }
        current = null;
        return false;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
        fetchSize = rows;
    }

    @Override
    public int getFetchSize() throws SQLException {
        checkOpen();
        return fetchSize;
    }

    @Override
    public void setMaxRows(int max) throws SQLException {
        checkOpen();
        maxRows = max;
    }

    @Override
    public int getMaxRows() throws SQLException {
        checkOpen();
        return maxRows;
    }

    @Override
    public void setQueryTimeout(int seconds) throws SQLException {
        checkOpen();
        queryTimeout = seconds;
    }

    @Override
    public int getQueryTimeout() throws SQLException {
        checkOpen();
        return queryTimeout;
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
    }

    @Override
    public Connection getConnection() throws SQLException {
        checkOpen();
        return connection;
    }

    @Override
    public void close() {
        closed = true;
        current = null;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void cancel() {
        // nothing runs long enough to cancel
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("stub driver: not a wrapper for " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "@" + Integer.toHexString(System.identityHashCode(this));
    }
}
