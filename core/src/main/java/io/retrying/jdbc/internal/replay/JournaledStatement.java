package io.retrying.jdbc.internal.replay;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A statement whose executions the journal records and a replay runs again: the wrappers'
 * statements implement it, and the journal never names them.
 */
public interface JournaledStatement {

    /** Whether it can run again at all (no stream parameter that cannot be read twice). */
    boolean replayable();

    /** A callable statement: OUT parameters, never replayed inside a transaction. */
    boolean callable();

    /** A prepared statement: its parameters are bound apart from its text. */
    boolean prepared();

    /** Closed by the application. */
    boolean closedByApp();

    /** What {@code op} was bound with, as the journal keeps it. */
    Object bindingForJournal(int op);

    /** Whether {@code op} is an {@code execute} whose update count is part of its outcome. */
    boolean isExecute(int op);

    /** Its row limit when it runs, which shapes its rows. */
    long maxRows();

    /** Its field-size limit when it runs. */
    int maxFieldSize();

    /** The counts of the batch it just ran, or null. */
    int[] batchCounts();

    /** The counts of the large batch it just ran, or null. */
    long[] largeBatchCounts();

    /** The entry of its latest execution in the open transaction, or null. */
    JournalEntry lastEntry();

    /**
     * A new physical statement on {@code physical} for running {@code entry} again as {@code sql}
     * (its own SQL, or the same with the keys the application saw: {@code KeptKeys}): shaped, set, bound.
     */
    Statement replayStatement(Connection physical, JournalEntry entry, String sql) throws SQLException;

    /** Runs {@code entry} again as {@code sql} on {@code p}, made by {@link #replayStatement}: what it returned. */
    Replayed replay(Statement p, JournalEntry entry, String sql) throws SQLException;

    /**
     * The columns pgjdbc asked the server to return as {@code entry}'s generated keys, as the
     * application named them ({@code "*"} for {@code RETURN_GENERATED_KEYS}), or null when it asked for none.
     */
    String[] generatedKeys(JournalEntry entry);

    /** Carries on with {@code p}, the replay of its latest execution, and {@code rows}, its result set. */
    void adopt(Statement p, ResultSet rows, JournaledRows result) throws SQLException;

    /**
     * What a replayed execution returned.
     *
     * @param outcome the hash of its update counts ({@link JournalEntry#outcome})
     * @param first its first result set, or null
     */
    record Replayed(long outcome, ResultSet first) {
    }
}
