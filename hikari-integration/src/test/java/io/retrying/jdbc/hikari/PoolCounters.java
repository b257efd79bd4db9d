package io.retrying.jdbc.hikari;

import com.zaxxer.hikari.metrics.IMetricsTracker;
import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import com.zaxxer.hikari.metrics.PoolStats;
import java.util.concurrent.atomic.AtomicInteger;

/** What HikariCP reports through its metrics hook: connection creations (attempts) and acquire timeouts. */
final class PoolCounters implements MetricsTrackerFactory {
    /** Every attempt to create a pooled connection, successful or not (HikariCP records both). */
    final AtomicInteger creations = new AtomicInteger();
    /** Every {@code getConnection} that timed out waiting for a connection. */
    final AtomicInteger timeouts = new AtomicInteger();

    @Override
    public IMetricsTracker create(String poolName, PoolStats poolStats) {
        return new IMetricsTracker() {
            @Override
            public void recordConnectionCreatedMillis(long millis) {
                creations.incrementAndGet();
            }

            @Override
            public void recordConnectionTimeout() {
                timeouts.incrementAndGet();
            }
        };
    }
}
