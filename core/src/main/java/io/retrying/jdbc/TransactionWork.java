package io.retrying.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One transaction's work, for {@link Retrying#inTransaction}: it may run more than once, each time
 * on a fresh connection in a new transaction, so it must be idempotent (see {@link Idempotent}) and
 * must not keep state from a failed run (build its result from what it reads each time).
 *
 * <p>The work uses the connection it is given and leaves its transaction to the caller: it neither
 * commits, rolls back, closes the connection nor turns autocommit back on.
 *
 * @param <T> what the work returns ({@link Void} and {@code return null} when nothing)
 */
@FunctionalInterface
public interface TransactionWork<T> {

    /**
     * Does the work in the transaction open on {@code connection}.
     *
     * @param connection a connection with autocommit off, used by this run only
     * @return the result, returned by {@link Retrying#inTransaction} once the transaction committed
     * @throws SQLException a failure, classified to decide whether the whole work runs again
     */
    T run(Connection connection) throws SQLException;
}
