package io.retrying.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.util.PSQLState;

/** What may reach a public endpoint: a label, a flag and a fixed sentence, nothing of the schema or the server. */
@ExtendWith(PgExtension.class)
class PublicErrorTest {

    @Test
    void realFailuresOnASecretTableLeakNothing(PgServer pg) throws Exception {
        pg.sql("CREATE TABLE secret_payroll_2026 (employee text PRIMARY KEY, salary numeric CHECK (salary > 0))",
                "INSERT INTO secret_payroll_2026 VALUES ('alice', 1)");
        List<String> forbidden = List.of("secret", "payroll", "2026", "employee", "salary", "alice",
                pg.host(), String.valueOf(pg.port()), pg.user(), "postgresql", "ERROR", "Detail", "Position");
        try (Connection c = pg.connect()) {
            SQLException column = assertThrows(SQLException.class,
                    () -> c.createStatement().executeQuery("SELECT secret_payroll_2026.bonus FROM secret_payroll_2026"));
            SQLException duplicate = assertThrows(SQLException.class,
                    () -> c.createStatement().executeUpdate("INSERT INTO secret_payroll_2026 VALUES ('alice', 2)"));
            SQLException check = assertThrows(SQLException.class,
                    () -> c.createStatement().executeUpdate("INSERT INTO secret_payroll_2026 VALUES ('bob', -1)"));
            pg.sql("DROP TABLE secret_payroll_2026");
            SQLException missing = assertThrows(SQLException.class,
                    () -> c.createStatement().executeQuery("SELECT * FROM secret_payroll_2026"));
            for (SQLException e : List.of(column, duplicate, check, missing)) {
                // the raw failure does name the table (or its constraint): the test can fail
                assertTrue(e.getMessage().contains("secret_payroll_2026"), e.getMessage());
                PublicError shown = PublicError.of(e);
                assertEquals(PublicError.QUERY_FAILED, shown, e.getSQLState());
                assertFalse(shown.retryable());
                String text = (shown.label() + " " + shown.message() + " " + shown).toLowerCase(Locale.ROOT);
                for (String word : forbidden) {
                    assertFalse(text.contains(word.toLowerCase(Locale.ROOT)), "'" + word + "' in " + text);
                }
                assertFalse(text.contains(e.getSQLState().toLowerCase(Locale.ROOT)), "the SQLSTATE is left out too");
            }
        }
    }

    @Test
    void labelsByClass() {
        assertEquals(PublicError.CONFLICT, PublicError.of(Failures.server("40001", "could not serialize")));
        assertEquals(PublicError.CONFLICT, PublicError.of(Failures.server("40P01", "deadlock detected")));
        assertEquals(PublicError.CONFLICT, PublicError.of(Failures.server("55P03", "could not obtain lock on row in relation \"x\"")));
        assertEquals(PublicError.CONFLICT, PublicError.of(Failures.server("26000", "prepared statement \"S_1\" does not exist")));
        assertEquals(PublicError.TOO_MANY_CONNECTIONS, PublicError.of(Failures.server("53300", "too many connections for role \"app\"")));
        assertEquals(PublicError.TOO_MANY_CONNECTIONS, PublicError.of(new SQLTransientConnectionException("HikariPool-1 - Connection is not available")));
        assertEquals(PublicError.CONNECTION_FAILED, PublicError.of(Failures.server("57P01", "terminating connection")));
        assertEquals(PublicError.CONNECTION_FAILED, PublicError.of(Failures.server("57P03", "the database system is starting up")));
        assertEquals(PublicError.CONNECTION_FAILED, PublicError.of(Failures.client("Connection to db.internal:5432 refused.",
                PSQLState.CONNECTION_UNABLE_TO_CONNECT, new ConnectException())));
        assertEquals(PublicError.TIMEOUT, PublicError.of(Failures.server("57014", "canceling statement due to statement timeout")));
        assertEquals(PublicError.TIMEOUT, PublicError.of(Failures.client("An I/O error occurred while sending to the backend.",
                PSQLState.CONNECTION_FAILURE, new SocketTimeoutException("Read timed out"))));
        assertEquals(PublicError.COMMIT_UNKNOWN, PublicError.of(new CommitOutcomeUnknownException("commit lost", 7, null)));
        assertEquals(PublicError.QUERY_FAILED, PublicError.of(Failures.server("28P01", "password authentication failed for user \"app\"")));
        assertEquals(PublicError.QUERY_FAILED, PublicError.of(new IllegalStateException("anything")));
        assertThrows(NullPointerException.class, () -> PublicError.of(null));
    }

    @Test
    void exhaustedRetriesAreJudgedByTheirLastFailure() {
        SQLException exhausted = RetryPolicy.defaults().exhausted(Failures.server("40001", "could not serialize"), 3, List.of());
        assertEquals(PublicError.CONFLICT, PublicError.of(exhausted));
        assertTrue(PublicError.of(exhausted).retryable());
    }

    @Test
    void retryableFlags() {
        for (PublicError e : PublicError.values()) {
            boolean expected = e != PublicError.COMMIT_UNKNOWN && e != PublicError.QUERY_FAILED;
            assertEquals(expected, e.retryable(), e.label());
            assertEquals(e.name(), e.label());
            assertTrue(e.message().endsWith("."));
        }
    }
}
