package io.retrying.jdbc.internal;

import java.sql.SQLException;
import java.sql.Savepoint;

/**
 * The application's {@link Savepoint}: it keeps working after a replay, which creates a new
 * physical savepoint for it on the new transaction (same name; an unnamed one keeps the id the
 * application saw).
 */
final class RetryingSavepoint implements Savepoint {

    private final String name;
    private final int id;
    /** The savepoint on the current physical connection; replaced by a replay. */
    Savepoint physical;

    RetryingSavepoint(Savepoint physical, String name) throws SQLException {
        this.physical = physical;
        this.name = name;
        this.id = name == null ? physical.getSavepointId() : 0;
    }

    /** The physical savepoint behind {@code savepoint}, or {@code savepoint} itself if it is not ours. */
    static Savepoint physical(Savepoint savepoint) {
        return savepoint instanceof RetryingSavepoint ours ? ours.physical : savepoint;
    }

    String name() {
        return name;
    }

    @Override
    public int getSavepointId() throws SQLException {
        if (name != null) {
            throw new SQLException("Cannot retrieve the id of a named savepoint.", "3B000");
        }
        return id;
    }

    @Override
    public String getSavepointName() throws SQLException {
        if (name == null) {
            throw new SQLException("Cannot retrieve the name of an unnamed savepoint.", "3B000");
        }
        return name;
    }

    @Override
    public String toString() {
        return "RetryingSavepoint@" + Integer.toHexString(System.identityHashCode(this)) + " wrapping " + physical;
    }
}
