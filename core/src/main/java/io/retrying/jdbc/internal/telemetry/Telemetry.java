package io.retrying.jdbc.internal.telemetry;

import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.spi.LayerTelemetry;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The process's {@link LayerTelemetry}, loaded once with {@link ServiceLoader}, or none: the one
 * door through which the core reaches a tracing module. With no provider on the class path every
 * method here is a plain call (the layer's own work runs as it is, no listener is added).
 */
public final class Telemetry {

    private static final Logger LOG = LoggerFactory.getLogger(Telemetry.class);

    /** The provider in use, or null. */
    private static final LayerTelemetry PROVIDER = load();

    /** The provider's process-wide listener, or null. */
    private static final RetryListener LISTENER = listenerOf(PROVIDER);

    private Telemetry() {
    }

    /**
     * The listener a connection reports to: {@code configured} (a data source's, may be null) and
     * the provider's, each once (a framework that hands the provider's listener to a data source
     * too does not get its events twice).
     */
    public static RetryListener alongside(RetryListener configured) {
        if (LISTENER == null || configured == LISTENER) {
            return configured;
        }
        if (configured == null) {
            return LISTENER;
        }
        return new BothListeners(configured, LISTENER);
    }

    /** Runs {@code call}, the layer's own work of kind {@code work}, through the provider, if any. */
    public static <T> T ownWork(LayerTelemetry.Work work, LayerTelemetry.Call<T> call) throws SQLException {
        return PROVIDER == null ? call.call() : PROVIDER.ownWork(work, call);
    }

    /** Work of the layer's that returns nothing. */
    @FunctionalInterface
    public interface Action {
        void run() throws SQLException;
    }

    /** As {@link #ownWork(LayerTelemetry.Work, LayerTelemetry.Call)}, for work that returns nothing. */
    public static void ownWork(LayerTelemetry.Work work, Action action) throws SQLException {
        if (PROVIDER == null) {
            action.run();
            return;
        }
        PROVIDER.ownWork(work, () -> {
            action.run();
            return null;
        });
    }

    private static LayerTelemetry load() {
        Iterator<LayerTelemetry> found;
        try {
            found = ServiceLoader.load(LayerTelemetry.class, LayerTelemetry.class.getClassLoader()).iterator();
        } catch (ServiceConfigurationError | LinkageError e) {
            LOG.debug("no telemetry provider: {}", e.toString());
            return null;
        }
        while (true) {
            try {
                if (!found.hasNext()) {
                    return null;
                }
                LayerTelemetry provider = found.next();
                LOG.debug("telemetry provider {}", provider.getClass().getName());
                return provider;
            } catch (ServiceConfigurationError | LinkageError e) {
                // a provider whose tracing library is not on the class path: skipped, as if absent
                LOG.debug("telemetry provider skipped: {}", e.toString());
            }
        }
    }

    private static RetryListener listenerOf(LayerTelemetry provider) {
        if (provider == null) {
            return null;
        }
        try {
            return provider.listener();
        } catch (RuntimeException | LinkageError e) {
            LOG.warn("telemetry provider {} gave no listener: {}", provider.getClass().getName(), e.toString());
            return null;
        }
    }
}
