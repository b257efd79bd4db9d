package io.retrying.jdbc.internal.proof;

/**
 * The catalog query's piece that finds which of the database's own routines reach a kind of code,
 * through their bodies, transitively: shared by the questions that ask it of different kinds
 * ({@code StatefulRoutines}: code that leaves session state; {@link OutsideEffects}: code that acts
 * outside the transaction), so that the recursion is written once.
 *
 * <p>{@code own} holds the application's routines (not the catalogs', not an extension's, whose C
 * code is not ours to read; no aggregates): {@code oid, proname, prosrc, prosqlbody, pronargs,
 * proargtypes, lanname}. The closure named by the caller starts from the caller's routines and adds
 * every routine of {@code own} whose body calls one already in it: in text ({@code prosrc}) by name
 * as a word, case-insensitively (more matches only make the layer more careful), in a SQL-standard
 * body ({@code prosqlbody}) by oid. Regular expressions in POSIX classes only ({@code [[:<:]]} and
 * {@code [[:>:]]} are word bounds): no backslash, so they read the same whatever
 * standard_conforming_strings says; no {@code %}, so a caller may pass the text through
 * {@link String#formatted}.
 */
public final class RoutineClosure {

    private static final String OWN = """
            own AS (
                SELECT p.oid, p.proname, p.prosrc, p.prosqlbody, p.pronargs, p.proargtypes, l.lanname
                  FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_language l ON l.oid = p.prolang
                 WHERE p.pronamespace NOT IN ('pg_catalog'::pg_catalog.regnamespace,
                           'information_schema'::pg_catalog.regnamespace)
                   AND p.prokind <> 'a'
                   AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
                         WHERE d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.objid = p.oid
                           AND d.deptype = 'e')
            )""";

    /**
     * Whether the routine {@code s} (a row of the closure) runs without any call of it by name, neither
     * in a statement's text nor in its plan: as a trigger or event trigger, an operator's code, a cast,
     * an aggregate's support function, a type's input or output.
     */
    public static final String RUN_UNNAMED = """
            (EXISTS (SELECT 1 FROM pg_catalog.pg_trigger t WHERE t.tgfoid = s.oid)
                OR EXISTS (SELECT 1 FROM pg_catalog.pg_event_trigger e WHERE e.evtfoid = s.oid)
                OR EXISTS (SELECT 1 FROM pg_catalog.pg_operator op WHERE op.oprcode = s.oid)
                OR EXISTS (SELECT 1 FROM pg_catalog.pg_cast c WHERE c.castfunc = s.oid)
                OR EXISTS (SELECT 1 FROM pg_catalog.pg_aggregate a WHERE s.oid IN (a.aggtransfn, a.aggfinalfn,
                       a.aggcombinefn, a.aggserialfn, a.aggdeserialfn, a.aggmtransfn, a.aggminvtransfn, a.aggmfinalfn))
                OR EXISTS (SELECT 1 FROM pg_catalog.pg_type ty WHERE s.oid IN (ty.typinput, ty.typoutput, ty.typreceive,
                       ty.typsend)))""";

    private RoutineClosure() {
    }

    /**
     * {@code WITH RECURSIVE own AS (...), <name>(oid, proname) AS (<start> UNION <the callers>)}, to be
     * followed by the caller's SELECT.
     *
     * @param name  the closure's name in the query
     * @param start a SELECT of {@code oid, proname} from {@code own o}: the routines whose own body
     *              reaches the kind of code asked about
     */
    public static String with(String name, String start) {
        return "WITH RECURSIVE " + OWN + ",\n" + name + "(oid, proname) AS (\n" + start
                + "\n  UNION\n    SELECT o.oid, o.proname FROM own o JOIN " + name + " s ON o.oid <> s.oid"
                + "\n     WHERE o.prosrc OPERATOR(pg_catalog.~*) ('[[:<:]]' || s.proname::pg_catalog.text || '[[:>:]]')"
                + "\n        OR o.prosqlbody::pg_catalog.text OPERATOR(pg_catalog.~)"
                + " (':funcid ' || s.oid::pg_catalog.text || '[[:>:]]')\n)\n";
    }
}
