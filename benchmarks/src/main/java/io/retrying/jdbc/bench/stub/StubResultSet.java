package io.retrying.jdbc.bench.stub;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Types;

/**
 * The stub driver's canned result: {@value #ROWS} rows of {@code (id int, name varchar)}, id 1 to
 * 10, name {@code "name-<id>"}. Getters allocate nothing (the names are made once), so a getter
 * benchmark measures the call path, not the driver's decoding. An endless one cycles through its
 * rows for ever.
 */
final class StubResultSet extends UnsupportedResultSet {

    static final int ROWS = 10;
    private static final String[] NAMES = new String[ROWS + 1];
    private static final byte[][] NAME_BYTES = new byte[ROWS + 1][];

    static {
        for (int i = 1; i <= ROWS; i++) {
            NAMES[i] = "name-" + i;
            NAME_BYTES[i] = NAMES[i].getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        }
    }

    private final StubStatement statement;
    private final boolean endless;
    private int row;
    private boolean closed;

    StubResultSet(StubStatement statement, boolean endless) {
        this.statement = statement;
        this.endless = endless;
    }

    private void checkRow(int column) throws SQLException {
        if (closed) {
            throw new SQLException("stub driver: the result set is closed", "24000");
        }
        if (row < 1 || row > ROWS) {
            throw new SQLException("stub driver: not on a row", "24000");
        }
        if (column < 1 || column > 2) {
            throw new SQLException("stub driver: column index out of range: " + column, "22023");
        }
    }

    @Override
    public boolean next() throws SQLException {
        if (closed) {
            throw new SQLException("stub driver: the result set is closed", "24000");
        }
        if (endless && row == ROWS) {
            row = 0;
        }
        if (row <= ROWS) {
            row++;
        }
        return row <= ROWS;
    }

    @Override
    public int getInt(int columnIndex) throws SQLException {
        checkRow(columnIndex);
        return columnIndex == 1 ? row : 0;
    }

    @Override
    public long getLong(int columnIndex) throws SQLException {
        checkRow(columnIndex);
        return columnIndex == 1 ? row : 0;
    }

    @Override
    public String getString(int columnIndex) throws SQLException {
        checkRow(columnIndex);
        return columnIndex == 2 ? NAMES[row] : Integer.toString(row);
    }

    @Override
    public byte[] getBytes(int columnIndex) throws SQLException {
        checkRow(columnIndex);
        return columnIndex == 2 ? NAME_BYTES[row] : Integer.toString(row).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    @Override
    public Object getObject(int columnIndex) throws SQLException {
        checkRow(columnIndex);
        return columnIndex == 2 ? NAMES[row] : Integer.valueOf(row);
    }

    @Override
    public int getInt(String columnLabel) throws SQLException {
        return getInt(findColumn(columnLabel));
    }

    @Override
    public String getString(String columnLabel) throws SQLException {
        return getString(findColumn(columnLabel));
    }

    @Override
    public int findColumn(String columnLabel) throws SQLException {
        if ("id".equalsIgnoreCase(columnLabel)) {
            return 1;
        }
        if ("name".equalsIgnoreCase(columnLabel)) {
            return 2;
        }
        throw new SQLException("stub driver: no column " + columnLabel, "42703");
    }

    @Override
    public boolean wasNull() {
        return false;
    }

    @Override
    public ResultSetMetaData getMetaData() {
        return StubMetaData.INSTANCE;
    }

    @Override
    public Statement getStatement() {
        return statement;
    }

    @Override
    public int getType() {
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() {
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getRow() {
        return row <= ROWS ? row : 0;
    }

    @Override
    public SQLWarning getWarnings() {
        return null;
    }

    @Override
    public void clearWarnings() {
        // none
    }

    @Override
    public void close() {
        closed = true;
    }

    @Override
    public boolean isClosed() {
        return closed;
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

    /** The columns: {@code id int4}, {@code name varchar}. */
    static final class StubMetaData extends UnsupportedResultSetMetaData {
        static final StubMetaData INSTANCE = new StubMetaData();

        @Override
        public int getColumnCount() {
            return 2;
        }

        @Override
        public int getColumnType(int column) {
            return column == 1 ? Types.INTEGER : Types.VARCHAR;
        }

        @Override
        public String getColumnName(int column) {
            return column == 1 ? "id" : "name";
        }

        @Override
        public String getColumnLabel(int column) {
            return getColumnName(column);
        }

        @Override
        public String getColumnTypeName(int column) {
            return column == 1 ? "int4" : "varchar";
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return iface.isInstance(this);
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            if (iface.isInstance(this)) {
                return iface.cast(this);
            }
            throw new SQLException("stub driver: not a wrapper for " + iface.getName());
        }
    }
}
