package io.retrying.jdbc.spring;

import io.retrying.jdbc.RetryBudget;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.TokenBucket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.core.Ordered;
import org.springframework.util.unit.DataSize;

/**
 * {@code retrying.jdbc.*}: the starter's switches and every {@code retry.*} setting of the
 * library, in kebab case, with {@link Duration} and {@link DataSize} types. Each setter checks its
 * value, so a bad one fails startup with Spring Boot's binding report, which names the property.
 */
@ConfigurationProperties(prefix = "retrying.jdbc")
public class RetryingJdbcProperties {

    /** Where the retrying layer goes relative to the HikariCP pool. */
    public enum Topology {
        /** The pool holds retrying connections, each healing itself (HikariCP's metrics and health as they are). */
        UNDER,
        /** The application gets retrying connections over pooled ones; also rides out a full pool. */
        OVER
    }

    /** Whether the starter does anything at all. */
    private boolean enabled = true;

    /** Where the retrying layer goes: {@code under} the pool (default) or {@code over} it. */
    private Topology topology = Topology.UNDER;

    /** Whether a DataSource bean of the application's own is made retrying too (the auto-configured one always is). */
    private boolean wrapUserDataSource = false;

    /** Attempts per piece of work (a statement, a transaction, a unit), counting the first; 1 never retries. */
    private int maxAttempts = 3;

    /** How long to keep dialling a server that is down, starting or full. */
    private Duration reconnectWindow = Duration.ofSeconds(30);

    /** The retry budget: {@code shared} (the process-wide bucket), {@code none}, or a capacity for a bucket of this application's own. */
    private String tokenBucket = "shared";

    /** Statements a transaction may run and still be replayable; 0 turns replay off. */
    private int maxJournalStatements = 1000;

    /** Bytes of SQL and parameters a transaction may journal and still be replayable. */
    private DataSize maxJournalBytes = DataSize.ofMegabytes(4);

    /** Whether to capture the transaction id before COMMIT, so that a lost COMMIT reply is resolved instead of reported unknown. */
    private boolean resolveCommits = true;

    /**
     * Settings that say for whom the session runs (e.g. {@code app.tenant}): read after code that may
     * change them; a new connection gets them again and must run as the same user before anything runs there.
     */
    private List<String> sessionSettings = new ArrayList<>();

    /**
     * Whether an autocommit statement that may write runs in a transaction of its own whose id is captured, so that a
     * connection lost under it is resolved instead of reported unknown (a round trip per such statement).
     */
    private boolean resolveAutocommitWrites = false;

    /** The first full-jitter wait's ceiling; each later one doubles it. */
    private Duration baseDelay = Duration.ofMillis(50);

    /** The ceiling of any wait. */
    private Duration maxDelay = Duration.ofSeconds(2);

    /** Whether dials go through a circuit breaker per server (host:port), shared by the process. */
    private boolean breaker = true;

    /** Consecutive dials that reach no server before that server's breaker opens. */
    private int breakerThreshold = 3;

    /** The cap of a breaker's open interval: a server that is back is found within it. */
    private Duration breakerMaxOpen = Duration.ofMillis(200);

    /**
     * Hot standbys (host:port,host:port) that connections in setReadOnly(true) run on, as
     * {@code @Transactional(readOnly = true)} sets it; read-write ones run on the URL's hosts. Empty:
     * every connection runs on the URL's hosts. Under the pool (the default topology) the retrying
     * connections dial them; over the pool they fill a second pool, of readers, made from the
     * {@code spring.datasource.hikari.*} settings with these hosts as its URL's.
     */
    private String readers = "";

    /** How far behind the primary a reader may be when it is dialed; further and it is left for another. */
    private Duration readerMaxLag = Duration.ofSeconds(10);

    /** Whether reads run on the primary when no reader is up and within the lag bound. */
    private boolean readersFallBackToPrimary = true;

    private final Idempotent idempotent = new Idempotent();

    /** {@code retrying.jdbc.idempotent.*}: the advice that runs {@code @Idempotent} bean methods again. */
    public static class Idempotent {

        /** Whether {@code @Idempotent} methods of Spring beans run again, whole, after retryable failures. */
        private boolean enabled = true;

        /** The advice's order; it must run before (be lower than) the transaction interceptor's, so that each run gets a fresh transaction. */
        private int order = Ordered.LOWEST_PRECEDENCE - 100;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public int getOrder() {
            return order;
        }

        public void setOrder(int order) {
            this.order = order;
        }
    }

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public Topology getTopology() {
        return topology;
    }

    public void setTopology(Topology topology) {
        this.topology = topology;
    }

    public boolean isWrapUserDataSource() {
        return wrapUserDataSource;
    }

    public void setWrapUserDataSource(boolean wrapUserDataSource) {
        this.wrapUserDataSource = wrapUserDataSource;
    }

    public int getMaxAttempts() {
        return maxAttempts;
    }

    public void setMaxAttempts(int maxAttempts) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("retrying.jdbc.max-attempts must be at least 1 (1 never retries): " + maxAttempts);
        }
        this.maxAttempts = maxAttempts;
    }

    public Duration getReconnectWindow() {
        return reconnectWindow;
    }

    public void setReconnectWindow(Duration reconnectWindow) {
        this.reconnectWindow = nonNegative("reconnect-window", reconnectWindow);
    }

    public String getTokenBucket() {
        return tokenBucket;
    }

    public void setTokenBucket(String tokenBucket) {
        bucket(tokenBucket); // checks it
        this.tokenBucket = tokenBucket.trim().toLowerCase(Locale.ROOT);
    }

    public int getMaxJournalStatements() {
        return maxJournalStatements;
    }

    public void setMaxJournalStatements(int maxJournalStatements) {
        if (maxJournalStatements < 0) {
            throw new IllegalArgumentException("retrying.jdbc.max-journal-statements must be >= 0: " + maxJournalStatements);
        }
        this.maxJournalStatements = maxJournalStatements;
    }

    public DataSize getMaxJournalBytes() {
        return maxJournalBytes;
    }

    public void setMaxJournalBytes(DataSize maxJournalBytes) {
        if (maxJournalBytes == null || maxJournalBytes.isNegative()) {
            throw new IllegalArgumentException("retrying.jdbc.max-journal-bytes must be >= 0: " + maxJournalBytes);
        }
        this.maxJournalBytes = maxJournalBytes;
    }

    public boolean isResolveCommits() {
        return resolveCommits;
    }

    public void setResolveCommits(boolean resolveCommits) {
        this.resolveCommits = resolveCommits;
    }

    public List<String> getSessionSettings() {
        return sessionSettings;
    }

    public void setSessionSettings(List<String> sessionSettings) {
        this.sessionSettings = sessionSettings == null ? new ArrayList<>() : new ArrayList<>(sessionSettings);
    }

    public boolean isResolveAutocommitWrites() {
        return resolveAutocommitWrites;
    }

    public void setResolveAutocommitWrites(boolean resolveAutocommitWrites) {
        this.resolveAutocommitWrites = resolveAutocommitWrites;
    }

    public Duration getBaseDelay() {
        return baseDelay;
    }

    public void setBaseDelay(Duration baseDelay) {
        this.baseDelay = nonNegative("base-delay", baseDelay);
    }

    public Duration getMaxDelay() {
        return maxDelay;
    }

    public void setMaxDelay(Duration maxDelay) {
        this.maxDelay = nonNegative("max-delay", maxDelay);
    }

    public String getReaders() {
        return readers;
    }

    public void setReaders(String readers) {
        this.readers = readers == null ? "" : readers;
    }

    public Duration getReaderMaxLag() {
        return readerMaxLag;
    }

    public void setReaderMaxLag(Duration readerMaxLag) {
        this.readerMaxLag = nonNegative("reader-max-lag", readerMaxLag);
    }

    public boolean isReadersFallBackToPrimary() {
        return readersFallBackToPrimary;
    }

    public void setReadersFallBackToPrimary(boolean readersFallBackToPrimary) {
        this.readersFallBackToPrimary = readersFallBackToPrimary;
    }

    public boolean isBreaker() {
        return breaker;
    }

    public void setBreaker(boolean breaker) {
        this.breaker = breaker;
    }

    public int getBreakerThreshold() {
        return breakerThreshold;
    }

    public void setBreakerThreshold(int breakerThreshold) {
        if (breakerThreshold < 1 || breakerThreshold > 1000) {
            throw new IllegalArgumentException("retrying.jdbc.breaker-threshold must be 1 to 1000: " + breakerThreshold);
        }
        this.breakerThreshold = breakerThreshold;
    }

    public Duration getBreakerMaxOpen() {
        return breakerMaxOpen;
    }

    public void setBreakerMaxOpen(Duration breakerMaxOpen) {
        if (breakerMaxOpen == null || breakerMaxOpen.toMillis() < 1) {
            throw new IllegalArgumentException("retrying.jdbc.breaker-max-open must be a duration of at least 1 ms: " + breakerMaxOpen);
        }
        this.breakerMaxOpen = breakerMaxOpen;
    }

    public Idempotent getIdempotent() {
        return idempotent;
    }

    /**
     * The policy these settings describe; its token bucket is made here (a capacity: a bucket of
     * this application's own), so build it once and share it.
     *
     * @throws IllegalArgumentException when base-delay exceeds max-delay
     */
    public RetryPolicy policy() {
        if (baseDelay.compareTo(maxDelay) > 0) {
            throw new IllegalArgumentException("retrying.jdbc.base-delay (" + baseDelay
                    + ") must not exceed retrying.jdbc.max-delay (" + maxDelay + ")");
        }
        RetryPolicy.Builder b = RetryPolicy.builder().maxAttempts(maxAttempts).baseDelay(baseDelay).maxDelay(maxDelay);
        RetryBudget bucket = bucket(tokenBucket);
        return bucket == null ? b.noBudget().build() : b.budget(bucket).build();
    }

    /** A data source over {@code target} with these settings, under {@code policy}. */
    RetryingDataSource.Builder dataSource(javax.sql.DataSource target, RetryPolicy policy) {
        return configure(RetryingDataSource.builder(target), policy).readers(readers);
    }

    /** These settings on {@code b}, under {@code policy}, but the reader hosts: over a pool the readers are a pool. */
    RetryingDataSource.Builder configure(RetryingDataSource.Builder b, RetryPolicy policy) {
        return b.policy(policy).reconnectWindow(reconnectWindow)
                .maxJournalStatements(maxJournalStatements).maxJournalBytes(maxJournalBytes.toBytes())
                .resolveCommits(resolveCommits).sessionSettings(sessionSettings.toArray(String[]::new))
                .resolveAutocommitWrites(resolveAutocommitWrites)
                .breaker(breaker).breakerThreshold(breakerThreshold).breakerMaxOpen(breakerMaxOpen)
                .readerMaxLag(readerMaxLag).readersFallBackToPrimary(readersFallBackToPrimary);
    }

    /** shared: the process-wide budget that scales with the work (the default); none; or a seed token bucket's capacity. */
    private static RetryBudget bucket(String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("retrying.jdbc.token-bucket must be shared, none or a capacity (a positive integer)");
        }
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.equals("shared")) {
            return RetryBudget.shared();
        }
        if (v.equals("none")) {
            return null;
        }
        int capacity;
        try {
            capacity = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("retrying.jdbc.token-bucket must be shared, none or a capacity (a positive integer): " + value);
        }
        if (capacity < 1) {
            throw new IllegalArgumentException("retrying.jdbc.token-bucket capacity must be at least 1: " + value);
        }
        return new TokenBucket(capacity);
    }

    private static Duration nonNegative(String name, Duration d) {
        if (d == null || d.isNegative()) {
            throw new IllegalArgumentException("retrying.jdbc." + name + " must be a duration >= 0: " + d);
        }
        return d;
    }
}
