package io.retrying.jdbc.internal.proof;

import io.retrying.jdbc.internal.sql.SqlScan;
import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.CachedQuery;
import org.postgresql.core.Parser;
import org.postgresql.core.Query;
import org.postgresql.jdbc.PreferQueryMode;

/**
 * How pgjdbc itself cuts a JDBC string into the statements it sends: its own parser, with the
 * connection's {@code standard_conforming_strings} and escape processing, exactly as it parsed the
 * lost execution. Our lexer ({@code SqlScan}) may misread a string (a backslash in a literal with
 * {@code standard_conforming_strings=off}, a {@code BEGIN ATOMIC} body); what pgjdbc sent is what
 * the server ran, so that is what the proof and the multi-statement rule look at. Failure path only.
 */
public final class PgjdbcSplit {

    private PgjdbcSplit() {
    }

    /**
     * The native SQL pgjdbc sends for {@code sql} (placeholders as {@code $n}), or null when it
     * sends more than one statement for it.
     */
    static String singleNativeSql(BaseConnection pg, String sql, boolean parameterized) throws SQLException {
        Query query = parse(pg, sql, parameterized).query;
        Query[] parts = query.getSubqueries();
        return parts == null || parts.length == 1 ? (parts == null ? query : parts[0]).getNativeSql() : null;
    }

    /**
     * How many statements pgjdbc sends for {@code sql} on {@code physical} (which may already be
     * closed: the parser reads only settings pgjdbc keeps); {@link Integer#MAX_VALUE} when that
     * cannot be told, so that a caller is careful.
     */
    public static int statements(Connection physical, String sql, boolean parameterized) {
        BaseConnection pg = null;
        try {
            pg = physical.unwrap(BaseConnection.class);
        } catch (SQLException | RuntimeException closed) {
            // a closed connection may refuse unwrap: read the string both ways below
        }
        try {
            if (pg != null) {
                Query[] parts = parse(pg, sql, parameterized).query.getSubqueries();
                return parts == null ? 1 : parts.length;
            }
            return Math.max(count(sql, true, parameterized), count(sql, false, parameterized));
        } catch (SQLException | RuntimeException e) {
            return Integer.MAX_VALUE;
        }
    }

    /** pgjdbc's parse (escape processing, then the split) without a connection. */
    private static int count(String sql, boolean standardConformingStrings, boolean parameterized) throws SQLException {
        String processed = Parser.replaceProcessing(sql, true, standardConformingStrings);
        return Parser.parseJdbcSql(processed, standardConformingStrings, parameterized, true, false, false).size();
    }

    private static CachedQuery parse(BaseConnection pg, String sql, boolean parameterized) throws SQLException {
        // createQuery parses without touching the connection's statement cache or the server
        return pg.createQuery(sql, true, parameterized);
    }

    /**
     * Whether pgjdbc sends statements with the extended protocol, where the server refuses a Parse
     * of more than one statement: a proof statement that the server would read as two (where pgjdbc
     * read one) then fails instead of running the second.
     */
    static boolean extendedProtocol(BaseConnection pg) {
        return pg.getPreferQueryMode() != PreferQueryMode.SIMPLE;
    }
}
