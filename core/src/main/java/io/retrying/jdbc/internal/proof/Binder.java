package io.retrying.jdbc.internal.proof;

import java.sql.PreparedStatement;
import java.sql.SQLException;

/** Gives a proof's statement the parameters the lost execution ran with (as journaled). */
@FunctionalInterface
public interface Binder {

    /** No parameters: a plain {@code Statement}'s SQL. */
    Binder NONE = ps -> { };

    void bind(PreparedStatement ps) throws SQLException;
}
