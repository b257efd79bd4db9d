package io.retrying.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLState;

/** decide() on a fake clock and a fixed or seeded random source: nothing here sleeps. */
class RetryPolicyTest {
    private static final Duration FOREVER = Deadline.FOREVER;
    private final FakeClock clock = new FakeClock();

    /** A policy on the fake clock, with no bucket, that fails the test if it ever sleeps. */
    private RetryPolicy.Builder policy() {
        return withoutSleeping().noTokenBucket();
    }

    private RetryPolicy.Builder policy(TokenBucket bucket) {
        return withoutSleeping().tokenBucket(bucket);
    }

    private RetryPolicy.Builder withoutSleeping() {
        return RetryPolicy.builder().nanoClock(clock).sleeper(d -> {
            throw new AssertionError("a policy test slept");
        });
    }

    @Test
    void defaults() {
        RetryPolicy p = RetryPolicy.defaults();
        assertEquals(3, p.maxAttempts());
        assertEquals(Duration.ofMillis(50), p.baseDelay());
        assertEquals(Duration.ofSeconds(2), p.maxDelay());
        assertSame(RetryBudget.shared(), p.budget());
        assertEquals(null, p.tokenBucket(), "the default budget is not a token bucket");
        assertSame(Sleeper.system(), p.sleeper());
        assertNotNull(p.nanoClock());
    }

    @Test
    void fullJitterCeilingDoublesFromTheBase() {
        RetryPolicy most = policy().maxAttempts(100).random(FixedRandom.most()).build();
        long[] expectedMs = {50, 100, 200, 400, 800, 1600, 2000, 2000, 2000};
        for (int n = 1; n <= expectedMs.length; n++) {
            Attempt a = most.decide(Failures.plain("40001"), n, false, FOREVER);
            assertTrue(a.retry(), a.reason());
            assertEquals(Duration.ofMillis(expectedMs[n - 1]), a.delay(), "after attempt " + n);
            assertEquals(Retryability.SAFE, a.recovery());
        }
        RetryPolicy least = policy().maxAttempts(100).random(FixedRandom.least()).build();
        assertEquals(Duration.ZERO, least.decide(Failures.plain("40001"), 5, false, FOREVER).delay());
    }

    @Test
    void jitterStaysWithinItsBounds() {
        RetryPolicy p = policy().maxAttempts(100).random(new SplittableRandom(42)).build();
        long belowHalf = 0;
        for (int i = 0; i < 2000; i++) {
            int n = 1 + i % 8;
            Duration ceiling = p.ceiling(Retryability.SAFE, n);
            Duration d = p.decide(Failures.plain("40P01"), n, false, FOREVER).delay();
            assertFalse(d.isNegative());
            assertTrue(d.compareTo(ceiling) <= 0, d + " > " + ceiling);
            assertTrue(d.compareTo(Duration.ofSeconds(2)) <= 0);
            if (d.compareTo(ceiling.dividedBy(2)) < 0) {
                belowHalf++;
            }
        }
        // full jitter spreads over the whole range, not only near the ceiling
        assertTrue(belowHalf > 800 && belowHalf < 1200, "draws below half the ceiling: " + belowHalf);
    }

    @Test
    void theCapBoundsTheCeilingBeforeTheDraw() {
        RetryPolicy p = policy().maxAttempts(Integer.MAX_VALUE).random(FixedRandom.most()).build();
        assertEquals(Duration.ofSeconds(2), p.decide(Failures.plain("40001"), 7, false, FOREVER).delay());
        assertEquals(Duration.ofSeconds(2), p.decide(Failures.plain("40001"), 64, false, FOREVER).delay());
        assertEquals(Duration.ofSeconds(2), p.decide(Failures.plain("40001"), 10_000, false, FOREVER).delay());
        RetryPolicy half = policy().maxAttempts(100).random(new FixedRandom(0.5)).build();
        assertEquals(Duration.ofSeconds(1), half.decide(Failures.plain("40001"), 30, false, FOREVER).delay());
    }

    @Test
    void backpressureStartsFromTwiceTheBase() {
        RetryPolicy p = policy().maxAttempts(100).random(FixedRandom.most()).build();
        assertEquals(Duration.ofMillis(100), p.decide(Failures.plain("53300"), 1, false, FOREVER).delay());
        assertEquals(Duration.ofMillis(200), p.decide(Failures.plain("55P03"), 2, false, FOREVER).delay());
        assertEquals(Duration.ofSeconds(2), p.decide(Failures.plain("53300"), 6, false, FOREVER).delay()); // not past the cap
        assertEquals(Retryability.BACKPRESSURE, p.decide(Failures.plain("53300"), 1, false, FOREVER).recovery());
    }

    @Test
    void theLastAttemptIsNotRetried() {
        RetryPolicy p = policy().random(FixedRandom.least()).build(); // 3 attempts
        assertTrue(p.decide(Failures.plain("40001"), 1, false, FOREVER).retry());
        assertTrue(p.decide(Failures.plain("40001"), 2, false, FOREVER).retry());
        Attempt last = p.decide(Failures.plain("40001"), 3, false, FOREVER);
        assertFalse(last.retry());
        assertTrue(last.reason().contains("attempt 3 of 3 was the last"), last.reason());
        assertEquals(Duration.ZERO, last.delay());
        assertFalse(policy().maxAttempts(1).build().decide(Failures.plain("40001"), 1, false, FOREVER).retry());
    }

    @Test
    void notRetryableClassesAreRefused() {
        RetryPolicy p = policy().build();
        Attempt fatal = p.decide(Failures.plain("42601"), 1, false, FOREVER);
        assertFalse(fatal.retry());
        assertEquals(Retryability.FATAL, fatal.recovery());
        assertTrue(fatal.reason().contains("not retryable") && fatal.reason().contains("42601"), fatal.reason());
        Attempt lost = p.decide(Failures.plain("08006"), 1, true, FOREVER);
        assertFalse(lost.retry());
        assertEquals(Retryability.UNKNOWN, lost.recovery());
        assertTrue(p.decide(Failures.plain("08006"), 1, false, FOREVER).retry());
    }

    @Test
    void refusedWhenTheDeadlineWouldNotCoverTheWaitAndAnotherAttempt() {
        RetryPolicy p = policy().random(FixedRandom.most()).build(); // first wait: 50 ms
        Attempt a = p.decide(Failures.plain("40001"), 1, false, Duration.ofMillis(100));
        assertFalse(a.retry());
        assertTrue(a.reason().contains("deadline"), a.reason());
        assertTrue(p.decide(Failures.plain("40001"), 1, false, Duration.ofMillis(101)).retry());
        Attempt none = p.decide(Failures.plain("40001"), 1, false, Duration.ZERO);
        assertFalse(none.retry());
        assertTrue(none.reason().contains("deadline"), none.reason());
        Attempt past = p.decide(Failures.plain("40001"), 1, false, Duration.ofMillis(-5));
        assertFalse(past.retry());
    }

    @Test
    void theDelayNeverExceedsRemaining() {
        RetryPolicy p = policy().maxAttempts(100).random(new SplittableRandom(7)).build();
        for (int i = 0; i < 500; i++) {
            Duration remaining = Duration.ofMillis(i * 7L);
            Attempt a = p.decide(Failures.plain("57P01"), 1 + i % 10, false, remaining);
            assertFalse(a.delay().isNegative());
            if (a.retry()) {
                assertTrue(a.delay().plus(p.baseDelay()).compareTo(remaining) < 0, a + " with " + remaining);
            }
        }
    }

    @Test
    void theBucketAt44RefusesAfterFourSafeRetries() {
        TokenBucket bucket = new TokenBucket(100, clock);
        RetryPolicy p = policy(bucket).maxAttempts(100).random(FixedRandom.least()).build();
        for (int n = 1; n <= 4; n++) {
            assertTrue(p.decide(Failures.plain("40001"), n, false, FOREVER).retry(), "retry " + n);
        }
        assertEquals(44.0, bucket.tokens(), 1e-9);
        Attempt refused = p.decide(Failures.plain("40001"), 5, false, FOREVER);
        assertFalse(refused.retry());
        assertTrue(refused.reason().contains("token bucket at 44.0 of 100"), refused.reason());
        assertEquals(StopReason.BUDGET, refused.stop());
        assertEquals(44.0, bucket.tokens(), 1e-9); // a no spends nothing
        // seven successes bring it above half
        for (int i = 0; i < 7; i++) {
            p.succeeded();
        }
        assertTrue(p.decide(Failures.plain("40001"), 5, false, FOREVER).retry());
    }

    @Test
    void onlyAYesSpendsTokens() {
        TokenBucket bucket = new TokenBucket(100, clock);
        RetryPolicy p = policy(bucket).random(FixedRandom.most()).build();
        p.decide(Failures.plain("42601"), 1, false, FOREVER);           // not retryable
        p.decide(Failures.plain("40001"), 3, false, FOREVER);           // last attempt
        p.decide(Failures.plain("40001"), 1, false, Duration.ofMillis(1)); // deadline
        assertEquals(100.0, bucket.tokens(), 1e-9);
        p.decide(Failures.plain("53300"), 1, false, FOREVER);
        assertEquals(95.0, bucket.tokens(), 1e-9);
    }

    @Test
    void precomputedClassesForContextTheClassifierLacks() {
        RetryPolicy p = policy().random(FixedRandom.least()).build();
        // a merge race, classified by the caller
        SQLException race = Failures.plain("23505");
        assertFalse(p.decide(race, 1, false, FOREVER).retry());
        assertTrue(p.decide(Classifier.retryability(race, false, true), race, 1, FOREVER).retry());
        // idempotent work runs again after UNKNOWN: the caller raises it to RECONNECT
        Attempt a = p.decide(Retryability.RECONNECT, Failures.plain("08007"), 1, FOREVER);
        assertTrue(a.retry());
        assertTrue(a.reason().contains("08007"), a.reason());
    }

    @Test
    void reconnectDialsHaveNoAttemptLimitAndRefusedDialsCostNothing() {
        TokenBucket bucket = new TokenBucket(100, clock);
        RetryPolicy p = policy(bucket).random(FixedRandom.most()).build();
        SQLException refused = Failures.client("Connection to 127.0.0.1:1 refused.",
                PSQLState.CONNECTION_UNABLE_TO_CONNECT, new ConnectException("Connection refused"));
        for (int n = 1; n <= 50; n++) {
            Attempt a = p.decideReconnect(refused, n, Duration.ofSeconds(10));
            assertTrue(a.retry(), a.reason());
            assertEquals(Retryability.RECONNECT, a.recovery());
        }
        assertEquals(100.0, bucket.tokens(), 1e-9);
        // a live server that says it is full is charged; one that is starting up or recovering is the
        // cold start's patience, as a refused dial (issue 23)
        assertTrue(p.decideReconnect(Failures.server("53300", "too many connections for role \"app\""), 1, FOREVER).retry());
        assertTrue(p.decideReconnect(Failures.server("57P03", "the database system is starting up"), 1, FOREVER).retry());
        assertTrue(p.decideReconnect(Failures.server("57P03", "the database system is in recovery mode"), 1, FOREVER).retry());
        assertEquals(100.0 - 5, bucket.tokens(), 1e-9);
        // the window bounds it: the last dial goes at its end, then no more
        Attempt late = p.decideReconnect(refused, 3, Duration.ofMillis(150));
        assertTrue(late.retry(), late.reason());
        assertEquals(Duration.ofMillis(100), late.delay(), "what is left less one attempt's time");
        assertTrue(late.reason().contains("window's end"), late.reason());
        Attempt over = p.decideReconnect(refused, 4, Duration.ofMillis(50));
        assertFalse(over.retry());
        assertTrue(over.reason().contains("deadline"), over.reason());
        // a refused dial is paced even when the bucket is spent
        for (int i = 0; i < 10; i++) {
            bucket.spend(Retryability.SAFE);
        }
        assertTrue(p.decideReconnect(refused, 1, FOREVER).retry());
        assertTrue(p.decideReconnect(Failures.server("57P03", "starting up"), 1, FOREVER).retry());
        Attempt full = p.decideReconnect(Failures.server("53300", "too many connections"), 1, FOREVER);
        assertFalse(full.retry());
        assertEquals(StopReason.BUDGET, full.stop());
        // what a dial cannot heal
        Attempt auth = p.decideReconnect(Failures.server("28P01", "password authentication failed"), 1, FOREVER);
        assertFalse(auth.retry());
        assertEquals(Retryability.FATAL, auth.recovery());
        Attempt scram = p.decideReconnect(Failures.client(
                "The server requested SCRAM-based authentication, but no password was provided.",
                PSQLState.CONNECTION_REJECTED, null), 1, FOREVER);
        assertFalse(scram.retry());
        assertEquals(Retryability.FATAL, scram.recovery());
        Attempt tls = p.decideReconnect(Failures.client("SSL error: PKIX path building failed",
                PSQLState.CONNECTION_FAILURE, new javax.net.ssl.SSLHandshakeException("PKIX path building failed")), 1, FOREVER);
        assertFalse(tls.retry(), "a certificate that does not verify at connect");
        assertEquals(Retryability.FATAL, tls.recovery());
    }

    @Test
    void aPoolWithNothingToLendIsPacedButNotCharged() {
        // given a bucket at its refusal line
        TokenBucket bucket = new TokenBucket(100, clock);
        RetryPolicy p = policy(bucket).random(FixedRandom.most()).build();
        for (int i = 0; i < 4; i++) {
            bucket.spend(Retryability.SAFE);
        }
        double before = bucket.tokens();
        // when a pool's acquire times out (HikariCP's SQLTransientConnectionException, SQLState of its last dial)
        SQLException poolTimeout = new SQLTransientConnectionException(
                "pool - Connection is not available, request timed out after 250ms", (String) null);
        for (int n = 1; n <= 20; n++) {
            Attempt a = p.decideReconnect(poolTimeout, n, Duration.ofSeconds(30));
            // then it waits (BACKPRESSURE, growing delays) without spending the budget
            assertTrue(a.retry(), a.reason());
            assertEquals(Retryability.BACKPRESSURE, a.recovery());
        }
        assertEquals(before, bucket.tokens(), 1e-9);
        // and the window still bounds it: one last dial at its end, then none
        Attempt last = p.decideReconnect(poolTimeout, 3, Duration.ofMillis(150));
        assertTrue(last.retry(), last.reason());
        assertEquals(Duration.ofMillis(100), last.delay());
        assertFalse(p.decideReconnect(poolTimeout, 4, Duration.ofMillis(50)).retry());
    }

    @Test
    void succeededPaysBack() {
        TokenBucket bucket = new TokenBucket(100, clock);
        RetryPolicy p = policy(bucket).build();
        bucket.spend(Retryability.SAFE);
        p.succeeded();
        assertEquals(87.0, bucket.tokens(), 1e-9);
        policy().build().succeeded(); // no bucket: nothing to pay
    }

    @Test
    void exhaustedCarriesTheLastFailure() {
        SQLException first = Failures.server("40001", "could not serialize access due to concurrent update");
        SQLException second = Failures.server("40P01", "deadlock detected");
        SQLException last = new SQLException("could not serialize access due to concurrent update", "40001", 7);
        List<Throwable> previous = new ArrayList<>(List.of(first, second));
        SQLException e = policy().build().exhausted(last, 3, previous);
        previous.clear(); // the exception holds its own copy
        RetriesExhaustedException x = assertInstanceOf(RetriesExhaustedException.class, e);
        assertEquals("40001", x.getSQLState());
        assertEquals(7, x.getErrorCode());
        assertEquals("could not serialize access due to concurrent update (reached max retries: 3)", x.getMessage());
        assertEquals(3, x.attempts());
        assertEquals(List.of(first, second), x.previousErrors());
        assertSame(last, x.getCause());
    }

    @Test
    void exhaustedSaysWhyRetryingStopped() {
        TokenBucket bucket = new TokenBucket(100, clock);
        RetryPolicy p = policy(bucket).random(FixedRandom.least()).build();
        for (int i = 0; i < 4; i++) {
            bucket.spend(Retryability.SAFE);
        }
        SQLException lost = Failures.server("57P01", "terminating connection due to administrator command");
        Attempt refused = p.decide(lost, 1, false, FOREVER);
        RetriesExhaustedException budget = assertInstanceOf(RetriesExhaustedException.class,
                p.exhausted(lost, 1, List.of(), refused));
        assertEquals(StopReason.BUDGET, budget.reason());
        assertTrue(budget.refusedByBudget());
        assertEquals("57P01", budget.getSQLState());
        assertEquals(1, budget.attempts());
        assertTrue(budget.getMessage().endsWith("terminating connection due to administrator command (retry refused by the"
                + " retry budget after 1 attempt: token bucket at 44.0 of 100 tokens: no retries at half or below)"),
                budget.getMessage());

        Attempt last = p.decide(lost, 3, false, FOREVER);
        assertEquals(StopReason.ATTEMPTS, last.stop());
        assertTrue(p.exhausted(lost, 3, List.of(lost, lost), last).getMessage()
                .endsWith("terminating connection due to administrator command (reached max retries: 3)"));

        Attempt late = policy().build().decide(lost, 2, false, Duration.ofMillis(10));
        assertEquals(StopReason.DEADLINE, late.stop());
        RetriesExhaustedException deadline = assertInstanceOf(RetriesExhaustedException.class,
                p.exhausted(lost, 2, List.of(lost), late));
        assertEquals(StopReason.DEADLINE, deadline.reason());
        assertTrue(deadline.getMessage().contains("terminating connection due to administrator command (gave up after"
                + " 2 attempts: RECONNECT (SQLState 57P01): deadline: 10 ms left"), deadline.getMessage());
        assertEquals(StopReason.NOT_RETRYABLE, p.decide(Failures.plain("42601"), 1, false, FOREVER).stop());
    }

    @Test
    void exhaustedFindsTheCodeBeneathAWrapper() {
        SQLException e = policy().build().exhausted(new RuntimeException("boom", Failures.server("40001", "m")), 2, List.of());
        assertEquals("40001", e.getSQLState());
        assertEquals("boom (reached max retries: 2)", e.getMessage());
    }

    @Test
    void toBuilderDerivesWithoutChangingTheOriginal() {
        RetryPolicy base = policy().maxAttempts(5).build();
        RetryPolicy derived = base.toBuilder().maxAttempts(2).build();
        assertEquals(5, base.maxAttempts());
        assertEquals(2, derived.maxAttempts());
        assertSame(base.nanoClock(), derived.nanoClock());
        assertEquals(null, derived.tokenBucket());
        TokenBucket own = new TokenBucket(10);
        assertSame(own, base.toBuilder().tokenBucket(own).build().tokenBucket());
    }
}
