package io.retrying.jdbc;

import io.retrying.jdbc.internal.config.BreakerSettings;
import io.retrying.jdbc.internal.config.PgTarget;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.config.RetrySetting;
import io.retrying.jdbc.internal.config.RetryingUrl;
import io.retrying.jdbc.internal.config.SettingValues;
import io.retrying.jdbc.internal.dial.DataSourceDialer;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.dial.ReaderPool;
import io.retrying.jdbc.internal.dial.UrlDataSource;
import io.retrying.jdbc.internal.config.Readers;
import io.retrying.jdbc.internal.jdbc.RetryingConnections;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;
import org.postgresql.ds.common.BaseDataSource;

/**
 * A {@link DataSource} whose connections retry what is safe to retry, over any target
 * {@code DataSource} (a HikariCP pool, a {@code PGSimpleDataSource}...).
 *
 * <p>Three ways to make one:
 *
 * <pre>{@code
 * DataSource ds = RetryingDataSource.wrap(hikari);                       // defaults
 *
 * DataSource ds = RetryingDataSource.builder(hikari)                     // in code
 *     .policy(RetryPolicy.builder().maxAttempts(5).build())
 *     .reconnectWindow(Duration.ofSeconds(30))
 *     .listener(metrics)
 *     .build();
 *
 * RetryingDataSource ds = new RetryingDataSource();                      // JavaBean, for containers
 * ds.setUrl("jdbc:postgresql://db:5432/app");
 * ds.setUser("app");
 * ds.setPassword(secret);
 * ds.setMaxAttempts(5);
 * }</pre>
 *
 * <p><b>When settings are checked.</b> The builder checks each value as it is given
 * ({@code NullPointerException} for null, {@code IllegalArgumentException} for a bad value). The
 * JavaBean form checks its settings when the first connection is asked for: a bad value or a
 * missing target fails that {@code getConnection} with an {@link SQLException} (SQLState 22023)
 * whose message names the {@code retry.*} key and the value, exactly as the driver's URL
 * parameters do. From the first successful check on, the settings are fixed and setters throw
 * {@code IllegalStateException}.
 *
 * <p><b>Thread safety.</b> Safe for use by any number of threads once built (builder, {@code wrap})
 * or once configured (JavaBean form: configure on one thread, then share). A password is never
 * shown by {@link #toString()}, in a message or in a log line.
 */
public final class RetryingDataSource implements DataSource {

    /** What a configured data source works with; fixed once made. {@code readers} is null without a reader pool. */
    private record Resolved(DataSource target, RetryConfig config, PgTarget where, DataSourceDialer dialer,
            ReaderPool readers) {
        static Resolved of(DataSource target, RetryConfig config, PgTarget where, DataSource readerPool) {
            DataSourceDialer dialer = new DataSourceDialer(target, null, null, where);
            return new Resolved(target, config, where, dialer, readerPool == null ? null : ReaderPool.of(dialer, readerPool));
        }

        Dialer dialer(String user, String password) {
            if (readers != null) {
                return user == null ? readers : readers.withCredentials(user, password);
            }
            return user == null ? dialer : dialer.withCredentials(user, password);
        }
    }

    private final ReentrantLock lock = new ReentrantLock();
    private volatile Resolved resolved;

    // JavaBean form only: what the setters collected, until the first getConnection fixes it
    private DataSource targetDataSource;
    private String url;
    private String user;
    private String password;
    private final Properties targetProperties = new Properties();
    private final Properties retrySettings = new Properties();
    private RetryListener listener;
    private ConnectionInitializer initializer;
    private Integer loginTimeout;
    private PrintWriter logWriter;

    /** The JavaBean form: set a target ({@link #setUrl} or {@link #setTargetDataSource}), then use. */
    public RetryingDataSource() {}

    private RetryingDataSource(Resolved resolved) {
        this.resolved = resolved;
    }

    /**
     * Wraps {@code target} with the default settings.
     *
     * @throws NullPointerException when target is null
     */
    public static RetryingDataSource wrap(DataSource target) {
        return builder(target).build();
    }

    /**
     * A builder over {@code target}.
     *
     * @throws NullPointerException when target is null
     */
    public static Builder builder(DataSource target) {
        return new Builder(target);
    }

    // ---------------------------------------------------------------- connections

    /**
     * A connection that retries what is safe to retry. Dialling is itself retried within the
     * reconnect window when the server is down, starting or full.
     *
     * @throws SQLException SQLState 22023 for a bad setting (JavaBean form); otherwise the failure
     *     to connect, after retrying
     */
    @Override
    public Connection getConnection() throws SQLException {
        Resolved r = resolve();
        return RetryingConnections.open(r.dialer(null, null), r.config);
    }

    /** As {@link #getConnection()}, with the target's {@code getConnection(username, password)}. */
    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        Resolved r = resolve();
        return RetryingConnections.open(r.dialer(username, password), r.config);
    }

    private Resolved resolve() throws SQLException {
        Resolved r = resolved;
        if (r != null) {
            return r;
        }
        lock.lock();
        try {
            if (resolved == null) {
                resolved = resolveBean();
            }
            return resolved;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The configuration its connections retry with: {@link Retrying}'s units over this data source
     * take its policy and listener from here.
     *
     * @throws SQLException SQLState 22023 for a bad setting (JavaBean form)
     */
    RetryConfig config() throws SQLException {
        return resolve().config;
    }

    /** Builds the JavaBean form's target and configuration; runs under the lock. */
    private Resolved resolveBean() throws SQLException {
        Properties settings = new Properties();
        DataSource target;
        PgTarget where;
        if (targetDataSource != null) {
            target = targetDataSource;
            where = PgTarget.of(target);
        } else if (url != null) {
            PGSimpleDataSource pg = UrlDataSource.pg(url, user, password, targetProperties, settings);
            target = pg;
            where = PgTarget.of(pg);
        } else {
            throw new SQLException("RetryingDataSource has no target: call setUrl or setTargetDataSource"
                    + " before getConnection", RetryConfig.INVALID_SETTING_STATE);
        }
        settings.putAll(retrySettings); // the setters win over the URL's retry.* parameters
        RetryConfig base = RetryConfig.defaults().withListener(listener).withInitializer(initializer);
        RetryConfig config = RetryConfig.fromProperties(settings, base);
        if (loginTimeout != null) {
            target.setLoginTimeout(loginTimeout);
        }
        if (logWriter != null) {
            target.setLogWriter(logWriter);
        }
        return Resolved.of(target, config, where, null);
    }

    // ---------------------------------------------------------------- JavaBean setters

    private void set(Runnable change) {
        lock.lock();
        try {
            if (resolved != null) {
                throw new IllegalStateException("RetryingDataSource is already in use; its settings are"
                        + " fixed by the first getConnection (or by the builder)");
            }
            change.run();
        } finally {
            lock.unlock();
        }
    }

    private void setting(RetrySetting s, Object value) {
        set(() -> retrySettings.setProperty(s.key(), String.valueOf(value)));
    }

    /** The target data source (JavaBean form); excludes {@link #setUrl}. */
    public void setTargetDataSource(DataSource target) {
        Objects.requireNonNull(target, "targetDataSource");
        set(() -> {
            if (url != null) {
                throw new IllegalStateException("RetryingDataSource: set either url or targetDataSource, not both");
            }
            targetDataSource = target;
        });
    }

    /** Same as {@link #setTargetDataSource}. */
    public void setDataSource(DataSource target) {
        setTargetDataSource(target);
    }

    /**
     * A {@code jdbc:postgresql:} URL, or a {@code jdbc:retrying:postgresql:} one whose
     * {@code retry.*} parameters then apply (setters win over them); a pgjdbc
     * {@code PGSimpleDataSource} is made from it. Excludes {@link #setTargetDataSource}.
     */
    public void setUrl(String url) {
        Objects.requireNonNull(url, "url");
        set(() -> {
            if (targetDataSource != null) {
                throw new IllegalStateException("RetryingDataSource: set either url or targetDataSource, not both");
            }
            this.url = url;
        });
    }

    /** Same as {@link #setUrl}, pgjdbc's spelling. */
    public void setURL(String url) {
        setUrl(url);
    }

    /** The user for {@link #setUrl}. */
    public void setUser(String user) {
        set(() -> this.user = user);
    }

    /** Same as {@link #setUser}, Spring Boot's spelling. */
    public void setUsername(String user) {
        setUser(user);
    }

    /** The password for {@link #setUrl}; never shown anywhere. */
    public void setPassword(String password) {
        set(() -> this.password = password);
    }

    /**
     * More settings for the target made from {@link #setUrl} (pgjdbc property names), and
     * {@code retry.*} keys, which are taken as the matching setters.
     */
    public void setProperties(Properties properties) {
        Objects.requireNonNull(properties, "properties");
        set(() -> {
            for (String key : properties.stringPropertyNames()) {
                (RetrySetting.isRetryKey(key) ? retrySettings : targetProperties)
                        .setProperty(key, properties.getProperty(key));
            }
        });
    }

    /** {@code retry.maxAttempts}: attempts per piece of work, counting the first (>= 1; 3). */
    public void setMaxAttempts(int maxAttempts) {
        setting(RetrySetting.MAX_ATTEMPTS, maxAttempts);
    }

    /** {@code retry.reconnectWindowMs}: how long to keep dialling, in ms (>= 0; 30000). */
    public void setReconnectWindowMs(long reconnectWindowMs) {
        setting(RetrySetting.RECONNECT_WINDOW_MS, reconnectWindowMs);
    }

    /**
     * {@code retry.tokenBucket}: {@code shared} (default: the process-wide {@link RetryBudget#shared()}),
     * {@code none}, or the capacity of a seed 002 {@link TokenBucket} of its own.
     */
    public void setTokenBucket(String tokenBucket) {
        setting(RetrySetting.TOKEN_BUCKET, tokenBucket);
    }

    /** {@code retry.maxJournalStatements}: statements a replayable transaction may run (1000). */
    public void setMaxJournalStatements(int maxJournalStatements) {
        setting(RetrySetting.MAX_JOURNAL_STATEMENTS, maxJournalStatements);
    }

    /** {@code retry.maxJournalBytes}: bytes a replayable transaction may journal (4194304). */
    public void setMaxJournalBytes(long maxJournalBytes) {
        setting(RetrySetting.MAX_JOURNAL_BYTES, maxJournalBytes);
    }

    /** {@code retry.resolveCommits}: resolve a COMMIT whose reply was lost (true). */
    public void setResolveCommits(boolean resolveCommits) {
        setting(RetrySetting.RESOLVE_COMMITS, resolveCommits);
    }

    /**
     * {@code retry.sessionSettings}: settings that say for whom the session runs, comma-separated
     * (e.g. {@code app.tenant,app.user}; none by default). Read after code that may change them; on
     * a new connection they are set again, and it must run as the same {@code current_user} and
     * {@code session_user}, before anything runs there (docs/session-state.md).
     */
    public void setSessionSettings(String sessionSettings) {
        setting(RetrySetting.SESSION_SETTINGS, sessionSettings);
    }

    /**
     * {@code retry.resolveAutocommitWrites}: run an autocommit statement that may write in a
     * transaction of its own whose id is captured, so that a connection lost under it is resolved
     * (false: it costs a round trip per such statement).
     */
    public void setResolveAutocommitWrites(boolean resolveAutocommitWrites) {
        setting(RetrySetting.RESOLVE_AUTOCOMMIT_WRITES, resolveAutocommitWrites);
    }

    /** {@code retry.baseDelayMs}: base of the exponential backoff, in ms (>= 1; 50). */
    public void setBaseDelayMs(long baseDelayMs) {
        setting(RetrySetting.BASE_DELAY_MS, baseDelayMs);
    }

    /** {@code retry.maxDelayMs}: cap of the backoff, in ms (>= 1; 2000). */
    public void setMaxDelayMs(long maxDelayMs) {
        setting(RetrySetting.MAX_DELAY_MS, maxDelayMs);
    }

    /** {@code retry.breaker}: dials go through a circuit breaker per server ({@code on}, default, or {@code off}). */
    public void setBreaker(String onOff) {
        setting(RetrySetting.BREAKER, onOff);
    }

    /** {@code retry.breakerThreshold}: consecutive dials that reach no server before its breaker opens (1 to 1000; 3). */
    public void setBreakerThreshold(int threshold) {
        setting(RetrySetting.BREAKER_THRESHOLD, threshold);
    }

    /** {@code retry.breakerMaxOpenMs}: cap of the breaker's open interval, in ms (>= 1; 200). */
    public void setBreakerMaxOpenMs(long maxOpenMs) {
        setting(RetrySetting.BREAKER_MAX_OPEN_MS, maxOpenMs);
    }

    /**
     * {@code retry.readers}: hot standbys ({@code host:port,host:port}) for connections in
     * {@code setReadOnly(true)}. Routing needs connections dialed from a URL: through
     * {@code setUrl} or over pgjdbc's own data source; over a pool, {@code getConnection} refuses
     * it (22023): give the builder a pool of readers instead ({@link Builder#readers(DataSource)}).
     */
    public void setReaders(String hostPorts) {
        setting(RetrySetting.READERS, hostPorts);
    }

    /** {@code retry.readerMaxLagMs}: how far behind the primary a reader may be when dialed (>= 0; 10000). */
    public void setReaderMaxLagMs(long maxLagMs) {
        setting(RetrySetting.READER_MAX_LAG_MS, maxLagMs);
    }

    /** {@code retry.readersFallBackToPrimary}: reads run on the primary when no reader will do (true). */
    public void setReadersFallBackToPrimary(boolean fallBack) {
        setting(RetrySetting.READERS_FALL_BACK_TO_PRIMARY, fallBack);
    }

    /** The listener for retries, recoveries, give-ups and commit resolutions; null for none. */
    public void setRetryListener(RetryListener listener) {
        set(() -> this.listener = listener);
    }

    /** The hook run on every new physical connection; null for none. */
    public void setConnectionInitializer(ConnectionInitializer initializer) {
        set(() -> this.initializer = initializer);
    }

    // ---------------------------------------------------------------- DataSource plumbing

    /** The target's login timeout (before the first connection: the one set here, or 0). */
    @Override
    public int getLoginTimeout() throws SQLException {
        Resolved r = resolved;
        if (r != null) {
            return r.target.getLoginTimeout();
        }
        lock.lock();
        try {
            return loginTimeout == null ? 0 : loginTimeout;
        } finally {
            lock.unlock();
        }
    }

    /** Sets the target's login timeout (kept for the target until it is made). */
    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        lock.lock();
        try {
            if (resolved != null) {
                resolved.target.setLoginTimeout(seconds);
            } else {
                loginTimeout = seconds;
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        Resolved r = resolved;
        if (r != null) {
            return r.target.getLogWriter();
        }
        lock.lock();
        try {
            return logWriter;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        lock.lock();
        try {
            if (resolved != null) {
                resolved.target.setLogWriter(out);
            } else {
                logWriter = out;
            }
        } finally {
            lock.unlock();
        }
    }

    /** The target's parent logger; this library's own logs go through SLF4J. */
    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        Resolved r = resolved;
        if (r == null) {
            throw new SQLFeatureNotSupportedException("no target yet; retrying-jdbc logs through SLF4J");
        }
        return r.target.getParentLogger();
    }

    /** This data source, or the target (or what the target wraps) when it is such an instance. */
    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        DataSource target = resolve().target;
        if (iface.isInstance(target)) {
            return iface.cast(target);
        }
        return target.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return true;
        }
        DataSource target = resolve().target;
        return iface.isInstance(target) || target.isWrapperFor(iface);
    }

    /** {@code RetryingDataSource@hash wrapping <target>}; never a password. */
    @Override
    public String toString() {
        String head = "RetryingDataSource@" + Integer.toHexString(System.identityHashCode(this)) + " wrapping ";
        Resolved r = resolved;
        if (r != null) {
            // pgjdbc's data sources are described here: their own toString is not ours to vouch for
            return head + (r.target instanceof BaseDataSource
                    ? r.target.getClass().getSimpleName() + "[" + r.where.description() + "]"
                    : r.target.toString());
        }
        lock.lock();
        try {
            if (targetDataSource != null) {
                return head + targetDataSource;
            }
            if (url != null) {
                String pgUrl = RetryingUrl.accepts(url) ? "jdbc:postgresql:" + url.substring(RetryingUrl.PREFIX.length()) : url;
                return head + "PGSimpleDataSource[" + PgTarget.of(pgUrl, new Properties()).description() + "]";
            }
            return head + "nothing yet";
        } finally {
            lock.unlock();
        }
    }

    // ---------------------------------------------------------------- builder

    /**
     * Builds a {@link RetryingDataSource} over a target. Each value is checked as it is given:
     * {@code NullPointerException} for null, {@code IllegalArgumentException} for a bad value.
     * Not thread-safe; the data source it builds is.
     */
    public static final class Builder {
        private final DataSource target;
        private RetryPolicy policy = RetryPolicy.defaults();
        private Duration reconnectWindow = RetryConfig.defaults().reconnectWindow();
        private boolean bucketSet;
        private RetryBudget bucket;
        private RetryListener listener;
        private ConnectionInitializer initializer;
        private int maxJournalStatements = RetryConfig.defaults().maxJournalStatements();
        private long maxJournalBytes = RetryConfig.defaults().maxJournalBytes();
        private boolean resolveCommits = RetryConfig.defaults().resolveCommits();
        private boolean resolveAutocommitWrites = RetryConfig.defaults().resolveAutocommitWrites();
        private BreakerSettings breaker = RetryConfig.defaults().breaker();
        private Readers readers = Readers.NONE;
        private DataSource readerPool;
        private List<String> sessionSettings = List.of();

        private Builder(DataSource target) {
            this.target = Objects.requireNonNull(target, "target");
        }

        /** When and how long to wait; default {@link RetryPolicy#defaults()}. */
        public Builder policy(RetryPolicy policy) {
            this.policy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** How long to keep dialling a server that is down, starting or full; default 30 s. */
        public Builder reconnectWindow(Duration window) {
            Objects.requireNonNull(window, "reconnectWindow");
            if (window.isNegative()) {
                throw new IllegalArgumentException("reconnectWindow must be >= 0: " + window);
            }
            this.reconnectWindow = window;
            return this;
        }

        /**
         * The retry budget, replacing the policy's: {@link RetryBudget#shared()} (the default), a
         * {@link ScalingRetryBudget} or a {@link TokenBucket} of this data source's own. The last of
         * {@code budget}/{@code tokenBucket}/{@link #noTokenBucket()} wins.
         */
        public Builder budget(RetryBudget budget) {
            this.bucket = Objects.requireNonNull(budget, "budget");
            this.bucketSet = true;
            return this;
        }

        /** A seed 002 token bucket as the retry budget: {@link #budget(RetryBudget)}. */
        public Builder tokenBucket(TokenBucket bucket) {
            return budget(Objects.requireNonNull(bucket, "tokenBucket"));
        }

        /** No retry budget: only the policy's attempt limit and the deadlines bound retries. */
        public Builder noTokenBucket() {
            this.bucket = null;
            this.bucketSet = true;
            return this;
        }

        /** Called for every retry, recovery, give-up and commit resolution. */
        public Builder listener(RetryListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /** Run on every new physical connection, after session state is restored. */
        public Builder initializer(ConnectionInitializer initializer) {
            this.initializer = Objects.requireNonNull(initializer, "initializer");
            return this;
        }

        /** Statements a transaction may run and still be replayable; default 1000; 0 disables replay. */
        public Builder maxJournalStatements(int max) {
            if (max < 0) {
                throw new IllegalArgumentException("maxJournalStatements must be >= 0: " + max);
            }
            this.maxJournalStatements = max;
            return this;
        }

        /** Bytes of SQL and parameters a replayable transaction may journal; default 4 MiB. */
        public Builder maxJournalBytes(long max) {
            if (max < 0) {
                throw new IllegalArgumentException("maxJournalBytes must be >= 0: " + max);
            }
            this.maxJournalBytes = max;
            return this;
        }

        /**
         * Settings that say for whom the session runs ({@code retry.sessionSettings}, e.g.
         * {@code "app.tenant"}): a new connection after a loss gets them again and must run as the
         * same user before anything runs there. None by default.
         */
        public Builder sessionSettings(String... names) {
            this.sessionSettings = SettingValues.settingNames(names);
            return this;
        }

        /** Whether to capture the xid before COMMIT to resolve a lost reply; default true. */
        public Builder resolveCommits(boolean resolve) {
            this.resolveCommits = resolve;
            return this;
        }

        /**
         * Whether an autocommit statement that may write runs in a transaction of its own whose id
         * is captured with it, committed in a round trip of its own, so that a connection lost under
         * it is resolved by that id (its update count when it committed, run again when it did not)
         * instead of surfacing {@link WriteOutcomeUnknownException}; default false.
         */
        public Builder resolveAutocommitWrites(boolean resolve) {
            this.resolveAutocommitWrites = resolve;
            return this;
        }

        /**
         * Hot standbys ({@code host:port,host:port}) for connections in {@code setReadOnly(true)}
         * (issue 27); empty for none. The target must be pgjdbc's own data source (the readers are
         * dialed with its settings); over a pool, see {@link #readers(DataSource)}.
         *
         * @throws IllegalArgumentException naming the entry that is not a host or port
         */
        public Builder readers(String hostPorts) {
            this.readers = readers.withHosts(Readers.parse(Objects.requireNonNull(hostPorts, "readers")));
            return this;
        }

        /**
         * A pool of readers (hot standbys: a second HikariCP pool over a replica port or the
         * standbys' URL) for connections in {@code setReadOnly(true)}, while the target (the
         * writer's pool) takes the rest (issue 27). A read borrows from it and gives back at the
         * switch to read-write and at close; a reader that is no standby is evicted from it, one
         * that lags given back, and the reads then fall back to the target
         * ({@link #readersFallBackToPrimary}). Excludes {@link #readers(String)}.
         *
         * @throws NullPointerException when readerPool is null
         */
        public Builder readers(DataSource readerPool) {
            this.readerPool = Objects.requireNonNull(readerPool, "readers");
            return this;
        }

        /** How far behind the primary a reader may be when dialed (over a pool: when its connection is checked); default 10 s. */
        public Builder readerMaxLag(Duration maxLag) {
            Objects.requireNonNull(maxLag, "readerMaxLag");
            if (maxLag.isNegative()) {
                throw new IllegalArgumentException("readerMaxLag must be >= 0: " + maxLag);
            }
            this.readers = readers.withMaxLag(maxLag);
            return this;
        }

        /** Whether reads run on the primary when no reader will do; default true. */
        public Builder readersFallBackToPrimary(boolean fallBack) {
            this.readers = readers.withFallBackToPrimary(fallBack);
            return this;
        }

        /**
         * Whether dials to a pgjdbc data source go through the circuit breaker of their server
         * (default on; a pool dials for itself and is not guarded).
         */
        public Builder breaker(boolean on) {
            this.breaker = breaker.withEnabled(on);
            return this;
        }

        /** Consecutive dials that reach no server before its breaker opens; default 3. */
        public Builder breakerThreshold(int threshold) {
            this.breaker = breaker.withThreshold(threshold);
            return this;
        }

        /** Cap of the breaker's open interval; default 200 ms. */
        public Builder breakerMaxOpen(Duration cap) {
            this.breaker = breaker.withMaxOpen(Objects.requireNonNull(cap, "breakerMaxOpen"));
            return this;
        }

        /**
         * The data source; the builder may be used again.
         *
         * @throws IllegalStateException when both reader hosts and a pool of readers are given
         */
        public RetryingDataSource build() {
            if (readerPool != null && !readers.none()) {
                throw new IllegalStateException("readers: give either reader hosts or a pool of readers, not both");
            }
            RetryPolicy p = policy;
            if (bucketSet) {
                p = bucket == null ? p.toBuilder().noBudget().build() : p.toBuilder().budget(bucket).build();
            }
            RetryConfig config = new RetryConfig(p, reconnectWindow, maxJournalStatements, maxJournalBytes,
                    resolveCommits, listener, initializer, breaker, sessionSettings, readers, resolveAutocommitWrites);
            return new RetryingDataSource(Resolved.of(target, config, PgTarget.of(target), readerPool));
        }
    }
}
