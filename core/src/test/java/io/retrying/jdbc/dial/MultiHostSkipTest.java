package io.retrying.jdbc.dial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.CircuitState;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.dial.Breakers;
import io.retrying.jdbc.internal.dial.CircuitBreaker;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A URL naming several hosts skips the hosts whose breaker is open while another can be tried.
 * pgjdbc is told to forget host status at once ({@code hostRecheckSeconds=0}), so on its own it
 * tries the dead first host before the live one on every dial; through the breaker only the first
 * few dials and a probe now and then go there.
 */
@ExtendWith(PgExtension.class)
class MultiHostSkipTest {

    @Test
    void aDeadHostIsSkippedWhileTheLiveOneIsDialed(PgServer pg) throws Exception {
        int deadPort;
        try (ServerSocket s = new ServerSocket(0)) {
            deadPort = s.getLocalPort();
        }
        String url = "jdbc:retrying:postgresql://127.0.0.1:" + deadPort + "," + pg.host() + ":" + pg.port() + "/"
                + pg.database() + "?user=" + pg.user() + "&sslmode=disable&hostRecheckSeconds=0";
        int dials = 40;
        long start = System.nanoTime();
        for (int i = 0; i < dials; i++) {
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT inet_server_port()")) {
                rs.next();
                assertEquals(pg.port(), rs.getInt(1), "connected to the live host");
            }
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        CircuitBreaker dead = Breakers.shared().find("127.0.0.1:" + deadPort);
        assertNotNull(dead, "the dead host has a breaker");
        assertEquals(CircuitState.OPEN, dead.state());
        // three refusals open it; then a probe per open interval (at most 200 ms) at most
        long allowed = 3 + ms / 25 + 1;
        assertTrue(dead.consecutiveFailures() <= Math.min(allowed, dials / 2),
                dead.consecutiveFailures() + " dials of " + dials + " went to the dead host in " + ms + " ms");
        assertEquals(CircuitState.CLOSED, Breakers.shared().find(pg.host() + ":" + pg.port()).state());
    }

    /**
     * pgjdbc sends a cancel request (a query timeout) on a socket of the URL's socket factory, and
     * the server closes it without a word, by design: that is no dial, and no failure to reach the
     * host, however many come in a row.
     */
    @Test
    void cancelRequestsDoNotCountAgainstTheirHost(PgServer pg) throws Exception {
        int deadPort;
        try (ServerSocket s = new ServerSocket(0)) {
            deadPort = s.getLocalPort();
        }
        String url = "jdbc:retrying:postgresql://127.0.0.1:" + deadPort + "," + pg.host() + ":" + pg.port() + "/"
                + pg.database() + "?user=" + pg.user() + "&sslmode=disable";
        String live = pg.host() + ":" + pg.port();
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            st.setQueryTimeout(1);
            for (int i = 0; i < 4; i++) {
                java.sql.SQLException cancelled = org.junit.jupiter.api.Assertions.assertThrows(java.sql.SQLException.class,
                        () -> st.executeQuery("SELECT pg_sleep(5)"));
                assertEquals("57014", cancelled.getSQLState());
                assertEquals(0, Breakers.shared().find(live).consecutiveFailures(), "after cancel " + (i + 1));
            }
        }
        assertEquals(CircuitState.CLOSED, Breakers.shared().find(live).state());
    }
}
