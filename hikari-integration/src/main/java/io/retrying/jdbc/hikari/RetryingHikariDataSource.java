package io.retrying.jdbc.hikari;

import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.RetryingDataSource;
import java.io.Closeable;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The retrying layer over a HikariCP pool it owns: connections come from a
 * {@link RetryingDataSource} over the pool, and {@link #close()} closes the pool. Made by
 * {@link RetryingHikari#over}.
 *
 * <p>A retrying connection borrows a pooled connection; when that one breaks (RECONNECT) it is
 * evicted from the pool ({@link HikariDataSource#evictConnection}) and another is borrowed, and a
 * pool with nothing to lend (HikariCP's acquire timeout) is waited for with growing pauses within
 * the reconnect window (BACKPRESSURE).
 *
 * <p>{@link #unwrap} reaches the pool ({@code HikariDataSource}, {@code HikariConfigMXBean}) and
 * what it wraps, so frameworks that look for the pool's metrics find it; {@link #readerPool()} the
 * pool of readers, when there is one. Thread-safe.
 */
public final class RetryingHikariDataSource implements DataSource, Closeable {

    private final HikariDataSource pool;
    /** The pool of readers beside the writer's, or null. */
    private final HikariDataSource readerPool;
    private final RetryingDataSource retrying;

    RetryingHikariDataSource(HikariDataSource pool, RetryingDataSource retrying) {
        this(pool, null, retrying);
    }

    RetryingHikariDataSource(HikariDataSource pool, HikariDataSource readerPool, RetryingDataSource retrying) {
        this.pool = pool;
        this.readerPool = readerPool;
        this.retrying = retrying;
    }

    /** A retrying connection over a pooled one; see {@link RetryingDataSource#getConnection()}. */
    @Override
    public Connection getConnection() throws SQLException {
        return retrying.getConnection();
    }

    /** As {@link #getConnection()}; HikariCP itself supports no other credentials than its own. */
    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return retrying.getConnection(username, password);
    }

    /** The pool, for its metrics ({@code getHikariPoolMXBean()}) and settings. */
    public HikariDataSource pool() {
        return pool;
    }

    /** The pool of readers that read-only connections borrow from ({@link RetryingHikari#over(HikariDataSource, HikariDataSource, java.util.function.UnaryOperator)}), or null. */
    public HikariDataSource readerPool() {
        return readerPool;
    }

    /** The retrying data source over the pool. */
    public RetryingDataSource retrying() {
        return retrying;
    }

    /** Closes the pool (and the readers' pool): their connections are closed, borrowed ones when they are given back. */
    @Override
    public void close() {
        try {
            if (readerPool != null) {
                readerPool.close();
            }
        } finally {
            pool.close();
        }
    }

    /** Whether the pool is closed. */
    public boolean isClosed() {
        return pool.isClosed();
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return pool.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        pool.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        pool.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return pool.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return pool.getParentLogger();
    }

    /** This, the {@link RetryingDataSource}, the pool, or what the pool wraps. */
    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return iface.isInstance(this) ? iface.cast(this) : retrying.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || retrying.isWrapperFor(iface);
    }

    /** {@code RetryingHikariDataSource@hash wrapping HikariDataSource (pool name)}; never a password. */
    @Override
    public String toString() {
        return "RetryingHikariDataSource@" + Integer.toHexString(System.identityHashCode(this)) + " wrapping " + pool;
    }
}
