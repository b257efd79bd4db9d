package io.retrying.jdbc.internal.proof;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.internal.sql.ParameterLog;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Whether a journaled execution calls a function that acts outside the transaction, so that a
 * replay would do it a second time: dblink's functions ({@code dblink_exec}, {@code dblink},
 * {@code dblink_send_query}, ...) run SQL in another session, which commits on its own whatever
 * this transaction does. Such a transaction is not replayed.
 *
 * <p>Asked on the replay's connection, so it costs nothing until a replay: first, in one round trip
 * per replay, whether the database has any such function at all (none, nothing more to ask) and
 * which of its own routines reach one in their body, transitively (a routine in a language other
 * than SQL and PL/pgSQL counts as reaching); then, before each execution is run again, whether the
 * server's plan of it ({@link ServerPlan}) calls one of either, by the name the plan shows, bare or
 * schema-qualified: views and attribute notation expanded by the server. When such a routine runs
 * without a call a plan shows (a trigger, an operator, a cast, a type's I/O, an aggregate's
 * support), every execution counts as calling one. Not seen: a call assembled from pieces no text
 * search can see ({@code EXECUTE 'dbl' || 'ink_exec(...)'}), as docs/transactions.md says. Asked
 * through {@link LostWork}, with the other questions about work that did not commit.
 */
final class OutsideEffects {

    /**
     * In one round trip: whether the database has dblink's functions, and if so, the names of its own
     * routines that reach them in their body, transitively ({@link RoutineClosure}, the search
     * {@code StatefulRoutines} makes for session state): one whose text says {@code dblink...} (a
     * word starting so, more matches only make the layer more careful), whose SQL-standard body calls
     * one by oid, or in a language other than SQL and PL/pgSQL (its body is not text to search), and
     * every routine that calls one of those.
     */
    private static final String QUESTION = ReadOnlyProof.MARK + RoutineClosure.with("outside", """
                SELECT o.oid, o.proname FROM own o
                 WHERE o.lanname NOT IN ('sql', 'plpgsql')
                    OR o.prosrc OPERATOR(pg_catalog.~*) '[[:<:]]dblink'
                    OR (o.prosqlbody IS NOT NULL AND EXISTS (SELECT 1 FROM pg_catalog.pg_proc b
                         WHERE b.proname LIKE 'dblink%' AND o.prosqlbody::pg_catalog.text OPERATOR(pg_catalog.~)
                               (':funcid ' || b.oid::pg_catalog.text || '[[:>:]]')))""") + """
            SELECT d.present, CASE WHEN d.present
                       THEN (SELECT pg_catalog.array_agg(DISTINCT r.proname::pg_catalog.text) FROM outside r) END,
                   CASE WHEN d.present THEN EXISTS (SELECT 1 FROM outside s WHERE """ + RoutineClosure.RUN_UNNAMED + """
            ) END
              FROM (SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_proc WHERE proname LIKE 'dblink%')) d(present)""";
    /** dblink's own functions, called by name. */
    private static final String DBLINK = "dblink\\w*";
    /** Any call at all: what counts when the routines could not be asked (a name no regular expression can hold). */
    private static final Pattern ANY_CALL = Pattern.compile("[\\w$\"]\\(");
    /** Every plan: what counts when such a routine runs without a call a plan would show (a trigger, ...). */
    private static final Pattern EVERY_PLAN = Pattern.compile("");

    private OutsideEffects() {
    }

    /**
     * Whether {@code sql} with {@code binding} (a statement's {@code bindingForJournal}) calls one of
     * them, or cannot be planned to tell (then it counts as calling one). Asked inside {@link ReadOnlyFrame}: the
     * planner runs the application's STABLE functions while it estimates, and nothing they try may
     * write or stay; inside a transaction a statement EXPLAIN refuses (DDL) aborts only the frame.
     */
    static boolean reaches(Connection physical, Pattern calls, String sql, Object binding) throws SQLException {
        try {
            return ReadOnlyFrame.ask(physical, c -> callsOne(c, calls, sql, binding));
        } catch (SQLException e) {
            if (Classifier.retryability(e).needsNewConnection()) {
                throw e;
            }
            return true;
        }
    }

    /**
     * The calls, in a server's deparsed plan, of functions that act outside the transaction or of the
     * database's routines that reach one, or null when the database has none of dblink's functions
     * (asked in a frame). A name matches bare or schema-qualified, quoted or not.
     */
    static Pattern calls(Connection physical) throws SQLException {
        try {
            return ReadOnlyFrame.ask(physical, OutsideEffects::ask);
        } catch (SQLException e) {
            if (Classifier.retryability(e).needsNewConnection()) {
                throw e;
            }
            return ANY_CALL;
        }
    }

    private static Pattern ask(Connection physical) throws SQLException {
        try (Statement st = physical.createStatement()) {
            st.setEscapeProcessing(false);
            try (ResultSet rs = st.executeQuery(QUESTION)) {
                if (!rs.next() || !rs.getBoolean(1)) {
                    return null;
                }
                if (rs.getBoolean(3)) {
                    return EVERY_PLAN;
                }
                StringBuilder names = new StringBuilder(DBLINK);
                Array reaching = rs.getArray(2);
                if (reaching != null) {
                    for (Object name : (Object[]) reaching.getArray()) {
                        // the deparser doubles a quote inside a quoted name
                        names.append('|').append(Pattern.quote(((String) name).replace("\"", "\"\"")));
                    }
                }
                return Pattern.compile("(?<![\\w$])(?:" + names + ")\"?\\(", Pattern.CASE_INSENSITIVE);
            }
        }
    }

    private static boolean callsOne(Connection physical, Pattern calls, String sql, Object binding)
            throws SQLException {
        for (String plan : plans(physical, sql, binding)) {
            if (plan == null || calls.matcher(plan).find()) {
                return true;
            }
        }
        return false;
    }

    private static List<String> plans(Connection physical, String sql, Object binding) throws SQLException {
        if (binding instanceof List<?> batch && !batch.isEmpty()) {
            if (batch.get(0) instanceof ParameterLog first) {
                // one SQL, many bindings: the functions it calls are the same for each
                return Collections.singletonList(ServerPlan.explain(physical, sql, first));
            }
            List<String> plans = new ArrayList<>();
            for (Object each : batch) {
                plans.add(ServerPlan.explain(physical, (String) each, null));
            }
            return plans;
        }
        return Collections.singletonList(ServerPlan.explain(physical, sql,
                binding instanceof ParameterLog log ? log : null));
    }
}
