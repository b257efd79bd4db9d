package io.retrying.jdbc.bench.stub;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/**
 * A prepared statement of the stub driver. Parameters land in preallocated arrays (no boxing), so
 * binding allocates nothing, like a driver that encodes into a reused buffer.
 */
final class StubPreparedStatement extends UnsupportedPreparedStatement {

    private static final int MAX_PARAMETERS = 16;

    private final String sql;
    private final long[] numbers = new long[MAX_PARAMETERS + 1];
    private final Object[] objects = new Object[MAX_PARAMETERS + 1];

    StubPreparedStatement(StubConnection connection, String sql) {
        super(connection);
        this.sql = sql;
    }

    private void check(int index) throws SQLException {
        checkOpen();
        if (index < 1 || index > MAX_PARAMETERS) {
            throw new SQLException("stub driver: parameter index out of range: " + index, "22023");
        }
    }

    @Override
    public void setInt(int parameterIndex, int x) throws SQLException {
        check(parameterIndex);
        numbers[parameterIndex] = x;
        objects[parameterIndex] = null;
    }

    @Override
    public void setLong(int parameterIndex, long x) throws SQLException {
        check(parameterIndex);
        numbers[parameterIndex] = x;
        objects[parameterIndex] = null;
    }

    @Override
    public void setString(int parameterIndex, String x) throws SQLException {
        check(parameterIndex);
        objects[parameterIndex] = x;
    }

    @Override
    public void setObject(int parameterIndex, Object x) throws SQLException {
        check(parameterIndex);
        objects[parameterIndex] = x;
    }

    @Override
    public void setNull(int parameterIndex, int sqlType) throws SQLException {
        check(parameterIndex);
        objects[parameterIndex] = null;
        numbers[parameterIndex] = Types.NULL;
    }

    @Override
    public void clearParameters() throws SQLException {
        checkOpen();
        java.util.Arrays.fill(objects, null);
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        checkOpen();
        return query(sql);
    }

    @Override
    public int executeUpdate() throws SQLException {
        checkOpen();
        return update();
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        checkOpen();
        return update();
    }

    @Override
    public boolean execute() throws SQLException {
        checkOpen();
        executing(sql);
        if (isQuery(sql)) {
            query(sql);
            return true;
        }
        update();
        return false;
    }
}
