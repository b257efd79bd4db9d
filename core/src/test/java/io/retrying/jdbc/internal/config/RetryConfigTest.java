package io.retrying.jdbc.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.TokenBucket;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RetryConfigTest {

    private static Properties props(String... kv) {
        Properties p = new Properties();
        for (int i = 0; i < kv.length; i += 2) {
            p.setProperty(kv[i], kv[i + 1]);
        }
        return p;
    }

    @Test
    void defaultsMatchTheDocumentedKeys() {
        RetryConfig d = RetryConfig.defaults();
        assertEquals(RetrySetting.MAX_ATTEMPTS.defaultValue(), String.valueOf(d.policy().maxAttempts()));
        assertEquals(RetrySetting.RECONNECT_WINDOW_MS.defaultValue(),
                String.valueOf(d.reconnectWindow().toMillis()));
        assertEquals(RetrySetting.MAX_JOURNAL_STATEMENTS.defaultValue(),
                String.valueOf(d.maxJournalStatements()));
        assertEquals(RetrySetting.MAX_JOURNAL_BYTES.defaultValue(), String.valueOf(d.maxJournalBytes()));
        assertEquals(RetrySetting.RESOLVE_COMMITS.defaultValue(), String.valueOf(d.resolveCommits()));
        assertSame(io.retrying.jdbc.RetryBudget.shared(), d.policy().budget());
        assertNull(d.listener());
        assertNull(d.initializer());
    }

    @Test
    void everyKeyIsApplied() throws SQLException {
        RetryConfig c = RetryConfig.fromProperties(props(
                "retry.maxAttempts", "5",
                "retry.reconnectWindowMs", "300",
                "retry.tokenBucket", "none",
                "retry.maxJournalStatements", "7",
                "retry.maxJournalBytes", "1024",
                "retry.resolveCommits", "FALSE",
                "retry.baseDelayMs", "10",
                "retry.maxDelayMs", "100",
                "user", "ignored-here"), RetryConfig.defaults());
        assertEquals(5, c.policy().maxAttempts());
        assertEquals(Duration.ofMillis(300), c.reconnectWindow());
        assertNull(c.policy().tokenBucket());
        assertEquals(7, c.maxJournalStatements());
        assertEquals(1024, c.maxJournalBytes());
        assertFalse(c.resolveCommits());
        assertEquals(Duration.ofMillis(10), c.policy().baseDelay());
        assertEquals(Duration.ofMillis(100), c.policy().maxDelay());
    }

    @Test
    void absentKeysKeepTheBase() throws SQLException {
        RetryListener listener = new RetryListener() {};
        RetryConfig base = RetryConfig.defaults().withListener(listener);
        RetryConfig c = RetryConfig.fromProperties(props("retry.maxJournalStatements", "3"), base);
        assertSame(base.policy(), c.policy(), "no policy key given: the policy is kept as is");
        assertSame(listener, c.listener());
        assertEquals(3, c.maxJournalStatements());
        assertTrue(c.resolveCommits());
    }

    @Test
    void aCapacityMakesABucketOfItsOwnAndSharedTheSharedOne() throws SQLException {
        RetryConfig own = RetryConfig.fromProperties(props("retry.tokenBucket", "40"), RetryConfig.defaults());
        assertNotSame(TokenBucket.shared(), own.policy().tokenBucket());
        assertEquals(40.0, own.policy().tokenBucket().tokens());
        RetryConfig shared = RetryConfig.fromProperties(props("retry.tokenBucket", "shared"), own);
        assertSame(io.retrying.jdbc.RetryBudget.shared(), shared.policy().budget()); // the default, scaling budget
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "retry.maxAttempts|-1|Invalid value for retry.maxAttempts: \"-1\" (must be an integer >= 1)",
            "retry.maxAttempts|0|Invalid value for retry.maxAttempts: \"0\" (must be an integer >= 1)",
            "retry.maxAttempts|three|Invalid value for retry.maxAttempts: \"three\" (must be an integer >= 1)",
            "retry.maxAttempts|99999999999|Invalid value for retry.maxAttempts: \"99999999999\" (must be <= 2147483647)",
            "retry.reconnectWindowMs|-5|Invalid value for retry.reconnectWindowMs: \"-5\" (must be an integer >= 0)",
            "retry.reconnectWindowMs|10s|Invalid value for retry.reconnectWindowMs: \"10s\" (must be an integer >= 0)",
            "retry.tokenBucket|0|Invalid value for retry.tokenBucket: \"0\" (must be 'shared', 'none' or an integer capacity >= 1)",
            "retry.tokenBucket|mine|Invalid value for retry.tokenBucket: \"mine\" (must be 'shared', 'none' or an integer capacity >= 1)",
            "retry.maxJournalStatements|-1|Invalid value for retry.maxJournalStatements: \"-1\" (must be an integer >= 0)",
            "retry.maxJournalBytes|4MB|Invalid value for retry.maxJournalBytes: \"4MB\" (must be an integer >= 0)",
            "retry.resolveCommits|yes|Invalid value for retry.resolveCommits: \"yes\" (must be true or false)",
            "retry.baseDelayMs|-1|Invalid value for retry.baseDelayMs: \"-1\" (must be an integer >= 0)",
            "retry.baseDelayMs|5000|Invalid value for retry.baseDelayMs: \"5000\" (must be <= retry.maxDelayMs, 2000)",
            "retry.maxDelayMs|1.5|Invalid value for retry.maxDelayMs: \"1.5\" (must be an integer >= 0)",
            "retry.maxDelayMs|10|Invalid value for retry.maxDelayMs: \"10\" (must be >= retry.baseDelayMs, 50)",
    })
    void aBadValueNamesTheKeyAndTheValue(String key, String value, String message) {
        SQLException e = assertThrows(SQLException.class,
                () -> RetryConfig.fromProperties(props(key, value), RetryConfig.defaults()));
        assertEquals(message, e.getMessage());
        assertEquals("22023", e.getSQLState());
    }

    @Test
    void theBreakerKeysAreAppliedAndChecked() throws SQLException {
        assertEquals(io.retrying.jdbc.internal.config.BreakerSettings.defaults(), RetryConfig.defaults().breaker());
        RetryConfig c = RetryConfig.fromProperties(props("retry.breaker", "off", "retry.breakerThreshold", "5",
                "retry.breakerMaxOpenMs", "1000"), RetryConfig.defaults());
        assertEquals(false, c.breaker().enabled());
        assertEquals(5, c.breaker().threshold());
        assertEquals(java.time.Duration.ofSeconds(1), c.breaker().maxOpen());
        assertEquals(true, RetryConfig.fromProperties(props("retry.breaker", "ON"), c).breaker().enabled());
        assertEquals(false, RetryConfig.fromProperties(props("retry.breaker", "false"), RetryConfig.defaults())
                .breaker().enabled());
        SQLException onOff = assertThrows(SQLException.class,
                () -> RetryConfig.fromProperties(props("retry.breaker", "maybe"), RetryConfig.defaults()));
        assertEquals("Invalid value for retry.breaker: \"maybe\" (must be on or off)", onOff.getMessage());
        assertEquals(RetryConfig.INVALID_SETTING_STATE, onOff.getSQLState());
        SQLException threshold = assertThrows(SQLException.class,
                () -> RetryConfig.fromProperties(props("retry.breakerThreshold", "0"), RetryConfig.defaults()));
        assertEquals("Invalid value for retry.breakerThreshold: \"0\" (must be an integer >= 1)", threshold.getMessage());
        SQLException cap = assertThrows(SQLException.class,
                () -> RetryConfig.fromProperties(props("retry.breakerMaxOpenMs", "soon"), RetryConfig.defaults()));
        assertTrue(cap.getMessage().startsWith("Invalid value for retry.breakerMaxOpenMs: \"soon\""), cap.getMessage());
    }

    @Test
    void anEmptyValueIsBadToo() {
        SQLException e = assertThrows(SQLException.class,
                () -> RetryConfig.fromProperties(props("retry.maxAttempts", ""), RetryConfig.defaults()));
        assertEquals("Invalid value for retry.maxAttempts: \"\" (must be an integer >= 1)", e.getMessage());
    }

    @Test
    void anUnknownKeyIsRefusedWithTheKnownOnes() {
        SQLException e = assertThrows(SQLException.class,
                () -> RetryConfig.fromProperties(props("retry.maxAtempts", "3"), RetryConfig.defaults()));
        assertTrue(e.getMessage().startsWith("Unknown setting retry.maxAtempts (known: retry.maxAttempts, "),
                e.getMessage());
        for (RetrySetting s : RetrySetting.values()) {
            assertTrue(e.getMessage().contains(s.key()), s.key());
        }
        assertEquals("22023", e.getSQLState());
    }

    @Test
    void aKeyInTheWrongCaseGetsASuggestion() {
        SQLException e = assertThrows(SQLException.class,
                () -> RetryConfig.fromProperties(props("retry.maxattempts", "3"), RetryConfig.defaults()));
        assertTrue(e.getMessage().startsWith("Unknown setting retry.maxattempts (did you mean retry.maxAttempts?"),
                e.getMessage());
    }

    @Test
    void aCapBelowTheBaseIsRefused() {
        SQLException e = assertThrows(SQLException.class, () -> RetryConfig.fromProperties(
                props("retry.baseDelayMs", "500", "retry.maxDelayMs", "100"), RetryConfig.defaults()));
        assertEquals("Invalid value for retry.maxDelayMs: \"100\" (must be >= retry.baseDelayMs, 500)",
                e.getMessage());
    }

    @Test
    void aLongValueIsCutInTheMessage() {
        String longValue = "x".repeat(500);
        SQLException e = assertThrows(SQLException.class, () -> RetryConfig.fromProperties(
                props("retry.maxAttempts", longValue), RetryConfig.defaults()));
        assertTrue(e.getMessage().length() < 200, e.getMessage());
    }

    @Test
    void recordChecksItsArguments() {
        assertThrows(NullPointerException.class,
                () -> new RetryConfig(null, Duration.ZERO, 1, 1, true, null, null));
        assertThrows(IllegalArgumentException.class, () -> RetryConfig.defaults()
                .withReconnectWindow(Duration.ofMillis(-1)));
    }
}
