package io.retrying.jdbc.internal.proof;

import io.retrying.jdbc.internal.sql.ParameterLog;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A journaled execution as PostgreSQL plans it: {@code EXPLAIN (VERBOSE, FORMAT JSON)} of its SQL
 * with its journaled parameters, on a replay's connection. Nothing is run; views, attribute
 * notation and the functions called are the server's reading, not ours. Failure path only. The
 * planner runs STABLE functions while it estimates: callers ask it inside
 * {@link io.retrying.jdbc.internal.proof.ReadOnlyFrame}.
 */
public final class ServerPlan {

    private ServerPlan() {
    }

    /**
     * The plan's JSON of a journaled execution of {@code sql} bound with {@code binding}, or null when
     * there is nothing to plan (a batch). Throws what the server says when the statement cannot be
     * explained; inside a transaction that aborts it.
     */
    public static String explainJournaled(Connection physical, String sql, Object binding) throws SQLException {
        if (binding != null && !(binding instanceof ParameterLog)) {
            return null; // a batch
        }
        return explain(physical, sql, (ParameterLog) binding);
    }

    /** The plan's JSON of {@code sql} with {@code parameters} (null: a plain statement's SQL). */
    public static String explain(Connection physical, String sql, ParameterLog parameters) throws SQLException {
        return explain(physical, "EXPLAIN (VERBOSE, FORMAT JSON) ", sql, parameters);
    }

    /**
     * As {@link #explain}, without the planner's estimates: two plans of statements that differ
     * only in a constant compare equal but for that constant.
     */
    public static String explainWithoutCosts(Connection physical, String sql, ParameterLog parameters)
            throws SQLException {
        return explain(physical, "EXPLAIN (VERBOSE, COSTS OFF, FORMAT JSON) ", sql, parameters);
    }

    private static String explain(Connection physical, String how, String sql, ParameterLog parameters)
            throws SQLException {
        if (sql == null || sql.isEmpty()) {
            return null;
        }
        String explain = ReadOnlyProof.MARK + how + sql;
        if (parameters != null) {
            try (PreparedStatement ps = physical.prepareStatement(explain)) {
                parameters.applyTo(ps);
                return first(ps.executeQuery());
            }
        }
        try (Statement st = physical.createStatement()) {
            return first(st.executeQuery(explain));
        }
    }

    private static String first(ResultSet rs) throws SQLException {
        try (rs) {
            return rs.next() ? rs.getString(1) : null;
        }
    }
}
