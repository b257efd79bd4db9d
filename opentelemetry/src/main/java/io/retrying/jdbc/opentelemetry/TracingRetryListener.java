package io.retrying.jdbc.opentelemetry;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.retrying.jdbc.CircuitEvent;
import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.Commits;
import io.retrying.jdbc.ReadRoute;
import io.retrying.jdbc.ReplayOutcome;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.Retryability;
import java.util.Locale;

/**
 * Records what the retrying layer does as events on the current span: the span of the
 * application's statement (the OpenTelemetry Java agent's JDBC CLIENT span, or a library
 * instrumentation's), or, for a COMMIT, the application's own span around it. An operator reads
 * from a trace that a call was healed, how, and how long it took.
 *
 * <p>Events (attributes after the current database semantic conventions where they have a name:
 * {@code db.system.name}, {@code db.response.status_code} for the SQLState, {@code error.type};
 * the rest under {@code retrying.jdbc.}):
 * <ul>
 *   <li>{@code retrying.jdbc.retry}: a retry decided ({@code retrying.jdbc.attempt} that failed,
 *       {@code retrying.jdbc.max_attempts}, {@code retrying.jdbc.recovery} the class,
 *       {@code retrying.jdbc.delay_ms}, {@code retrying.jdbc.reason});</li>
 *   <li>{@code retrying.jdbc.recovered}: the work succeeded after retrying (the attempt that
 *       succeeded, {@code retrying.jdbc.recovery_ms} since the first failure); the span also gets
 *       the attribute {@code retrying.jdbc.healed=true}, to find healed calls by query;</li>
 *   <li>{@code retrying.jdbc.retry_refused}: the retry budget said no;</li>
 *   <li>{@code retrying.jdbc.give_up}: a failure the layer had a stake in reaches the application
 *       ({@code error.type} the SQLState it gets, or the exception's class);</li>
 *   <li>{@code retrying.jdbc.replay}: a transaction's journal replayed, and its verdict
 *       ({@code retrying.jdbc.replay.outcome}: {@code replayed}, {@code diverged},
 *       {@code not_replayable});</li>
 *   <li>{@code retrying.jdbc.commit_resolution}: a lost COMMIT looked up
 *       ({@code retrying.jdbc.commit.outcome}: {@code committed}, {@code aborted},
 *       {@code in_progress}, {@code unknown}; {@code retrying.jdbc.xid} when there was one);</li>
 *   <li>{@code retrying.jdbc.circuit}: a server's circuit breaker changed state;</li>
 *   <li>{@code retrying.jdbc.read_routed}: a read-only connection took a physical connection for
 *       its reads (issue 27: {@code retry.readers} or a pool of readers): {@code retrying.jdbc.read.target}
 *       {@code standby} or {@code primary}, {@code retrying.jdbc.read.reason} {@code read_only} or
 *       {@code no_standby_usable} (the reads fell back to the primary).</li>
 * </ul>
 * Never a parameter value, a failure's message (a server message may quote data), a host, a user.
 *
 * <p>Found on its own through {@link RetryingOpenTelemetry} (every retrying connection of the
 * process reports to {@link #instance()}); give {@link #instance()} to a data source as its
 * listener only where that provider is not on the class path: the same instance is never told twice.
 * A success at the first attempt records nothing. Thread-safe and stateless.
 */
public final class TracingRetryListener implements RetryListener {

    static final AttributeKey<String> DB_SYSTEM_NAME = AttributeKey.stringKey("db.system.name");
    static final AttributeKey<String> DB_STATUS_CODE = AttributeKey.stringKey("db.response.status_code");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("retrying.jdbc.attempt");
    static final AttributeKey<Boolean> HEALED = AttributeKey.booleanKey("retrying.jdbc.healed");
    static final AttributeKey<Long> MAX_ATTEMPTS = AttributeKey.longKey("retrying.jdbc.max_attempts");
    static final AttributeKey<String> RECOVERY = AttributeKey.stringKey("retrying.jdbc.recovery");
    static final AttributeKey<Long> DELAY_MS = AttributeKey.longKey("retrying.jdbc.delay_ms");
    static final AttributeKey<Long> RECOVERY_MS = AttributeKey.longKey("retrying.jdbc.recovery_ms");
    static final AttributeKey<String> REASON = AttributeKey.stringKey("retrying.jdbc.reason");
    static final AttributeKey<String> REPLAY_OUTCOME = AttributeKey.stringKey("retrying.jdbc.replay.outcome");
    static final AttributeKey<String> COMMIT_OUTCOME = AttributeKey.stringKey("retrying.jdbc.commit.outcome");
    static final AttributeKey<Long> XID = AttributeKey.longKey("retrying.jdbc.xid");
    static final AttributeKey<String> CIRCUIT_FROM = AttributeKey.stringKey("retrying.jdbc.circuit.from");
    static final AttributeKey<String> CIRCUIT_TO = AttributeKey.stringKey("retrying.jdbc.circuit.to");
    static final AttributeKey<String> READ_TARGET = AttributeKey.stringKey("retrying.jdbc.read.target");
    static final AttributeKey<String> READ_REASON = AttributeKey.stringKey("retrying.jdbc.read.reason");

    static final String POSTGRESQL = "postgresql";

    private static final TracingRetryListener INSTANCE = new TracingRetryListener();

    private TracingRetryListener() {
    }

    /** The one instance: the provider's, and the one to give a data source. */
    public static TracingRetryListener instance() {
        return INSTANCE;
    }

    @Override
    public void onRetry(RetryEvent event) {
        record("retrying.jdbc.retry", failureAttributes(event)
                .put(DELAY_MS, event.delay().toMillis()));
    }

    @Override
    public void onRecovered(RetryEvent event) {
        Span span = Span.current();
        if (!span.isRecording()) {
            return;
        }
        span.setAttribute(HEALED, true);
        span.addEvent("retrying.jdbc.recovered", failureAttributes(event)
                .put(RECOVERY_MS, event.sinceFirstFailure().toMillis()).build());
    }

    @Override
    public void onRetryRefused(RetryEvent event) {
        record("retrying.jdbc.retry_refused", failureAttributes(event));
    }

    /**
     * Recorded when the layer had a stake in the failure (it retried, or the failure was of a
     * retryable class or of unknown outcome), as the core logs it at WARN; a plain FATAL failure at
     * the first attempt (a syntax error, a constraint) is the application's, already on its span.
     */
    @Override
    public void onGiveUp(RetryEvent event) {
        Retryability recovery = event.recovery();
        if (event.attempt() <= 1 && recovery == Retryability.FATAL) {
            return;
        }
        record("retrying.jdbc.give_up", failureAttributes(event).put(ERROR_TYPE, errorType(event)));
    }

    @Override
    public void onReplay(ReplayOutcome outcome) {
        record("retrying.jdbc.replay", base().put(REPLAY_OUTCOME, lower(outcome.name())));
    }

    @Override
    public void onCommitResolved(long xid, CommitOutcome outcome) {
        AttributesBuilder a = base().put(COMMIT_OUTCOME, lower(outcome.name()));
        if (xid != Commits.NO_XID) {
            a.put(XID, xid);
        }
        record("retrying.jdbc.commit_resolution", a);
    }

    @Override
    public void onCircuitStateChange(CircuitEvent event) {
        record("retrying.jdbc.circuit", base()
                .put(CIRCUIT_FROM, lower(event.from().name()))
                .put(CIRCUIT_TO, lower(event.to().name())));
    }

    /** Where reads went; not the server's address: no host in an event. */
    @Override
    public void onReadRouted(ReadRoute route) {
        record("retrying.jdbc.read_routed", base()
                .put(READ_TARGET, lower(route.target().name()))
                .put(READ_REASON, lower(route.reason().name())));
    }

    private static void record(String name, AttributesBuilder attributes) {
        Span span = Span.current();
        if (span.isRecording()) {
            span.addEvent(name, attributes.build());
        }
    }

    private static AttributesBuilder base() {
        return Attributes.builder().put(DB_SYSTEM_NAME, POSTGRESQL);
    }

    private static AttributesBuilder failureAttributes(RetryEvent event) {
        AttributesBuilder a = base().put(ATTEMPT, (long) event.attempt()).put(MAX_ATTEMPTS, (long) event.maxAttempts());
        if (event.sqlState() != null) {
            a.put(DB_STATUS_CODE, event.sqlState());
        }
        Retryability recovery = event.recovery();
        if (recovery != null) {
            a.put(RECOVERY, lower(recovery.name()));
        }
        if (event.reason() != null) {
            a.put(REASON, event.reason());
        }
        return a;
    }

    /** The SQLState the application gets, as the conventions ask for a database's error; else the exception's class. */
    private static String errorType(RetryEvent event) {
        Throwable failure = event.failure();
        if (failure instanceof java.sql.SQLException sql && sql.getSQLState() != null) {
            return sql.getSQLState();
        }
        if (event.sqlState() != null) {
            return event.sqlState();
        }
        return failure != null ? failure.getClass().getName() : "_OTHER";
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return "TracingRetryListener";
    }
}
