package io.retrying.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A user hook run on every new physical connection, the first one and every one dialled to
 * replace a broken one, after the session state the application set (auto-commit, isolation,
 * schema, {@code SET} parameters...) has been restored.
 *
 * <p>Use it for what the library cannot restore by itself, for example
 * {@code SET application_name} or loading a search path from elsewhere. It must be idempotent: it
 * runs again after every reconnect. Statements it runs are not journaled or replayed. A failure
 * it throws is treated like a failure to connect.
 */
@FunctionalInterface
public interface ConnectionInitializer {

    /**
     * Prepares a new physical connection.
     *
     * @param physical the pgjdbc connection, not the retrying wrapper; do not close it
     * @throws SQLException to refuse the connection
     */
    void initialize(Connection physical) throws SQLException;
}
