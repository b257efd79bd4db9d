package io.retrying.jdbc;

import java.time.Duration;

/**
 * The answer of {@link RetryPolicy#decide}: whether to try again, how long to wait first, how to
 * recover, and why, in words (for logs; it names SQLSTATEs and counts, never messages).
 *
 * @param retry    true to try again after {@code delay}
 * @param delay    the wait before the next attempt; zero when {@code retry} is false; never negative
 * @param recovery the failure's class, which says how to recover (new connection, reset, ...)
 * @param reason   why, in words
 */
public record Attempt(boolean retry, Duration delay, Retryability recovery, String reason) {

    /** Checks the invariants: nothing null, no negative delay. */
    public Attempt {
        if (delay == null) {
            throw new NullPointerException("delay");
        }
        if (recovery == null) {
            throw new NullPointerException("recovery");
        }
        if (reason == null) {
            throw new NullPointerException("reason");
        }
        if (delay.isNegative()) {
            throw new IllegalArgumentException("delay is negative: " + delay);
        }
    }

    static Attempt retry(Duration delay, Retryability recovery, String reason) {
        return new Attempt(true, delay, recovery, reason);
    }

    static Attempt stop(Retryability recovery, String reason) {
        return new Attempt(false, Duration.ZERO, recovery, reason);
    }
}
