package io.retrying.jdbc.internal.jdbc;

import java.sql.SQLException;
import java.sql.Statement;
import org.postgresql.PGStatement;

/**
 * The settings the application set on a statement ({@link RetryingStatement} extends this class):
 * each JDBC or pgjdbc setter runs on the physical statement and is recorded, so that a statement
 * re-created on a new connection, and a replay's, get them again ({@link #applySettings}); and what
 * an ORM asks before it closes a statement (Hibernate: getMaxRows, getQueryTimeout; it skips
 * close() if one throws), answered without a dial when the connection was lost, as
 * {@code RetryingConnection.getWarnings} is.
 */
public abstract class StatementSettings implements Statement, PGStatement {

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

    /** The current physical statement, re-created first when it belongs to an older connection. */
    abstract Statement delegate() throws SQLException;

    /**
     * The physical statement, when it belongs to the live physical connection in hand; null when
     * using it would first need a dial or a re-creation.
     */
    abstract Statement inHand() throws SQLException;

    /** The physical statement in hand, whatever its state (never dials, never re-creates). */
    abstract Statement physicalNow();

    /** A negative prepare threshold was set: pgjdbc forces binary transfers on the statement, and the capture does not ride. */
    final boolean forcesBinary() {
        return forcesBinary;
    }

    /** Whether a setting was recorded: a physical statement they were applied to is not as pgjdbc makes it. */
    final boolean hasSettings() {
        return settings != 0;
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

    /** The row limit last set (0: none), as the journal records it for each execution. */
    public long maxRows() {
        return maxRows;
    }

    /** The field size limit last set (0: none), as the journal records it for each execution. */
    public int maxFieldSize() {
        return maxFieldSize;
    }

    /** closeOnCompletion() was asked: pgjdbc closes the statement that ran with its results, so the capture does not ride. */
    final boolean closesOnCompletion() {
        return (settings & CLOSE_ON_COMPLETION) != 0;
    }

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
            return pg(physicalNow());
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
}
