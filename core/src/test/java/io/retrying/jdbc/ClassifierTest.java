package io.retrying.jdbc;

import static io.retrying.jdbc.Retryability.BACKPRESSURE;
import static io.retrying.jdbc.Retryability.FATAL;
import static io.retrying.jdbc.Retryability.RECONNECT;
import static io.retrying.jdbc.Retryability.RESET_STATE;
import static io.retrying.jdbc.Retryability.SAFE;
import static io.retrying.jdbc.Retryability.UNKNOWN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/** The recovery-class table of DESIGN.md, row for row, and the chain walking around it. */
class ClassifierTest {

    /**
     * Every code of the table, in every context that changes its answer:
     * code, wrote, merging, multiHostPrimary, expected.
     */
    @ParameterizedTest(name = "{0} wrote={1} merging={2} multiHostPrimary={3} -> {4}")
    @CsvSource({
            // SAFE, and stays SAFE when the work wrote: a conflict means nothing committed
            "40001, false, false, false, SAFE",
            "40001, true,  false, false, SAFE",
            "40P01, false, false, false, SAFE",
            "40P01, true,  false, false, SAFE",
            // merge races: SAFE only when merging
            "23505, false, false, false, FATAL",
            "23505, false, true,  false, SAFE",
            "23505, true,  true,  false, SAFE",
            "42P07, false, false, false, FATAL",
            "42P07, false, true,  false, SAFE",
            // class 08: lost connections become UNKNOWN when the work wrote
            "08000, false, false, false, RECONNECT",
            "08000, true,  false, false, UNKNOWN",
            "08003, false, false, false, RECONNECT",
            "08003, true,  false, false, UNKNOWN",
            "08006, false, false, false, RECONNECT",
            "08006, true,  false, false, UNKNOWN",
            "08P01, false, false, false, RECONNECT",
            "08P01, true,  false, false, UNKNOWN",
            "08xyz, false, false, false, RECONNECT",
            "08xyz, true,  false, false, UNKNOWN",
            // failed dials: nothing ran, RECONNECT whatever was written before
            "08001, false, false, false, RECONNECT",
            "08001, true,  false, false, RECONNECT",
            // pgjdbc's own refusal at connect (requireAuth, SCRAM without a password): permanent
            "08004, false, false, false, FATAL",
            "08004, true,  false, false, FATAL",
            // 08007 is the exception in class 08
            "08007, false, false, false, UNKNOWN",
            "08007, true,  false, false, UNKNOWN",
            // terminated backends: a commit record may have been written
            "57P01, false, false, false, RECONNECT",
            "57P01, true,  false, false, UNKNOWN",
            "57P02, false, false, false, RECONNECT",
            "57P02, true,  false, false, UNKNOWN",
            // refused at connect, idle outside a transaction, rolled back by the server
            "57P03, false, false, false, RECONNECT",
            "57P03, true,  false, false, RECONNECT",
            "57P05, false, false, false, RECONNECT",
            "57P05, true,  false, false, RECONNECT",
            "25P03, false, false, false, RECONNECT",
            "25P03, true,  false, false, RECONNECT",
            // a standby: RECONNECT only through a multi-host URL asking for the primary
            "25006, false, false, false, FATAL",
            "25006, false, false, true,  RECONNECT",
            "25006, true,  false, true,  RECONNECT",
            // BACKPRESSURE
            "53000, false, false, false, BACKPRESSURE",
            "53200, false, false, false, BACKPRESSURE",
            "53300, false, false, false, BACKPRESSURE",
            "53300, true,  false, false, BACKPRESSURE",
            "55P03, false, false, false, BACKPRESSURE",
            "55006, false, false, false, BACKPRESSURE",
            // RESET_STATE
            "26000, false, false, false, RESET_STATE",
            "26000, true,  false, false, RESET_STATE",
            // UNKNOWN
            "40003, false, false, false, UNKNOWN",
            // FATAL: timeouts, syntax, data, constraints, permissions, unknown codes
            "57014, false, false, false, FATAL",
            "57014, false, true,  true,  FATAL",
            "42601, false, false, false, FATAL",
            "42P01, false, false, false, FATAL",
            "42703, false, false, false, FATAL",
            "42501, false, false, false, FATAL",
            "23503, false, true,  false, FATAL",
            "22012, false, false, false, FATAL",
            "28P01, false, false, false, FATAL",
            "25P02, false, false, false, FATAL",
            "57P04, false, false, false, FATAL",
            "53100, false, false, false, FATAL",
            "XX000, false, false, false, FATAL",
            "99999, false, false, false, FATAL",
    })
    void everyCodeOfTheTable(String code, boolean wrote, boolean merging, boolean multiHostPrimary, Retryability expected) {
        // as the server reports it, and as a plain SQLException carrying only the code
        assertEquals(expected, Classifier.retryability(Failures.server(code, "m"), wrote, merging, multiHostPrimary));
        assertEquals(expected, Classifier.retryability(Failures.plain(code), wrote, merging, multiHostPrimary));
    }

    /**
     * The codes of DESIGN.md's table, class by class: a code added to (or dropped from) the
     * classifier without the design and this test fails here.
     */
    @Test
    void aProtocolViolationTheServerReportsAsAnErrorLeavesTheSessionAlive() {
        // PostgreSQL's "invalid message format" of a Bind (a zero byte in simple query mode): ERROR
        // 08P01, the backend lives on; pgjdbc keeps its connection, and so must the layer
        assertEquals(Retryability.FATAL, Classifier.retryability(
                Failures.server("08P01", "invalid message format", "pq_getmsgend", "ERROR")));
        assertEquals(Retryability.RECONNECT, Classifier.retryability(
                Failures.server("08P01", "invalid frontend message type 0", "SocketBackend", "FATAL")));
    }

    @Test
    void aPoolersWordThatItForwardedTheStatementIsNotTheServersReportThatItRolledBack() {
        // PgBouncer after its server connection died under a forwarded statement: the statement may have
        // committed; only PostgreSQL's own ErrorResponse (it names its routine) says it was rolled back
        assertFalse(Classifier.serverReported(Failures.pooler("08P01", "server conn crashed?")));
        assertFalse(Classifier.serverReported(Failures.pooler("08P01", "query_timeout")));
        // what PgBouncer says before any server saw the statement
        assertTrue(Classifier.serverReported(Failures.pooler("08P01",
                "server login has been failing, try again later (server_login_retry)")));
        assertTrue(Classifier.serverReported(Failures.pooler("08P01", "query_wait_timeout")));
        assertTrue(Classifier.serverReported(Failures.server("57P01", "terminating connection due to administrator command")));
    }

    @Test
    void aConflictTheServerEndedTheSessionWithNeedsANewConnection() {
        // a hot standby's FATAL 40001 (a session idle in a transaction in replay's way): pgjdbc chains
        // the socket's end after the server's error (RecoveryConflictTest provokes it for real)
        PSQLException ended = Failures.server("40001", "terminating connection due to conflict with recovery");
        ended.setNextException(Failures.client("An I/O error occurred while sending to the backend.",
                PSQLState.CONNECTION_FAILURE, new java.io.EOFException()));
        assertEquals(RECONNECT, Classifier.retryability(ended));
        assertEquals(RECONNECT, Classifier.retryability(ended, true, false), "reported: nothing committed");
        // the statement cancelled, the session alive
        assertEquals(SAFE, Classifier.retryability(Failures.server("40001", "canceling statement due to conflict with recovery")));
        // a 40001 the layer made (ReplayDivergedException) over a lost connection is no server word
        SQLException diverged = new SQLException("diverged", "40001", Failures.plain("08006"));
        assertEquals(SAFE, Classifier.retryability(diverged));
        assertEquals(FATAL, Classifier.retryability(Failures.server("57P04", "terminating connection due to conflict with recovery")));
    }

    @Test
    void theTableListsExactlyTheCodesOfTheDesign() {
        Set<String> design = Set.of(
                "40001", "40P01", "23505", "42P07",                                    // SAFE (the last two when merging)
                "08000", "08003", "08006", "08P01", "08001", "08004",                  // RECONNECT: class 08 (listed ones)
                "57P01", "57P02", "57P03", "57P05", "25P03", "25006",                  // RECONNECT
                "53000", "53200", "53300", "55P03", "55006",                           // BACKPRESSURE
                "26000", "0A000",                                                      // RESET_STATE
                "40003", "08007",                                                      // UNKNOWN
                "57014", "57P04");                                                     // FATAL, listed for their comments
        assertEquals(new TreeSet<>(design), new TreeSet<>(Classifier.listedCodes()));
    }

    @Test
    void shortFormsAreTheDefaultContext() {
        assertEquals(FATAL, Classifier.retryability(Failures.plain("23505")));
        assertEquals(SAFE, Classifier.retryability(Failures.plain("23505"), false, true));
        assertEquals(UNKNOWN, Classifier.retryability(Failures.plain("08006"), true, false));
        assertEquals(FATAL, Classifier.retryability(Failures.plain("25006"), false, false));
        assertTrue(Classifier.isRetryable(Failures.plain("40001")));
        assertFalse(Classifier.isRetryable(Failures.plain("08007")));
        assertFalse(Classifier.isRetryable(Failures.plain("42601")));
    }

    @Test
    void cachedPlanIsResetStateAndOtherUnsupportedFeaturesAreFatal() {
        // the routine, which is the same in every server language
        assertEquals(RESET_STATE, Classifier.retryability(
                Failures.server("0A000", "der zwischengespeicherte Plan ...", "RevalidateCachedQuery")));
        // the message, for exceptions that have no server fields
        assertEquals(RESET_STATE, Classifier.retryability(
                new SQLException("ERROR: cached plan must not change result type", "0A000")));
        assertEquals(FATAL, Classifier.retryability(Failures.server("0A000", "LOCK TABLE is not supported", "ProcessUtility")));
        assertEquals(FATAL, Classifier.retryability(Failures.plain("0A000")));
    }

    @Test
    void terminatedBackendWithItsChainedConnectionFailure() {
        // given pgjdbc's shape: 57P01 from the server, 08006 chained when the socket then ended
        SQLException terminated = Failures.server("57P01", "terminating connection due to administrator command");
        terminated.setNextException(Failures.client("An I/O error occurred while sending to the backend.",
                PSQLState.CONNECTION_FAILURE, new EOFException()));
        // then
        assertEquals(RECONNECT, Classifier.retryability(terminated));
        assertEquals(UNKNOWN, Classifier.retryability(terminated, true, false));
        assertEquals("57P01", Classifier.sqlState(terminated));
        assertTrue(Classifier.serverReported(terminated));
    }

    @Test
    void nextExceptionsAndCausesAreRead() {
        // a batch failure names the real error in its next exception
        BatchUpdateException batch = new BatchUpdateException("Batch entry 0 was aborted", null, 0, new int[0], null);
        batch.setNextException(Failures.server("40P01", "deadlock detected"));
        assertEquals(SAFE, Classifier.retryability(batch));
        // an application's wrapper with no code of its own
        assertEquals(SAFE, Classifier.retryability(new RuntimeException(new IllegalStateException(Failures.plain("40001")))));
        // an outer code that is not in the table does not hide the server's
        assertEquals(SAFE, Classifier.retryability(new SQLException("wrapped", "HY000", Failures.plain("40001"))));
        assertEquals("HY000", Classifier.sqlState(new SQLException("wrapped", "HY000", Failures.plain("40001"))));
        // the first listed code decides
        SQLException first = Failures.plain("57014");
        first.setNextException(Failures.plain("40001"));
        assertEquals(FATAL, Classifier.retryability(first));
    }

    @Test
    void causeCyclesEndTheWalk() {
        Exception a = new Exception("a");
        SQLException b = new SQLException("b", "42601", a);
        a.initCause(b); // a -> b -> a
        assertEquals(FATAL, Classifier.retryability(a));
        assertEquals("42601", Classifier.sqlState(a));

        SQLException c = Failures.plain("XX000");
        SQLException d = Failures.plain("XX001");
        c.setNextException(d);
        d.setNextException(c); // c -> d -> c through next exceptions
        assertEquals(FATAL, Classifier.retryability(c));
        assertFalse(Classifier.serverReported(c));
        assertFalse(Classifier.refusedDial(c));
    }

    @Test
    void theWalkIsBounded() {
        assertEquals(SAFE, Classifier.retryability(nested(Failures.plain("40001"), Classifier.MAX_CHAIN - 1)));
        // a signal beyond the bound is not read
        assertEquals(FATAL, Classifier.retryability(nested(Failures.plain("40001"), 10_000)));
        assertNull(Classifier.sqlState(nested(Failures.plain("40001"), 10_000)));
    }

    private static Throwable nested(Throwable bottom, int wrappers) {
        Throwable t = bottom;
        for (int i = 0; i < wrappers; i++) {
            t = new RuntimeException("wrapper " + i, t);
        }
        return t;
    }

    @Test
    void pgjdbcOwnSignals() {
        assertEquals(RECONNECT, Classifier.retryability(
                Failures.client("This connection has been closed.", PSQLState.CONNECTION_DOES_NOT_EXIST, null)));
        assertEquals(RECONNECT, Classifier.retryability(
                Failures.client("An I/O error occurred while sending to the backend.", PSQLState.CONNECTION_FAILURE,
                        new SocketException("Connection reset"))));
        SQLException refused = Failures.client("Connection to 127.0.0.1:1 refused.", PSQLState.CONNECTION_UNABLE_TO_CONNECT,
                new ConnectException("Connection refused"));
        assertEquals(RECONNECT, Classifier.retryability(refused));
        assertEquals(RECONNECT, Classifier.retryability(refused, true, false));
        assertTrue(Classifier.refusedDial(refused));
        assertFalse(Classifier.serverReported(refused));
    }

    @Test
    void socketReadTimeoutIsFatalButADialTimeoutReconnects() {
        SQLException read = Failures.client("An I/O error occurred while sending to the backend.",
                PSQLState.CONNECTION_FAILURE, new SocketTimeoutException("Read timed out"));
        assertEquals(FATAL, Classifier.retryability(read));
        assertEquals(FATAL, Classifier.retryability(new SocketTimeoutException("Read timed out")));
        assertTrue(Classifier.readTimedOut(read)); // pgjdbc closed its connection on it
        SQLException dial = Failures.client("The connection attempt failed.",
                PSQLState.CONNECTION_UNABLE_TO_CONNECT, new SocketTimeoutException("Connect timed out"));
        assertEquals(RECONNECT, Classifier.retryability(dial));
        assertTrue(Classifier.refusedDial(dial)); // a connect timeout reached no server: nothing charged
        assertTrue(Classifier.unreachedServer(dial));
        SocketTimeoutException duringStartup = new SocketTimeoutException("Read timed out");
        duringStartup.setStackTrace(new StackTraceElement[] {
                new StackTraceElement("sun.nio.ch.NioSocketImpl", "timedRead", null, 1),
                new StackTraceElement("java.net.Socket$SocketInputStream", "read", null, 1)});
        SQLException slowStartup = Failures.client("The connection attempt failed.",
                PSQLState.CONNECTION_UNABLE_TO_CONNECT, duringStartup);
        assertEquals(RECONNECT, Classifier.retryability(slowStartup));
        assertFalse(Classifier.refusedDial(slowStartup)); // the server was there: charged
        assertFalse(Classifier.readTimedOut(dial));
        assertFalse(Classifier.readTimedOut(slowStartup)); // a dial: nothing ran
        assertFalse(Classifier.readTimedOut(Failures.client("An I/O error occurred while sending to the backend.",
                PSQLState.CONNECTION_FAILURE, new java.io.EOFException()))); // a lost socket, not a timeout
    }

    @Test
    void dialsThatReachNoServer() {
        for (Throwable cause : new Throwable[] {new ConnectException("Connection refused"),
                new UnknownHostException("nonexistent.invalid"), new java.net.NoRouteToHostException("No route to host"),
                new java.net.PortUnreachableException("unreachable")}) {
            SQLException dial = Failures.client("The connection attempt failed.", PSQLState.CONNECTION_UNABLE_TO_CONNECT, cause);
            assertEquals(RECONNECT, Classifier.retryability(dial), cause.toString());
            assertTrue(Classifier.refusedDial(dial), cause.toString());
            assertTrue(Classifier.unreachedServer(dial), cause.toString());
        }
        SQLException starting = Failures.server("57P03", "the database system is starting up");
        assertFalse(Classifier.refusedDial(starting));
        assertFalse(Classifier.unreachedServer(starting));
    }

    @Test
    void settingsPgjdbcRefusesBeforeDialingAreFatal() {
        for (String message : new String[] {"Invalid sslmode value: bogus", "Invalid gssEncMode value: x",
                "Invalid targetServerType value: leader", "Invalid channelBinding value: x",
                "A connection could not be made using the requested protocol 9."}) {
            SQLException e = Failures.client(message, PSQLState.CONNECTION_UNABLE_TO_CONNECT, null);
            assertEquals(FATAL, Classifier.retryability(e), message);
            assertFalse(Classifier.refusedDial(e), message);
        }
        // pgjdbc's other 08001s without a cause stay dial failures
        assertEquals(RECONNECT, Classifier.retryability(
                Failures.client("Connection attempt timed out.", PSQLState.CONNECTION_UNABLE_TO_CONNECT, null)));
        assertEquals(RECONNECT, Classifier.retryability(Failures.client(
                "Could not find a server with specified targetServerType: primary", PSQLState.CONNECTION_UNABLE_TO_CONNECT, null)));
    }

    @Test
    void lostSocketWithNoServerWord() {
        assertEquals(RECONNECT, Classifier.retryability(new UncheckedIOException(new SocketException("Broken pipe"))));
        assertEquals(UNKNOWN, Classifier.retryability(new SocketException("Connection reset"), true, false));
        assertEquals(RECONNECT, Classifier.retryability(new EOFException()));
        assertEquals(UNKNOWN, Classifier.retryability(new RuntimeException(new EOFException()), true, false));
        // a dial that never connected cannot have written
        assertEquals(RECONNECT, Classifier.retryability(new ConnectException("Connection refused"), true, false));
        assertEquals(RECONNECT, Classifier.retryability(new UnknownHostException("db.internal")));
        assertTrue(Classifier.refusedDial(new RuntimeException(new ConnectException("Connection refused"))));
        // other I/O failures are not a lost connection
        assertEquals(FATAL, Classifier.retryability(new IOException("disk")));
    }

    @Test
    void hikariSignalsByTypeAndMessage() {
        // the pool's acquire timeout carries the last dial's code and cause: the type decides
        SQLException dial = Failures.client("Connection to 127.0.0.1:1 refused.", PSQLState.CONNECTION_UNABLE_TO_CONNECT,
                new ConnectException("Connection refused"));
        SQLTransientConnectionException timeout = new SQLTransientConnectionException(
                "HikariPool-1 - Connection is not available, request timed out after 30000ms", "08001", 0, dial);
        timeout.setNextException(dial);
        assertEquals(BACKPRESSURE, Classifier.retryability(timeout));
        assertEquals(BACKPRESSURE, Classifier.retryability(new SQLTransientConnectionException("no state")));
        // its closed proxy: null SQLSTATE
        SQLException closed = new SQLException("Connection is closed");
        assertEquals(RECONNECT, Classifier.retryability(closed));
        assertEquals(UNKNOWN, Classifier.retryability(closed, true, false));
        assertEquals(FATAL, Classifier.retryability(new SQLException("Statement is closed")));
    }

    @Test
    void exhaustedRetriesAreNotRetriedAgainByAnotherLayer() {
        SQLException exhausted = RetryPolicy.defaults().exhausted(Failures.plain("40001"), 3, List.of());
        assertEquals("40001", exhausted.getSQLState());
        assertEquals(FATAL, Classifier.retryability(exhausted));
        assertEquals(FATAL, Classifier.retryability(new RuntimeException(exhausted)));
    }

    @Test
    void ownExceptionsCarryTheirClass() {
        assertEquals(UNKNOWN, Classifier.retryability(new CommitOutcomeUnknownException("commit lost", 42, null)));
        assertEquals(SAFE, Classifier.retryability(new ReplayDivergedException("replay diverged", null)));
    }

    @Test
    void noCodeAtAllIsFatal() {
        assertEquals(FATAL, Classifier.retryability(new SQLException("no state")));
        assertEquals(FATAL, Classifier.retryability(new IllegalArgumentException()));
        assertNull(Classifier.sqlState(new IllegalArgumentException()));
        assertThrows(NullPointerException.class, () -> Classifier.retryability(null));
    }

    @Test
    void multiHostPrimaryUrls() {
        assertTrue(Classifier.multiHostPrimary("jdbc:postgresql://a,b/db?targetServerType=primary"));
        assertTrue(Classifier.multiHostPrimary("jdbc:retrying:postgresql://a:5432,b:5433/db?user=x&targetServerType=master"));
        assertTrue(Classifier.multiHostPrimary("jdbc:postgresql://a,b?targetServerType=primary"));
        assertFalse(Classifier.multiHostPrimary("jdbc:postgresql://a/db?targetServerType=primary"));
        assertFalse(Classifier.multiHostPrimary("jdbc:postgresql://a,b/db"));
        assertFalse(Classifier.multiHostPrimary("jdbc:postgresql://a,b/db?targetServerType=any"));
        assertFalse(Classifier.multiHostPrimary("jdbc:postgresql://a,b/db?targetServerType=preferPrimary"));
        assertFalse(Classifier.multiHostPrimary("jdbc:postgresql://a/b,c?targetServerType=primary")); // a comma in the database name
        assertFalse(Classifier.multiHostPrimary(null));
        Properties info = new Properties();
        info.setProperty("targetServerType", "primary");
        assertTrue(Classifier.multiHostPrimary("jdbc:postgresql://a,b/db", info));
    }

    @Test
    void recoveryClassPredicates() {
        assertTrue(SAFE.isRetryable() && SAFE.keepsConnection() && !SAFE.needsNewConnection());
        assertTrue(RECONNECT.isRetryable() && RECONNECT.needsNewConnection() && !RECONNECT.keepsConnection());
        assertTrue(BACKPRESSURE.isRetryable() && BACKPRESSURE.wantsLongerDelay());
        assertTrue(RESET_STATE.isRetryable() && RESET_STATE.clearsPreparedStatements() && RESET_STATE.keepsConnection());
        assertFalse(UNKNOWN.isRetryable());
        assertFalse(FATAL.isRetryable());
        for (Retryability r : Retryability.values()) {
            assertEquals(r == BACKPRESSURE, r.wantsLongerDelay(), r.name());
            assertEquals(r == RESET_STATE, r.clearsPreparedStatements(), r.name());
            assertEquals(r == RECONNECT, r.needsNewConnection(), r.name());
            assertFalse(r.needsNewConnection() && r.keepsConnection(), r.name());
        }
    }
}
