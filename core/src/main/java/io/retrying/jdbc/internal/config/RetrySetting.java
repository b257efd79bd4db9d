package io.retrying.jdbc.internal.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The {@code retry.*} configuration keys, in one place: the driver's URL and {@code Properties},
 * {@code RetryingDataSource}'s setters and docs/configuration.md (held to this enum by
 * ConfigurationDocTest) all use these names.
 */
public enum RetrySetting {
    MAX_ATTEMPTS("retry.maxAttempts", "3",
            "Attempts per piece of work, counting the first try (an integer >= 1)"),
    RECONNECT_WINDOW_MS("retry.reconnectWindowMs", "30000",
            "How long to keep dialling a server that is down, restarting or full, in milliseconds (>= 0)"),
    TOKEN_BUCKET("retry.tokenBucket", "shared",
            "Retry budget: 'shared' (the process-wide budget that scales with the work and the connections),"
                    + " 'none', or a capacity for seed 002's token bucket of this data source's own (e.g. 100)"),
    MAX_JOURNAL_STATEMENTS("retry.maxJournalStatements", "1000",
            "Statements a transaction may run and still be replayable (>= 0)"),
    MAX_JOURNAL_BYTES("retry.maxJournalBytes", "4194304",
            "Bytes of SQL and parameters a transaction may journal and still be replayable (>= 0)"),
    RESOLVE_COMMITS("retry.resolveCommits", "true",
            "Capture the transaction id before COMMIT so a lost COMMIT reply can be resolved"
                    + " (true or false)"),
    RESOLVE_AUTOCOMMIT_WRITES("retry.resolveAutocommitWrites", "false",
            "Run an autocommit statement that may write in a transaction of its own whose id is captured, so that"
                    + " a connection lost under it is resolved; costs a round trip per such statement (true or false)"),
    BASE_DELAY_MS("retry.baseDelayMs", "50",
            "Base of the exponential backoff, in milliseconds (>= 0)"),
    MAX_DELAY_MS("retry.maxDelayMs", "2000",
            "Cap of the backoff before the random draw, in milliseconds (>= retry.baseDelayMs)"),
    BREAKER("retry.breaker", "on",
            "A circuit breaker per server for dials: 'on' or 'off' (true or false too)"),
    BREAKER_THRESHOLD("retry.breakerThreshold", "3",
            "Consecutive dials that reach no server before that server's breaker opens (1 to 1000)"),
    BREAKER_MAX_OPEN_MS("retry.breakerMaxOpenMs", "200",
            "Cap of the breaker's open interval, in milliseconds (>= 1): a server that is back is found within it"),
    SESSION_SETTINGS("retry.sessionSettings", "",
            "Settings that say for whom the session runs, comma-separated (e.g. app.tenant,app.user): read after"
                    + " code that may change them, set again on a new connection, which must also run as the same"
                    + " current_user and session_user before anything runs there"),
    READERS("retry.readers", "",
            "Hot standbys to run connections in setReadOnly(true) on, as host:port,host:port (none: every"
                    + " connection runs on the URL's hosts)"),
    READER_MAX_LAG_MS("retry.readerMaxLagMs", "10000",
            "How far behind the primary a reader may be when dialed, in milliseconds (>= 0); further and it is"
                    + " left for another"),
    READERS_FALL_BACK_TO_PRIMARY("retry.readersFallBackToPrimary", "true",
            "Whether reads run on the primary when no reader is up and within the lag bound (true or false)");

    /** Every key starts with this. */
    public static final String PREFIX = "retry.";

    private final String key;
    private final String defaultValue;
    private final String description;

    RetrySetting(String key, String defaultValue, String description) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.description = description;
    }

    /** The full key, e.g. {@code retry.maxAttempts}. */
    public String key() {
        return key;
    }

    /** The key without {@code retry.}: the JavaBean property name, e.g. {@code maxAttempts}. */
    public String propertyName() {
        return key.substring(PREFIX.length());
    }

    /** The default, as it would be written in a URL. */
    public String defaultValue() {
        return defaultValue;
    }

    /** One line for {@code Driver.getPropertyInfo}. */
    public String description() {
        return description;
    }

    /** Whether a URL parameter or property name belongs to this library rather than to pgjdbc. */
    public static boolean isRetryKey(String name) {
        return name.startsWith(PREFIX);
    }

    /** The setting for a key, or {@code null}. Keys are case-sensitive, like pgjdbc's. */
    public static RetrySetting forKey(String key) {
        for (RetrySetting s : values()) {
            if (s.key.equals(key)) {
                return s;
            }
        }
        return null;
    }

    /** The message for a {@code retry.} key that is not one of ours. */
    static String unknownKeyMessage(String key) {
        String known = Arrays.stream(values()).map(RetrySetting::key).collect(Collectors.joining(", "));
        String lower = key.toLowerCase(Locale.ROOT);
        for (RetrySetting s : values()) {
            if (s.key.toLowerCase(Locale.ROOT).equals(lower)) {
                return "Unknown setting " + key + " (did you mean " + s.key + "? known: " + known + ")";
            }
        }
        return "Unknown setting " + key + " (known: " + known + ")";
    }
}
