package io.retrying.jdbc.internal.sql;

import java.sql.SQLException;
import java.sql.Statement;

/** What the layer does to physical statements it owns. */
public final class Statements {

    private Statements() {
    }

    /**
     * Closes {@code s} (null: nothing), ignoring its failure: it belongs to a dead connection, or is
     * being replaced, and there is nothing to learn from its close.
     */
    public static void closeQuietly(Statement s) {
        if (s != null) {
            try {
                s.close();
            } catch (SQLException | RuntimeException ignored) {
                // nothing to learn
            }
        }
    }
}
