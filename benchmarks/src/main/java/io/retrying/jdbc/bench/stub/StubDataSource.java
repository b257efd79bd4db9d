package io.retrying.jdbc.bench.stub;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * An in-process JDBC "driver" that answers from memory: every query gives the same 10 rows of
 * {@code (int id, varchar name)}, every update counts 1 row. It does no I/O and allocates only
 * what JDBC makes it (a statement, a result set), so that a benchmark over it shows what the layer
 * on top costs instead of hiding it behind a network round trip.
 */
public final class StubDataSource implements DataSource {

    /**
     * The query whose result set cycles through its rows for ever, for benchmarks of single calls to
     * {@code next()} and the getters.
     */
    public static final String ENDLESS = "SELECT id, name FROM endless";

    private int loginTimeout;

    @Override
    public Connection getConnection() {
        return new StubConnection();
    }

    @Override
    public Connection getConnection(String username, String password) {
        return new StubConnection();
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        // the stub logs nothing
    }

    @Override
    public void setLoginTimeout(int seconds) {
        loginTimeout = seconds;
    }

    @Override
    public int getLoginTimeout() {
        return loginTimeout;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("stub driver: no java.util.logging");
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
        return "StubDataSource";
    }
}
