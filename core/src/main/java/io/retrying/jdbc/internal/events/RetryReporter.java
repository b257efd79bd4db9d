package io.retrying.jdbc.internal.events;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.CircuitEvent;
import io.retrying.jdbc.CircuitState;
import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.ReadRoute;
import io.retrying.jdbc.ReplayOutcome;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.internal.telemetry.Telemetry;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;
import org.slf4j.spi.LoggingEventBuilder;

/**
 * Reports retries, recoveries, give-ups and commit resolutions: first to SLF4J (logger
 * {@code io.retrying.jdbc}), then to the {@link RetryListener}, if any.
 *
 * <p>One line an event, each fact once, as {@code key=value} pairs in the message itself: the line
 * reads the same in slf4j-simple, logback or a JSON encoder, and alone. No SLF4J key-values are
 * attached: slf4j-simple and logback's default pattern print them beside the message, so every fact
 * appeared twice. The SQLState, class and exception type logged for a give-up are those of what the
 * application gets (an 08007 it receives is logged as 08007), the cause's beside them. Lines never
 * carry the failure's message or parameter values (a server message may quote data), nor a host,
 * user or password.
 *
 * <p>Levels: a retry is DEBUG, a recovery INFO, a give-up WARN; nothing is logged at ERROR, since
 * a failure the layer gives up on reaches the application, which handles (and logs) it. A recovery
 * is the one line an operator needs about a failure the application never saw: it carries the
 * attempts and the time they took, so the per-attempt lines before it would only multiply it by
 * the pool size; while an outage lasts, the circuit breaker's WARN says so.
 *
 * <p>A listener that throws an {@link Exception} is logged and ignored: it cannot change the
 * outcome of the work. Errors ({@code Throwable}s that are not exceptions) propagate.
 *
 * <p>Nothing is allocated unless something is reported, and nothing is formatted unless the
 * level is enabled. Immutable and thread-safe.
 */
public final class RetryReporter {
    /** The logger every line of this library's retry reports goes to. */
    public static final String LOGGER_NAME = "io.retrying.jdbc";

    private static final Logger DEFAULT_LOG = LoggerFactory.getLogger(LOGGER_NAME);
    /** With no listener configured: logs, and tells the telemetry provider's listener, if there is one. */
    private static final RetryReporter LOG_ONLY = new RetryReporter(Telemetry.alongside(null), DEFAULT_LOG);

    private final RetryListener listener;
    private final Logger log;

    RetryReporter(RetryListener listener, Logger log) {
        this.listener = listener;
        this.log = log;
    }

    /** A reporter that logs and then calls {@code listener} ({@code null}: none) and the telemetry provider's, if any. */
    public static RetryReporter of(RetryListener listener) {
        // the telemetry provider's listener (retrying-jdbc-opentelemetry's) hears every connection's events too
        return listener == null ? LOG_ONLY : new RetryReporter(Telemetry.alongside(listener), DEFAULT_LOG);
    }

    /**
     * The event for a decision the policy took on a failure.
     *
     * @param failure what failed
     * @param decision the policy's answer (its class, delay and reason are used)
     * @param attempt the attempt that failed (or, for a recovery, the one that succeeded), 1-based
     * @param maxAttempts the policy's limit
     * @param connectionId the logical connection's id
     * @param elapsed time since the work's first attempt started
     */
    public static RetryEvent event(Throwable failure, Attempt decision, int attempt, int maxAttempts,
            String connectionId, Duration elapsed) {
        return new RetryEvent(Classifier.sqlState(failure), decision.recovery(), attempt, maxAttempts,
                decision.delay(), connectionId, elapsed, decision.reason(), failure);
    }

    /** Whether a listener is attached: callers may skip building events for the log alone. */
    public boolean hasListener() {
        return listener != null;
    }

    /** A retry was decided, before its wait: DEBUG, then {@link RetryListener#onRetry}. */
    public void retrying(RetryEvent event) {
        if (log.isDebugEnabled()) {
            emit(log.atDebug(), "retrying", event, true);
        }
        if (listener != null) {
            try {
                listener.onRetry(event);
            } catch (Exception e) {
                listenerFailed("onRetry", e);
            }
        }
    }

    /** Work succeeded after at least one retry: INFO, then {@link RetryListener#onRecovered}. */
    public void recovered(RetryEvent event) {
        if (log.isInfoEnabled()) {
            emit(log.atInfo(), "recovered", event, false);
        }
        if (listener != null) {
            try {
                listener.onRecovered(event);
            } catch (Exception e) {
                listenerFailed("onRecovered", e);
            }
        }
    }

    /**
     * A failure is about to surface to the application, then {@link RetryListener#onGiveUp}.
     *
     * <p>Logged at WARN when the library had a stake in it: a retry was made, or the failure was
     * retryable or of unknown outcome. Never ERROR: the application receives the failure and decides
     * what it is worth. A plain FATAL failure on the first attempt (a syntax error, a constraint
     * violation) is the application's business and is logged at DEBUG only, so that routine errors do
     * not flood the log; the listener hears about it either way.
     *
     * <p>{@code event.failure()} should be what the application gets (an 08007 the layer made,
     * the lost connection its cause), so that the line matches what the application logs.
     */
    public void gaveUp(RetryEvent event) {
        Retryability recovery = event.recovery();
        boolean ours = event.attempt() > 1 || recovery == null || recovery != Retryability.FATAL;
        Level level = ours ? Level.WARN : Level.DEBUG;
        if (log.isEnabledForLevel(level)) {
            emit(log.atLevel(level), "giving up", event, false);
        }
        if (listener != null) {
            try {
                listener.onGiveUp(event);
            } catch (Exception e) {
                listenerFailed("onGiveUp", e);
            }
        }
    }

    /**
     * The policy said no to a retry: when its retry budget refused it ({@link Attempt#refusedByBudget()}),
     * {@link RetryListener#onRetryRefused} first (the give-up line that follows says why, in its
     * reason); then {@link #gaveUp}.
     */
    public void stopped(RetryEvent event, Attempt decision) {
        if (decision.refusedByBudget() && listener != null) {
            try {
                listener.onRetryRefused(event);
            } catch (Exception e) {
                listenerFailed("onRetryRefused", e);
            }
        }
        gaveUp(event);
    }

    /**
     * The outcome of a COMMIT whose reply was lost was looked up: INFO when settled (committed or
     * aborted), WARN otherwise; then {@link RetryListener#onCommitResolved}.
     *
     * @param connectionId the logical connection, for correlation
     */
    public void commitResolved(long xid, CommitOutcome outcome, String connectionId) {
        boolean settled = outcome == CommitOutcome.COMMITTED || outcome == CommitOutcome.ABORTED;
        Level level = settled ? Level.INFO : Level.WARN;
        if (log.isEnabledForLevel(level)) {
            log.atLevel(level).log("commit resolved: xid={} outcome={} conn={}", xid, outcome, connectionId);
        }
        if (listener != null) {
            try {
                listener.onCommitResolved(xid, outcome);
            } catch (Exception e) {
                listenerFailed("onCommitResolved", e);
            }
        }
    }

    /**
     * A server's circuit breaker changed state: WARN when it opens from closed, INFO when it
     * closes, DEBUG for the rounds in between; then {@link RetryListener#onCircuitStateChange}.
     * The line names the server (host:port): what the breaker guards, never a user or password.
     */
    public void circuit(CircuitEvent event) {
        Level level = event.to() == CircuitState.CLOSED ? Level.INFO
                : event.from() == CircuitState.CLOSED ? Level.WARN : Level.DEBUG;
        if (log.isEnabledForLevel(level)) {
            log.atLevel(level)
                    .log("circuit breaker: server={} from={} to={} failures={} open={}ms", event.server(),
                            event.from(), event.to(), event.consecutiveFailures(), event.openFor().toMillis());
        }
        if (listener != null) {
            try {
                listener.onCircuitStateChange(event);
            } catch (Exception e) {
                listenerFailed("onCircuitStateChange", e);
            }
        }
    }

    /**
     * Work succeeded at its first attempt: {@link RetryListener#onSuccessWithoutRetry}, nothing logged.
     * The happy path's one call: a field test when no listener is attached, no allocation either way.
     */
    public void succeededWithoutRetry() {
        if (listener != null) {
            try {
                listener.onSuccessWithoutRetry();
            } catch (Exception e) {
                listenerFailed("onSuccessWithoutRetry", e);
            }
        }
    }

    /** A transaction's journal was replayed, or could not be: DEBUG, then {@link RetryListener#onReplay}. */
    public void replay(ReplayOutcome outcome, String connectionId) {
        if (log.isDebugEnabled()) {
            log.debug("transaction replay: outcome={} conn={}", outcome, connectionId);
        }
        if (listener != null) {
            try {
                listener.onReplay(outcome);
            } catch (Exception e) {
                listenerFailed("onReplay", e);
            }
        }
    }

    /**
     * A physical connection for reads was routed: DEBUG (the server as {@code host:port}, as the
     * circuit breaker's lines name it), then {@link RetryListener#onReadRouted}. Called on a dial,
     * never per statement, and only by a data source with reader hosts.
     */
    public void readRouted(ReadRoute route, String connectionId) {
        if (log.isDebugEnabled()) {
            log.debug("reads routed: target={} server={} reason={} conn={}", route.target(), route.server(), route.reason(),
                    connectionId);
        }
        if (listener != null) {
            try {
                listener.onReadRouted(route);
            } catch (Exception e) {
                listenerFailed("onReadRouted", e);
            }
        }
    }

    private static void emit(LoggingEventBuilder b, String what, RetryEvent e, boolean withDelay) {
        b.log(line(what, e, withDelay));
    }

    /**
     * The text of a retry, recovery or give-up line, each fact once: {@code what: sqlstate= class=
     * error= cause= attempt=n/max delay= conn= elapsed= reason=}. A field without a value is left out:
     * no SQLState, no cause, no attempt limit (a dial bounded by the reconnect window only), no delay
     * but for a retry, no reason for a recovery (the line says it).
     */
    static String line(String what, RetryEvent e, boolean withDelay) {
        StringBuilder m = new StringBuilder(160).append(what).append(':');
        if (e.sqlState() != null) {
            m.append(" sqlstate=").append(e.sqlState());
        }
        m.append(" class=").append(e.recovery());
        Throwable failure = e.failure();
        if (failure != null) {
            m.append(" error=").append(failure.getClass().getSimpleName());
            Throwable cause = failure.getCause();
            if (cause != null && cause != failure) {
                m.append(" cause=");
                String causeState = Classifier.sqlState(cause);
                if (causeState != null) {
                    m.append(causeState).append('/');
                }
                m.append(cause.getClass().getSimpleName());
            }
        }
        m.append(" attempt=").append(e.attempt());
        if (e.maxAttempts() > 0) {
            m.append('/').append(e.maxAttempts());
        }
        if (withDelay) {
            m.append(" delay=").append(e.delay() == null ? 0 : e.delay().toMillis()).append("ms");
        }
        m.append(" conn=").append(e.connectionId())
                .append(" elapsed=").append(e.elapsed() == null ? 0 : e.elapsed().toMillis()).append("ms");
        if (e.reason() != null && !"recovered".equals(what)) {
            m.append(" reason=\"").append(e.reason()).append('"');
        }
        return m.toString();
    }

    private void listenerFailed(String method, Exception e) {
        log.warn("RetryListener {}.{} threw; ignored, the outcome is unchanged",
                listener.getClass().getName(), method, e);
    }
}
