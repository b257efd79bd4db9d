package io.retrying.jdbc;

import java.sql.SQLException;
import java.util.List;

/**
 * The last failure of work that was retried until the policy said no: it carries the SQLSTATE and
 * vendor code of that failure, its message with {@code (reached max retries: N)} appended (so a log
 * says the work was retried rather than tried once), the number of attempts, and the earlier
 * failures. Its cause is the last failure. Made by {@link RetryPolicy#exhausted}.
 *
 * <p>{@link Classifier} classifies it FATAL whatever its SQLSTATE: the retrying was done here, and a
 * retry layer above must not multiply it.
 */
public class RetriesExhaustedException extends SQLException {
    private static final long serialVersionUID = 1L;

    private final int attempts;
    private final transient List<Throwable> previousErrors;

    /**
     * @param last     the failure of the last attempt (the cause)
     * @param attempts how many attempts were made, the first try included
     * @param previous the failures of the earlier attempts, oldest first
     */
    public RetriesExhaustedException(Throwable last, int attempts, List<? extends Throwable> previous) {
        super(messageOf(last) + " (reached max retries: " + attempts + ")",
                Classifier.sqlState(last), vendorCode(last), last);
        this.attempts = attempts;
        this.previousErrors = List.copyOf(previous);
    }

    /** The number of attempts made, the first try included. */
    public int attempts() {
        return attempts;
    }

    /** The failures of the attempts before the last, oldest first (the last is {@link #getCause()}). */
    public List<Throwable> previousErrors() {
        return previousErrors == null ? List.of() : previousErrors;
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
