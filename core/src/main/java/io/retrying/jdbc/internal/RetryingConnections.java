package io.retrying.jdbc.internal;

import java.sql.Connection;
import java.sql.SQLException;

/** STAND-IN for the wrapper helper's entry point; replaced at merge. Just dials. */
public final class RetryingConnections {
    private RetryingConnections() {}

    public static Connection open(Dialer dialer, RetryConfig config) throws SQLException {
        return dialer.dial();
    }
}
