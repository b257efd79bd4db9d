package io.retrying.jdbc.internal.replay;

import io.retrying.jdbc.internal.proof.ReadOnlyFrame;
import io.retrying.jdbc.internal.proof.ReadOnlyProof;
import io.retrying.jdbc.internal.proof.ServerPlan;
import io.retrying.jdbc.internal.sql.InsertText;
import io.retrying.jdbc.internal.sql.ParameterLog;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The keys an INSERT returned to the application, inserted again by its replay instead of new ones:
 * {@code INSERT INTO rental (...) VALUES (now(), ?, ?) RETURNING rental_id}, or the same through
 * {@code getGeneratedKeys} (JPA's {@code IDENTITY}, Spring's {@code KeyHolder}), where the
 * application went on to use the id in a child row. Replayed as written, the statement draws
 * another value and the replay diverges; Oracle's Application Continuity keeps such values
 * (sequence {@code KEEP}). PostgreSQL can too: the aborted transaction's value was never handed to
 * anyone else (a sequence that does not cycle, a random uuid).
 *
 * <p>The replay runs the statement with the key's column added to its column list and, in each
 * row of VALUES, the value the application saw ({@code OVERRIDING SYSTEM VALUE} for an identity
 * column {@code GENERATED ALWAYS}) only when the server proves, on the replay's connection and in a
 * frame that cannot write, that this is the application's statement but for that column's value:
 * <ul>
 *   <li>the application's statement (as pgjdbc sends it, with the {@code RETURNING} it adds for
 *       generated keys) plans as one INSERT of rows of VALUES into a table with no rule on INSERT,
 *       no {@code ON CONFLICT DO UPDATE} and no BEFORE INSERT row trigger on it or its partitions
 *       (a trigger could have changed the key, and then the value returned is not the default's);</li>
 *   <li>the column's value in the plan is exactly its default, and the default is exactly
 *       {@code nextval} of a sequence that does not cycle (an identity column's, a serial's, or a
 *       sequence named in the default) or {@code pg_catalog.gen_random_uuid()};</li>
 *   <li>the {@code RETURNING} list the application read holds the column itself, and it read every
 *       row the statement inserted;</li>
 *   <li>the statement written with the kept values plans the same, node for node and output for
 *       output, except for the key columns.</li>
 * </ul>
 * Anything else, or any failure of the proof, and the statement replays as written (and diverges
 * as before when its rows differ). The replayed rows are still compared with what the application
 * saw, as any replayed statement's are. Costs a few round trips, on a replay only; on the happy path
 * the journal keeps the text of the rows an INSERT returned ({@link ResultDigest#keepValues}).
 */
final class KeptKeys {

    /** Whether the plan of the statement as sent already returns rows (its own RETURNING). */
    private static final String RETURNS = ReadOnlyProof.MARK + "SELECT (?::jsonb)->0->'Plan' ?? 'Output'";

    /**
     * The columns of a planned INSERT whose value is exactly a fresh-value default and that its
     * RETURNING list holds: attnum, quoted name, whether it is an identity GENERATED ALWAYS, and its
     * place (1-based) in the RETURNING list. Judged by the server from the plan and the catalogs.
     */
    private static final String KEYS = ReadOnlyProof.MARK + "WITH q AS (SELECT ?::jsonb AS j),"
            + " t AS (SELECT j->0->'Plan' AS m, j->0->'Plan'->'Plans'->0 AS s,"
            + "  to_regclass(quote_ident(j->0->'Plan'->>'Schema') || '.' || quote_ident(j->0->'Plan'->>'Relation Name')) AS rel"
            + "  FROM q WHERE jsonb_array_length(j) = 1"
            + "  AND j->0->'Plan'->>'Node Type' = 'ModifyTable' AND j->0->'Plan'->>'Operation' = 'Insert'"
            + "  AND j->0->'Plan' ?? 'Output'"
            + "  AND jsonb_array_length(j->0->'Plan'->'Plans') = 1"
            + "  AND j->0->'Plan'->'Plans'->0->>'Node Type' IN ('Result', 'Values Scan')"
            + "  AND NOT (j->0->'Plan'->'Plans'->0 ??| array['Plans', 'One-Time Filter', 'Filter'])"
            + "  AND coalesce(j->0->'Plan'->>'Conflict Resolution', 'NOTHING') = 'NOTHING'),"
            + " k AS (SELECT t.m, t.rel, a.attnum, a.attname, a.attidentity, d.oid AS def, d.adbin, d.adrelid,"
            + "  t.s->'Output'->>(a.attnum - 1) AS o"
            + "  FROM t JOIN pg_class c ON c.oid = t.rel AND c.relkind IN ('r', 'p')"
            + "  JOIN pg_attribute a ON a.attrelid = t.rel AND a.attnum > 0 AND NOT a.attisdropped"
            + "  LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum"
            + "  WHERE NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE (g.tgrelid = t.rel"
            + "    OR g.tgrelid IN (SELECT relid FROM pg_partition_tree(t.rel))) AND g.tgtype & 7 = 7 AND g.tgenabled <> 'D')"
            + "  AND NOT EXISTS (SELECT 1 FROM pg_rewrite w WHERE w.ev_class = t.rel AND w.ev_type = '3')),"
            + " f AS (SELECT k.*, CASE WHEN k.attidentity IN ('a', 'd')"
            + "    THEN pg_get_serial_sequence(k.rel::text, k.attname)::regclass"
            + "    ELSE (SELECT dep.refobjid::regclass FROM pg_depend dep JOIN pg_class sc ON sc.oid = dep.refobjid"
            + "      AND sc.relkind = 'S' WHERE dep.classid = 'pg_attrdef'::regclass AND dep.objid = k.def"
            + "      AND dep.refclassid = 'pg_class'::regclass LIMIT 1) END AS seq,"
            + "  (SELECT min(e.n) FROM jsonb_array_elements_text(k.m->'Output') WITH ORDINALITY e(v, n)"
            + "    WHERE e.v = quote_ident(k.m->>'Alias') || '.' || quote_ident(k.attname)) AS returned FROM k)"
            + " SELECT f.attnum, quote_ident(f.attname), f.attidentity = 'a', f.returned FROM f"
            + " WHERE f.returned IS NOT NULL"
            + " AND (f.attidentity IN ('a', 'd') AND f.o = format('nextval(%L)', f.seq::text)"
            + "  OR f.attidentity = '' AND f.adbin IS NOT NULL AND f.o = pg_get_expr(f.adbin, f.adrelid)"
            + "   AND (f.o = format('nextval(%L::regclass)', f.seq::text)"
            + "     AND to_regprocedure('nextval(regclass)') = 'pg_catalog.nextval(regclass)'::regprocedure"
            + "    OR f.o = 'gen_random_uuid()'"
            + "     AND to_regprocedure('gen_random_uuid()') = 'pg_catalog.gen_random_uuid()'::regprocedure))"
            + " AND (f.o = 'gen_random_uuid()' OR NOT (SELECT s.seqcycle FROM pg_sequence s WHERE s.seqrelid = f.seq))"
            + " ORDER BY f.attnum";

    /**
     * Whether two plans are the same but for the values of the inserted rows' columns at the given
     * places (0-based): every other key of every node equal, and exactly those outputs different.
     */
    private static final String SAME_BUT_KEYS = ReadOnlyProof.MARK + "SELECT jsonb_array_length(b) = 1"
            + " AND (a->0->'Plan') - 'Plans' = (b->0->'Plan') - 'Plans'"
            + " AND jsonb_array_length(b->0->'Plan'->'Plans') = 1"
            + " AND (a->0->'Plan'->'Plans'->0) - 'Output' = (b->0->'Plan'->'Plans'->0) - 'Output'"
            + " AND jsonb_array_length(a->0->'Plan'->'Plans'->0->'Output')"
            + "  = jsonb_array_length(b->0->'Plan'->'Plans'->0->'Output')"
            + " AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(a->0->'Plan'->'Plans'->0->'Output') WITH ORDINALITY x(v, i)"
            + "  JOIN jsonb_array_elements(b->0->'Plan'->'Plans'->0->'Output') WITH ORDINALITY y(w, n) ON x.i = y.n"
            + "  WHERE (x.v = y.w) = (x.i - 1 = ANY (p)))"
            + " FROM (SELECT ?::jsonb AS a, ?::jsonb AS b, ?::int[] AS p) q";

    /** What a key's text must be to stand in a literal as it is: integers and uuids. */
    private static final Pattern PLAIN = Pattern.compile("-?[0-9A-Za-z-]{1,64}");

    private KeptKeys() {
    }

    /** One column whose kept values the replay inserts. */
    private record Key(int attnum, String quotedName, boolean always, int returned) {
    }

    /**
     * Whether {@code entry} is worth asking about, from what the journal holds alone: an INSERT of
     * VALUES with a column list whose returned rows the application read to their last, kept.
     */
    static boolean candidate(JournalEntry entry) {
        if (entry.binding != null && !(entry.binding instanceof ParameterLog)) {
            return false; // a batch: one text for every set of parameters
        }
        JournaledRows rows = returned(entry);
        if (rows == null || rows.digest() == null || rows.digest().kept() == null || rows.digest().rows() == 0) {
            return false;
        }
        // the application no longer reads from it: it will not see the replay's rows through it
        return rows.closedByApp() || rows.digest().ended();
    }

    /** The rows the INSERT returned that the application read: its RETURNING or its generated keys, not both. */
    private static JournaledRows returned(JournalEntry entry) {
        if (entry.result != null && entry.keys != null) {
            return null;
        }
        return entry.result != null ? entry.result : entry.keys;
    }

    /**
     * {@code entry}'s SQL with the keys the application saw, proven by the server on {@code physical}
     * to be the same statement otherwise; null when not proven (the statement replays as written).
     */
    static String rewritten(Connection physical, JournalEntry entry) {
        InsertText text = InsertText.of(entry.sql);
        List<String[]> kept = returned(entry).digest().kept();
        if (text == null || text.rows() != kept.size()) {
            return null; // not rows of VALUES, or some were not returned (DO NOTHING) or not read
        }
        try {
            return ReadOnlyFrame.ask(physical, c -> proven(c, entry, text, kept));
        } catch (SQLException | RuntimeException e) {
            // not proven: the replay runs the statement as the application wrote it
            return null;
        }
    }

    private static String proven(Connection c, JournalEntry entry, InsertText text, List<String[]> kept)
            throws SQLException {
        ParameterLog binding = (ParameterLog) entry.binding;
        String added = "";
        String plan = ServerPlan.explainWithoutCosts(c, entry.sql, binding);
        String[] asked = entry.keys != null ? entry.statement.generatedKeys(entry) : null;
        if (asked != null && !returns(c, plan)) {
            // pgjdbc appends the RETURNING clause of generated keys to a statement without one
            added = returningClause(asked);
            plan = ServerPlan.explainWithoutCosts(c, entry.sql + added, binding);
        }
        List<Key> keys = keys(c, plan);
        if (keys.isEmpty()) {
            return null;
        }
        List<String> names = new ArrayList<>(keys.size());
        boolean always = false;
        StringBuilder places = new StringBuilder("{");
        for (Key key : keys) {
            names.add(key.quotedName());
            always |= key.always();
            places.append(places.length() > 1 ? "," : "").append(key.attnum() - 1);
        }
        List<List<String>> values = new ArrayList<>(kept.size());
        for (String[] row : kept) {
            List<String> literals = new ArrayList<>(keys.size());
            for (Key key : keys) {
                String v = key.returned() <= row.length ? row[key.returned() - 1] : null;
                if (v == null || !PLAIN.matcher(v).matches()) {
                    return null;
                }
                literals.add('\'' + v + '\'');
            }
            values.add(literals);
        }
        String sql = text.with(names, always, values);
        String again = ServerPlan.explainWithoutCosts(c, sql + added, binding);
        return sameButKeys(c, plan, again, places.append('}').toString()) ? sql : null;
    }

    /** The text pgjdbc appends for generated keys ({@code Parser.addReturning}, identifiers quoted). */
    private static String returningClause(String[] columns) {
        StringBuilder out = new StringBuilder("\nRETURNING ");
        if (columns.length == 1 && columns[0].charAt(0) == '*') {
            return out.append('*').toString();
        }
        for (int i = 0; i < columns.length; i++) {
            out.append(i > 0 ? ", " : "").append('"').append(columns[i].replace("\"", "\"\"")).append('"');
        }
        return out.toString();
    }

    private static boolean returns(Connection c, String plan) throws SQLException {
        try (PreparedStatement ask = c.prepareStatement(RETURNS)) {
            ask.setString(1, plan);
            try (ResultSet rs = ask.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }

    private static List<Key> keys(Connection c, String plan) throws SQLException {
        List<Key> keys = new ArrayList<>(1);
        try (PreparedStatement ask = c.prepareStatement(KEYS)) {
            ask.setString(1, plan);
            try (ResultSet rs = ask.executeQuery()) {
                while (rs.next()) {
                    keys.add(new Key(rs.getInt(1), rs.getString(2), rs.getBoolean(3), rs.getInt(4)));
                }
            }
        }
        return keys;
    }

    private static boolean sameButKeys(Connection c, String plan, String again, String places) throws SQLException {
        try (PreparedStatement ask = c.prepareStatement(SAME_BUT_KEYS)) {
            ask.setString(1, plan);
            ask.setString(2, again);
            ask.setString(3, places);
            try (ResultSet rs = ask.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }
}
