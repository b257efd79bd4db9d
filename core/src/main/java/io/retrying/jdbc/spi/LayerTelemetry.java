package io.retrying.jdbc.spi;

import io.retrying.jdbc.RetryListener;
import java.sql.SQLException;

/**
 * What a tracing module plugs into every retrying connection of the process, found with
 * {@link java.util.ServiceLoader} ({@code META-INF/services/io.retrying.jdbc.spi.LayerTelemetry}):
 * a listener that hears every connection's events beside the one a data source was given, and a
 * frame around the work the layer does on its own behalf, so that a tracer can tell it from the
 * application's (run it under a span of its own, or with the tracer's instrumentation suppressed).
 *
 * <p>The core depends on no tracing library: {@code retrying-jdbc-opentelemetry} implements this
 * with the OpenTelemetry API. A provider that cannot be loaded (its tracing library is not on the
 * class path) is skipped; the first one that loads is used. Implementations must be thread-safe
 * and cheap: {@link #ownWork} runs on the failure path only, {@link #listener()} is asked once.
 */
public interface LayerTelemetry {

    /** What the layer is doing on its own behalf. */
    enum Work {
        /**
         * A question to the server (a proof, the catalog walk, a plan check, the identity and xid
         * questions, the capture of the transaction id before COMMIT): the application never
         * asked it, and its failure is never the application's.
         */
        QUESTION("proof"),
        /** A transaction's journal run again on a new transaction (its statements, then its checks). */
        REPLAY("replay"),
        /** The outcome of a COMMIT whose reply was lost, looked up on a new connection. */
        COMMIT_RESOLUTION("retry COMMIT"),
        /**
         * A replacement for a lost physical connection dialed, its session restored (and, over a
         * pool, the pool's own liveness check of what it hands over).
         */
        RECONNECT("reconnect");

        private final String spanName;

        Work(String spanName) {
            this.spanName = spanName;
        }

        /** A short name for a span of this work: {@code proof}, {@code replay}, {@code retry COMMIT}, {@code reconnect}. */
        public String spanName() {
            return spanName;
        }
    }

    /** Work of the layer's that may fail with an {@link SQLException}. */
    @FunctionalInterface
    interface Call<T> {
        T call() throws SQLException;
    }

    /**
     * A listener for the events of every retrying connection of the process, called after the
     * data source's own; {@code null} for none. Asked once, when the core first needs it.
     */
    default RetryListener listener() {
        return null;
    }

    /**
     * Runs {@code call}, work of kind {@code work} that the layer does on its own behalf, and
     * returns what it returns or throws what it throws, unchanged. Runs on the thread doing the work;
     * may nest (a reconnect inside a commit resolution).
     */
    default <T> T ownWork(Work work, Call<T> call) throws SQLException {
        return call.call();
    }
}
