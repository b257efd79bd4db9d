package io.retrying.jdbc.bench.stub;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What the stub driver answers to the retrying layer's transaction id capture appended to a
 * statement: one row, one column {@code retrying_jdbc_xid}: null after a query, 42 after an update
 * (so that a transaction over the stub learns its id as it would from PostgreSQL, and COMMIT needs
 * no round trip of its own). To the capture sent on its own before COMMIT (after a statement that
 * could not carry it: {@code execute()}, a batch), three columns as PostgreSQL answers it: the id
 * 42, a server identity (timeline, start time, statistics reset) and a WAL position.
 */
final class StubCaptureResultSet extends UnsupportedResultSet {

    private static final String IDENTITY = "00000001 2026-12-01 00:00:00+00 2026-12-01 00:00:00+00";
    private static final String POSITION = "0/16B3748";

    private final StubStatement statement;
    private final boolean assigned;
    private final boolean standalone;
    private int row;
    private boolean closed;

    StubCaptureResultSet(StubStatement statement, boolean assigned) {
        this(statement, assigned, false);
    }

    StubCaptureResultSet(StubStatement statement, boolean assigned, boolean standalone) {
        this.statement = statement;
        this.assigned = assigned;
        this.standalone = standalone;
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
    public String getString(int column) throws SQLException {
        if (column == 1) {
            return "42";
        }
        if (!standalone || column > 3) {
            throw new SQLException("stub driver: column index out of range: " + column, "22023");
        }
        return column == 2 ? IDENTITY : POSITION;
    }

    @Override
    public boolean wasNull() {
        return !assigned;
    }

    @Override
    public ResultSetMetaData getMetaData() {
        return standalone ? STANDALONE_META : META;
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

    private static final ResultSetMetaData STANDALONE_META = new Labels("pg_current_xact_id_if_assigned", "concat_ws", "text");
    private static final ResultSetMetaData META = new Labels("retrying_jdbc_xid");

    /** The capture's columns, by label. */
    private static final class Labels extends UnsupportedResultSetMetaData {
        private final String[] labels;

        Labels(String... labels) {
            this.labels = labels;
        }

        @Override
        public int getColumnCount() {
            return labels.length;
        }

        @Override
        public String getColumnLabel(int column) {
            return labels[column - 1];
        }
    }
}
