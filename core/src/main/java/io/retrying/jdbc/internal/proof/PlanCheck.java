package io.retrying.jdbc.internal.proof;

import java.sql.Connection;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.postgresql.core.BaseConnection;

/**
 * The planner's word on a statement: {@code EXPLAIN (VERBOSE, FORMAT JSON)} of the statement,
 * sent as pgjdbc sends it (a prepared statement with the journaled parameters bound, over the
 * extended protocol, where the server refuses a string it reads as two statements). A plan with
 * a {@code ModifyTable} node writes (also through a writing CTE or a rule); one with
 * {@code LockRows} locks rows ({@code FOR UPDATE/SHARE}). A statement that is not plannable
 * (utility commands: NOTIFY, SET, DDL, CALL, ...) fails here, and is not proven. EXPLAIN without
 * ANALYZE runs nothing.
 */
final class PlanCheck {

    static final String MARK = ReadOnlyProof.MARK;

    /**
     * @param refusal why the plan is not read-only, or null when it is
     * @param parameterTypes the server's types for the parameters, as pgjdbc names them
     */
    record Plan(String refusal, List<String> parameterTypes) {}

    private PlanCheck() {
    }

    static Plan explain(Connection fresh, BaseConnection pg, String sql, Binder binder, boolean parameterized)
            throws SQLException {
        String explain = MARK + "EXPLAIN (VERBOSE, FORMAT JSON) " + sql;
        if (PgjdbcSplit.singleNativeSql(pg, explain, parameterized) == null) {
            return new Plan("pgjdbc sends it as more than one statement", List.of());
        }
        String json;
        List<String> types = new ArrayList<>();
        if (parameterized) {
            try (PreparedStatement ps = fresh.prepareStatement(explain)) {
                binder.bind(ps);
                json = firstValue(ps.executeQuery());
                ParameterMetaData meta = ps.getParameterMetaData();
                for (int i = 1; i <= meta.getParameterCount(); i++) {
                    types.add(meta.getParameterTypeName(i));
                }
            }
        } else {
            try (Statement st = fresh.createStatement()) {
                json = firstValue(st.executeQuery(explain));
            }
        }
        if (json == null) {
            return new Plan("EXPLAIN returned no plan", types);
        }
        // the server's JSON: a node type is printed exactly so; a string constant that spells one
        // only makes the proof more careful
        if (json.contains("\"Node Type\": \"ModifyTable\"")) {
            return new Plan("its plan writes (ModifyTable)", types);
        }
        if (json.contains("\"Node Type\": \"LockRows\"")) {
            return new Plan("its plan locks rows (LockRows: FOR UPDATE/SHARE)", types);
        }
        return new Plan(null, types);
    }

    private static String firstValue(ResultSet rs) throws SQLException {
        try (rs) {
            return rs.next() ? rs.getString(1) : null;
        }
    }
}
