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

/** {@link Sleeper#system()}; an enum, so it is one object and serializable for free. */
enum SystemSleeper implements Sleeper {
    INSTANCE;

    @Override
    public void sleep(Duration d) throws InterruptedException {
        if (d.isNegative() || d.isZero()) {
            return;
        }
        long millis;
        int nanos;
        try {
            millis = d.toMillis();
            nanos = (int) (d.toNanos() % 1_000_000L);
        } catch (ArithmeticException tooLong) {
            millis = Long.MAX_VALUE;
            nanos = 0;
        }
        Thread.sleep(millis, nanos);
    }

    @Override
    public String toString() {
        return "Sleeper.system()";
    }
}
