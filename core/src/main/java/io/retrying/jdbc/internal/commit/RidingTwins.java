package io.retrying.jdbc.internal.commit;

import io.retrying.jdbc.internal.sql.Statements;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The physical statements that carry the transaction id capture for the application's prepared
 * statements ({@link TransactionId}; a "twin" is the application's SQL with the capture appended):
 * one per SQL text and capture on the physical connection in hand, so that an application that
 * prepares its statements anew for every transaction, as most users of a pool do, does not prepare
 * the capturing text again each time (issue 16).
 *
 * <p>A twin is lent to one statement at a time, its holder, and lent again only once the holder is
 * closed and left it as it found it ({@link TwinHolder#twinClean}): none of the
 * holder's settings applied, no result set of the twin's in the application's hands (closing the
 * holder then closes the twin instead, as pgjdbc closes a statement's results with it), its last
 * execution completed. A holder still open keeps its twin; another statement of the same text then
 * prepares its own. Kept for one physical connection: a new one ({@code generation}) starts empty.
 *
 * <p>Used by the connection's thread only: a holder closed from another thread changes nothing
 * here (the next lend reads its volatile closed flag).
 */
public final class RidingTwins {

    private static final int SIZE = 8;

    private final String[] texts = new String[SIZE];
    private final String[] rides = new String[SIZE];
    private final PreparedStatement[] twins = new PreparedStatement[SIZE];
    private final TwinHolder[] holders = new TwinHolder[SIZE];
    private int generation = -1;

    /** The idle twin of {@code sql} with {@code ride} on the connection of {@code generation}, now {@code holder}'s; or null. */
    public PreparedStatement lend(TwinHolder holder, String sql, String ride, int generation) throws SQLException {
        if (generation != this.generation) {
            forget(generation);
            return null;
        }
        for (int i = 0; i < SIZE; i++) {
            PreparedStatement t = twins[i];
            if (t != null && rides[i] == ride && (texts[i] == sql || texts[i].equals(sql)) && idle(i)) {
                holders[i] = holder;
                return t;
            }
        }
        return null;
    }

    /**
     * Keeps {@code twin}, just prepared for {@code holder}, to be lent again; false when every place
     * is held by an open statement (the twin is then the holder's alone, closed with it).
     */
    public boolean keep(TwinHolder holder, String sql, String ride, PreparedStatement twin, int generation) {
        if (generation != this.generation) {
            forget(generation);
        }
        int slot = -1;
        for (int i = 0; i < SIZE && slot < 0; i++) {
            if (twins[i] == null) {
                slot = i;
            }
        }
        for (int i = 0; i < SIZE && slot < 0; i++) {
            if (idle(i)) {
                Statements.closeQuietly(twins[i]);
                slot = i;
            }
        }
        if (slot < 0) {
            return false;
        }
        texts[slot] = sql;
        rides[slot] = ride;
        twins[slot] = twin;
        holders[slot] = holder;
        return true;
    }

    /** {@code holder}, still open, is done with {@code twin} (it wants another capture, or another connection's). */
    public void giveBack(TwinHolder holder, PreparedStatement twin, boolean clean) {
        for (int i = 0; i < SIZE; i++) {
            if (twins[i] == twin && holders[i] == holder) {
                if (clean) {
                    holders[i] = null;
                } else {
                    drop(i);
                }
                return;
            }
        }
        Statements.closeQuietly(twin);
    }

    /** Whether place {@code i} may be lent again (its twin closed by its holder counts as free, and is dropped). */
    private boolean idle(int i) {
        TwinHolder h = holders[i];
        boolean free = h == null || (h.closedByApp() && h.twinClean());
        if (!free && h.closedByApp()) {
            drop(i); // its holder closed it, or left it changed: nothing to lend
            return false;
        }
        if (free && isClosed(twins[i])) {
            drop(i); // closed under us (the pool reclaimed the connection's statements)
            return false;
        }
        return free;
    }

    private void drop(int i) {
        Statements.closeQuietly(twins[i]);
        twins[i] = null;
        texts[i] = null;
        rides[i] = null;
        holders[i] = null;
    }

    private void forget(int generation) {
        for (int i = 0; i < SIZE; i++) {
            if (twins[i] != null) {
                drop(i); // statements of an older physical connection: its server statements are gone with it
            }
        }
        this.generation = generation;
    }

    private static boolean isClosed(PreparedStatement t) {
        try {
            return t.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }
}
