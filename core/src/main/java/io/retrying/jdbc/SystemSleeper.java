package io.retrying.jdbc;

import java.time.Duration;

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
