package io.retrying.jdbc.hikari;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.RetryingDriver;
import java.util.Objects;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;

/**
 * HikariCP and the retrying layer in one step, either way round.
 *
 * <p><b>Over the pool</b> ({@link #over}): the application gets retrying connections, each over a
 * connection borrowed from the pool. A broken pooled connection is evicted and another borrowed;
 * an exhausted pool (HikariCP's acquire timeout) is waited for. Choose this when the application
 * should ride out a full pool as well as a failing server, or when the pool is given to you.
 *
 * <pre>{@code
 * HikariConfig config = new HikariConfig();
 * config.setJdbcUrl("jdbc:postgresql://db:5432/app");
 * config.setUsername("app");
 * config.setPassword(secret);
 * RetryingHikariDataSource ds = RetryingHikari.over(config);                  // close() closes the pool
 * RetryingHikariDataSource ds = RetryingHikari.over(config, b -> b.policy(policy).listener(metrics));
 * }</pre>
 *
 * <p><b>Reads on standbys, over the pool</b>: a second pool of readers beside the writer's; a
 * retrying connection in {@code setReadOnly(true)} (Spring's {@code @Transactional(readOnly = true)})
 * borrows from it, and gives back at the switch and at close ({@link RetryingDataSource.Builder#readers(DataSource)}).
 *
 * <pre>{@code
 * HikariConfig readers = RetryingHikari.readers(config, "standby1:5432,standby2:5432"); // or a replica port
 * RetryingHikariDataSource ds = RetryingHikari.over(config, readers, b -> b.listener(metrics)); // close() closes both
 * }</pre>
 *
 * <p><b>Under the pool</b> ({@link #under}): HikariCP pools retrying connections made by the
 * {@code jdbc:retrying:postgresql:} driver; each heals itself by swapping its physical
 * connection, and {@link RetryingExceptionOverride} keeps HikariCP from evicting what healed.
 * Choose this when the application must keep a plain {@code HikariDataSource} (Spring Boot's
 * auto-configuration, HikariCP metrics and health checks as they are) or configures everything
 * through properties.
 *
 * <pre>{@code
 * HikariDataSource ds = RetryingHikari.under(config);
 * }</pre>
 *
 * <p>The retrying layer does not depend on HikariCP: {@link RetryingDataSource} evicts through any
 * pool's public {@code evictConnection(Connection)}, found by reflection, so
 * {@code RetryingDataSource.wrap(hikariDataSource)} evicts too; this class adds ownership of the
 * pool (one {@code close()}) and the under-the-pool set-up.
 */
public final class RetryingHikari {

    /** A cheap query that goes through the retrying connection's healing; see {@link #under}. */
    static final String TEST_QUERY = "SELECT 1";

    private static final String PG_PREFIX = "jdbc:postgresql:";
    private static final String RETRYING_PREFIX = "jdbc:retrying:postgresql:";
    private static final String PG_DRIVER = "org.postgresql.Driver";

    private RetryingHikari() {}

    /**
     * Starts a pool from {@code config} and puts the retrying layer with default settings over it.
     *
     * @throws NullPointerException when config is null
     */
    public static RetryingHikariDataSource over(HikariConfig config) {
        return over(config, UnaryOperator.identity());
    }

    /**
     * Starts a pool from {@code config} and puts the retrying layer over it with {@code policy}.
     *
     * @throws NullPointerException when config or policy is null
     */
    public static RetryingHikariDataSource over(HikariConfig config, RetryPolicy policy) {
        Objects.requireNonNull(policy, "policy");
        return over(config, b -> b.policy(policy));
    }

    /**
     * Starts a pool from {@code config} and puts the retrying layer over it, configured by
     * {@code settings} (for example {@code b -> b.policy(p).reconnectWindow(w).listener(l)}).
     * The pool starts as {@code new HikariDataSource(config)} does (its
     * {@code initializationFailTimeout} applies); it is closed again if the settings fail.
     *
     * @throws NullPointerException when config or settings is null
     */
    public static RetryingHikariDataSource over(HikariConfig config,
            UnaryOperator<RetryingDataSource.Builder> settings) {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(settings, "settings");
        return over(new HikariDataSource(config), settings);
    }

    /**
     * Starts a pool from {@code writer} and one from {@code readers} (see {@link #readers(HikariConfig,
     * String)}) and puts the retrying layer over both, configured by {@code settings}: read-only
     * connections take their physical connections from the readers' pool. Both pools are closed if
     * the other or the settings fail.
     *
     * @throws NullPointerException when an argument is null
     */
    public static RetryingHikariDataSource over(HikariConfig writer, HikariConfig readers,
            UnaryOperator<RetryingDataSource.Builder> settings) {
        Objects.requireNonNull(writer, "writer");
        Objects.requireNonNull(readers, "readers");
        Objects.requireNonNull(settings, "settings");
        HikariDataSource writerPool = new HikariDataSource(writer);
        HikariDataSource readerPool;
        try {
            readerPool = new HikariDataSource(readers);
        } catch (RuntimeException | Error e) {
            writerPool.close();
            throw e;
        }
        return over(writerPool, readerPool, settings);
    }

    /**
     * Puts the retrying layer over an existing writer's pool and an existing pool of readers, which
     * it then owns: {@code close()} closes both. Read-only connections take their physical
     * connections from {@code readers}; both pools are closed if the settings fail.
     *
     * @throws NullPointerException when an argument is null
     */
    public static RetryingHikariDataSource over(HikariDataSource writer, HikariDataSource readers,
            UnaryOperator<RetryingDataSource.Builder> settings) {
        Objects.requireNonNull(writer, "writer");
        Objects.requireNonNull(readers, "readers");
        Objects.requireNonNull(settings, "settings");
        try {
            RetryingDataSource.Builder builder = Objects.requireNonNull(
                    settings.apply(RetryingDataSource.builder(writer).readers(readers)), "settings returned no builder");
            return new RetryingHikariDataSource(writer, readers, builder.build());
        } catch (RuntimeException | Error e) {
            readers.close();
            writer.close();
            throw e;
        }
    }

    /**
     * The configuration of a pool of readers: a copy of {@code writer} (yours is left as it is)
     * whose {@code jdbcUrl} names {@code hostPorts} ({@code host:port,host:port}: the standbys, or
     * one replica port of a proxy such as HAProxy in front of Patroni) with
     * {@code targetServerType=preferSecondary} and {@code loadBalanceHosts=true}, so that its
     * connections spread over the standbys and a new one skips a standby promoted meanwhile; its pool
     * name, when the writer's is set, ends in {@code -readers}. Every other setting (credentials,
     * pool size, timeouts) is the writer's: change the copy to size the readers' pool apart. Its
     * {@code connectionTimeout} bounds how long a read waits for a reader before it falls back to
     * the writer's pool.
     *
     * @throws NullPointerException when an argument is null
     * @throws IllegalArgumentException when {@code hostPorts} is blank, or {@code jdbcUrl} is missing or
     *     not a {@code jdbc:postgresql://host...} URL
     * @throws IllegalStateException when {@code writer} names a data source instead of a URL
     */
    public static HikariConfig readers(HikariConfig writer, String hostPorts) {
        Objects.requireNonNull(writer, "writer");
        Objects.requireNonNull(hostPorts, "hostPorts");
        if (hostPorts.isBlank()) {
            throw new IllegalArgumentException("RetryingHikari.readers: no reader hosts (host:port,host:port)");
        }
        HikariConfig readers = new HikariConfig();
        writer.copyStateTo(readers);
        if (readers.getDataSource() != null || readers.getDataSourceClassName() != null) {
            throw new IllegalStateException("RetryingHikari.readers needs jdbcUrl (the reader hosts go into it); the"
                    + " configuration names a dataSource or dataSourceClassName instead");
        }
        readers.setJdbcUrl(ReaderUrl.of(readers.getJdbcUrl(), hostPorts.replace(" ", "")));
        if (writer.getPoolName() != null) {
            readers.setPoolName(writer.getPoolName() + "-readers");
        }
        return readers;
    }

    /**
     * Puts the retrying layer with default settings over an existing pool, which it then owns:
     * {@code close()} closes it. For frameworks that make the pool (a Spring
     * {@code BeanPostProcessor} returning this in place of the {@code HikariDataSource}).
     *
     * @throws NullPointerException when pool is null
     */
    public static RetryingHikariDataSource over(HikariDataSource pool) {
        return over(pool, UnaryOperator.identity());
    }

    /**
     * Puts the retrying layer over an existing pool, which it then owns, configured by
     * {@code settings}. The pool is closed if the settings fail.
     *
     * @throws NullPointerException when pool or settings is null
     */
    public static RetryingHikariDataSource over(HikariDataSource pool,
            UnaryOperator<RetryingDataSource.Builder> settings) {
        Objects.requireNonNull(pool, "pool");
        Objects.requireNonNull(settings, "settings");
        try {
            RetryingDataSource.Builder builder = Objects.requireNonNull(
                    settings.apply(RetryingDataSource.builder(pool)), "settings returned no builder");
            return new RetryingHikariDataSource(pool, builder.build());
        } catch (RuntimeException | Error e) {
            pool.close();
            throw e;
        }
    }

    /**
     * Starts a pool of retrying connections: a copy of {@code config} (yours is left as it is)
     * with
     * <ul>
     *   <li>{@code jdbcUrl} {@code jdbc:retrying:postgresql:...} ({@code jdbc:postgresql:...} is
     *       rewritten; {@code retry.*} parameters in it configure the retrying);</li>
     *   <li>{@code driverClassName} {@link RetryingDriver} (replacing pgjdbc's, if named);</li>
     *   <li>{@code exceptionOverrideClassName} {@link RetryingExceptionOverride};</li>
     *   <li>{@code connectionTestQuery} {@code SELECT 1} unless one is set: HikariCP's check of an
     *       idle connection then runs through the retrying connection, which heals a connection
     *       whose server connection died while idle instead of reporting it dead (JDBC4
     *       {@code isValid} only reports), so HikariCP need not evict and dial it again.</li>
     * </ul>
     *
     * @throws NullPointerException when config is null
     * @throws IllegalArgumentException when {@code jdbcUrl} is missing or not a PostgreSQL URL
     * @throws IllegalStateException when {@code config} names a data source instead of a URL, another
     *     driver, or another exception override
     */
    public static HikariDataSource under(HikariConfig config) {
        Objects.requireNonNull(config, "config");
        HikariConfig pooled = new HikariConfig();
        config.copyStateTo(pooled);
        if (pooled.getDataSource() != null || pooled.getDataSourceClassName() != null) {
            throw new IllegalStateException("RetryingHikari.under needs jdbcUrl (the retrying driver makes the"
                    + " connections); the configuration names a dataSource or dataSourceClassName instead");
        }
        pooled.setJdbcUrl(retryingUrl(pooled.getJdbcUrl()));
        String driver = pooled.getDriverClassName();
        if (driver != null && !driver.equals(PG_DRIVER) && !driver.equals(RetryingDriver.class.getName())) {
            throw new IllegalStateException("RetryingHikari.under: driverClassName is " + driver
                    + "; the pool must use " + RetryingDriver.class.getName());
        }
        pooled.setDriverClassName(RetryingDriver.class.getName());
        if (pooled.getExceptionOverride() == null) {
            pooled.setExceptionOverrideClassName(RetryingExceptionOverride.class.getName());
        } else if (!(pooled.getExceptionOverride() instanceof RetryingExceptionOverride)) {
            throw new IllegalStateException("RetryingHikari.under: the configuration has its own exception override ("
                    + pooled.getExceptionOverride().getClass().getName() + "); it would evict connections that"
                    + " heal themselves. Leave it unset or use " + RetryingExceptionOverride.class.getName());
        }
        if (pooled.getConnectionTestQuery() == null) {
            pooled.setConnectionTestQuery(TEST_QUERY);
        }
        return new HikariDataSource(pooled);
    }

    /** The retrying form of a PostgreSQL URL. Never quotes the URL: it may hold a password. */
    private static String retryingUrl(String url) {
        if (url == null) {
            throw new IllegalArgumentException("jdbcUrl is not set; RetryingHikari.under needs"
                    + " jdbc:postgresql://... or jdbc:retrying:postgresql://...");
        }
        if (url.startsWith(RETRYING_PREFIX)) {
            return url;
        }
        if (url.startsWith(PG_PREFIX)) {
            return RETRYING_PREFIX + url.substring(PG_PREFIX.length());
        }
        throw new IllegalArgumentException("jdbcUrl must start with " + PG_PREFIX + " or " + RETRYING_PREFIX);
    }
}
