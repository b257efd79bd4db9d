package io.retrying.jdbc.own;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.wrapper.Physical;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 28: a give-up's reason is logged (WARN, one line) in the layer's own words and the server's
 * SQLState only. The server's message may quote the application's SQL (a literal in an error of
 * the proof's EXPLAIN: a value, a tenant, a token), and a log is not the place for it.
 */
@ExtendWith(PgExtension.class)
class GiveUpReasonsLogNoLiteralTest {

    private static final String LITERAL = "tenant-secret-7f3a";

    private final PgServer pg;

    GiveUpReasonsLogNoLiteralTest(PgServer pg) {
        this.pg = pg;
    }

    @Test
    void aProofTheServerRefusesIsLoggedWithItsSqlStateNotTheApplicationsLiterals() throws Exception {
        // the server runs it, its reply is lost; the proof's EXPLAIN then fails with 22P02, whose
        // message quotes the literal
        String read = "SELECT '" + LITERAL + "'::int /* gr-read */";
        PrintStream err = System.err;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        SQLException e;
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(); Statement st = c.createStatement()) {
                proxy.dropReplyAfterStatementContaining("gr-read");
                System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
                try {
                    e = assertThrows(SQLException.class, () -> st.executeQuery(read).close());
                } finally {
                    System.setErr(err);
                }
                assertFalse(proxy.dropReplyAfterStatementArmed(), "the reply was dropped");
                assertEquals(1, physical.executions("gr-read"), "not run again");
            }
        }
        assertEquals("08007", e.getSQLState(), () -> "got " + e);
        String logged = log.toString(StandardCharsets.UTF_8);
        assertTrue(logged.contains("22P02"), () -> "the give-up names the server's SQLState: " + logged);
        assertFalse(logged.contains(LITERAL), () -> "no literal of the application's SQL in the log: " + logged);
        assertFalse(e.getMessage().contains(LITERAL), e::getMessage);
    }
}
