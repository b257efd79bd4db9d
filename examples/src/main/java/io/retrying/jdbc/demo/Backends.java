package io.retrying.jdbc.demo;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;

/** Kills backends by application_name with plain SQL: what any target can do, an external server too. */
final class Backends {
    private Backends() {
    }

    /**
     * Sends every backend whose application_name is one of {@code applicationNames} the terminate
     * signal, all at once, and returns without waiting for them to exit: the demo wants the fault,
     * not the bookkeeping (waiting for each in turn costs about 100 ms a backend).
     *
     * @return how many were signalled
     */
    static int terminate(Connection admin, Collection<String> applicationNames) throws SQLException {
        Array names = admin.createArrayOf("text", applicationNames.toArray());
        try (PreparedStatement ps = admin.prepareStatement("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))"
                + " FROM pg_stat_activity WHERE application_name = ANY (?) AND pid <> pg_backend_pid()")) {
            ps.setArray(1, names);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        } finally {
            names.free();
        }
    }
}
