package io.retrying.jdbc.internal.config;

import io.retrying.jdbc.ConnectionInitializer;
import io.retrying.jdbc.RetryBudget;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.TokenBucket;
import io.retrying.jdbc.internal.events.RetryReporter;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Properties;

/**
 * Everything the retrying layer of one data source (or one driver URL) needs to know, fixed when
 * it is built. Immutable and thread-safe: one instance serves every connection.
 *
 * @param policy when and how long to wait before another attempt; holds the token bucket
 * @param reconnectWindow how long to keep dialling a server that is down or full
 * @param maxJournalStatements statements a transaction may run and still be replayable
 * @param maxJournalBytes bytes of SQL and parameters a transaction may journal and still be
 *     replayable
 * @param resolveCommits whether to capture the transaction id before COMMIT, so that a lost reply
 *     can be resolved instead of reported as unknown
 * @param listener called for every retry, recovery, give-up and commit resolution; {@code null}
 *     for none
 * @param initializer run on every new physical connection; {@code null} for none
 * @param breaker how dials go through the per-server circuit breakers
 * @param sessionSettings settings that say for whom the session runs ({@code retry.sessionSettings}):
 *     read after code that may change them, and a new connection must match them, with
 *     {@code current_user} and {@code session_user}, before anything runs there; empty for none
 * @param readers the hot standbys read-only connections run on ({@link Readers#NONE}: none)
 * @param resolveAutocommitWrites whether an autocommit statement that may write runs in a
 *     transaction of its own that captures its id, committed in a round trip of its own, so that a
 *     connection lost under it is resolved instead of reported as unknown (issue 26; off by default)
 */
public record RetryConfig(
        RetryPolicy policy,
        Duration reconnectWindow,
        int maxJournalStatements,
        long maxJournalBytes,
        boolean resolveCommits,
        RetryListener listener,
        ConnectionInitializer initializer,
        BreakerSettings breaker,
        List<String> sessionSettings,
        Readers readers,
        boolean resolveAutocommitWrites) {

    /** SQLState of a bad setting: invalid_parameter_value, FATAL, so nobody retries it. */
    public static final String INVALID_SETTING_STATE = "22023";

    private static final RetryConfig DEFAULTS = new RetryConfig(
            RetryPolicy.defaults(), Duration.ofMillis(30_000), 1000, 4L * 1024 * 1024, true, null, null,
            BreakerSettings.defaults(), List.of(), Readers.NONE, false);

    /**
     * Checks the values.
     *
     * @throws NullPointerException when policy or reconnectWindow is null
     * @throws IllegalArgumentException when a number is negative
     */
    public RetryConfig {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(breaker, "breaker");
        Objects.requireNonNull(readers, "readers");
        Objects.requireNonNull(reconnectWindow, "reconnectWindow");
        sessionSettings = List.copyOf(Objects.requireNonNull(sessionSettings, "sessionSettings"));
        if (reconnectWindow.isNegative()) {
            throw new IllegalArgumentException("reconnectWindow must be >= 0: " + reconnectWindow);
        }
        if (maxJournalStatements < 0) {
            throw new IllegalArgumentException("maxJournalStatements must be >= 0: " + maxJournalStatements);
        }
        if (maxJournalBytes < 0) {
            throw new IllegalArgumentException("maxJournalBytes must be >= 0: " + maxJournalBytes);
        }
    }

    /** As the canonical constructor, autocommit writes not resolved (the default). */
    public RetryConfig(RetryPolicy policy, Duration reconnectWindow, int maxJournalStatements, long maxJournalBytes,
                       boolean resolveCommits, RetryListener listener, ConnectionInitializer initializer,
                       BreakerSettings breaker, List<String> sessionSettings, Readers readers) {
        this(policy, reconnectWindow, maxJournalStatements, maxJournalBytes, resolveCommits, listener, initializer,
                breaker, sessionSettings, readers, false);
    }

    /** As the canonical constructor, with no readers. */
    public RetryConfig(RetryPolicy policy, Duration reconnectWindow, int maxJournalStatements, long maxJournalBytes,
                       boolean resolveCommits, RetryListener listener, ConnectionInitializer initializer,
                       BreakerSettings breaker, List<String> sessionSettings) {
        this(policy, reconnectWindow, maxJournalStatements, maxJournalBytes, resolveCommits, listener, initializer,
                breaker, sessionSettings, Readers.NONE);
    }

    /** As the canonical constructor, with the default breaker settings. */
    public RetryConfig(RetryPolicy policy, Duration reconnectWindow, int maxJournalStatements, long maxJournalBytes,
                       boolean resolveCommits, RetryListener listener, ConnectionInitializer initializer) {
        this(policy, reconnectWindow, maxJournalStatements, maxJournalBytes, resolveCommits, listener, initializer,
                BreakerSettings.defaults(), List.of(), Readers.NONE);
    }

    /**
     * Whether the session's identity and named settings are read after code that may change them,
     * to be checked on a new connection: when the application named settings, or registered an
     * initializer (it vouches for the session, and the check holds it to who the session ran as).
     */
    public boolean checksSessionValues() {
        return !sessionSettings.isEmpty() || initializer != null;
    }

    /**
     * The defaults: {@link RetryPolicy#defaults()}, a 10 s reconnect window, a journal of 1000
     * statements and 4 MiB, commit resolution on, no listener, no initializer.
     */
    public static RetryConfig defaults() {
        return DEFAULTS;
    }

    /**
     * Applies the {@code retry.*} keys found in {@code retryProps} on top of {@code base}; other
     * keys are ignored.
     *
     * <p>A {@code retry.tokenBucket} capacity creates a new bucket on every call: callers that
     * want one bucket per data source call this once per data source and keep the result.
     *
     * @param retryProps the settings, as strings
     * @param base what a key that is absent keeps
     * @return the new configuration
     * @throws SQLException SQLState {@value #INVALID_SETTING_STATE}, when a {@code retry.} key is
     *     unknown or its value is bad; the message names the key and the value
     */
    public static RetryConfig fromProperties(Properties retryProps, RetryConfig base)
            throws SQLException {
        Objects.requireNonNull(retryProps, "retryProps");
        Objects.requireNonNull(base, "base");
        Draft draft = new Draft(base);
        for (String key : retryProps.stringPropertyNames()) {
            if (!RetrySetting.isRetryKey(key)) {
                continue;
            }
            RetrySetting setting = RetrySetting.forKey(key);
            if (setting == null) {
                throw new SQLException(RetrySetting.unknownKeyMessage(SettingValues.shown(key)),
                        INVALID_SETTING_STATE);
            }
            String raw = retryProps.getProperty(key);
            try {
                draft.apply(setting, raw);
            } catch (IllegalArgumentException e) {
                // the engine's builder refused a value the parse let through
                throw SettingValues.invalid(setting, raw, e.getMessage());
            }
        }
        return draft.build();
    }

    /** A configuration being assembled from keys, one at a time. */
    private static final class Draft {
        /** Longest wait or window a key accepts: a day; longer is a typo, and overflows nanoseconds. */
        private static final long MAX_MILLIS = 86_400_000L;

        private final RetryConfig base;
        private RetryPolicy.Builder policy;
        private Duration reconnectWindow;
        private int maxJournalStatements;
        private long maxJournalBytes;
        private boolean resolveCommits;
        private Long baseDelayMs;
        private Long maxDelayMs;
        private BreakerSettings breaker;
        private List<String> sessionSettings;
        private Readers readers;
        private boolean resolveAutocommitWrites;

        Draft(RetryConfig base) {
            this.base = base;
            reconnectWindow = base.reconnectWindow;
            maxJournalStatements = base.maxJournalStatements;
            maxJournalBytes = base.maxJournalBytes;
            resolveCommits = base.resolveCommits;
            breaker = base.breaker;
            sessionSettings = base.sessionSettings;
            readers = base.readers;
            resolveAutocommitWrites = base.resolveAutocommitWrites;
        }

        private RetryPolicy.Builder policy() {
            if (policy == null) {
                policy = base.policy.toBuilder();
            }
            return policy;
        }

        void apply(RetrySetting setting, String raw) throws SQLException {
            switch (setting) {
                case MAX_ATTEMPTS -> policy().maxAttempts(
                        (int) SettingValues.integer(setting, raw, 1, Integer.MAX_VALUE));
                case RECONNECT_WINDOW_MS -> reconnectWindow =
                        Duration.ofMillis(SettingValues.integer(setting, raw, 0, MAX_MILLIS));
                case TOKEN_BUCKET -> tokenBucket(raw);
                case MAX_JOURNAL_STATEMENTS -> maxJournalStatements =
                        (int) SettingValues.integer(setting, raw, 0, Integer.MAX_VALUE);
                case MAX_JOURNAL_BYTES -> maxJournalBytes =
                        SettingValues.integer(setting, raw, 0, Long.MAX_VALUE);
                case RESOLVE_COMMITS -> resolveCommits = SettingValues.bool(setting, raw);
                case RESOLVE_AUTOCOMMIT_WRITES -> resolveAutocommitWrites = SettingValues.bool(setting, raw);
                case BASE_DELAY_MS -> {
                    baseDelayMs = SettingValues.integer(setting, raw, 0, MAX_MILLIS);
                    policy().baseDelay(Duration.ofMillis(baseDelayMs));
                }
                case MAX_DELAY_MS -> {
                    maxDelayMs = SettingValues.integer(setting, raw, 0, MAX_MILLIS);
                    policy().maxDelay(Duration.ofMillis(maxDelayMs));
                }
                case BREAKER -> breaker = breaker.withEnabled(onOff(setting, raw));
                case BREAKER_THRESHOLD -> breaker = breaker.withThreshold(
                        (int) SettingValues.integer(setting, raw, 1, 1000));
                case BREAKER_MAX_OPEN_MS -> breaker = breaker.withMaxOpen(
                        Duration.ofMillis(SettingValues.integer(setting, raw, 1, MAX_MILLIS)));
                case SESSION_SETTINGS -> sessionSettings = SettingValues.names(setting, raw);
                case READERS -> {
                    try {
                        readers = readers.withHosts(Readers.parse(raw));
                    } catch (IllegalArgumentException bad) {
                        throw SettingValues.invalid(setting, raw, bad.getMessage());
                    }
                }
                case READER_MAX_LAG_MS -> readers = readers.withMaxLag(
                        Duration.ofMillis(SettingValues.integer(setting, raw, 0, MAX_MILLIS)));
                case READERS_FALL_BACK_TO_PRIMARY -> readers = readers.withFallBackToPrimary(SettingValues.bool(setting, raw));
                default -> throw new AssertionError(setting);
            }
        }

        /** on/off, or true/false as the other switches take. */
        private static boolean onOff(RetrySetting setting, String raw) throws SQLException {
            String v = raw == null ? "" : raw.trim();
            if (v.equalsIgnoreCase("on") || v.equalsIgnoreCase("true")) {
                return true;
            }
            if (v.equalsIgnoreCase("off") || v.equalsIgnoreCase("false")) {
                return false;
            }
            throw SettingValues.invalid(setting, raw, "must be on or off");
        }

        private void tokenBucket(String raw) throws SQLException {
            String v = raw == null ? "" : raw.trim();
            if (v.equalsIgnoreCase("shared")) {
                policy().budget(RetryBudget.shared());
            } else if (v.equalsIgnoreCase("none")) {
                policy().noTokenBucket();
            } else {
                long capacity = SettingValues.integer(RetrySetting.TOKEN_BUCKET, raw, 1, Integer.MAX_VALUE,
                        "'shared', 'none' or an integer capacity >= 1");
                policy().tokenBucket(new TokenBucket((int) capacity));
            }
        }

        RetryConfig build() throws SQLException {
            checkDelays();
            RetryPolicy built = policy == null ? base.policy : policy.build();
            return new RetryConfig(built, reconnectWindow, maxJournalStatements, maxJournalBytes,
                    resolveCommits, base.listener, base.initializer, breaker, sessionSettings, readers, resolveAutocommitWrites);
        }

        /** The policy would refuse a cap below the base too, but without naming the key. */
        private void checkDelays() throws SQLException {
            if (baseDelayMs == null && maxDelayMs == null) {
                return;
            }
            long effectiveBase = baseDelayMs != null ? baseDelayMs : base.policy.baseDelay().toMillis();
            long effectiveMax = maxDelayMs != null ? maxDelayMs : base.policy.maxDelay().toMillis();
            if (effectiveMax >= effectiveBase) {
                return;
            }
            if (maxDelayMs != null) {
                throw SettingValues.invalid(RetrySetting.MAX_DELAY_MS, String.valueOf(maxDelayMs),
                        "must be >= " + RetrySetting.BASE_DELAY_MS.key() + ", " + effectiveBase);
            }
            throw SettingValues.invalid(RetrySetting.BASE_DELAY_MS, String.valueOf(baseDelayMs),
                    "must be <= " + RetrySetting.MAX_DELAY_MS.key() + ", " + effectiveMax);
        }
    }

    /** A copy with another policy. */
    public RetryConfig withPolicy(RetryPolicy newPolicy) {
        return new RetryConfig(newPolicy, reconnectWindow, maxJournalStatements, maxJournalBytes,
                resolveCommits, listener, initializer, breaker, sessionSettings, readers, resolveAutocommitWrites);
    }

    /** A copy with another reconnect window. */
    public RetryConfig withReconnectWindow(Duration window) {
        return new RetryConfig(policy, window, maxJournalStatements, maxJournalBytes,
                resolveCommits, listener, initializer, breaker, sessionSettings, readers, resolveAutocommitWrites);
    }

    /** A copy with other circuit-breaker settings. */
    public RetryConfig withBreaker(BreakerSettings newBreaker) {
        return new RetryConfig(policy, reconnectWindow, maxJournalStatements, maxJournalBytes,
                resolveCommits, listener, initializer, newBreaker, sessionSettings, readers, resolveAutocommitWrites);
    }

    /** A copy with other session settings to check after a lost connection (empty for none). */
    public RetryConfig withSessionSettings(List<String> names) {
        return new RetryConfig(policy, reconnectWindow, maxJournalStatements, maxJournalBytes,
                resolveCommits, listener, initializer, breaker, names, readers, resolveAutocommitWrites);
    }

    /** A copy with other reader hosts. */
    public RetryConfig withReaders(Readers newReaders) {
        return new RetryConfig(policy, reconnectWindow, maxJournalStatements, maxJournalBytes,
                resolveCommits, listener, initializer, breaker, sessionSettings, newReaders, resolveAutocommitWrites);
    }

    /** A copy with another listener ({@code null} for none). */
    public RetryConfig withListener(RetryListener newListener) {
        return new RetryConfig(policy, reconnectWindow, maxJournalStatements, maxJournalBytes,
                resolveCommits, newListener, initializer, breaker, sessionSettings, readers, resolveAutocommitWrites);
    }

    /** A copy with another initializer ({@code null} for none). */
    public RetryConfig withInitializer(ConnectionInitializer newInitializer) {
        return new RetryConfig(policy, reconnectWindow, maxJournalStatements, maxJournalBytes,
                resolveCommits, listener, newInitializer, breaker, sessionSettings, readers, resolveAutocommitWrites);
    }

    /**
     * The reporter for this configuration's listener. It is a small object: call this once per
     * connection (or per data source) and keep it, rather than per event.
     */
    public RetryReporter reporter() {
        return RetryReporter.of(listener);
    }
}
