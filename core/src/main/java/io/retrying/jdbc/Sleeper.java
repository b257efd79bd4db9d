package io.retrying.jdbc;

import java.time.Duration;

/**
 * Waits between attempts. Injected into {@link RetryPolicy} so that tests of backoff never sleep.
 */
@FunctionalInterface
public interface Sleeper {

    /** Waits for {@code d}; returns at once for a zero or negative duration. */
    void sleep(Duration d) throws InterruptedException;

    /** The real thing: {@link Thread#sleep(long, int)}, which parks a virtual thread without pinning it. */
    static Sleeper system() {
        return SystemSleeper.INSTANCE;
    }
}
