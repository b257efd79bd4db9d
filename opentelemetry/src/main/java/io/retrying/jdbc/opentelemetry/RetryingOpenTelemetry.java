package io.retrying.jdbc.opentelemetry;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.spi.LayerTelemetry;
import java.sql.SQLException;
import java.util.Objects;

/**
 * retrying-jdbc's OpenTelemetry tracing, found by the core on its own ({@code ServiceLoader}): on
 * the class path beside the OpenTelemetry API (which the application, or the Java agent's bridge,
 * brings), every retrying connection of the process
 * <ul>
 *   <li>reports its retries, replays, commit resolutions and give-ups as events on the current
 *       span ({@link TracingRetryListener});</li>
 *   <li>runs the layer's own statements (proofs, the catalog walk, the xid and identity questions,
 *       the capture before COMMIT, a replacement's dial and its pool's liveness check) with
 *       instrumentation suppressed ({@code InstrumentationUtil.suppressInstrumentation}, which the
 *       agent and the instrumentation API honour; see {@code ApiCompat} for the API versions): they never read as the application's
 *       statements, and their failures never leave an ERROR span under an operation that
 *       succeeded;</li>
 *   <li>gives a replay and a commit resolution a span of its own, {@code replay} and
 *       {@code retry COMMIT} (INTERNAL, a child of the current span, {@code db.system.name=postgresql}),
 *       with what they ran suppressed under it: the trace shows when and for how long the layer
 *       worked, not the transaction twice. Its status stays unset (a replay that failed is retried or
 *       surfaces through the application's span); {@code retrying.jdbc.outcome} says
 *       {@code ok} or {@code failed}, with {@code error.type}.</li>
 * </ul>
 * Without the OpenTelemetry API on the class path this class cannot load, the core skips it, and
 * nothing changes.
 *
 * <p>Spans are made with {@link GlobalOpenTelemetry} (the agent's, once it is installed), or with
 * what {@link #use(OpenTelemetry)} was given (a framework that does not set the global one).
 */
public final class RetryingOpenTelemetry implements LayerTelemetry {

    /** The instrumentation scope name of the layer's own spans. */
    public static final String SCOPE = "io.retrying.jdbc";

    static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("retrying.jdbc.outcome");

    private static volatile OpenTelemetry openTelemetry;

    /** The system property that turns the provider off ({@code false}) for the whole process. */
    public static final String ENABLED_PROPERTY = "retrying.jdbc.opentelemetry.enabled";

    /**
     * For {@code ServiceLoader}; fails (and the core skips it) when the OpenTelemetry API is missing,
     * or when the system property {@value #ENABLED_PROPERTY} is {@code false}.
     */
    public RetryingOpenTelemetry() {
        Objects.requireNonNull(Span.getInvalid());
        if ("false".equalsIgnoreCase(System.getProperty(ENABLED_PROPERTY))) {
            throw new IllegalStateException(ENABLED_PROPERTY + "=false");
        }
    }

    /**
     * Makes the layer's own spans with {@code otel} instead of {@link GlobalOpenTelemetry} (Spring
     * Boot's starter hands over the application's {@code OpenTelemetry} bean); {@code null}: back to
     * the global one.
     */
    public static void use(OpenTelemetry otel) {
        openTelemetry = otel;
    }

    @Override
    public RetryListener listener() {
        return TracingRetryListener.instance();
    }

    @Override
    public <T> T ownWork(Work work, Call<T> call) throws SQLException {
        if (work != Work.REPLAY && work != Work.COMMIT_RESOLUTION) {
            return suppressed(call);
        }
        Span span = tracer().spanBuilder(work.spanName())
                .setSpanKind(SpanKind.INTERNAL)
                .setAttribute(TracingRetryListener.DB_SYSTEM_NAME, TracingRetryListener.POSTGRESQL)
                .startSpan();
        try (Scope ignored = Context.current().with(span).makeCurrent()) {
            T result = suppressed(call);
            span.setAttribute(OUTCOME, "ok");
            return result;
        } catch (SQLException | RuntimeException | Error e) {
            span.setAttribute(OUTCOME, "failed");
            span.setAttribute(TracingRetryListener.ERROR_TYPE,
                    e instanceof SQLException sql && sql.getSQLState() != null ? sql.getSQLState() : e.getClass().getName());
            throw e;
        } finally {
            span.end();
        }
    }

    private static Tracer tracer() {
        OpenTelemetry otel = openTelemetry;
        if (otel == null) {
            otel = ApiCompat.global();
        }
        return otel.getTracer(SCOPE);
    }

    /** Runs {@code call} where no instrumentation starts a span, and hands back its result or failure. */
    private static <T> T suppressed(Call<T> call) throws SQLException {
        Outcome<T> outcome = new Outcome<>();
        ApiCompat.suppressInstrumentation(() -> outcome.run(call));
        return outcome.get();
    }

    /** What a call gave, carried out of the {@code Runnable} that suppression takes. */
    private static final class Outcome<T> {
        private T result;
        private Throwable failure;
        private boolean ran;

        void run(Call<T> call) {
            ran = true;
            try {
                result = call.call();
            } catch (SQLException | RuntimeException | Error e) {
                failure = e;
            }
        }

        T get() throws SQLException {
            if (!ran) {
                throw new IllegalStateException("instrumentation suppression did not run the layer's work");
            }
            if (failure instanceof SQLException e) {
                throw e;
            }
            if (failure instanceof RuntimeException e) {
                throw e;
            }
            if (failure instanceof Error e) {
                throw e;
            }
            return result;
        }
    }

    @Override
    public String toString() {
        return "RetryingOpenTelemetry";
    }
}
