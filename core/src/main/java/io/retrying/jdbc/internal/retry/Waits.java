package io.retrying.jdbc.internal.retry;

import io.retrying.jdbc.RetryPolicy;
import java.sql.SQLException;
import java.time.Duration;

/** The waits between attempts: the policy's sleeper, so that tests of backoff never sleep. */
public final class Waits {

    private Waits() {
    }

    /** Waits with the policy's sleeper; an interrupt ends the wait and surfaces the failure. */
    public static void sleep(RetryPolicy policy, Duration delay, SQLException failure) throws SQLException {
        if (delay.isZero() || delay.isNegative()) {
            return;
        }
        try {
            policy.sleeper().sleep(delay);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            failure.addSuppressed(interrupted);
            throw failure;
        }
    }
}
