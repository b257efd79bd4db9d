package io.retrying.jdbc.internal;

import java.sql.Connection;
import java.sql.SQLException;

/** STAND-IN for the wrapper helper's type; replaced at merge. */
@FunctionalInterface
public interface Dialer {
    Connection dial() throws SQLException;

    default String describe() {
        return "?";
    }

    default void discard(Connection broken) {
        try {
            broken.close();
        } catch (SQLException | RuntimeException ignored) {
            // stand-in
        }
    }

    default boolean multiHostPrimary() {
        return false;
    }
}
