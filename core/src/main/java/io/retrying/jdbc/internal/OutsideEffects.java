package io.retrying.jdbc.internal;

import io.retrying.jdbc.Classifier;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
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
 * function that calls dblink inside its own body, as docs/transactions.md says.
 */
final class OutsideEffects {

    private static final String PRESENT =
            "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_proc WHERE proname LIKE 'dblink%')";
    /** A call of one of them in the server's deparsed plan (its names, never our reading of the SQL). */
    private static final Pattern CALL = Pattern.compile("\\bdblink\\w*\\(");

    private OutsideEffects() {
    }

    /** Whether the database has functions that act outside the transaction. */
    static boolean present(Connection physical) throws SQLException {
        try (Statement st = physical.createStatement(); ResultSet rs = st.executeQuery(PRESENT)) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    /** Whether {@code entry} calls one of them, as {@link #reaches(Connection, String, Object)} says. */
    static boolean reaches(Connection physical, JournalEntry entry) throws SQLException {
        return reaches(physical, entry.sql, entry.binding);
    }

    /**
     * Whether {@code sql} with {@code binding} (a statement's {@code bindingForJournal}) calls one of
     * them, or cannot be planned to tell (then it counts as calling one). Inside a transaction the
     * question runs under a savepoint: a statement EXPLAIN refuses (DDL) must not abort it.
     */
    static boolean reaches(Connection physical, String sql, Object binding) throws SQLException {
        Savepoint sp = physical.getAutoCommit() ? null : physical.setSavepoint();
        try {
            boolean reaches = false;
            for (String plan : plans(physical, sql, binding)) {
                reaches |= plan == null || CALL.matcher(plan).find();
            }
            if (sp != null) {
                physical.releaseSavepoint(sp);
            }
            return reaches;
        } catch (SQLException e) {
            if (Classifier.retryability(e).needsNewConnection()) {
                throw e;
            }
            if (sp != null) {
                physical.rollback(sp);
            }
            return true;
        }
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
