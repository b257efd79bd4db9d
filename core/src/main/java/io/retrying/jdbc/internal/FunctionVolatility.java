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
 * <p>Looked up on a failure path only, once per function name per database (keyed by
 * {@link Dialer#describe()}), and cached. A name with any volatile overload in any schema counts
 * as volatile; a name not in {@code pg_proc} is not cached and counts as unknown, i.e. not
 * provably read-only. Thread-safe.
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
