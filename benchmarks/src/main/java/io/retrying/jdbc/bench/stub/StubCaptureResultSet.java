package io.retrying.jdbc.bench.stub;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What the stub driver answers to the retrying layer's transaction id capture appended to a
 * statement: one row, one column {@code retrying_jdbc_xid}: null after a query, 42 after an update
 * (so that a transaction over the stub learns its id as it would from PostgreSQL, and COMMIT needs
 * no round trip of its own).
 */
final class StubCaptureResultSet extends UnsupportedResultSet {

    private final StubStatement statement;
    private final boolean assigned;
    private int row;
    private boolean closed;

    StubCaptureResultSet(StubStatement statement, boolean assigned) {
        this.statement = statement;
        this.assigned = assigned;
    }

    @Override
    public boolean next() {
        return ++row == 1;
    }

    @Override
    public long getLong(int column) {
        return 42;
    }

    @Override
    public String getString(int column) {
        return "42";
    }

    @Override
    public boolean wasNull() {
        return !assigned;
    }

    @Override
    public ResultSetMetaData getMetaData() {
        return META;
    }

    @Override
    public Statement getStatement() {
        return statement;
    }

    @Override
    public void close() {
        closed = true;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    private static final ResultSetMetaData META = new UnsupportedResultSetMetaData() {
        @Override
        public int getColumnCount() {
            return 1;
        }

        @Override
        public String getColumnLabel(int column) {
            return "retrying_jdbc_xid";
        }
    };
}
