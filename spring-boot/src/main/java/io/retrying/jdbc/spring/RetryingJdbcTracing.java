package io.retrying.jdbc.spring;

import io.opentelemetry.api.OpenTelemetry;
import io.retrying.jdbc.opentelemetry.RetryingOpenTelemetry;
import io.retrying.jdbc.opentelemetry.TracingRetryListener;
import org.springframework.beans.factory.DisposableBean;

/**
 * The starter's tracing bean: gives retrying-jdbc-opentelemetry the application's
 * {@code OpenTelemetry} (for the layer's own spans) while the context lives, and names the listener
 * that records retries on the current span ({@link #listener()}; every retrying connection already
 * reports to it).
 */
public final class RetryingJdbcTracing implements DisposableBean {

    private final OpenTelemetry openTelemetry;

    RetryingJdbcTracing(OpenTelemetry openTelemetry) {
        this.openTelemetry = openTelemetry;
        if (openTelemetry != null) {
            RetryingOpenTelemetry.use(openTelemetry);
        }
    }

    /** The listener that records retries, replays and commit resolutions on the current span. */
    public TracingRetryListener listener() {
        return TracingRetryListener.instance();
    }

    @Override
    public void destroy() {
        if (openTelemetry != null) {
            RetryingOpenTelemetry.use(null);
        }
    }
}
