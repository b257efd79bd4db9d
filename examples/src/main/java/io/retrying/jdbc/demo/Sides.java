package io.retrying.jdbc.demo;

import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.internal.Dialer;
import io.retrying.jdbc.internal.RetryConfig;
import io.retrying.jdbc.internal.RetryingConnections;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** Builds the two sides: the same pool settings and the same application code, with and without retrying-jdbc. */
final class Sides {
    static final String PLAIN = "plain";
    static final String RETRYING = "retrying";

    /**
     * How the retrying side's application runs a transfer. Today: the same plain JDBC transaction as
     * the other side, so the only difference between the sides is the data source.
     */
    static final TransferWork RETRYING_WORK = Bank::transfer;

    private Sides() {
    }

    static Side plain(String url, int poolSize) {
        HikariDataSource pool = Side.pool(PLAIN, url, poolSize);
        return new Side(PLAIN, "HikariCP + pgjdbc", pool, pool, Bank::transfer, null);
    }

    static Side retrying(String url, int poolSize) {
        HikariDataSource pool = Side.pool(RETRYING, url, poolSize);
        RetryCounter counter = new RetryCounter();
        DataSource retrying = new StandIn(pool, new RetryConfig(RetryPolicy.defaults(),
                RetryConfig.defaults().reconnectWindow(), 1000, 4L << 20, true, counter, null));
        return new Side(RETRYING, "retrying-jdbc over HikariCP", pool, retrying, RETRYING_WORK, counter);
    }

    /** TODO(stand-in): RetryingDataSource.builder(pool).listener(counter).build() once it is on main. */
    private record StandIn(HikariDataSource pool, RetryConfig config) implements DataSource {
        @Override
        public Connection getConnection() throws SQLException {
            return RetryingConnections.open(new Dialer() {
                @Override
                public Connection dial() throws SQLException {
                    return pool.getConnection();
                }

                @Override
                public void discard(Connection broken) {
                    pool.evictConnection(broken);
                }
            }, config);
        }

        @Override
        public Connection getConnection(String username, String password) throws SQLException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {
        }

        @Override
        public void setLoginTimeout(int seconds) {
        }

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }
    }
}
