package io.retrying.jdbc.internal.replay;

import io.retrying.jdbc.internal.sql.InsertText;
import io.retrying.jdbc.internal.sql.ParameterLog;
import io.retrying.jdbc.internal.sql.SqlScan;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

/**
 * What the open transaction did, in order, so that a new transaction can do it again and check
 * that it sees what the application saw ({@link TransactionReplay}). HikariCP's "commit state
 * dirty" flag, made exact.
 *
 * <p>Bounded by {@code retry.maxJournalStatements} entries and {@code retry.maxJournalBytes}
 * (a rough estimate of SQL text and parameters kept alive): past either bound, or after anything a
 * replay could not reproduce or verify (pinning SQL, SQL-level transaction control, a callable
 * statement's OUT parameters, a scrollable or updatable result set, multiple results), the
 * entries are dropped and the transaction is simply not replayable; only the reason is kept.
 * Cleared when the transaction ends.
 *
 * <p>Whether the transaction wrote is tracked apart from the entries (it survives a dropped
 * journal): it decides whether COMMIT needs its xid captured.
 *
 * <p>Not thread-safe: guarded by the owning connection's single-user contract.
 */
public final class Journal {

    private final int maxStatements;
    private final long maxBytes;
    private final ArrayList<JournalEntry> entries = new ArrayList<>();
    private long bytes;
    /** Why this transaction cannot be replayed, or null. */
    private String refused;
    /** Some execution of this transaction was not provably read-only. */
    private boolean wrote;
    /** Bumped at every clear: entries of an earlier transaction are recognised as stale. */
    private int epoch;

    public Journal(int maxStatements, long maxBytes) {
        this.maxStatements = maxStatements;
        this.maxBytes = maxBytes;
    }

    /** The transaction ended (or is being replayed from a copy of the entries): start afresh. */
    public void clear() {
        if (!entries.isEmpty() || refused != null || wrote || bytes != 0) {
            entries.clear();
            bytes = 0;
            refused = null;
            wrote = false;
            epoch++;
        }
    }

    /** Makes the transaction non-replayable, dropping what was kept. */
    public void refuse(String reason) {
        if (refused == null) {
            refused = reason;
            entries.clear();
            bytes = 0;
        }
    }

    public boolean replayable() {
        return refused == null;
    }

    public String refused() {
        return refused;
    }

    public boolean wrote() {
        return wrote;
    }

    public boolean current(JournalEntry entry) {
        return entry != null && entry.epoch == epoch && refused == null;
    }

    /** A copy of the entries to replay, or null when the transaction is not replayable. */
    public List<JournalEntry> replayableEntries() {
        return refused == null ? new ArrayList<>(entries) : null;
    }

    /**
     * Records a successful execution inside the transaction.
     *
     * @return the entry, or null when nothing was recorded (not replayable)
     */
    public JournalEntry executed(JournaledStatement statement, int op, int flags, String sql, int intArg, Object arg,
            long outcome) {
        if ((flags & SqlScan.READ_CANDIDATE) == 0 || (flags & SqlScan.CALLS) != 0) {
            wrote = true;
        }
        if (refused != null) {
            return null;
        }
        if ((flags & SqlScan.PINS) != 0) {
            refuse("a statement pinned the connection");
            return null;
        }
        if ((flags & SqlScan.TX_CONTROL) != 0) {
            refuse("SQL-level transaction control (SAVEPOINT, CALL, DO...)");
            return null;
        }
        if (statement.callable()) {
            refuse("a callable statement (its OUT parameters cannot be verified)");
            return null;
        }
        if ((flags & SqlScan.MULTI) != 0 && statement.isExecute(op)) {
            refuse("execute() of several statements (later results cannot be verified)");
            return null;
        }
        if (!statement.replayable()) {
            refuse("a stream parameter, or one of a type the layer cannot copy (it cannot be sent twice)");
            return null;
        }
        JournalEntry entry = JournalEntry.execution(statement, op, sql, flags, intArg, arg,
                statement.bindingForJournal(op), outcome);
        return add(entry) ? entry : null;
    }

    /** Records a savepoint call ({@link JournalEntry#SAVEPOINT}, ROLLBACK_TO, RELEASE). */
    public void savepoint(int kind, RetryingSavepoint savepoint) {
        if (refused == null) {
            add(JournalEntry.savepoint(kind, savepoint));
        }
    }

    /**
     * The application got a result set from {@code entry}'s execution: it will digest the rows read.
     * A result set a replay could not re-position (scrollable, updatable) or a second one from the
     * same execution (multiple results) makes the transaction non-replayable.
     */
    public void resultSet(JournalEntry entry, JournaledRows rs, boolean keys, Shape shape) {
        boolean typed = switch (shape.factory()) {
            case Shape.STATEMENT_TYPED, Shape.STATEMENT_HOLDABLE, Shape.PREPARED_TYPED, Shape.PREPARED_HOLDABLE,
                    Shape.CALL_TYPED, Shape.CALL_HOLDABLE -> true;
            default -> false;
        };
        if (typed && (shape.a() != ResultSet.TYPE_FORWARD_ONLY || shape.b() != ResultSet.CONCUR_READ_ONLY)) {
            refuse("a scrollable or updatable result set (a replay cannot re-position it)");
            return;
        }
        if ((keys ? entry.keys : entry.result) != null) {
            refuse("several result sets from one execution");
            return;
        }
        if (keys) {
            entry.keys = rs;
        } else {
            entry.result = rs;
        }
        rs.startDigest();
        if (InsertText.startsWithInsert(entry.sql)) {
            // the rows an INSERT returned may hold keys a replay must insert again as they were (KeptKeys)
            rs.digest().keepValues();
        }
    }

    /** Records again an entry a replay reproduced. */
    void replayed(JournalEntry entry) {
        if (entry.kind == JournalEntry.EXECUTION
                && ((entry.flags & SqlScan.READ_CANDIDATE) == 0 || (entry.flags & SqlScan.CALLS) != 0)) {
            wrote = true;
        }
        if (refused == null) {
            add(entry);
        }
    }

    private boolean add(JournalEntry entry) {
        long size = entry.estimatedBytes();
        if (entries.size() >= maxStatements || bytes + size > maxBytes) {
            refuse("the journal bound was passed (" + maxStatements + " statements, " + maxBytes + " bytes)");
            return false;
        }
        entry.epoch = epoch;
        entries.add(entry);
        bytes += size;
        return true;
    }

    /** Roughly what a binding keeps alive: strings and byte arrays by size, anything else a little. */
    static long estimate(Object binding) {
        if (binding == null) {
            return 0;
        }
        if (binding instanceof ParameterLog log) {
            return log.estimatedBytes();
        }
        if (binding instanceof String s) {
            return 40 + 2L * s.length();
        }
        if (binding instanceof List<?> list) {
            long sum = 16;
            for (Object o : list) {
                sum += estimate(o);
            }
            return sum;
        }
        return 16;
    }
}
