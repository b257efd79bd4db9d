package io.retrying.jdbc.internal.dial;

import io.retrying.jdbc.CircuitEvent;
import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.Deadline;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.internal.config.BreakerSettings;
import io.retrying.jdbc.internal.dial.CircuitBreaker.Pass;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * The dial loop's side of a {@link CircuitBreaker}: waits before a dial as the breaker says,
 * within the caller's own reconnect window, and reports the dial's outcome. Stateless.
 */
public final class DialGate {

    private DialGate() {
    }

    /**
     * The pass for a dial, waiting first as the breaker says: until its open interval ends (on the
     * policy's sleeper), or for the probe's outcome (on the probe's latch), never past
     * {@code deadline}.
     *
     * @return the pass to dial with; null when the deadline came first (no dial is made)
     * @throws InterruptedException when interrupted while waiting; the flag is left to the caller
     */
    public static Pass enter(CircuitBreaker breaker, RetryPolicy policy, Deadline deadline,
                             Consumer<CircuitEvent> transitions) throws InterruptedException {
        while (true) {
            long now = policy.nanoClock().getAsLong();
            Pass pass = breaker.tryPass(now, transitions);
            if (pass.dials()) {
                return pass;
            }
            long remaining = deadline.remaining().toNanos();
            if (remaining <= 0) {
                return null;
            }
            long until = pass.openUntil();
            if (until != 0) {
                policy.sleeper().sleep(Duration.ofNanos(Math.min(remaining, Math.max(0, until - now))));
            } else {
                pass.awaitOutcome(Math.min(remaining, CircuitBreaker.PROBE_PATIENCE_NANOS)); // then asks again
            }
        }
    }

    /** The dial connected (or the server answered it with something other than "not yet"). */
    public static void reached(CircuitBreaker breaker, Consumer<CircuitEvent> transitions) {
        breaker.reached(transitions);
    }

    /**
     * The dial failed with {@code e}: counted against the server when it reached none (or, for a
     * target of several hosts, when none of them was the kind asked for); otherwise the server was
     * there, and the breaker closes.
     */
    public static void failed(CircuitBreaker breaker, Pass pass, SQLException e, boolean severalHosts,
                              BreakerSettings settings, RetryPolicy policy, Consumer<CircuitEvent> transitions) {
        if (countsAgainst(e, severalHosts)) {
            boolean starting = "57P03".equals(Classifier.sqlState(e));
            breaker.unreached(policy.nanoClock().getAsLong(), e, starting, settings, ThreadLocalRandom.current(),
                    transitions);
        } else {
            breaker.reached(transitions);
        }
    }

    /**
     * What a breaker counts: no server reached (refused, no route, connect timeout, no such host,
     * a proxy that closed before a byte, a pooler with no server), a server still starting (57P03), and, for several hosts, pgjdbc's "no host of the type asked
     * for" (no primary yet in a failover). Never an error a working server gave.
     */
    static boolean countsAgainst(Throwable e, boolean severalHosts) {
        if ("57P03".equals(Classifier.sqlState(e))) {
            return true;
        }
        return severalHosts ? Classifier.refusedDial(e) : Classifier.unreachedServer(e);
    }

    /**
     * The failure of a caller whose window ended while the breaker kept it from dialing: 08001,
     * caused by the last failure to reach the server, so it is classified as that failure is.
     */
    public static SQLException closed(CircuitBreaker breaker, Duration waited) {
        Throwable last = breaker.lastFailure();
        return new SQLException("No dial to " + breaker.server() + " for " + waited.toMillis()
                + " ms: its circuit breaker is " + breaker.state() + " after " + breaker.consecutiveFailures()
                + " consecutive dials that reached no server", "08001", last);
    }
}
