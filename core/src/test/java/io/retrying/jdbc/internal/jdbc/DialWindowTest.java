package io.retrying.jdbc.internal.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrying.jdbc.RetriesExhaustedException;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.dial.Dialer;
import java.lang.reflect.Proxy;
import java.net.ConnectException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/**
 * Issue 13 case 10 on a fake clock (nothing sleeps): the reconnect window is used to its end. When
 * the next wait would not fit, the layer waits what is left less one attempt's time and dials a
 * last time, so a server that wakes late in the window is still reached (seed 001).
 */
class DialWindowTest {
    private final AtomicLong now = new AtomicLong(1_000_000_000_000L);
    private final long start = now.get();
    private final List<Long> dialsAtMs = new ArrayList<>();

    /** The most a full-jitter draw can give: waits of 50, 100, 200, 400, 800 ms. */
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

    private RetryConfig config(Duration window) {
        RetryPolicy policy = RetryPolicy.builder().noTokenBucket().random(MOST).nanoClock(now::get)
                .sleeper(d -> now.addAndGet(d.toNanos())).build();
        return RetryConfig.defaults().withPolicy(policy).withReconnectWindow(window);
    }

    /** A server that refuses until {@code wakesAtMs} on the fake clock, then answers. */
    private Dialer wakingAt(long wakesAtMs) {
        return () -> {
            long ms = (now.get() - start) / 1_000_000;
            dialsAtMs.add(ms);
            if (ms < wakesAtMs) {
                throw new PSQLException("Connection to 127.0.0.1:1 refused.", PSQLState.CONNECTION_UNABLE_TO_CONNECT,
                        new ConnectException("Connection refused"));
            }
            return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
                    new Class<?>[] {Connection.class}, (p, m, a) -> null);
        };
    }

    @Test
    void aServerThatWakesLateInTheWindowIsReached() throws SQLException {
        // dials at 0, 50, 150, 350, 750: the next wait (800 ms) plus an attempt would pass 1500 ms,
        // so the last dial goes at 1500 - 50 = 1450 ms, after the server woke at 1400 ms
        Connection c = RetryingConnections.dial(wakingAt(1400), config(Duration.ofMillis(1500)), "rc-test", null);
        assertNotNull(c);
        assertEquals(List.of(0L, 50L, 150L, 350L, 750L, 1450L), dialsAtMs);
    }

    @Test
    void aServerThatNeverWakesIsGivenUpOnAtTheWindowsEndNotBefore() {
        SQLException e = assertThrows(SQLException.class,
                () -> RetryingConnections.dial(wakingAt(Long.MAX_VALUE), config(Duration.ofMillis(1500)), "rc-test", null));
        assertInstanceOf(RetriesExhaustedException.class, e);
        assertEquals(List.of(0L, 50L, 150L, 350L, 750L, 1450L), dialsAtMs);
        assertEquals(6, ((RetriesExhaustedException) e).attempts());
    }

    /**
     * A caller that finds the breaker open waits (on the fake sleeper) for the interval, dials as
     * the probe and connects: it overcame no failure of its own, and reports no recovery.
     */
    @Test
    void aCallerThatOnlyWaitedForTheBreakerConnectsQuietly() throws SQLException {
        io.retrying.jdbc.internal.dial.DialTarget target = io.retrying.jdbc.internal.dial.DialTarget.of(
                new io.retrying.jdbc.internal.dial.Breakers(), new String[] {"db1"}, new String[] {"5432"}, null);
        for (int i = 0; i < 3; i++) {
            target.breaker().unreached(now.get(), new ConnectException("Connection refused"), false,
                    io.retrying.jdbc.internal.config.BreakerSettings.defaults(), MOST, e -> { });
        }
        List<String> events = new ArrayList<>();
        Dialer server = wakingAt(0);
        Dialer guarded = new Dialer() {
            @Override
            public Connection dial() throws SQLException {
                return server.dial();
            }

            @Override
            public io.retrying.jdbc.internal.dial.DialTarget dialTarget() {
                return target;
            }
        };
        RetryConfig config = config(Duration.ofMillis(1500)).withListener(new io.retrying.jdbc.RetryListener() {
            @Override
            public void onRecovered(io.retrying.jdbc.RetryEvent event) {
                events.add("recovered");
            }

            @Override
            public void onCircuitStateChange(io.retrying.jdbc.CircuitEvent event) {
                events.add(event.from() + "->" + event.to());
            }
        });
        assertNotNull(RetryingConnections.dial(guarded, config, "rc-test", null));
        assertEquals(List.of(50L), dialsAtMs, "one dial, as the probe, once the open interval ended");
        assertEquals(List.of("OPEN->HALF_OPEN", "HALF_OPEN->CLOSED"), events);
    }

    @Test
    void theColdStartOfSeed001IsReachedInAShortWindow() throws SQLException {
        // 0, 50, 150, 350, then 400 would end at 750 + 50 > 800: the last dial at 750, past the 700 ms wake-up
        RetryingConnections.dial(wakingAt(700), config(Duration.ofMillis(800)), "rc-test", null);
        assertEquals(List.of(0L, 50L, 150L, 350L, 750L), dialsAtMs);
    }
}
