package io.retrying.jdbc.internal.proof;

import io.retrying.jdbc.internal.telemetry.Telemetry;
import io.retrying.jdbc.spi.LayerTelemetry;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.postgresql.core.BaseConnection;

/**
 * Every function a statement reaches, as the server resolved them, with their volatility read
 * fresh from {@code pg_proc} (no cache: a {@code CREATE OR REPLACE} cannot outdate it).
 *
 * <p>How: in a transaction that is always rolled back, the server parses the statement (the native
 * SQL pgjdbc sent, parameters as {@code $n} with the types the server gave them) into the body of
 * a temporary SQL-standard function ({@code BEGIN ATOMIC}). PostgreSQL stores that body as its
 * parse tree ({@code pg_proc.prosqlbody}), in which every function call, operator, aggregate,
 * relation and type is an oid ({@code :funcid 1234}); attribute notation ({@code p.greeted} is
 * {@code greeted(p)}), Unicode-escaped and non-ASCII names, overloads and search_path are already
 * resolved. One catalog query then walks from that tree: views through their rewrite rules
 * ({@code pg_rewrite.ev_action}, views on views), row-level security policies, domains' CHECK
 * constraints, SQL-standard bodies of the functions it calls; operators to {@code oprcode};
 * aggregates to their {@code pg_aggregate} support functions (an aggregate is recorded immutable in
 * {@code pg_proc} whatever its transition function does); types to their I/O functions. It reports
 * a volatile function, a foreign table, or a write or row lock anywhere in those trees.
 *
 * <p>The tree's own text is the server's output: constants are printed as bytes and names with
 * their spaces escaped, so an application's text cannot spell a reference that is not there; a
 * spurious match only makes the proof more careful.
 *
 * <p>The temporary function lives in this session's {@code pg_temp}, is never committed (no other
 * session sees it) and nothing is left behind. It cannot be made on a hot standby or by a role
 * without the TEMP privilege: the walk then fails, and the statement is not proven.
 *
 * <p>It reports the volatile functions it reaches with their oids: where nothing else stands in the
 * way, {@link BodyProof} opens those of the application's own and walks their bodies in turn. What it
 * cannot see: what a STABLE (or IMMUTABLE) PL/pgSQL function does inside, e.g. call a VOLATILE writer;
 * such a function is judged by its declared volatility.
 */
final class CatalogWalk {

    private static final String FUNCTION = "pg_temp.retrying_jdbc_proof";

    /** A type name as pgjdbc prints it: plain, or quoted and schema-qualified. */
    private static final Pattern TYPE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*(\\[\\])*|\"[^\"]+\"\\.\"[^\"]+\"");

    private CatalogWalk() {
    }

    /** Whether every parameter's type is a name the proof can put into its own SQL as it is. */
    static boolean nameable(List<String> parameterTypes) {
        for (String type : parameterTypes) {
            if (type == null || !TYPE_NAME.matcher(type).matches()) {
                return false;
            }
        }
        return true;
    }

    /**
     * What the walk found: why the SQL is not proven (null: nothing stands in the way), and, when
     * only volatile functions of the application's own stand in the way, their oids, so that their
     * bodies may be walked in turn ({@link BodyProof}).
     */
    record Walk(String refusal, List<Long> routines) {

        static final Walk PROVEN = new Walk(null, List.of());

        static Walk not(String refusal) {
            return new Walk(refusal, List.of());
        }

        /** Only volatile functions stood in the way, each a routine whose body may be walked. */
        boolean onlyRoutines() {
            return refusal != null && !routines.isEmpty();
        }
    }

    /** The most volatile functions one walk reports; more than {@link BodyProof}'s bound makes no difference. */
    static final int MOST_ROUTINES = BodyProof.MOST_ROUTINES + 1;

    /**
     * What the walk of {@code nativeSql} found: what makes it unproven (a volatile function it
     * reaches, ...), or {@link Walk#PROVEN}.
     *
     * @param harmless volatile {@code pg_catalog} functions accepted anyway (running them again
     *                 changes nothing in the database)
     * @throws SQLException when the transaction could not be rolled back: the connection is unusable
     */
    static Walk statement(Connection fresh, String nativeSql, List<String> parameterTypes, List<String> harmless)
            throws SQLException {
        if (!nameable(parameterTypes)) {
            return Walk.not("a parameter of a type the proof cannot name: " + parameterTypes);
        }
        return body(fresh, String.join(", ", parameterTypes), nativeSql, harmless);
    }

    /**
     * The walk of {@code body} (statements, each ended by {@code ;} but the last) parsed as the body
     * of a temporary function with {@code parameters} (a parameter list, names and types): a
     * statement's, or a routine's body read as SQL ({@link RoutineBody}).
     */
    static Walk body(Connection fresh, String parameters, String body, List<String> harmless) throws SQLException {
        // a frame of its own (it must create before it turns read-only), so not ReadOnlyFrame.ask: the
        // layer's own question all the same, for a tracer (Telemetry)
        return Telemetry.ownWork(LayerTelemetry.Work.QUESTION, () -> walk(fresh, parameters, body, harmless));
    }

    /**
     * The walk of the SQL-standard body ({@code BEGIN ATOMIC}) of {@code routine}: the server's own
     * tree, nothing to make. Asked in a {@link ReadOnlyFrame}.
     */
    static Walk storedBody(Connection fresh, long routine, List<String> harmless) throws SQLException {
        try {
            return ReadOnlyFrame.ask(fresh, c -> {
                try (PreparedStatement ps = c.prepareStatement(WALK_FROM_ROUTINE)) {
                    ps.setLong(1, routine);
                    ps.setArray(2, c.createArrayOf("text", harmless.toArray()));
                    try (ResultSet rs = ps.executeQuery()) {
                        return read(rs);
                    }
                }
            });
        } catch (SQLException refused) {
            if (fresh.isClosed() || refused.getSQLState() == null || refused.getSQLState().startsWith("08")) {
                throw refused;
            }
            return Walk.not("the server could not make the proof (SQLState " + refused.getSQLState() + ")");
        }
    }

    private static Walk walk(Connection fresh, String parameters, String body, List<String> harmless)
            throws SQLException {
        String create = PlanCheck.MARK + "CREATE FUNCTION " + FUNCTION + "(" + parameters
                + ") RETURNS void LANGUAGE sql BEGIN ATOMIC\n" + body + "\n;\nEND";
        try {
            if (PgjdbcSplit.singleNativeSql(fresh.unwrap(BaseConnection.class), create, false) == null) {
                // the server would refuse the pieces anyway (extended protocol); not worth the round trips
                return Walk.not("pgjdbc sends its body as more than one statement");
            }
        } catch (SQLException notPgjdbc) {
            return Walk.not("not a pgjdbc connection");
        }
        try (Statement st = fresh.createStatement()) {
            st.setEscapeProcessing(false);
            try {
                // READ WRITE: a session that is read-only by default (readOnlyMode=always) may still
                // create a temporary function; a standby refuses, and the statement is not proven
                // jit off: the walk's estimated cost is high enough for JIT, whose compilation costs
                // about a second; SET LOCAL ends with the rollback
                st.execute(PlanCheck.MARK + "BEGIN READ WRITE; SET LOCAL jit = off");
                st.execute(create);
                // the function is made (parse analysis only: nothing of the application's runs); from here
                // on the transaction cannot write (making it read-only is allowed at any point)
                st.execute(PlanCheck.MARK + "SET TRANSACTION READ ONLY");
                try (PreparedStatement ps = fresh.prepareStatement(WALK)) {
                    Array allowed = fresh.createArrayOf("text", harmless.toArray());
                    ps.setArray(1, allowed);
                    try (ResultSet rs = ps.executeQuery()) {
                        return read(rs);
                    }
                }
            } catch (SQLException refused) {
                // the SQLState only: the server's words may quote the application's literals, and this
                // reason reaches the log and the application's exception
                return Walk.not("the server could not make the proof (SQLState " + refused.getSQLState() + ")");
            } finally {
                st.execute(PlanCheck.MARK + "ROLLBACK");
            }
        }
    }

    /**
     * The walk's rows: a refusal without an oid (a write, a foreign table) stands whatever else;
     * otherwise the volatile functions, each with its oid.
     */
    private static Walk read(ResultSet rs) throws SQLException {
        String firstVolatile = null;
        List<Long> routines = new ArrayList<>();
        while (rs.next()) {
            String reason = rs.getString(1);
            long oid = rs.getLong(2);
            if (rs.wasNull()) {
                return Walk.not(reason);
            }
            if (firstVolatile == null) {
                firstVolatile = reason;
            }
            routines.add(oid);
        }
        return firstVolatile == null ? Walk.PROVEN : new Walk(firstVolatile, List.copyOf(routines));
    }

    // tree: the statement's parse tree and every tree it reaches (views' rules, policies, domain
    // checks, SQL-standard function bodies); ref: every oid those trees name, by the field that
    // names it; fn: every function called, directly or as an operator's, aggregate's or type's.
    private static final String WALK = walkFrom("""
                SELECT p.prosqlbody::text FROM pg_catalog.pg_proc p
                 WHERE p.oid = pg_catalog.to_regproc('pg_temp.retrying_jdbc_proof')::oid""");

    /**
     * The walk from a tree the server printed for this session ({@link StandbyProof}): its one
     * parameter before the harmless names is that tree's text.
     */
    static final String WALK_FROM_TEXT = walkFrom("SELECT ?::text COLLATE \"C\"");

    /** The walk from a routine's SQL-standard body: its parameters, the routine's oid, then the harmless names. */
    private static final String WALK_FROM_ROUTINE = walkFrom("""
                SELECT p.prosqlbody::text FROM pg_catalog.pg_proc p
                 WHERE p.oid = ?::pg_catalog.oid AND p.prosqlbody IS NOT NULL""");

    /** The walk, from the trees {@code root} selects (one text column). */
    private static String walkFrom(String root) {
        return PlanCheck.MARK + "WITH RECURSIVE tree(t) AS (\n" + root + "\n" + WALK_REST;
    }

    private static final String WALK_REST = """
              UNION
                SELECT x.t FROM tree
                  CROSS JOIN LATERAL pg_catalog.regexp_matches(tree.t,
                      ':(relid|funcid|aggfnoid|winfnoid|opfuncid|[a-z]*type) (\\d+)', 'g') m
                  CROSS JOIN LATERAL (
                      SELECT w.ev_action::text FROM pg_catalog.pg_rewrite w
                       WHERE m[1] = 'relid' AND w.ev_class = m[2]::oid
                    UNION ALL
                      SELECT coalesce(pol.polqual::text, '') || ' ' || coalesce(pol.polwithcheck::text, '')
                        FROM pg_catalog.pg_policy pol WHERE m[1] = 'relid' AND pol.polrelid = m[2]::oid
                    UNION ALL
                      SELECT p.prosqlbody::text FROM pg_catalog.pg_proc p
                       WHERE m[1] IN ('funcid', 'aggfnoid', 'winfnoid', 'opfuncid') AND p.oid = m[2]::oid
                         AND p.prosqlbody IS NOT NULL
                    UNION ALL
                      SELECT c.conbin::text FROM pg_catalog.pg_constraint c
                       WHERE m[1] LIKE '%type' AND c.contypid = m[2]::oid AND c.conbin IS NOT NULL
                  ) x(t)
            ), ref(k, o) AS (
                SELECT m[1], m[2]::oid FROM tree CROSS JOIN LATERAL pg_catalog.regexp_matches(tree.t,
                    ':(relid|funcid|aggfnoid|winfnoid|opfuncid|hashfuncid|negfuncid|tsmhandler|opno|eqop|sortop|[a-z]*type) (\\d+)',
                    'g') m
              UNION
                SELECT 'opno', n::oid FROM tree
                  CROSS JOIN LATERAL pg_catalog.regexp_matches(tree.t, ':opnos \\(o((?: \\d+)+)\\)', 'g') m
                  CROSS JOIN LATERAL pg_catalog.regexp_split_to_table(pg_catalog.btrim(m[1]), ' ') n
            ), fn(oid) AS (
                SELECT o FROM ref WHERE k IN ('funcid', 'aggfnoid', 'winfnoid', 'opfuncid', 'hashfuncid', 'negfuncid', 'tsmhandler')
              UNION
                SELECT op.oprcode::oid FROM ref JOIN pg_catalog.pg_operator op ON op.oid = ref.o
                 WHERE ref.k IN ('opno', 'eqop', 'sortop')
              UNION
                SELECT f FROM ref JOIN pg_catalog.pg_aggregate a ON a.aggfnoid::oid = ref.o
                  CROSS JOIN LATERAL unnest(ARRAY[a.aggtransfn, a.aggfinalfn, a.aggcombinefn, a.aggserialfn,
                      a.aggdeserialfn, a.aggmtransfn, a.aggminvtransfn, a.aggmfinalfn]::oid[]) f
              UNION
                SELECT f FROM ref JOIN pg_catalog.pg_type ty ON ty.oid = ref.o AND ref.k LIKE '%type'
                  CROSS JOIN LATERAL unnest(ARRAY[ty.typinput, ty.typoutput, ty.typreceive, ty.typsend,
                      ty.typsubscript]::oid[]) f
            )
            (SELECT 'it writes or locks rows (a write, a writing CTE or FOR UPDATE/SHARE in its parse tree)', NULL::oid
               FROM tree WHERE t LIKE ANY (ARRAY['%:commandType 2 %', '%:commandType 3 %', '%:commandType 4 %',
                   '%:commandType 5 %', '%:commandType 6 %', '%:commandType 7 %', '%:hasModifyingCTE true%',
                   '%{ROWMARKCLAUSE%']) LIMIT 1)
            UNION ALL
            (SELECT 'it reaches the volatile function ' || p.oid::regprocedure::text, p.oid
               FROM fn JOIN pg_catalog.pg_proc p ON p.oid = fn.oid
              WHERE p.provolatile = 'v'
                AND NOT (p.pronamespace = 'pg_catalog'::regnamespace AND p.proname = ANY(?::text[]))""" + " LIMIT "
            + MOST_ROUTINES + ")" + """

            UNION ALL
            (SELECT 'it reads the foreign table ' || c.oid::regclass::text, NULL::oid
               FROM ref JOIN pg_catalog.pg_class c ON c.oid = ref.o
              WHERE ref.k = 'relid' AND c.relkind = 'f' LIMIT 1)""";
}
