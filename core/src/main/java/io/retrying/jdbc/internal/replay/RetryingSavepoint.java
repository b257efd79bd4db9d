package io.retrying.jdbc.internal.replay;

import java.sql.SQLException;
import java.sql.Savepoint;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/**
 * The application's {@link Savepoint}: it keeps working after a replay, which creates a new
 * physical savepoint for it on the new transaction (same name; an unnamed one keeps the id the
 * application saw). It answers as pgjdbc's {@code PSQLSavepoint} does, exceptions included: once
 * released it refuses its name and id (3B000), and a named one has no id (42809).
 */
public final class RetryingSavepoint implements Savepoint {

    private final String name;
    private final int id;
    /** The savepoint on the current physical connection; replaced by a replay. */
    public Savepoint physical;
    /** releaseSavepoint() succeeded: like pgjdbc's, this savepoint may no longer be referenced. */
    private boolean released;

    public RetryingSavepoint(Savepoint physical, String name) throws SQLException {
        this.physical = physical;
        this.name = name;
        this.id = name == null ? physical.getSavepointId() : 0;
    }

    /** The physical savepoint behind {@code savepoint}, or {@code savepoint} itself if it is not ours. */
    public static Savepoint physical(Savepoint savepoint) {
        return savepoint instanceof RetryingSavepoint ours ? ours.physical : savepoint;
    }

    public String name() {
        return name;
    }

    public void released() {
        released = true;
    }

    private void checkValid() throws SQLException {
        if (released) {
            throw new PSQLException("Cannot reference a savepoint after it has been released.",
                    PSQLState.INVALID_SAVEPOINT_SPECIFICATION);
        }
    }

    @Override
    public int getSavepointId() throws SQLException {
        checkValid();
        if (name != null) {
            throw new PSQLException("Cannot retrieve the id of a named savepoint.", PSQLState.WRONG_OBJECT_TYPE);
        }
        return id;
    }

    @Override
    public String getSavepointName() throws SQLException {
        checkValid();
        if (name == null) {
            throw new PSQLException("Cannot retrieve the name of an unnamed savepoint.", PSQLState.WRONG_OBJECT_TYPE);
        }
        return name;
    }

    @Override
    public String toString() {
        return "RetryingSavepoint@" + Integer.toHexString(System.identityHashCode(this)) + " wrapping " + physical;
    }
}
