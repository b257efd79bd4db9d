package io.retrying.jdbc;

import java.sql.SQLException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.postgresql.util.ServerErrorMessage;

/**
 * Exceptions shaped as pgjdbc makes them, for unit tests of what a server cannot produce on demand
 * (and for tables of every code). The real-server tests provoke the real ones.
 */
final class Failures {
    private Failures() {
    }

    /**
     * An error the server reported: a PSQLException with a ServerErrorMessage, as pgjdbc builds it
     * from PostgreSQL's ErrorResponse, which always names the routine that raised it.
     */
    static PSQLException server(String sqlState, String message) {
        return server(sqlState, message, "errfinish");
    }

    /** An ErrorResponse of a pooler's (PgBouncer's): FATAL, and no routine or file. */
    static PSQLException pooler(String sqlState, String message) {
        String wire = "SFATAL\0VFATAL\0C" + sqlState + "\0M" + message + "\0";
        return new PSQLException(new ServerErrorMessage(wire));
    }

    static PSQLException server(String sqlState, String message, String routine) {
        // class 08 comes from PostgreSQL as FATAL (the session ends), as 57P01's terminations do
        String severity = sqlState.startsWith("08") ? "FATAL" : "ERROR";
        return server(sqlState, message, routine, severity);
    }

    /** An ErrorResponse of PostgreSQL's of the given severity. */
    static PSQLException server(String sqlState, String message, String routine, String severity) {
        StringBuilder wire = new StringBuilder()
                .append("S").append(severity).append("\0").append("V").append(severity).append("\0")
                .append("C").append(sqlState).append('\0')
                .append("M").append(message).append('\0');
        if (routine != null) {
            wire.append("R").append(routine).append('\0');
        }
        return new PSQLException(new ServerErrorMessage(wire.toString()));
    }

    /** A failure pgjdbc reports by itself (no server word), e.g. 08006 after an I/O error. */
    static PSQLException client(String message, PSQLState state, Throwable cause) {
        return new PSQLException(message, state, cause);
    }

    static SQLException plain(String sqlState) {
        return new SQLException("failure " + sqlState, sqlState);
    }
}
