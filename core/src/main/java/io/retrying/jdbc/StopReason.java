package io.retrying.jdbc;

/**
 * Why {@link RetryPolicy#decide} said no, so that what reaches the application can say so too
 * ({@link RetriesExhaustedException#reason()}, {@link Attempt#stop()}).
 */
public enum StopReason {
    /** The failure's class is not retried (FATAL, UNKNOWN, or not one a dial retries). */
    NOT_RETRYABLE,
    /** The failed attempt was the policy's last: {@code (reached max retries: N)}. */
    ATTEMPTS,
    /** The deadline (or the reconnect window) would not cover the wait plus another attempt. */
    DEADLINE,
    /** The retry budget refused the retry: the server looks saturated or contended. */
    BUDGET
}
