package io.retrying.jdbc;

import java.sql.SQLException;
import java.util.List;

/**
 * The last failure of work that was retried until the policy said no, or whose retry the retry
 * budget refused: it carries the SQLSTATE and vendor code of that failure, the number of attempts,
 * the earlier failures, and {@link #reason() why} retrying stopped; its cause is the last failure.
 * The message is the last failure's with the reason appended, so that a log says the work was
 * retried (or refused a retry) rather than tried once:
 * <ul>
 *   <li>{@link StopReason#ATTEMPTS}: {@code ... (reached max retries: N)}, N the attempts made,
 *       which is the policy's {@code maxAttempts};</li>
 *   <li>{@link StopReason#BUDGET}: {@code ... (retry refused by the retry budget after N attempt(s): ...)};</li>
 *   <li>{@link StopReason#DEADLINE}: {@code ... (gave up after N attempts: ...)}, the deadline or
 *       the reconnect window ran out; {@link StopReason#NOT_RETRYABLE} the same, when a later
 *       attempt failed in a way that is not retried.</li>
 * </ul>
 * Made by {@link RetryPolicy#exhausted}.
 *
 * <p>{@link Classifier} classifies it FATAL whatever its SQLSTATE: the retrying was done here, and a
 * retry layer above must not multiply it.
 */
public class RetriesExhaustedException extends SQLException {
    private static final long serialVersionUID = 1L;

    private final int attempts;
    private final StopReason reason;
    private final transient List<Throwable> previousErrors;

    /**
     * Retrying stopped at the attempt limit.
     *
     * @param last     the failure of the last attempt (the cause)
     * @param attempts how many attempts were made, the first try included
     * @param previous the failures of the earlier attempts, oldest first
     */
    public RetriesExhaustedException(Throwable last, int attempts, List<? extends Throwable> previous) {
        this(last, attempts, previous, StopReason.ATTEMPTS, null);
    }

    /**
     * Retrying stopped for {@code reason}.
     *
     * @param last     the failure of the last attempt (the cause)
     * @param attempts how many attempts were made, the first try included
     * @param previous the failures of the earlier attempts, oldest first
     * @param reason   why no further attempt was made; null is taken as {@link StopReason#ATTEMPTS}
     * @param detail   the decision's words (the budget's or the deadline's state), or null
     */
    public RetriesExhaustedException(Throwable last, int attempts, List<? extends Throwable> previous,
            StopReason reason, String detail) {
        super(messageOf(last) + suffix(reason == null ? StopReason.ATTEMPTS : reason, attempts, detail),
                Classifier.sqlState(last), vendorCode(last), last);
        this.attempts = attempts;
        this.reason = reason == null ? StopReason.ATTEMPTS : reason;
        this.previousErrors = List.copyOf(previous);
    }

    /** The number of attempts made, the first try included. */
    public int attempts() {
        return attempts;
    }

    /** Why no further attempt was made: the attempt limit, the deadline, or the retry budget. */
    public StopReason reason() {
        return reason;
    }

    /** Whether the retry budget refused the retry (the server looked saturated or contended). */
    public boolean refusedByBudget() {
        return reason == StopReason.BUDGET;
    }

    /** The failures of the attempts before the last, oldest first (the last is {@link #getCause()}). */
    public List<Throwable> previousErrors() {
        return previousErrors == null ? List.of() : previousErrors;
    }

    private static String suffix(StopReason reason, int attempts, String detail) {
        String tail = detail == null || detail.isBlank() ? "" : ": " + detail;
        return switch (reason) {
            case BUDGET -> " (retry refused by the retry budget after " + attempts
                    + (attempts == 1 ? " attempt" : " attempts") + tail + ")";
            case DEADLINE, NOT_RETRYABLE -> " (gave up after " + attempts + (attempts == 1 ? " attempt" : " attempts") + tail + ")";
            default -> " (reached max retries: " + attempts + ")";
        };
    }

    private static String messageOf(Throwable last) {
        String m = last.getMessage();
        return m != null ? m : last.getClass().getName();
    }

    private static int vendorCode(Throwable last) {
        for (Throwable t : Classifier.chain(last)) {
            if (t instanceof SQLException && ((SQLException) t).getSQLState() != null) {
                return ((SQLException) t).getErrorCode();
            }
        }
        return 0;
    }
}
