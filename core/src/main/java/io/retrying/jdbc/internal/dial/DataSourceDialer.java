package io.retrying.jdbc.internal.dial;

import io.retrying.jdbc.internal.config.PgTarget;
import io.retrying.jdbc.internal.events.RetryReporter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;
import org.postgresql.PGProperty;
import org.postgresql.ds.common.BaseDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Dials by asking a {@link DataSource} (a pool, a {@code PGSimpleDataSource}) for a connection,
 * optionally with a user and password. Immutable and thread-safe.
 *
 * <p>A broken connection is evicted from a pool that has a public
 * {@code evictConnection(Connection)} method (HikariCP's {@code HikariDataSource} has), so that the
 * pool does not hand it out again; otherwise it is closed. The method is found by reflection
 * because core must not depend on HikariCP.
 */
public final class DataSourceDialer implements Dialer {
    private static final Logger LOG = LoggerFactory.getLogger(RetryReporter.LOGGER_NAME);

    private final DataSource target;
    private final String user;
    private final String password;
    private final PgTarget where;
    private final Method evict;
    private final DialTarget dialTarget;

    /**
     * @param target where connections come from
     * @param user {@code null}: call {@code getConnection()}; else {@code getConnection(user, password)}
     * @param password with {@code user}; kept only to dial again, never shown
     * @param where what logs may say about the target
     */
    public DataSourceDialer(DataSource target, String user, String password, PgTarget where) {
        this(target, user, password, where, evictMethod(target));
    }

    private DataSourceDialer(DataSource target, String user, String password, PgTarget where, Method evict) {
        this.target = target;
        this.user = user;
        this.password = password;
        this.where = where;
        this.evict = evict;
        this.dialTarget = dialTarget(target);
    }

    /**
     * pgjdbc's own data sources dial the server directly, so their dials go through its breaker;
     * a pool (HikariCP, pgjdbc's old {@code PGPoolingDataSource}) dials for itself, on its own
     * schedule, and anything else is not known to dial at all.
     */
    @SuppressWarnings("deprecation")
    private static DialTarget dialTarget(DataSource target) {
        if (!(target instanceof BaseDataSource) || target instanceof org.postgresql.ds.PGPoolingDataSource) {
            return null;
        }
        try {
            return DialTarget.ofUrl(Breakers.shared(), ((BaseDataSource) target).getURL(), new java.util.Properties());
        } catch (RuntimeException e) {
            return null; // a URL it cannot make: its dials fail on their own
        }
    }

    @Override
    public DialTarget dialTarget() {
        return dialTarget;
    }

    /**
     * Dials {@code host:port} (a reader, issue 27) with the settings of pgjdbc's own data source this
     * dials (database, user, password, SSL, timeouts) and {@code targetServerType=any}; null when the
     * target is not one (a pool dials its own server only).
     */
    @SuppressWarnings("deprecation")
    public Connection dialHost(String host, int port) throws SQLException {
        if (!(target instanceof BaseDataSource source) || target instanceof org.postgresql.ds.PGPoolingDataSource) {
            return null;
        }
        org.postgresql.ds.PGSimpleDataSource reader = copyOf(source);
        reader.setServerNames(new String[] {host});
        reader.setPortNumbers(new int[] {port});
        reader.setProperty("targetServerType", "any");
        reader.setProperty("loadBalanceHosts", "false");
        return user == null ? reader.getConnection() : reader.getConnection(user, password);
    }

    /**
     * A data source of pgjdbc's with the settings of {@code source}, and what is left of the login
     * time when this thread runs an attempt whose login time is cut short ({@link LoginTimeout}).
     */
    private static org.postgresql.ds.PGSimpleDataSource copyOf(BaseDataSource source) {
        org.postgresql.ds.PGSimpleDataSource copy = new org.postgresql.ds.PGSimpleDataSource();
        copy.setURL(source.getURL());
        copy.setUser(source.getUser());
        copy.setPassword(source.getPassword());
        String left = LoginTimeout.left();
        if (left != null) {
            copy.setProperty(PGProperty.LOGIN_TIMEOUT, left);
        }
        return copy;
    }

    /**
     * pgjdbc's own data sources dial with their {@code loginTimeout} ({@code setLoginTimeout}, or
     * the URL's), read at each dial since it may be set at any time; a pool's borrow is bounded by
     * the pool's own timeout, and its {@code loginTimeout} is for its own dials: none here.
     */
    @Override
    public long loginTimeoutMillis() {
        return dialsHosts() ? LoginTimeout.millis(((BaseDataSource) target).getProperty(PGProperty.LOGIN_TIMEOUT)) : 0;
    }

    /** Whether {@link #dialHost} can dial another host of the target's. */
    public boolean dialsHosts() {
        return target instanceof BaseDataSource && !(target instanceof org.postgresql.ds.PGPoolingDataSource);
    }

    /** The same target asked with {@code getConnection(user, password)}; cheap (no reflection). */
    public DataSourceDialer withCredentials(String user, String password) {
        return new DataSourceDialer(target, user, password, where, evict);
    }

    private static Method evictMethod(DataSource target) {
        try {
            Method m = target.getClass().getMethod("evictConnection", Connection.class);
            return m.trySetAccessible() ? m : null;
        } catch (NoSuchMethodException | SecurityException e) {
            return null;
        }
    }

    /**
     * Borrows or dials. A pgjdbc data source dials on this thread: its sockets are watched for the
     * server's first word when they are the layer's ({@link ObservingSocketFactory}, which
     * {@code RetryingDataSource.setUrl} sets on the data source it makes).
     */
    @Override
    public Connection dial() throws SQLException {
        Connection c = dialTarget == null ? connect() : ObservingSocketFactory.observe(null, this::connect);
        if (c == null) {
            throw new SQLException("the target DataSource returned no connection for " + where.description(),
                    "08001");
        }
        return c;
    }

    /**
     * After a restart a pool still holds connections to the old server process, and HikariCP
     * validates one on borrow only when it has been idle (500 ms): under load it hands them out
     * dead, and each would cost the failed work one of its few attempts (a pool of four stale
     * connections used up three attempts in 150 ms). So a replacement is validated first
     * ({@code isValid}, one round trip, only on this failure path); a dead one is evicted and the
     * next borrowed, for up to {@link #VALIDATION_BUDGET} in all. What is left fails the normal way.
     */
    @Override
    public Connection dialReplacement(DeadReplacements deadOnes) throws SQLException {
        long deadline = System.nanoTime() + VALIDATION_BUDGET.toNanos();
        while (System.nanoTime() < deadline) {
            Connection c = dial();
            SQLException dead = deadness(c);
            if (dead == null) {
                return c;
            }
            discard(c);
            // evicted as surely as the lost one it was to replace: listeners and pools count both
            deadOnes.discarded(dead);
        }
        return dial();
    }

    private static final Duration VALIDATION_BUDGET = Duration.ofSeconds(2);

    private static final String DEAD_REPLACEMENT = "A connection the pool lent to replace a lost one failed isValid:"
            + " evicted unused, another borrowed";

    /** Null when {@code c} answers {@code isValid}; else why it counts as dead. */
    private static SQLException deadness(Connection c) {
        try {
            return c.isValid(1) ? null : new SQLException(DEAD_REPLACEMENT, "08006");
        } catch (SQLException | RuntimeException e) {
            return new SQLException(DEAD_REPLACEMENT, "08006", e);
        }
    }

    @Override
    public void discard(Connection broken) {
        if (evict != null) {
            try {
                evict.invoke(target, broken);
                return;
            } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
                LOG.debug("evictConnection failed on {}; closing the connection instead", where.description(), e);
            }
        }
        try {
            broken.close();
        } catch (SQLException | RuntimeException e) {
            // it is broken: closing it is a courtesy, and its failure says nothing new
            LOG.debug("closing a broken connection to {} failed", where.description(), e);
        }
    }

    private Connection connect() throws SQLException {
        // an attempt whose login time is cut short dials a copy with what is left of it: the target
        // is shared by every connection, its own setting is not this attempt's to change
        DataSource source = LoginTimeout.left() != null && dialsHosts() ? copyOf((BaseDataSource) target) : target;
        return user == null ? source.getConnection() : source.getConnection(user, password);
    }

    @Override
    public String describe() {
        return where.description();
    }

    @Override
    public boolean multiHostPrimary() {
        return where.multiHostPrimary();
    }

    @Override
    public String toString() {
        return "DataSourceDialer[" + where.description() + "]";
    }
}
