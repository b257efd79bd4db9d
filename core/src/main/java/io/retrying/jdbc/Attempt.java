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
 * @param stop     why not, when {@code retry} is false (the class, the attempts, the deadline, the
 *                 budget); null when {@code retry} is true, or when the maker did not say
 */
public record Attempt(boolean retry, Duration delay, Retryability recovery, String reason, StopReason stop) {

    /** Checks the invariants: nothing null, no negative delay, no stop reason for a retry. */
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
        if (retry && stop != null) {
            throw new IllegalArgumentException("a retry has no stop reason: " + stop);
        }
    }

    /** An answer that does not say why it stops (as before {@link #stop()} existed). */
    public Attempt(boolean retry, Duration delay, Retryability recovery, String reason) {
        this(retry, delay, recovery, reason, null);
    }

    /** Whether the retry budget refused this retry. */
    public boolean refusedByBudget() {
        return stop == StopReason.BUDGET;
    }

    static Attempt retry(Duration delay, Retryability recovery, String reason) {
        return new Attempt(true, delay, recovery, reason, null);
    }

    static Attempt stop(Retryability recovery, String reason, StopReason why) {
        return new Attempt(false, Duration.ZERO, recovery, reason, why);
    }
}
