package io.retrying.jdbc.internal.replay;

import io.retrying.jdbc.internal.proof.ReadOnlyFrame;
import io.retrying.jdbc.internal.proof.ReadOnlyProof;
import io.retrying.jdbc.internal.proof.ServerPlan;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Whether a query's only results are values the server never hands out twice, so that a replay
 * may see other ones without diverging: {@code SELECT nextval('transfer_seq')}, as Hibernate's
 * sequence generator runs it inside the application's transaction. The application's use of the
 * value it saw stays valid (no one else will be given it), and the statements that used it are
 * replayed with the parameters the application bound, so the rows end as the application wrote them.
 *
 * <p>The proof is the server's, made on the replay's connection only when such a statement's rows
 * came back different: PostgreSQL plans the statement with its journaled parameters
 * ({@code EXPLAIN (VERBOSE, FORMAT JSON)}, nothing is run) and the plan must be one bare
 * {@code Result} node (no child, no subplan, no filter) whose every output is
 * {@code nextval('<literal>'::regclass)} or {@code gen_random_uuid()}, with those names resolving
 * to {@code pg_catalog}'s functions under the session's search_path. Anything else, or any failure
 * of the proof itself, leaves the replay diverged: our reading may only make the layer more careful.
 *
 * <p>The clock functions do not qualify: a time is not unique to the transaction that read it, and
 * the replay's transaction really runs later than the one the application saw.
 */
final class FreshValues {

    /** Judged by the server from the plan's JSON: jsonb operators, not a parser of ours. */
    private static final String JUDGE = ReadOnlyProof.MARK + "SELECT p->'Plan'->>'Node Type' = 'Result'"
            + " AND NOT (p->'Plan' ??| array['Plans', 'One-Time Filter', 'Filter', 'Subplans Removed'])"
            + " AND jsonb_array_length(p->'Plan'->'Output') > 0"
            + " AND (SELECT bool_and(o ~ E'^nextval\\\\(''([^'']|'''')+''::regclass\\\\)$' OR o = 'gen_random_uuid()')"
            + " FROM jsonb_array_elements_text(p->'Plan'->'Output') o)"
            + " AND to_regprocedure('nextval(regclass)') = 'pg_catalog.nextval(regclass)'::regprocedure"
            + " AND to_regprocedure('gen_random_uuid()') = 'pg_catalog.gen_random_uuid()'::regprocedure"
            + " FROM (SELECT (?::jsonb)->0 AS p) plan";

    private FreshValues() {
    }

    private static boolean judged(Connection physical, JournalEntry entry) throws SQLException {
        String plan = ServerPlan.explainJournaled(physical, entry.sql, entry.binding);
        if (plan == null) {
            return false;
        }
        try (PreparedStatement judge = physical.prepareStatement(JUDGE)) {
            judge.setString(1, plan);
            try (ResultSet rs = judge.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }

    /**
     * Whether {@code entry}'s query, planned on {@code physical} with its journaled binding, returns
     * nothing but fresh sequence values and random uuids. Costs two round trips, on a replay only.
     */
    static boolean only(Connection physical, JournalEntry entry) {
        try {
            // planned where nothing can write: the planner runs the application's STABLE functions
            return ReadOnlyFrame.ask(physical, c -> judged(c, entry));
        } catch (SQLException | RuntimeException e) {
            // not proven: the replay diverges, as it would have without the question
            return false;
        }
    }
}
