package io.retrying.jdbc.internal.proof;

import io.retrying.jdbc.internal.sql.ParameterLog;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * "Nothing committed" is not "nothing happened": the questions asked about work whose transaction
 * did not commit, or whose COMMIT's outcome a lost connection hid, before any of it runs again or a
 * result is reported for it, whatever path got there (a statement run again after the server
 * reported its failure; an autocommit write run in a transaction of its own whose COMMIT was never
 * sent or was found aborted; a transaction's first statement on a connection found gone; a
 * transaction's replay and the call it runs again; a lost COMMIT of a transaction that had no id).
 * Every caller asks here, so that no path forgets one:
 * <ul>
 *   <li>{@link #outside}: did it act outside its transaction? dblink's functions run SQL in another
 *       session that commits on its own: the rollback of this transaction did not undo it, and
 *       running the work again does it a second time ({@link OutsideEffects}).</li>
 *   <li>{@link #atCommit}: may work with no transaction id have left something that happens only at
 *       COMMIT? PostgreSQL gives a transaction that notifies ({@code NOTIFY}, {@code pg_notify}, from
 *       any function, trigger or rule) its id only at COMMIT, so "no id" is the server's word that
 *       nothing was written, never that nothing was sent: whether the COMMIT landed decides whether
 *       the notification went out. Only the server's proof that nothing the work ran can notify
 *       ({@link ReadOnlyProof}, statement by statement) lets the outcome not matter.</li>
 * </ul>
 * Asked on the failure path only, on the connection the work would run on again (or a new one), in
 * {@link ReadOnlyFrame}s. One instance per connection asked: whether the database has any function
 * acting outside at all is asked once.
 */
public final class LostWork {

    /**
     * One execution of the work, as the journal keeps it.
     *
     * @param sql the application's SQL
     * @param binding its parameters ({@code ParameterLog}) or batch, as {@code bindingForJournal} keeps them
     * @param prepared it ran as a prepared statement
     */
    public record Work(String sql, Object binding, boolean prepared) {}

    private static final Verdict CALLS_OUTSIDE =
            new Verdict(false, "it calls a function that acts outside its transaction (dblink)");

    private final Connection physical;
    /** Whether the database has any function acting outside: asked on the first question. */
    private boolean outsideAsked;
    /** The calls of such functions a plan may show, or null when the database has none. */
    private Pattern outsideCalls;

    private LostWork(Connection physical) {
        this.physical = physical;
    }

    /** The questions, asked on {@code physical}. */
    public static LostWork on(Connection physical) {
        return new LostWork(physical);
    }

    /**
     * Whether {@code sql} with {@code binding} acts outside its transaction (or cannot be planned to
     * tell): not read-only then, and it must not run again. Asked where it would run again (inside
     * a replay's transaction, its plan sees what the replayed statements made).
     */
    public Verdict outside(String sql, Object binding) throws SQLException {
        if (!outsideAsked) {
            outsideCalls = OutsideEffects.calls(physical);
            outsideAsked = true;
        }
        return outsideCalls != null && OutsideEffects.reaches(physical, outsideCalls, sql, binding)
                ? CALLS_OUTSIDE : Verdict.READ_ONLY;
    }

    /**
     * Whether {@code work}, run in a transaction that had no id when its COMMIT was lost, cannot
     * have written or left a notification to be sent at COMMIT, proven by the server on
     * {@code fresh} (a new connection, session restored, nothing open): then whether that COMMIT
     * landed makes no difference. A batch is not proven statement by statement.
     *
     * @param readOnlySession the application's session is read-only (the server is then asked whether
     *        it enforces that, which admits volatile built-ins that neither write nor notify)
     */
    public static Verdict atCommit(Connection fresh, List<Work> work, boolean readOnlySession) throws SQLException {
        boolean autoCommit = fresh.getAutoCommit();
        if (!autoCommit) {
            fresh.setAutoCommit(true); // the proof opens and rolls back transactions of its own
        }
        try {
            boolean enforced = readOnlySession && ReadOnlyProof.sessionEnforcesReadOnly(fresh);
            for (Work each : work) {
                Binder binder;
                if (each.binding() == null) {
                    binder = Binder.NONE;
                } else if (each.binding() instanceof ParameterLog parameters) {
                    binder = parameters::applyTo;
                } else {
                    return Verdict.not("a batch");
                }
                Verdict verdict = ReadOnlyProof.prove(fresh, each.sql(), binder, each.prepared(), enforced);
                if (!verdict.readOnly()) {
                    return verdict;
                }
            }
            return Verdict.READ_ONLY;
        } finally {
            if (!autoCommit) {
                fresh.setAutoCommit(false);
            }
        }
    }
}
