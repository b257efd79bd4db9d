package io.retrying.jdbc.spring;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.retrying.jdbc.micrometer.RetryingMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Binds the meters of every data source the starter made retrying to every registry Spring Boot
 * binds this to, whichever comes first: a data source made after a registry was bound is bound
 * to it on arrival. Boot applies {@link MeterBinder} beans once all singletons exist.
 */
final class RetryingJdbcMeterBinder implements MeterBinder {

    private final ReentrantLock lock = new ReentrantLock();
    private final List<RetryingMetrics> metrics = new ArrayList<>();
    private final List<MeterRegistry> registries = new ArrayList<>();
    /** Pools the starter made that are no beans (the readers'), so Boot binds no HikariCP meters to them. */
    private final List<HikariDataSource> pools = new ArrayList<>();

    @Override
    public void bindTo(MeterRegistry registry) {
        lock.lock();
        try {
            registries.add(registry);
            metrics.forEach(m -> m.bindTo(registry));
            pools.forEach(p -> meter(p, registry));
        } finally {
            lock.unlock();
        }
    }

    /**
     * A pool the starter made beside a data source (the readers'): HikariCP's own meters for it
     * ({@code hikaricp.*}, tagged with its pool name), in the first registry, as Boot gives a pool
     * that is a bean. HikariCP takes one registry; one the application set is left as it is.
     */
    void addPool(HikariDataSource pool) {
        lock.lock();
        try {
            pools.add(pool);
            if (!registries.isEmpty()) {
                meter(pool, registries.get(0));
            }
        } finally {
            lock.unlock();
        }
    }

    private static void meter(HikariDataSource pool, MeterRegistry registry) {
        if (pool.getMetricRegistry() == null && pool.getMetricsTrackerFactory() == null) {
            pool.setMetricRegistry(registry);
        }
    }

    void add(RetryingMetrics m) {
        lock.lock();
        try {
            metrics.add(m);
            registries.forEach(m::bindTo);
        } finally {
            lock.unlock();
        }
    }

    /** The meters of the only retrying data source, or {@code null} when there are none or several. */
    RetryingMetrics only() {
        lock.lock();
        try {
            return metrics.size() == 1 ? metrics.get(0) : null;
        } finally {
            lock.unlock();
        }
    }
}
