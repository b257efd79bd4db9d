package io.retrying.jdbc.bench.stub;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.concurrent.Executor;

/** A connection of the stub driver: tracks autocommit and open/closed, and makes stub statements. */
final class StubConnection extends UnsupportedConnection {

    private boolean autoCommit = true;
    private boolean readOnly;
    private int isolation = Connection.TRANSACTION_READ_COMMITTED;
    private int networkTimeout;
    private boolean closed;
    /** Transactions ended, so that the JIT cannot drop commit() as doing nothing. */
    long ended;

    private void checkOpen() throws SQLException {
        if (closed) {
            throw new SQLException("stub driver: the connection is closed", "08003");
        }
    }

    @Override
    public Statement createStatement() throws SQLException {
        checkOpen();
        return new StubStatement(this);
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        checkOpen();
        return new StubPreparedStatement(this, sql);
    }

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        checkOpen();
        if (autoCommit && !this.autoCommit) {
            ended++;
        }
        this.autoCommit = autoCommit;
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        checkOpen();
        return autoCommit;
    }

    @Override
    public void commit() throws SQLException {
        checkOpen();
        if (autoCommit) {
            throw new SQLException("stub driver: cannot commit in autocommit", "25000");
        }
        ended++;
    }

    @Override
    public void rollback() throws SQLException {
        checkOpen();
        if (autoCommit) {
            throw new SQLException("stub driver: cannot roll back in autocommit", "25000");
        }
        ended++;
    }

    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        checkOpen();
        this.readOnly = readOnly;
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        checkOpen();
        return readOnly;
    }

    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        checkOpen();
        isolation = level;
    }

    @Override
    public int getTransactionIsolation() throws SQLException {
        checkOpen();
        return isolation;
    }

    @Override
    public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
        checkOpen();
        networkTimeout = milliseconds;
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        checkOpen();
        return networkTimeout;
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
    public boolean isValid(int timeout) {
        return !closed;
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

    @Override
    public String toString() {
        return "StubConnection@" + Integer.toHexString(System.identityHashCode(this));
    }
}
