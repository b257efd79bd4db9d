package io.retrying.jdbc.internal.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.WriteOutcomeUnknownException;
import io.retrying.jdbc.internal.config.RetryConfig;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.slf4j.event.Level;

class RetryReporterTest {

    private final CapturingLogger log = new CapturingLogger(Level.DEBUG);

    private static RetryEvent event(Retryability recovery, int attempt) {
        return new RetryEvent("40001", recovery, attempt, 3, Duration.ofMillis(37), "c7",
                Duration.ofMillis(120), "serialization conflict",
                new SQLException("duplicate key value (email)=(alice@example.com)", "40001"));
    }

    /**
     * The format an operator reads and matches, pinned: one line an event, each fact once, in the
     * message only (no SLF4J key-values, which slf4j-simple and logback's default pattern print
     * beside the message), the same in every back end.
     */
    @Test
    void theLinesOfARetryARecoveryAGiveUpAndADialWaitAreExactlyThese() {
        RetryReporter r = new RetryReporter(null, log);
        r.retrying(event(Retryability.SAFE, 1));
        r.recovered(new RetryEvent("40001", Retryability.SAFE, 2, 3, Duration.ZERO, "c7", Duration.ofMillis(161),
                "succeeded after retry", new SQLException("conflict", "40001")));
        // what the application gets: an 08007 the layer made, the lost connection (08006) its cause
        SQLException lost = new PSQLException("An I/O error occurred while sending to the backend.",
                PSQLState.CONNECTION_FAILURE, new java.io.EOFException());
        r.gaveUp(new RetryEvent("08007", Retryability.UNKNOWN, 1, 3, Duration.ZERO, "c9", Duration.ofMillis(512),
                "the connection was lost under a statement that writes: not run again",
                new WriteOutcomeUnknownException("whether it was applied is unknown", lost)));
        // a dial bounded by the reconnect window, not by a number of attempts
        r.retrying(new RetryEvent("08001", Retryability.RECONNECT, 2, 0, Duration.ofMillis(80), "rc-1",
                Duration.ofMillis(90), "08001 is RECONNECT", new PSQLException("refused", PSQLState.CONNECTION_UNABLE_TO_CONNECT)));

        assertEquals(List.of(
                "DEBUG retrying: sqlstate=40001 class=SAFE error=SQLException attempt=1/3 delay=37ms conn=c7"
                        + " elapsed=120ms reason=\"serialization conflict\"",
                "INFO recovered: sqlstate=40001 class=SAFE error=SQLException attempt=2/3 conn=c7 elapsed=161ms",
                "WARN giving up: sqlstate=08007 class=UNKNOWN error=WriteOutcomeUnknownException"
                        + " cause=08006/PSQLException attempt=1/3 conn=c9 elapsed=512ms"
                        + " reason=\"the connection was lost under a statement that writes: not run again\"",
                "DEBUG retrying: sqlstate=08001 class=RECONNECT error=PSQLException attempt=2 delay=80ms conn=rc-1"
                        + " elapsed=90ms reason=\"08001 is RECONNECT\""),
                log.lines.stream().map(l -> l.level() + " " + l.message()).toList());
        for (CapturingLogger.Line line : log.lines) {
            assertEquals(List.of(), line.keyValues(), "each fact once: " + line.message());
        }
    }

    @Test
    void nothingIsLoggedAtError() {
        RetryReporter r = new RetryReporter(null, log);
        for (Retryability recovery : Retryability.values()) {
            r.retrying(event(recovery, 1));
            r.gaveUp(event(recovery, 1));
            r.gaveUp(event(recovery, 3));
            r.recovered(event(recovery, 2));
        }
        r.commitResolved(9, CommitOutcome.UNKNOWN, "c1");
        assertTrue(log.lines.stream().noneMatch(l -> l.level() == Level.ERROR), String.valueOf(log.lines));
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
    void aGiveUpIsAWarningAndARecoveryInfo() {
        RetryReporter r = new RetryReporter(null, log);
        r.gaveUp(event(Retryability.SAFE, 3));
        r.recovered(event(Retryability.SAFE, 2));
        assertEquals(Level.WARN, log.lines.get(0).level());
        assertTrue(log.lines.get(0).message().startsWith(
                "giving up: sqlstate=40001 class=SAFE error=SQLException attempt=3/3 conn=c7"),
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
            public void onRecovered(RetryEvent e) {
                throw boom;
            }
        };
        new RetryReporter(listener, log).recovered(event(Retryability.SAFE, 2));
        assertEquals(2, log.lines.size());
        CapturingLogger.Line complaint = log.lines.get(1);
        assertEquals(Level.WARN, complaint.level());
        assertTrue(complaint.message().contains(".onRecovered threw"), complaint.message());
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
        CapturingLogger quiet = new CapturingLogger(Level.WARN);
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
}
