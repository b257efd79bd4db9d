package io.retrying.jdbc.internal.replay;

import java.sql.SQLException;
import java.sql.Statement;

/**
 * One thing a transaction did, as the journal keeps it for a replay: an execution (the statement,
 * the operation, its SQL, a snapshot of its binding, a digest of the counts it returned, and the
 * result sets the application read from it), or a savepoint call.
 *
 * <p>An entry is re-recorded as it is after a successful replay (its result sets keep their
 * digests and go on hashing what the application reads next), so it is mutable, like the journal.
 */
public final class JournalEntry {

    public static final int EXECUTION = 0;
    public static final int SAVEPOINT = 1;
    public static final int ROLLBACK_TO = 2;
    public static final int RELEASE = 3;

    public final int kind;
    public final JournaledStatement statement;
    public final int op;
    public final String sql;
    public final int flags;
    public final int intArg;
    public final Object arg;
    /** What {@link JournaledStatement#bindingForJournal} returned: parameters, or a batch. */
    public final Object binding;
    /** A hash of the update count(s) the execution returned. */
    final long outcome;
    final RetryingSavepoint savepoint;
    /** The statement's row and field limits when it ran: they shape its rows, and may change before a replay. */
    public final long maxRows;
    public final int maxFieldSize;
    /** The result set the application read, and its generated keys, if it asked for them. */
    JournaledRows result;
    JournaledRows keys;
    /** The journal's epoch when this entry was recorded: an entry of an earlier transaction is stale. */
    int epoch;

    private JournalEntry(int kind, JournaledStatement statement, int op, String sql, int flags, int intArg, Object arg,
            Object binding, long outcome, RetryingSavepoint savepoint, long maxRows, int maxFieldSize) {
        this.kind = kind;
        this.statement = statement;
        this.op = op;
        this.sql = sql;
        this.flags = flags;
        this.intArg = intArg;
        this.arg = arg;
        this.binding = binding;
        this.outcome = outcome;
        this.savepoint = savepoint;
        this.maxRows = maxRows;
        this.maxFieldSize = maxFieldSize;
    }

    static JournalEntry execution(JournaledStatement statement, int op, String sql, int flags, int intArg, Object arg,
            Object binding, long outcome) {
        return new JournalEntry(EXECUTION, statement, op, sql, flags, intArg, arg, binding, outcome, null,
                statement.maxRows(), statement.maxFieldSize());
    }

    static JournalEntry savepoint(int kind, RetryingSavepoint savepoint) {
        return new JournalEntry(kind, null, -1, null, 0, 0, null, null, 0, savepoint, 0, 0);
    }

    /** Roughly what this entry keeps alive, for the journal's byte bound. */
    long estimatedBytes() {
        long bytes = 64;
        if (sql != null) {
            bytes += 2L * sql.length();
        }
        return bytes + Journal.estimate(binding);
    }

    /**
     * A hash of what an execution returned besides rows: its update count (or execute's boolean and
     * getUpdateCount), or every count of a batch. Read from the statement's fields right after it ran.
     */
    public static long outcome(JournaledStatement s, Statement physical, int op, long result) throws SQLException {
        long h = 0xcbf29ce484222325L ^ result;
        int[] counts = s.batchCounts();
        if (counts != null) {
            for (int c : counts) {
                h = h * 31 + c;
            }
        }
        long[] large = s.largeBatchCounts();
        if (large != null) {
            for (long c : large) {
                h = h * 31 + c;
            }
        }
        if (s.isExecute(op)) {
            h = h * 31 + physical.getUpdateCount();
        }
        return h;
    }

    /** Whether its statement was a prepared one (parameters bound apart from the text). */
    public boolean prepared() {
        return statement.prepared();
    }
}
