package io.retrying.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TokenBucketTest {
    private final FakeClock clock = new FakeClock();

    @Test
    void fourSafeRetriesLeave44AndRefuse() {
        TokenBucket bucket = new TokenBucket(100, clock);
        for (int i = 0; i < 3; i++) {
            bucket.spend(Retryability.SAFE);
            assertTrue(bucket.allowsRetry(), "after " + (i + 1));
        }
        bucket.spend(Retryability.SAFE);
        assertEquals(44.0, bucket.tokens(), 1e-9);
        assertFalse(bucket.allowsRetry());
    }

    @Test
    void atExactlyHalfNoRetry() {
        TokenBucket bucket = new TokenBucket(100, clock);
        for (int i = 0; i < 10; i++) {
            bucket.spend(Retryability.BACKPRESSURE); // 5 each
        }
        assertEquals(50.0, bucket.tokens(), 1e-9);
        assertFalse(bucket.allowsRetry());
        bucket.payBack();
        assertEquals(51.0, bucket.tokens(), 1e-9);
        assertTrue(bucket.allowsRetry());
    }

    @Test
    void costs() {
        assertEquals(14, TokenBucket.cost(Retryability.SAFE));
        assertEquals(14, TokenBucket.cost(Retryability.RECONNECT));
        assertEquals(14, TokenBucket.cost(Retryability.RESET_STATE));
        assertEquals(5, TokenBucket.cost(Retryability.BACKPRESSURE));
        TokenBucket bucket = new TokenBucket(100, clock);
        bucket.spend(Retryability.BACKPRESSURE);
        assertEquals(95.0, bucket.tokens(), 1e-9);
    }

    @Test
    void trySpendSpendsNothingWhenItRefuses() {
        TokenBucket bucket = new TokenBucket(100, clock);
        assertTrue(bucket.trySpend(Retryability.SAFE)); // 86
        assertTrue(bucket.trySpend(Retryability.SAFE)); // 72
        assertTrue(bucket.trySpend(Retryability.SAFE)); // 58
        assertTrue(bucket.trySpend(Retryability.SAFE)); // 44: allowed, it was above half before
        assertFalse(bucket.trySpend(Retryability.SAFE));
        assertEquals(44.0, bucket.tokens(), 1e-9);
    }

    @Test
    void timeRefillsAnEmptyBucketInTwoMinutes() {
        TokenBucket bucket = new TokenBucket(100, clock);
        for (int i = 0; i < 10; i++) {
            bucket.spend(Retryability.SAFE);
        }
        assertEquals(0.0, bucket.tokens(), 1e-9); // never below zero
        clock.advance(Duration.ofSeconds(60));
        assertEquals(50.0, bucket.tokens(), 1e-6);
        assertFalse(bucket.allowsRetry());
        clock.advance(Duration.ofSeconds(3));
        assertEquals(52.5, bucket.tokens(), 1e-6);
        assertTrue(bucket.allowsRetry());
        clock.advance(Duration.ofSeconds(57));
        assertEquals(100.0, bucket.tokens(), 1e-9);
        clock.advance(Duration.ofHours(5));
        assertEquals(100.0, bucket.tokens(), 1e-9); // capped
        bucket.spend(Retryability.SAFE);
        assertEquals(86.0, bucket.tokens(), 1e-6); // the long idle time is not banked beyond the capacity
    }

    @Test
    void refillAndSpendCombine() {
        TokenBucket bucket = new TokenBucket(100, clock);
        for (int i = 0; i < 4; i++) {
            bucket.spend(Retryability.SAFE);
        }
        clock.advance(Duration.ofSeconds(12)); // + 10 tokens
        assertEquals(54.0, bucket.tokens(), 1e-6);
        assertTrue(bucket.trySpend(Retryability.SAFE));
        assertEquals(40.0, bucket.tokens(), 1e-6);
    }

    @Test
    void successesPayBackOneTokenUpToTheCapacity() {
        TokenBucket bucket = new TokenBucket(100, clock);
        bucket.payBack();
        assertEquals(100.0, bucket.tokens(), 1e-9);
        for (int i = 0; i < 4; i++) {
            bucket.spend(Retryability.SAFE);
        }
        for (int i = 0; i < 7; i++) {
            bucket.payBack();
        }
        assertEquals(51.0, bucket.tokens(), 1e-9);
        assertTrue(bucket.allowsRetry());
        for (int i = 0; i < 100; i++) {
            bucket.payBack();
        }
        assertEquals(100.0, bucket.tokens(), 1e-9);
    }

    @Test
    void sharedHolds500() {
        assertSame(TokenBucket.shared(), TokenBucket.shared());
        assertEquals(500, TokenBucket.shared().capacity());
    }

    @Test
    void customRefill() {
        TokenBucket bucket = new TokenBucket(10, Duration.ofSeconds(10), clock);
        for (int i = 0; i < 1; i++) {
            bucket.spend(Retryability.SAFE); // 14 > 10: empties it
        }
        assertEquals(0.0, bucket.tokens(), 1e-9);
        clock.advance(Duration.ofSeconds(5));
        assertEquals(5.0, bucket.tokens(), 1e-9);
    }

    @Test
    void badArguments() {
        assertThrows(IllegalArgumentException.class, () -> new TokenBucket(0));
        assertThrows(IllegalArgumentException.class, () -> new TokenBucket(10, Duration.ZERO, clock));
        assertThrows(IllegalArgumentException.class, () -> new TokenBucket(10, Duration.ofSeconds(-1), clock));
        assertThrows(NullPointerException.class, () -> new TokenBucket(10, null));
        assertThrows(NullPointerException.class, () -> new TokenBucket(10).spend(null));
    }

    /** Threads spending and paying back at once lose no update: the final count is exact. */
    @Test
    void concurrentSpendAndPayBackLoseNothing() throws Exception {
        // a still clock: no refill, so the arithmetic is exact
        TokenBucket bucket = new TokenBucket(1_000_000, clock);
        for (int i = 0; i < 1000; i++) {
            bucket.spend(Retryability.SAFE);
        }
        assertEquals(986_000.0, bucket.tokens(), 1e-6);
        int threads = 4;
        int rounds = 5_000;
        CountDownLatch start = new CountDownLatch(1);
        AtomicInteger refused = new AtomicInteger();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < rounds; i++) {
                    if (!bucket.trySpend(Retryability.BACKPRESSURE)) {
                        refused.incrementAndGet();
                    }
                    bucket.payBack();
                    bucket.spend(Retryability.SAFE);
                    bucket.payBack();
                }
            });
            w.start();
            workers.add(w);
        }
        start.countDown();
        for (Thread w : workers) {
            w.join(30_000);
        }
        // it never came near half (986000 - 340000 > 500000) nor full, so nothing was clamped
        assertEquals(0, refused.get());
        assertEquals(986_000.0 - threads * rounds * (5 + 14 - 2), bucket.tokens(), 1e-3);
    }
}
