package io.retrying.jdbc.internal.proof;

import io.retrying.jdbc.internal.sql.SqlScan;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.postgresql.core.BaseConnection;

/**
 * Whether a statement whose connection went silent may run again: proven on the NEW connection,
 * before anything is re-run, by PostgreSQL's own parser and planner on the statement as pgjdbc
 * sent it, with the parameters it ran with. DESIGN.md "Proofs" is the rule; {@code SqlScan} only
 * decides whether a proof is worth asking for ("surely writes" needs none: it is not replayed).
 *
 * <ol>
 *   <li>pgjdbc's own parser, with the connection's {@code standard_conforming_strings}, must send it
 *       as one statement ({@link PgjdbcSplit}), over the extended protocol;</li>
 *   <li>its plan ({@link PlanCheck}) must have no {@code ModifyTable} and no {@code LockRows};</li>
 *   <li>every function it reaches ({@link CatalogWalk}) must be non-volatile, read fresh, or a
 *       volatile SQL or PL/pgSQL function of the application's own whose body proves so in turn
 *       ({@link BodyProof}).</li>
 * </ol>
 * A step that fails or cannot be made leaves the statement unproven: the caller surfaces 08007.
 * Costs about six round trips on the failure path; the happy path never comes here.
 */
public final class ReadOnlyProof {

    /** Marks the proof's own statements (and the replay's guard), so that a test counting executions can tell them apart. */
    public static final String MARK = "/* retrying-jdbc proof */ ";

    /**
     * Volatile built-ins that change nothing when run again: {@code set_config} (the same value set
     * again; the session's own settings are restored by the layer anyway).
     */
    private static final List<String> HARMLESS = List.of("set_config");

    /**
     * In a session whose implicit transactions the server keeps read-only (readOnlyMode=always,
     * default_transaction_read_only), also the volatile built-ins that neither write (the server
     * would refuse) nor act outside the transaction: clocks, random numbers, sleeps. Not
     * {@code pg_notify} (a read-only transaction sends notifications), not signals to other backends,
     * not any function of the application's own (it may call those).
     */
    private static final List<String> HARMLESS_READ_ONLY = List.of("set_config", "pg_sleep", "pg_sleep_for",
            "pg_sleep_until", "random", "random_normal", "setseed", "gen_random_uuid", "clock_timestamp", "timeofday",
            "currval", "lastval", "txid_current", "txid_current_if_assigned", "pg_current_xact_id",
            "pg_current_xact_id_if_assigned");

    private ReadOnlyProof() {
    }

    /**
     * @param fresh the new physical connection, session restored, in autocommit, no transaction open
     * @param sql the application's SQL as it gave it to pgjdbc
     * @param binder binds the journaled parameters (a prepared statement's); {@link Binder#NONE} else
     * @param parameterized whether it ran as a prepared statement ({@code ?} placeholders)
     * @param sessionReadOnly the server refuses writes in this session's implicit transactions
     * @throws SQLException when the proof left {@code fresh} unusable (its rollback failed)
     */
    public static Verdict prove(Connection fresh, String sql, Binder binder, boolean parameterized,
            boolean sessionReadOnly) throws SQLException {
        return prove(fresh, sql, binder, parameterized, sessionReadOnly, true);
    }

    /**
     * As {@link #prove(Connection, String, Binder, boolean, boolean)}; with {@code openBodies} false,
     * a volatile function of the application's is not opened and leaves the statement unproven: a
     * restore of a {@code set_config} must reach {@code pg_catalog.set_config} itself, not a function
     * of the application's that calls it (the model knows only the names the statement's text sets).
     */
    public static Verdict prove(Connection fresh, String sql, Binder binder, boolean parameterized,
            boolean sessionReadOnly, boolean openBodies) throws SQLException {
        BaseConnection pg;
        try {
            pg = fresh.unwrap(BaseConnection.class);
        } catch (SQLException notPgjdbc) {
            return Verdict.not("not a pgjdbc connection");
        }
        if (!PgjdbcSplit.extendedProtocol(pg)) {
            return Verdict.not("preferQueryMode=simple: the server would run a second statement of the proof");
        }
        String nativeSql;
        PlanCheck.Plan plan;
        try {
            nativeSql = PgjdbcSplit.singleNativeSql(pg, sql, parameterized);
            if (nativeSql == null) {
                return Verdict.not("pgjdbc sends it as more than one statement");
            }
            // the planner runs STABLE functions while it estimates: the EXPLAIN runs where nothing can write
            plan = ReadOnlyFrame.ask(fresh, c -> PlanCheck.explain(c, pg, sql, binder, parameterized));
        } catch (SQLException refused) {
            String state = refused.getSQLState();
            if (fresh.isClosed() || state == null || state.startsWith("08")) {
                throw refused; // the connection broke, the statement was not judged
            }
            return Verdict.not("the server did not plan it (" + refused.getSQLState() + ")");
        }
        if (plan.refusal() != null) {
            return Verdict.not(plan.refusal());
        }
        // a hot standby cannot make the walk's temporary function, and cannot write at all: its own
        // tree, judged as in a read-only session (a new connection that reached a primary, a standby
        // promoted or another host, is judged as a primary's)
        // on a primary, the volatile functions of the application's own it reaches are opened, their
        // bodies walked as the statement was (BodyProof)
        List<String> harmless = sessionReadOnly ? HARMLESS_READ_ONLY : HARMLESS;
        String unproven = StandbyProof.inRecovery(fresh)
                ? StandbyProof.unproven(fresh, nativeSql, plan.parameterTypes(), HARMLESS_READ_ONLY)
                : openBodies ? BodyProof.unproven(fresh, CatalogWalk.statement(fresh, nativeSql, plan.parameterTypes(), harmless), harmless)
                : CatalogWalk.statement(fresh, nativeSql, plan.parameterTypes(), harmless).refusal();
        return unproven == null ? Verdict.READ_ONLY : Verdict.not(unproven);
    }

    /**
     * Whether the server refuses writes in this session's implicit transactions (readOnlyMode=always,
     * default_transaction_read_only, a standby). pgjdbc's default readOnlyMode only makes explicit
     * transactions read-only, so the flag alone proves nothing in autocommit.
     */
    public static boolean sessionEnforcesReadOnly(Connection physical) throws SQLException {
        // asked in a frame like every question of the layer's, so not transaction_read_only (the frame's
        // own): what the session's implicit transactions get, and whether the server is a standby
        return ReadOnlyFrame.ask(physical, c -> {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(SESSION_READ_ONLY)) {
                return rs.next() && rs.getBoolean(1);
            }
        });
    }

    private static final String SESSION_READ_ONLY = ReadOnlyProof.MARK
            + "select pg_catalog.current_setting('default_transaction_read_only') = 'on' or pg_catalog.pg_is_in_recovery()";
}
