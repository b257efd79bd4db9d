package io.retrying.jdbc.internal.proof;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.postgresql.PGConnection;
import org.postgresql.util.PSQLWarning;
import org.postgresql.util.ServerErrorMessage;

/**
 * The catalog walk of {@link CatalogWalk} on a hot standby, where no temporary function can be
 * made: the same judgement (every function reached non-volatile but the harmless built-ins, no
 * foreign table, no write or row lock in any tree), from a tree the standby can print.
 *
 * <p>Why it is enough on a standby: a server in recovery cannot write at all (every transaction is
 * read-only by the server's own rule: no xid, no table, sequence or temporary-table write), so what
 * a lost read could have done a second time is only what leaves the database: dblink's functions,
 * a foreign table, a signal to another backend, a function of the application's own in any
 * language. The walk refuses each of those (the volatile built-ins it accepts are those of a
 * read-only session: clocks, random numbers, sleeps).
 *
 * <p>How the standby gives its tree: {@code PREPARE} of the statement (parameters as {@code $n},
 * typed as the planner typed them) runs parse analysis and the rewriter, nothing of the
 * application's; with {@code debug_print_rewritten} and {@code client_min_messages = log} set for
 * the frame only, the server sends the rewritten tree to this session as a LOG notice: views
 * expanded (views on views), row-level security policies applied, every function, operator,
 * aggregate, relation and type an oid, resolved as the server resolved them. The walk then starts
 * from that text. Everything runs inside {@link ReadOnlyFrame}; the prepared statement is
 * deallocated before the frame ends (a PREPARE outlives a rollback). The server also writes that
 * LOG to its own log (once per proof, failure path only); the tree names the statement's literals
 * as bytes, never the parameters it ran with ({@code $n}).
 *
 * <p>Whether the server is a standby is read without a round trip where pgjdbc knows it: PostgreSQL
 * 14 and later report {@code in_hot_standby} at connect and whenever it changes. Older servers are
 * asked {@code pg_is_in_recovery()} in a frame (failure path only).
 */
final class StandbyProof {

    private static final String STATEMENT = "retrying_jdbc_proof";
    /**
     * The frame's settings: the tree sent to this session, on one line; and JIT off, as
     * {@link CatalogWalk} has it on a primary: the walk's estimated cost is past
     * {@code jit_above_cost}, and its compilation took seconds on a loaded machine, while the walk
     * held a snapshot that made the standby's replay wait (a read stalled 20-34 s behind HAProxy's
     * replica port before; 2-4 s after).
     */
    private static final String SETTINGS = PlanCheck.MARK
            + "SET LOCAL client_min_messages = log; SET LOCAL debug_print_rewritten = on; SET LOCAL debug_pretty_print = off;"
            + " SET LOCAL jit = off";
    private static final String DEALLOCATE = PlanCheck.MARK + "DEALLOCATE " + STATEMENT;
    private static final String IN_RECOVERY = PlanCheck.MARK + "SELECT pg_catalog.pg_is_in_recovery()";
    /** A utility statement's tree (the PREPARE's own): not the application's. */
    private static final String UTILITY = "{QUERY :commandType 6 ";
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private StandbyProof() {
    }

    /** Whether {@code fresh}'s server is in recovery (a hot standby). */
    static boolean inRecovery(Connection fresh) throws SQLException {
        String reported = null;
        try {
            reported = fresh.unwrap(PGConnection.class).getParameterStatus("in_hot_standby");
        } catch (SQLException notPgjdbc) {
            // ask the server below
        }
        if (reported != null) {
            return "on".equals(reported);
        }
        return ReadOnlyFrame.ask(fresh, c -> {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(IN_RECOVERY)) {
                return rs.next() && rs.getBoolean(1);
            }
        });
    }

    /**
     * What makes {@code nativeSql} unproven, or null when nothing does; as
     * {@link CatalogWalk#statement}, on a standby.
     *
     * @throws SQLException when the frame could not be undone: the connection is unusable
     */
    static String unproven(Connection fresh, String nativeSql, List<String> parameterTypes, List<String> harmless)
            throws SQLException {
        if (!CatalogWalk.nameable(parameterTypes)) {
            return "a parameter of a type the proof cannot name: " + parameterTypes;
        }
        try {
            return ReadOnlyFrame.ask(fresh, c -> {
                String tree = rewrittenTree(c, nativeSql, parameterTypes);
                if (tree == null) {
                    return "the standby printed no tree for it";
                }
                try (PreparedStatement ps = c.prepareStatement(CatalogWalk.WALK_FROM_TEXT)) {
                    ps.setString(1, tree);
                    Array allowed = c.createArrayOf("text", harmless.toArray());
                    ps.setArray(2, allowed);
                    try (ResultSet rs = ps.executeQuery()) {
                        return rs.next() ? rs.getString(1) : null;
                    }
                }
            });
        } catch (SQLException refused) {
            String state = refused.getSQLState();
            if (fresh.isClosed() || state == null || state.startsWith("08")) {
                throw refused;
            }
            // the SQLState only: the server's words may quote the application's literals
            return "the standby could not make the proof (SQLState " + state + ")";
        }
    }

    /** The rewritten tree of the statement, as the server printed it for the PREPARE; null when none came. */
    private static String rewrittenTree(Connection c, String nativeSql, List<String> parameterTypes)
            throws SQLException {
        try (Statement st = c.createStatement()) {
            st.setEscapeProcessing(false);
            st.execute(SETTINGS);
            String types = parameterTypes.isEmpty() ? "" : "(" + String.join(", ", parameterTypes) + ")";
            st.execute(PlanCheck.MARK + "PREPARE " + STATEMENT + types + " AS\n" + nativeSql);
            try {
                return tree(st.getWarnings());
            } finally {
                st.clearWarnings();
                st.execute(DEALLOCATE);
            }
        }
    }

    /**
     * The application's statement's tree among the notices of the PREPARE: the one that is not a
     * utility statement's (a PREPARE's body is a SELECT, INSERT, UPDATE, DELETE, MERGE or VALUES),
     * whitespace made single spaces (the server breaks its lines near 80 characters, anywhere a
     * space was). Null when there is not exactly one.
     */
    private static String tree(SQLWarning warnings) {
        List<String> trees = new ArrayList<>();
        for (SQLWarning w = warnings; w != null; w = w.getNextWarning()) {
            if (w instanceof PSQLWarning pw && pw.getServerErrorMessage() != null) {
                ServerErrorMessage m = pw.getServerErrorMessage();
                String detail = m.getDetail();
                if (detail != null && detail.contains("{QUERY")) {
                    String flat = WHITESPACE.matcher(detail).replaceAll(" ");
                    if (!flat.startsWith("(" + UTILITY)) {
                        trees.add(flat);
                    }
                }
            }
        }
        return trees.size() == 1 ? trees.get(0) : null;
    }
}
