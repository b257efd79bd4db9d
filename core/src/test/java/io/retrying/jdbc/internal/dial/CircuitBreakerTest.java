package io.retrying.jdbc.internal.dial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.CircuitEvent;
import io.retrying.jdbc.CircuitState;
import io.retrying.jdbc.internal.config.BreakerSettings;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** The breaker's state machine on a fake clock: nothing here sleeps or waits. */
class CircuitBreakerTest {
    private static final long MS = 1_000_000L;
    private long now = Long.MAX_VALUE - 3_600_000 * MS; // far from zero, to catch absolute-time mistakes
    private final List<CircuitEvent> events = new ArrayList<>();
    private final CircuitBreaker breaker = new Breakers().of("db1:5432");
    private final BreakerSettings settings = BreakerSettings.defaults();
    private final Exception refused = new ConnectException("Connection refused");

    /** The largest draw: an interval is then exactly its ceiling. */
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

    private void fail() {
        breaker.unreached(now, refused, false, settings, MOST, events::add);
    }

    private CircuitBreaker.Pass pass() {
        return breaker.tryPass(now, events::add);
    }

    @Test
    void closedLetsDialsThroughAndASuccessWritesNothing() {
        assertSame(CircuitBreaker.Pass.DIAL, pass());
        breaker.reached(events::add);
        assertEquals(CircuitState.CLOSED, breaker.state());
        assertTrue(events.isEmpty());
    }

    @Test
    void opensAfterTheThresholdOfConsecutiveFailures() {
        fail();
        fail();
        assertEquals(CircuitState.CLOSED, breaker.state());
        assertTrue(pass().dials());
        fail();
        assertEquals(CircuitState.OPEN, breaker.state());
        assertEquals(1, events.size());
        CircuitEvent opened = events.get(0);
        assertEquals("db1:5432", opened.server());
        assertEquals(CircuitState.CLOSED, opened.from());
        assertEquals(CircuitState.OPEN, opened.to());
        assertEquals(3, opened.consecutiveFailures());
        assertEquals(Duration.ofMillis(50), opened.openFor());
        assertSame(refused, breaker.lastFailure());
    }

    @Test
    void aServerThatAnswersResetsTheCount() {
        fail();
        fail();
        breaker.reached(events::add); // e.g. 53300 or a wrong password: the server is there
        fail();
        fail();
        assertEquals(CircuitState.CLOSED, breaker.state());
    }

    @Test
    void openWaitsThenLetsExactlyOneProbeThrough() {
        fail();
        fail();
        fail();
        CircuitBreaker.Pass waiting = pass();
        assertFalse(waiting.dials());
        assertEquals(now + 50 * MS, waiting.openUntil());
        now += 49 * MS;
        assertFalse(pass().dials());
        now += MS;
        CircuitBreaker.Pass probe = pass();
        assertTrue(probe.dials());
        assertTrue(probe.probe());
        assertEquals(CircuitState.HALF_OPEN, breaker.state());
        // every other caller waits for the probe's outcome, however many there are
        for (int i = 0; i < 50; i++) {
            CircuitBreaker.Pass other = pass();
            assertFalse(other.dials());
            assertEquals(0, other.openUntil(), "waits on the probe, not on the clock");
        }
        assertEquals(List.of(CircuitState.OPEN, CircuitState.HALF_OPEN), events.stream().map(CircuitEvent::to).toList());
    }

    @Test
    void oneSuccessClosesItAndWakesTheWaiters() throws InterruptedException {
        fail();
        fail();
        fail();
        now += 50 * MS;
        CircuitBreaker.Pass probe = pass();
        CircuitBreaker.Pass waiter = pass();
        breaker.reached(events::add);
        assertEquals(CircuitState.CLOSED, breaker.state());
        assertTrue(waiter.awaitOutcome(0), "the waiter's round is over");
        assertSame(CircuitBreaker.Pass.DIAL, pass());
        assertEquals(0, breaker.consecutiveFailures());
        assertNull(breaker.lastFailure());
        breaker.release(probe, now, events::add); // resolved already: nothing
        assertEquals(List.of(CircuitState.OPEN, CircuitState.HALF_OPEN, CircuitState.CLOSED),
                events.stream().map(CircuitEvent::to).toList());
    }

    @Test
    void aFailedProbeOpensItAgainForLongerUpToTheCap() throws InterruptedException {
        fail();
        fail();
        fail();
        long[] expectedMs = {100, 200, 200, 200};
        for (long ms : expectedMs) {
            now += 1000 * MS;
            CircuitBreaker.Pass probe = pass();
            assertTrue(probe.probe());
            CircuitBreaker.Pass waiter = pass();
            fail();
            assertTrue(waiter.awaitOutcome(0));
            assertEquals(CircuitState.OPEN, breaker.state());
            CircuitEvent reopened = events.get(events.size() - 1);
            assertEquals(CircuitState.HALF_OPEN, reopened.from());
            assertEquals(Duration.ofMillis(ms), reopened.openFor());
        }
    }

    @Test
    void theIntervalIsJitteredBetweenHalfTheCeilingAndIt() {
        RandomGenerator least = new RandomGenerator() {
            @Override
            public long nextLong() {
                throw new UnsupportedOperationException();
            }

            @Override
            public long nextLong(long bound) {
                return 0;
            }
        };
        assertEquals(25 * MS, CircuitBreaker.interval(1, settings, least));
        assertEquals(50 * MS, CircuitBreaker.interval(1, settings, MOST));
        assertEquals(100 * MS, CircuitBreaker.interval(30, settings, least));
        assertEquals(200 * MS, CircuitBreaker.interval(Integer.MAX_VALUE, settings, MOST));
    }

    @Test
    void aServerThatAnswersStartingUpIsProbedAtHalfTheCap() {
        fail();
        fail();
        fail();
        for (int i = 0; i < 3; i++) {
            now += 1000 * MS;
            pass();
            fail(); // refused: 100, 200, 200 ms
        }
        now += 1000 * MS;
        pass();
        breaker.unreached(now, refused, true, settings, MOST, events::add); // 57P03
        assertEquals(Duration.ofMillis(100), events.get(events.size() - 1).openFor(), "half the cap, not growing");
    }

    @Test
    void aProbeWithNoOutcomeHandsTheProbeToTheNextCaller() {
        fail();
        fail();
        fail();
        now += 50 * MS;
        CircuitBreaker.Pass probe = pass();
        CircuitBreaker.Pass waiter = pass();
        breaker.release(probe, now, events::add);
        assertEquals(CircuitState.OPEN, breaker.state());
        assertTrue(pass().probe(), "the next caller probes at once");
        assertFalse(waiter.dials());
    }

    /** A probe hung on a frozen server behind a proxy holds the others for a second, not for their window. */
    @Test
    void aProbeWithNoOutcomeForASecondLetsTheNextCallerProbeToo() throws InterruptedException {
        fail();
        fail();
        fail();
        now += 50 * MS;
        CircuitBreaker.Pass hung = pass();
        CircuitBreaker.Pass waiter = pass();
        assertFalse(waiter.dials());
        now += 999 * MS;
        assertFalse(pass().dials(), "within its patience the probe is awaited");
        assertFalse(waiter.awaitOutcome(0));
        now += MS;
        CircuitBreaker.Pass second = pass();
        assertTrue(second.probe(), "after a second, the next caller probes as well");
        assertTrue(waiter.awaitOutcome(0), "those waiting on the hung probe ask again");
        CircuitBreaker.Pass third = pass();
        assertFalse(third.dials(), "and wait on the new probe");
        assertEquals(CircuitState.HALF_OPEN, breaker.state());
        breaker.reached(events::add); // the second probe found the server
        assertEquals(CircuitState.CLOSED, breaker.state());
        assertTrue(third.awaitOutcome(0));
        breaker.release(hung, now, events::add); // the hung one, resolved already: nothing
        assertEquals(CircuitState.CLOSED, breaker.state());
        assertEquals(List.of(CircuitState.OPEN, CircuitState.HALF_OPEN, CircuitState.CLOSED),
                events.stream().map(CircuitEvent::to).toList());
    }

    @Test
    void aLateFailureWhileOpenKeepsTheInterval() {
        fail();
        fail();
        fail();
        long until = pass().openUntil();
        now += 10 * MS;
        fail(); // a dial that started before it opened
        assertEquals(until, pass().openUntil());
        assertEquals(4, breaker.consecutiveFailures());
    }

    @Test
    void settingsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> settings.withThreshold(0));
        assertThrows(IllegalArgumentException.class, () -> settings.withMaxOpen(Duration.ZERO));
        assertEquals(Duration.ofMillis(20), settings.withMaxOpen(Duration.ofMillis(20)).baseOpen(),
                "a cap below the base lowers the base");
    }
}
