package io.retrying.jdbc.internal.session;

import java.util.Arrays;

/**
 * The statements of a session that called code by name ({@code SqlScan.APPLICATION_CALL}) since the
 * last point at which what code left on the session was known: what the server is asked about when
 * the session is lost ({@link StatefulRoutines}: which of the database's stateful routines those
 * statements can have run). Only the statements the scan already flags are kept, each distinct text
 * once (an application runs the same few again and again: a prepared statement's text is the same
 * object each time, so a repeat costs a comparison of references), and only up to a bound: past it,
 * or for a statement the server cannot be asked about one by one (a batch of texts, a callable
 * statement's escape syntax), the session counts as having called any code, as careful as before the
 * server was asked. Made on first need, once per connection, and emptied, never dropped, at each clean
 * point: a connection that never calls code allocates nothing. Holds references to texts the
 * application made, never copies. Like the connection it belongs to, meant for one thread at a time.
 */
public final class CalledCode {

    /** Distinct statements kept; a session that called code from more is asked about as a whole. */
    static final int MOST_STATEMENTS = 16;
    /** Characters kept in all: a long generated text is not held on to; the session is then asked about as a whole. */
    static final int MOST_CHARS = 32_000;

    private final String[] texts = new String[MOST_STATEMENTS];
    private final boolean[] parameterized = new boolean[MOST_STATEMENTS];
    private int count;
    private int chars;
    /** Some statement is not among {@link #texts}: any code may have run. */
    private boolean unread;

    /**
     * A statement that calls code by name succeeded.
     *
     * @param sql the text as the application gave it to pgjdbc (placeholders {@code ?} when {@code prepared}),
     *            or null when it cannot be asked about alone
     */
    public void called(String sql, boolean prepared) {
        if (unread) {
            return;
        }
        if (sql == null || sql.isEmpty()) {
            unread();
            return;
        }
        for (int k = 0; k < count; k++) {
            String known = texts[k];
            if (parameterized[k] == prepared && (known == sql || known.equals(sql))) {
                return;
            }
        }
        if (count == MOST_STATEMENTS || chars + sql.length() > MOST_CHARS) {
            unread();
            return;
        }
        texts[count] = sql;
        parameterized[count++] = prepared;
        chars += sql.length();
    }

    /** What {@code other} holds joins this: the open transaction's calls, at its end. */
    public void addAll(CalledCode other) {
        if (other == null) {
            return;
        }
        if (other.unread) {
            unread();
        }
        for (int k = 0; k < other.count; k++) {
            called(other.texts[k], other.parameterized[k]);
        }
    }

    /** Whether any statement called code since the last clean point. */
    public boolean any() {
        return count > 0 || unread;
    }

    /** Whether every such statement is held here, so that the server can be asked about each. */
    public boolean allRead() {
        return !unread;
    }

    int count() {
        return count;
    }

    String text(int k) {
        return texts[k];
    }

    boolean parameterized(int k) {
        return parameterized[k];
    }

    /** A clean point: what code left on the session is known (read, or the session is new). */
    public void clear() {
        Arrays.fill(texts, 0, count, null);
        count = 0;
        chars = 0;
        unread = false;
    }

    /** Whether {@code c} holds a call ({@code c} may be null: none yet). */
    public static boolean any(CalledCode c) {
        return c != null && c.any();
    }

    private void unread() {
        unread = true;
        Arrays.fill(texts, 0, count, null); // no longer asked about one by one: nothing to hold on to
        count = 0;
        chars = 0;
    }
}
