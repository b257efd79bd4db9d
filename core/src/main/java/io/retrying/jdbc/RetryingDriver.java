package io.retrying.jdbc;

import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.config.RetrySetting;
import io.retrying.jdbc.internal.config.RetryingUrl;
import io.retrying.jdbc.internal.dial.DriverDialer;
import io.retrying.jdbc.internal.jdbc.RetryingConnections;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;

/**
 * A JDBC driver for URLs {@code jdbc:retrying:postgresql:...}: the connections it returns retry
 * what is safe to retry. Everything after {@code retrying:} is a pgjdbc URL; the {@code retry.*}
 * parameters (in the URL or the {@code Properties}; the URL wins) configure the retrying and are
 * not passed on, everything else goes to pgjdbc's {@link org.postgresql.Driver} as is.
 *
 * <pre>
 * jdbc:retrying:postgresql://db.example.com:5432/app?user=app&amp;retry.maxAttempts=5
 * </pre>
 *
 * <p>It registers itself with {@link DriverManager} when loaded and is listed in
 * {@code META-INF/services/java.sql.Driver}, so naming the URL is enough. A bad value or an
 * unknown {@code retry.} key fails {@link #connect} with an {@link SQLException} (SQLState
 * 22023) that names the key and the value.
 *
 * <p>All connections of one URL (same pgjdbc URL and same {@code retry.*} settings) share one
 * configuration, so {@code retry.tokenBucket=<capacity>} gives that URL one bucket of its own,
 * not one per connection. Thread-safe.
 */
public final class RetryingDriver implements Driver {

    /** Beyond this many distinct URLs, configurations are not kept (so not shared) any more. */
    private static final int MAX_CACHED_CONFIGS = 256;

    // static: a pool that instantiates its own driver (Hikari's driverClassName) must still share
    // one configuration, so one token bucket, per URL with the registered instance
    private static final ConcurrentHashMap<String, RetryConfig> CONFIGS = new ConcurrentHashMap<>();

    private static final RetryingDriver INSTANCE = new RetryingDriver();

    static {
        try {
            DriverManager.registerDriver(INSTANCE);
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Driver pg = new org.postgresql.Driver();

    /** For {@code ServiceLoader} and {@code Class.forName(...).newInstance()}. */
    public RetryingDriver() {}

    /**
     * Opens a retrying connection, or returns {@code null} when the URL is not
     * {@code jdbc:retrying:postgresql:...} (the JDBC contract, so that {@code DriverManager} asks
     * the next driver).
     *
     * @throws SQLException SQLState 22023 for a bad {@code retry.*} setting; otherwise what dialling
     *     failed with, after retrying within the reconnect window
     */
    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        RetryingUrl split = RetryingUrl.split(url, info);
        RetryingUrl.checkParsable(split.pgUrl(), split.pgProps(), "The URL");
        RetryConfig config = configFor(split);
        return RetryingConnections.open(new DriverDialer(pg, split.pgUrl(), split.pgProps()), config);
    }

    // package-private for tests: one configuration (so one token bucket) per URL
    static RetryConfig configFor(RetryingUrl split) throws SQLException {
        String key = split.pgUrl() + '\u0000' + new TreeMap<>(split.retryProps());
        RetryConfig cached = CONFIGS.get(key);
        if (cached != null) {
            return cached;
        }
        RetryConfig made = RetryConfig.fromProperties(split.retryProps(), RetryConfig.defaults());
        if (CONFIGS.size() >= MAX_CACHED_CONFIGS) {
            return made;
        }
        RetryConfig raced = CONFIGS.putIfAbsent(key, made);
        return raced != null ? raced : made;
    }

    /** Whether the URL starts with {@code jdbc:retrying:postgresql:}. */
    @Override
    public boolean acceptsURL(String url) {
        return RetryingUrl.accepts(url);
    }

    /** The {@code retry.*} settings with their current values, then pgjdbc's own. */
    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
        List<DriverPropertyInfo> out = new ArrayList<>();
        Properties retry = new Properties();
        DriverPropertyInfo[] pgInfo = new DriverPropertyInfo[0];
        if (acceptsURL(url)) {
            RetryingUrl split = RetryingUrl.split(url, info);
            retry = split.retryProps();
            pgInfo = pg.getPropertyInfo(split.pgUrl(), split.pgProps());
        }
        for (RetrySetting s : RetrySetting.values()) {
            DriverPropertyInfo p = new DriverPropertyInfo(s.key(), retry.getProperty(s.key(), s.defaultValue()));
            p.description = s.description() + " (default " + s.defaultValue() + ")";
            p.required = false;
            if (s == RetrySetting.RESOLVE_COMMITS) {
                p.choices = new String[] {"true", "false"};
            }
            out.add(p);
        }
        out.addAll(List.of(pgInfo));
        return out.toArray(new DriverPropertyInfo[0]);
    }

    @Override
    public int getMajorVersion() {
        return 0;
    }

    @Override
    public int getMinorVersion() {
        return 1;
    }

    /** {@code false}: this driver adds behaviour that the JDBC compliance tests do not expect. */
    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    /** Not supported: this library logs through SLF4J. */
    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("retrying-jdbc logs through SLF4J, not java.util.logging");
    }

    @Override
    public String toString() {
        return "RetryingDriver for " + RetryingUrl.PREFIX;
    }
}
