package io.retrying.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Every invalid setting and combination of RetryPolicy.Builder, by kind. */
class RetryPolicyBuilderTest {

    @Test
    void nullsAreNullPointerExceptions() {
        RetryPolicy.Builder b = RetryPolicy.builder();
        assertEquals("baseDelay", assertThrows(NullPointerException.class, () -> b.baseDelay(null)).getMessage());
        assertEquals("maxDelay", assertThrows(NullPointerException.class, () -> b.maxDelay(null)).getMessage());
        assertEquals("tokenBucket", assertThrows(NullPointerException.class, () -> b.tokenBucket(null)).getMessage());
        assertEquals("random", assertThrows(NullPointerException.class, () -> b.random(null)).getMessage());
        assertEquals("sleeper", assertThrows(NullPointerException.class, () -> b.sleeper(null)).getMessage());
        assertEquals("nanoClock", assertThrows(NullPointerException.class, () -> b.nanoClock(null)).getMessage());
    }

    @Test
    void badValuesAreIllegalArgumentsNamingTheParameter() {
        RetryPolicy.Builder b = RetryPolicy.builder();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> b.maxAttempts(0)).getMessage().startsWith("maxAttempts"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> b.maxAttempts(-3)).getMessage().startsWith("maxAttempts"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> b.baseDelay(Duration.ofMillis(-1))).getMessage().startsWith("baseDelay"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> b.maxDelay(Duration.ofMillis(-1))).getMessage().startsWith("maxDelay"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> b.maxDelay(Duration.ofDays(365L * 1000))).getMessage().startsWith("maxDelay"));
    }

    @Test
    void conflictingSettingsAreIllegalStateAtBuild() {
        assertThrows(IllegalStateException.class,
                () -> RetryPolicy.builder().baseDelay(Duration.ofSeconds(3)).build()); // above the 2 s cap
        assertThrows(IllegalStateException.class,
                () -> RetryPolicy.builder().maxDelay(Duration.ofMillis(10)).build()); // below the 50 ms base
        assertThrows(IllegalStateException.class,
                () -> RetryPolicy.builder().tokenBucket(new TokenBucket(10)).noTokenBucket().build());
        assertThrows(IllegalStateException.class,
                () -> RetryPolicy.builder().noTokenBucket().tokenBucket(new TokenBucket(10)).build());
    }

    @Test
    void edgeValuesAreAccepted() {
        RetryPolicy p = RetryPolicy.builder().maxAttempts(1).baseDelay(Duration.ZERO).maxDelay(Duration.ZERO).build();
        assertEquals(1, p.maxAttempts());
        assertEquals(Duration.ZERO, RetryPolicy.builder().baseDelay(Duration.ZERO).noTokenBucket().build()
                .decide(Failures.plain("40001"), 1, false, Duration.ofMillis(1)).delay());
        // derived from a policy with a bucket, dropping it is no conflict
        assertEquals(null, RetryPolicy.defaults().toBuilder().noTokenBucket().build().tokenBucket());
    }

    @Test
    void decideRejectsBadArguments() {
        RetryPolicy p = RetryPolicy.defaults();
        assertThrows(IllegalArgumentException.class, () -> p.decide(Failures.plain("40001"), 0, false, Duration.ZERO));
        assertThrows(NullPointerException.class, () -> p.decide(Failures.plain("40001"), 1, false, null));
        assertThrows(NullPointerException.class, () -> p.decide(null, 1, false, Duration.ZERO));
        assertThrows(NullPointerException.class, () -> p.exhausted(null, 1, java.util.List.of()));
        assertThrows(IllegalArgumentException.class, () -> p.exhausted(Failures.plain("40001"), 0, java.util.List.of()));
    }
}
