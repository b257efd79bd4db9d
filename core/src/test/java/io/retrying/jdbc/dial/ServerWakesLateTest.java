package io.retrying.jdbc.dial;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.dial.DriverDialer;
import io.retrying.jdbc.internal.jdbc.RetryingConnections;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 13 case 10 against a real server: a server that is down when the dial starts and comes back
 * late in the reconnect window is reached by the last dial, at the window's end. The waits are the
 * longest full jitter can draw, so the dials go at 0, 50, 150, 350, 750 and 1550 ms; the next wait
 * (up to 1600 ms) would pass the 2500 ms window, and the layer used to give up at 1550 ms.
 */
@ExtendWith(PgExtension.class)
class ServerWakesLateTest {

    private static final RandomGenerator MOST = new RandomGenerator() {
        @Override
        public long nextLong() {
            throw new UnsupportedOperationException();
        }

        @Override
        public long nextLong(long bound) {
            return bound - 1;
        }
    };

    @Test
    void theLastDialAtTheWindowsEndFindsIt(PgServer pg) throws Exception {
        String url = "jdbc:postgresql://" + pg.host() + ":" + pg.port() + "/" + pg.database() + "?user=" + pg.user()
                + "&sslmode=disable";
        RetryPolicy policy = RetryPolicy.builder().random(MOST).noTokenBucket().build();
        RetryConfig config = RetryConfig.defaults().withPolicy(policy).withReconnectWindow(Duration.ofMillis(2500));
        pg.stopFor(Duration.ofMillis(1700)); // back some 2 s from now: after the 1550 ms dial, before 2450 ms
        long start = System.nanoTime();
        try (Connection c = RetryingConnections.open(new DriverDialer(new org.postgresql.Driver(), url, new Properties()),
                config); Statement st = c.createStatement()) {
            st.execute("SELECT 1");
        }
        long ms = Duration.ofNanos(System.nanoTime() - start).toMillis();
        assertTrue(ms >= 1550, "connected by the last dial, at the window's end: " + ms + " ms");
    }
}
