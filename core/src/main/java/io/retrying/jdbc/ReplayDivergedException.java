package io.retrying.jdbc;

import java.sql.SQLException;

/**
 * A replayed transaction saw different results from the ones the application already read, so
 * continuing would act on data it never saw. SQLSTATE 40001 (serialization_failure), because that is
 * what it is: the transaction lost a race and the whole unit of work may run again from the top
 * ({@link Classifier} classifies it SAFE).
 */
public class ReplayDivergedException extends SQLException {
    private static final long serialVersionUID = 1L;

    /** SQLSTATE serialization_failure. */
    public static final String SQLSTATE = "40001";

    /**
     * @param message what diverged (no parameter values, no row contents)
     * @param cause   the failure that made the replay necessary, or null
     */
    public ReplayDivergedException(String message, Throwable cause) {
        super(message, SQLSTATE, 0, cause);
    }
}
