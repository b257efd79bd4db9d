package io.retrying.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.Retryability;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;

class RetryReporterTest {

    private final CapturingLogger log = new CapturingLogger(Level.DEBUG);

    private static RetryEvent event(Retryability recovery, int attempt) {
        return new RetryEvent("40001", recovery, attempt, 3, Duration.ofMillis(37), "c7",
                Duration.ofMillis(120), "serialization conflict",
                new SQLException("duplicate key value (email)=(alice@example.com)", "40001"));
    }

    @Test
    void aRetryIsLoggedAtWarnWithEveryFactInTheTextAndAsKeyValues() {
        new RetryReporter(null, log).retrying(event(Retryability.SAFE, 1));

        assertEquals(1, log.lines.size());
        CapturingLogger.Line line = log.lines.get(0);
        assertEquals(Level.WARN, line.level());
        assertEquals("retrying: sqlstate=40001 class=SAFE attempt=1/3 delay=37ms conn=c7 elapsed=120ms"
                + " error=SQLException reason=\"serialization conflict\"", line.message());
        assertEquals("40001", line.keyValue("sqlstate"));
        assertEquals("SAFE", line.keyValue("class"));
        assertEquals("1", line.keyValue("attempt"));
        assertEquals("3", line.keyValue("maxAttempts"));
        assertEquals("37", line.keyValue("delayMs"));
        assertEquals("c7", line.keyValue("conn"));
        assertEquals("120", line.keyValue("elapsedMs"));
    }

    @Test
    void theFailuresMessageNeverReachesTheLog() {
        RetryReporter r = new RetryReporter(null, log);
        r.retrying(event(Retryability.SAFE, 1));
        r.gaveUp(event(Retryability.SAFE, 3));
        r.recovered(event(Retryability.SAFE, 2));
        for (CapturingLogger.Line line : log.lines) {
            assertTrue(!line.message().contains("alice"), line.message());
            assertEquals(null, line.throwable());
        }
    }

    @Test
    void aGiveUpIsAnErrorAndARecoveryInfo() {
        RetryReporter r = new RetryReporter(null, log);
        r.gaveUp(event(Retryability.SAFE, 3));
        r.recovered(event(Retryability.SAFE, 2));
        assertEquals(Level.ERROR, log.lines.get(0).level());
        assertTrue(log.lines.get(0).message().startsWith("giving up: sqlstate=40001 class=SAFE attempt=3/3 conn=c7"),
                log.lines.get(0).message());
        assertEquals(Level.INFO, log.lines.get(1).level());
        assertTrue(log.lines.get(1).message().startsWith("recovered: "), log.lines.get(1).message());
    }

    @Test
    void aFatalFailureOnTheFirstAttemptIsOnlyDebugButTheListenerHearsIt() {
        List<RetryEvent> heard = new ArrayList<>();
        RetryListener listener = new RetryListener() {
            @Override
            public void onGiveUp(RetryEvent e) {
                heard.add(e);
            }
        };
        new RetryReporter(listener, log).gaveUp(event(Retryability.FATAL, 1));
        assertEquals(Level.DEBUG, log.lines.get(0).level());
        assertEquals(1, heard.size());
    }

    @Test
    void theListenerIsCalledAfterLoggingForEveryKindOfEvent() {
        List<String> calls = new ArrayList<>();
        RetryListener listener = new RetryListener() {
            @Override
            public void onRetry(RetryEvent e) {
                calls.add("retry after " + log.lines.size() + " lines");
            }

            @Override
            public void onRecovered(RetryEvent e) {
                calls.add("recovered after " + log.lines.size() + " lines");
            }

            @Override
            public void onGiveUp(RetryEvent e) {
                calls.add("gave up after " + log.lines.size() + " lines");
            }

            @Override
            public void onCommitResolved(long xid, CommitOutcome outcome) {
                calls.add("commit " + xid + " " + outcome + " after " + log.lines.size() + " lines");
            }
        };
        RetryReporter r = new RetryReporter(listener, log);
        r.retrying(event(Retryability.SAFE, 1));
        r.recovered(event(Retryability.SAFE, 2));
        r.gaveUp(event(Retryability.RECONNECT, 3));
        r.commitResolved(742, CommitOutcome.COMMITTED, "c7");
        assertEquals(List.of("retry after 1 lines", "recovered after 2 lines", "gave up after 3 lines",
                "commit 742 COMMITTED after 4 lines"), calls);
        assertEquals("commit resolved: xid=742 outcome=COMMITTED conn=c7", log.lines.get(3).message());
        assertEquals(Level.INFO, log.lines.get(3).level());
    }

    @Test
    void anUnsettledCommitIsAWarning() {
        new RetryReporter(null, log).commitResolved(9, CommitOutcome.UNKNOWN, "c1");
        assertEquals(Level.WARN, log.lines.get(0).level());
    }

    @Test
    void aListenerThatThrowsIsLoggedAndIgnored() {
        IllegalStateException boom = new IllegalStateException("metrics backend down");
        RetryListener listener = new RetryListener() {
            @Override
            public void onRetry(RetryEvent e) {
                throw boom;
            }
        };
        new RetryReporter(listener, log).retrying(event(Retryability.SAFE, 1));
        assertEquals(2, log.lines.size());
        CapturingLogger.Line complaint = log.lines.get(1);
        assertEquals(Level.WARN, complaint.level());
        assertTrue(complaint.message().contains(".onRetry threw"), complaint.message());
        assertSame(boom, complaint.throwable());
    }

    @Test
    void anErrorFromAListenerIsNotSwallowed() {
        RetryListener listener = new RetryListener() {
            @Override
            public void onRetry(RetryEvent e) {
                throw new OutOfMemoryError("simulated");
            }
        };
        assertThrows(OutOfMemoryError.class,
                () -> new RetryReporter(listener, log).retrying(event(Retryability.SAFE, 1)));
    }

    @Test
    void nothingIsFormattedWhenTheLevelIsOff() {
        CapturingLogger quiet = new CapturingLogger(Level.ERROR);
        RetryReporter r = new RetryReporter(null, quiet);
        r.retrying(event(Retryability.SAFE, 1));
        r.recovered(event(Retryability.SAFE, 2));
        assertEquals(0, quiet.lines.size());
    }

    @Test
    void withoutAListenerTheReporterIsShared() {
        assertSame(RetryReporter.of(null), RetryConfig.defaults().reporter());
        assertEquals(false, RetryConfig.defaults().reporter().hasListener());
    }

    @Test
    void anEventIsMadeFromAPolicyDecision() {
        SQLException failure = new SQLException("outer", null, new SQLException("inner", "40P01"));
        RetryEvent e = RetryReporter.event(failure,
                new Attempt(true, Duration.ofMillis(12), Retryability.SAFE, "deadlock"), 1, 3, "c2",
                Duration.ofMillis(5));
        assertEquals(new RetryEvent("40P01", Retryability.SAFE, 1, 3, Duration.ofMillis(12), "c2",
                Duration.ofMillis(5), "deadlock", failure), e);
    }

    @Test
    void aDialBoundedByTimeOnlyShowsNoAttemptLimit() {
        new RetryReporter(null, log).retrying(new RetryEvent("08001", Retryability.RECONNECT, 2, 0,
                Duration.ofMillis(80), "rc-1", Duration.ofMillis(90), "dial 3", null));
        assertEquals("retrying: sqlstate=08001 class=RECONNECT attempt=2 delay=80ms conn=rc-1 elapsed=90ms"
                + " error=null reason=\"dial 3\"", log.lines.get(0).message());
    }
}
