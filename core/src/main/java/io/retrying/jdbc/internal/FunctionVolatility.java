package io.retrying.jdbc.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Whether the relations and operators a text names reach a volatile function, read fresh from the
 * catalog (no cache: a {@code CREATE OR REPLACE} would outdate it). Used by {@code CommitResolver}
 * for a transaction that only read; an autocommit statement after a silent loss is proven by the
 * server instead ({@code io.retrying.jdbc.internal.proof.ReadOnlyProof}).
 */
final class FunctionVolatility {

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


    /**
     * Whether every one of {@code names} is in {@code pg_proc} with no volatile overload in any
     * schema, read now: no cache, so that a {@code CREATE OR REPLACE} is seen at once.
     */
    static boolean allNonVolatile(List<String> names, Connection physical) throws SQLException {
        if (names.isEmpty()) {
            return true;
        }
        try (PreparedStatement ps = physical.prepareStatement("SELECT count(DISTINCT proname) = cardinality(?::text[])"
                + " AND NOT bool_or(provolatile = 'v') FROM pg_catalog.pg_proc WHERE proname = ANY(?::text[])")) {
            Object[] distinct = new java.util.LinkedHashSet<>(names).toArray();
            ps.setArray(1, physical.createArrayOf("text", distinct));
            ps.setArray(2, physical.createArrayOf("text", distinct));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }
}
