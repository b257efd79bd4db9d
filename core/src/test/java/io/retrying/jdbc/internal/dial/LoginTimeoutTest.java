package io.retrying.jdbc.internal.dial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetriesExhaustedException;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.jdbc.RetryingConnections;
import java.net.ConnectException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * pgjdbc's reading of {@code loginTimeout}, and the dial loop it bounds, on the policy's clock and
 * sleeper (no server, no real wait): the window ends with the login time, and each attempt after
 * the first is given what is left of it.
 */
class LoginTimeoutTest {

    @Test
    void readAsPgjdbcReadsIt() {
        assertEquals(2000, LoginTimeout.millis("2"));
        assertEquals(1500, LoginTimeout.millis("1.5"));
        assertEquals(0, LoginTimeout.millis("0"));
        assertEquals(-1000, LoginTimeout.millis("-1"));
        assertEquals(0, LoginTimeout.millis(null), "pgjdbc's default: none");
        int before = DriverManager.getLoginTimeout();
        try {
            DriverManager.setLoginTimeout(3);
            assertEquals(3000, LoginTimeout.millis("zzzz"), "a value pgjdbc cannot read: DriverManager's");
            assertEquals(0, LoginTimeout.millis(null), "pgjdbc reads DriverManager's only for a value it cannot read");
        } finally {
            DriverManager.setLoginTimeout(before);
        }
    }

    @Test
    void noneWithoutATimeout() {
        assertNull(LoginTimeout.startingNow(0, () -> 0));
        assertNull(LoginTimeout.startingNow(-1000, () -> 0));
        assertEquals(Duration.ofSeconds(30), LoginTimeout.window(null, Duration.ofSeconds(30)));
    }

    /** A dialer that is refused at each dial, each taking 100 ms of the fake clock, and records what it was given. */
    private static final class Refused implements Dialer {
        final AtomicLong clock = new AtomicLong(Long.MAX_VALUE - 100_000_000_000L);
        final long loginMillis;
        final List<String> given = new ArrayList<>();
        final List<Long> at = new ArrayList<>();
        final long started = clock.get();

        Refused(long loginMillis) {
            this.loginMillis = loginMillis;
        }

        @Override
        public Connection dial() throws SQLException {
            given.add(LoginTimeout.left());
            at.add(Duration.ofNanos(clock.get() - started).toMillis());
            clock.addAndGet(Duration.ofMillis(100).toNanos());
            throw new SQLException("Connection refused", "08001", new ConnectException("Connection refused"));
        }

        @Override
        public long loginTimeoutMillis() {
            return loginMillis;
        }

        RetryConfig config() {
            RetryPolicy policy = RetryPolicy.builder().nanoClock(clock::get)
                    .sleeper(d -> clock.addAndGet(d.toNanos())).build();
            return RetryConfig.defaults().withPolicy(policy);
        }

        long elapsedMillis() {
            return Duration.ofNanos(clock.get() - started).toMillis();
        }
    }

    @Test
    void theWindowEndsWithTheLoginTimeAndEachLaterAttemptGetsWhatIsLeft() {
        Refused dialer = new Refused(2000);
        SQLException e = assertThrows(SQLException.class, () -> RetryingConnections.open(dialer, dialer.config()));
        assertInstanceOf(RetriesExhaustedException.class, e);
        assertEquals("08001", e.getSQLState());
        assertTrue(dialer.elapsedMillis() <= 2100, "no attempt started past the login time: " + dialer.elapsedMillis());
        assertTrue(dialer.given.size() > 2, "dialed again within the login time: " + dialer.given);
        assertNull(dialer.given.get(0), "the first attempt is pgjdbc's own, with its whole loginTimeout");
        for (int i = 1; i < dialer.given.size(); i++) {
            long left = Math.round(Double.parseDouble(dialer.given.get(i)) * 1000);
            // (the fake clock's time is in ms truncated, the value given in ms truncated from nanos)
            assertEquals(Math.max(1, 2000 - dialer.at.get(i)), left, 1, "attempt " + (i + 1) + " at " + dialer.at.get(i) + " ms");
        }
    }

    @Test
    void withoutALoginTimeoutTheWindowIsTheReconnectWindow() {
        Refused dialer = new Refused(0);
        assertThrows(RetriesExhaustedException.class, () -> RetryingConnections.open(dialer, dialer.config()));
        assertTrue(dialer.elapsedMillis() >= 29_000, "the 30 s reconnect window: " + dialer.elapsedMillis());
        assertTrue(dialer.given.stream().allMatch(g -> g == null), "pgjdbc's own settings, untouched: " + dialer.given);
    }
}
