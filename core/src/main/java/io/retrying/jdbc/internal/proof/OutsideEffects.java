package io.retrying.jdbc.internal.proof;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.internal.sql.ParameterLog;
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
 * <p>Asked on the replay's connection, so it costs nothing until a replay: first whether the
 * database has any such function at all (one round trip per replay; none, nothing more to ask),
 * then, before each execution is run again, whether the server's plan of it
 * ({@link ServerPlan}) calls one: views and attribute notation expanded by the server. Not seen: a
 * function that calls dblink inside its own body, as docs/transactions.md says. Asked through
 * {@link LostWork}, with the other questions about work that did not commit.
 */
final class OutsideEffects {

    private static final String PRESENT = ReadOnlyProof.MARK
            + "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_proc WHERE proname LIKE 'dblink%')";
    /** A call of one of them in the server's deparsed plan (its names, never our reading of the SQL). */
    private static final Pattern CALL = Pattern.compile("\\bdblink\\w*\\(");

    private OutsideEffects() {
    }

    /**
     * Whether {@code sql} with {@code binding} (a statement's {@code bindingForJournal}) calls one of
     * them, or cannot be planned to tell (then it counts as calling one). Asked inside {@link ReadOnlyFrame}: the
     * planner runs the application's STABLE functions while it estimates, and nothing they try may
     * write or stay; inside a transaction a statement EXPLAIN refuses (DDL) aborts only the frame.
     */
    static boolean reaches(Connection physical, String sql, Object binding) throws SQLException {
        try {
            return ReadOnlyFrame.ask(physical, c -> callsOne(c, sql, binding));
        } catch (SQLException e) {
            if (Classifier.retryability(e).needsNewConnection()) {
                throw e;
            }
            return true;
        }
    }

    /** Whether the database has functions that act outside the transaction (asked in a frame). */
    static boolean present(Connection physical) throws SQLException {
        return ReadOnlyFrame.ask(physical, OutsideEffects::isPresent);
    }

    private static boolean isPresent(Connection physical) throws SQLException {
        try (Statement st = physical.createStatement(); ResultSet rs = st.executeQuery(PRESENT)) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    private static boolean callsOne(Connection physical, String sql, Object binding) throws SQLException {
        for (String plan : plans(physical, sql, binding)) {
            if (plan == null || CALL.matcher(plan).find()) {
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
