package io.retrying.jdbc.internal;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which functions are volatile in one database's {@code pg_proc}: a query that calls only
 * non-volatile functions cannot write (PostgreSQL refuses writes inside stable and immutable
 * functions), so it may be replayed after a lost socket.
 *
 * <p>The functions a query names are looked up on a failure path only, once per function name per
 * database (keyed by {@link Dialer#describe()}), and cached. A name with any volatile overload in
 * any schema counts as volatile; a name not in {@code pg_proc} is not cached and counts as
 * unknown, i.e. not provably read-only.
 *
 * <p>The functions a query reaches without naming them are asked about every time (views and
 * policies change; this runs only after a lost socket): those of the views it reads (through
 * views on views), of the row-level security policies of the tables it reads, and of the
 * operators it and they use. Thread-safe.
 */
final class FunctionVolatility {

    private static final int MAX_DATABASES = 64;
    private static final int MAX_NAMES = 10_000;
    private static final ConcurrentHashMap<String, FunctionVolatility> BY_DATABASE = new ConcurrentHashMap<>();

    /** Function name to "has a volatile overload". */
    private final ConcurrentHashMap<String, Boolean> volatileByName = new ConcurrentHashMap<>();

    static FunctionVolatility of(String database) {
        if (BY_DATABASE.size() > MAX_DATABASES) {
            BY_DATABASE.clear();
        }
        return BY_DATABASE.computeIfAbsent(database, k -> new FunctionVolatility());
    }

    /**
     * Whether a relation named in {@code words} (any schema) is a view or a table with row-level
     * security whose definition reaches a volatile function, directly or through an operator, a
     * view it reads or one of their operators; or whether one of {@code operators} is implemented by
     * a volatile function. Not cached.
     */
    static boolean reachesVolatile(List<String> words, List<String> operators, Connection physical) throws SQLException {
        if (words.isEmpty() && operators.isEmpty()) {
            return false;
        }
        try (PreparedStatement ps = physical.prepareStatement(REACHES_VOLATILE)) {
            ps.setArray(1, physical.createArrayOf("text", words.toArray()));
            ps.setArray(2, physical.createArrayOf("text", operators.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                return !rs.next() || rs.getBoolean(1);
            }
        }
    }

    // The views (and views they read) and row-secured tables among the named relations; what their
    // rewrite rules and policies depend on in pg_depend (functions, and operators, which stand for
    // their implementing function); the named operators' functions. Is any of those volatile?
    private static final String REACHES_VOLATILE = """
            WITH RECURSIVE rel(oid) AS (
                SELECT c.oid FROM pg_catalog.pg_class c WHERE c.relname = ANY(?)
              UNION
                SELECT d.refobjid FROM rel
                  JOIN pg_catalog.pg_rewrite w ON w.ev_class = rel.oid
                  JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_rewrite'::regclass
                       AND d.objid = w.oid AND d.refclassid = 'pg_catalog.pg_class'::regclass
            ), dep(classid, objid) AS (
                SELECT d.refclassid, d.refobjid FROM rel
                  JOIN pg_catalog.pg_rewrite w ON w.ev_class = rel.oid
                  JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_rewrite'::regclass AND d.objid = w.oid
              UNION ALL
                SELECT d.refclassid, d.refobjid FROM rel
                  JOIN pg_catalog.pg_policy p ON p.polrelid = rel.oid
                  JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_policy'::regclass AND d.objid = p.oid
            ), fn(oid) AS (
                SELECT objid FROM dep WHERE classid = 'pg_catalog.pg_proc'::regclass
              UNION ALL
                SELECT o.oprcode FROM dep JOIN pg_catalog.pg_operator o ON o.oid = dep.objid
                 WHERE dep.classid = 'pg_catalog.pg_operator'::regclass
              UNION ALL
                SELECT o.oprcode FROM pg_catalog.pg_operator o WHERE o.oprname = ANY(?)
            )
            SELECT EXISTS (SELECT 1 FROM fn JOIN pg_catalog.pg_proc p ON p.oid = fn.oid WHERE p.provolatile = 'v')""";

    /** Whether every one of {@code names} is known and non-volatile, asking {@code physical} about the rest. */
    boolean allNonVolatile(List<String> names, Connection physical) throws SQLException {
        List<String> unknown = new ArrayList<>();
        for (String name : names) {
            Boolean isVolatile = volatileByName.get(name);
            if (isVolatile == null) {
                unknown.add(name);
            } else if (isVolatile) {
                return false;
            }
        }
        if (unknown.isEmpty()) {
            return true;
        }
        if (volatileByName.size() > MAX_NAMES) {
            volatileByName.clear();
        }
        int found = 0;
        boolean anyVolatile = false;
        Array array = physical.createArrayOf("text", unknown.toArray());
        try (PreparedStatement ps = physical.prepareStatement(
                "SELECT proname, bool_or(provolatile = 'v') FROM pg_catalog.pg_proc WHERE proname = ANY(?) GROUP BY proname")) {
            ps.setArray(1, array);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    boolean isVolatile = rs.getBoolean(2);
                    volatileByName.put(rs.getString(1), isVolatile);
                    anyVolatile |= isVolatile;
                    found++;
                }
            }
        }
        return !anyVolatile && found == new java.util.HashSet<>(unknown).size();
    }
}
