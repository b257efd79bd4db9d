package io.retrying.jdbc.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.TokenBucket;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The dial in the middle of a failover, on real servers: the old primary is gone, the standby not
 * promoted yet. pgjdbc says "Could not find a server with specified targetServerType: primary"
 * (08001, no cause); the wrapper dials again without charging the token bucket, and the first dial
 * after the promotion finds the new primary at once, despite pgjdbc's host status cache.
 */
@ExtendWith(PgExtension.class)
class NoPrimaryDialTest {

    @Test
    void noPrimaryYetIsAFreeReconnectAndThePromotedStandbyIsFoundAtOnce(PgServer primary) throws Exception {
        PgServer standby = primary.startStandby();
        String url = "jdbc:postgresql://" + primary.host() + ":" + primary.port() + "," + standby.host() + ":" + standby.port()
                + "/postgres?user=postgres&sslmode=disable&targetServerType=primary";
        try (Connection c = DriverManager.getConnection(url)) {
            assertEquals(primary.port(), serverPort(c)); // pgjdbc now holds the primary's status as "primary"
        }

        primary.crash();
        SQLException noPrimary = assertThrows(SQLException.class, () -> DriverManager.getConnection(url));
        assertEquals("08001", noPrimary.getSQLState());
        assertFalse(Classifier.serverReported(noPrimary));
        assertEquals(Retryability.RECONNECT, Classifier.retryability(noPrimary));
        assertTrue(Classifier.refusedDial(noPrimary), "no host of the type asked for: nothing overloaded");

        TokenBucket bucket = new TokenBucket(100);
        RetryPolicy policy = RetryPolicy.builder().tokenBucket(bucket).build();
        for (int dial = 1; dial <= 20; dial++) {
            Attempt next = policy.decideReconnect(noPrimary, dial, Duration.ofSeconds(10));
            assertTrue(next.retry(), next.reason());
        }
        assertEquals(100.0, bucket.tokens(), 0.5, "twenty dials during a failover cost nothing");
        // so is a server that is starting up (57P03: the cold start's patience, issue 23), whereas a
        // live server that says it is full (53300) is charged
        SQLException starting = new SQLException("the database system is starting up", "57P03");
        assertTrue(policy.decideReconnect(starting, 1, Duration.ofSeconds(10)).retry());
        assertEquals(100.0, bucket.tokens(), 0.5);
        SQLException full = new SQLException("sorry, too many clients already", "53300");
        assertTrue(policy.decideReconnect(full, 1, Duration.ofSeconds(10)).retry());
        assertTrue(bucket.tokens() < 100.0);

        // pgjdbc now holds the old primary as "cannot connect" and the standby as "secondary", for
        // hostRecheckSeconds (10 s by default). When every host is excluded so, pgjdbc tries them all
        // again: the first dial after the promotion finds the new primary, no wait for the recheck.
        standby.promote();
        long start = System.nanoTime();
        try (Connection c = DriverManager.getConnection(url)) {
            assertEquals(standby.port(), serverPort(c));
        }
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toMillis() < 5_000, "no wait for hostRecheckSeconds (10 s)");
    }

    @Test
    void onlyPgjdbcsOwnVerdictIsFree() {
        String message = org.postgresql.util.GT.tr("Could not find a server with specified targetServerType: {0}", "primary");
        assertTrue(Classifier.refusedDial(new PSQLException(message, PSQLState.CONNECTION_UNABLE_TO_CONNECT)));
        // the same words from elsewhere, or another cause-less dial failure, are charged as before
        assertFalse(Classifier.refusedDial(new SQLException(message, "08001")));
        assertFalse(Classifier.refusedDial(new PSQLException("Connection attempt timed out.", PSQLState.CONNECTION_UNABLE_TO_CONNECT)));
        // a connect timeout beneath reached no server: free for that reason (issue 13 case 8)
        assertTrue(Classifier.refusedDial(new PSQLException(message, PSQLState.CONNECTION_UNABLE_TO_CONNECT,
                new java.net.SocketTimeoutException("connect timed out"))));
        assertFalse(Classifier.refusedDial(new PSQLException(message, PSQLState.CONNECTION_UNABLE_TO_CONNECT,
                new java.net.SocketTimeoutException("Read timed out"))));
        assertFalse(Classifier.refusedDial(new PSQLException(message, PSQLState.CONNECTION_FAILURE)));
    }

    static int serverPort(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT inet_server_port()")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
