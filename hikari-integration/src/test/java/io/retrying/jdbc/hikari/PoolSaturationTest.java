package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.TokenBucket;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A pool held saturated: HikariCP's acquire timeout is BACKPRESSURE, so callers of the retrying
 * layer over the pool wait (with growing pauses) and get a connection once one is given back.
 */
@ExtendWith(PgExtension.class)
class PoolSaturationTest {
    private static final int POOL = 10;
    private static final int WAITERS = 20;
    private static final Duration HOLD = Duration.ofSeconds(1);

    @Test
    void callersOfASaturatedPoolWaitAndSucceedWhenConnectionsFree(PgServer server) throws Exception {
        PoolCounters counters = new PoolCounters();
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(server.jdbcUrl() + "&ApplicationName=saturated");
        config.setPoolName("saturated");
        config.setMaximumPoolSize(POOL);
        config.setMinimumIdle(POOL);
        config.setConnectionTimeout(250);
        config.setMetricsTrackerFactory(counters);
        RecordingListener listener = new RecordingListener();
        // a bucket of the default size, of this test's own
        RetryPolicy policy = RetryPolicy.builder().tokenBucket(new TokenBucket(500)).build();
        try (RetryingHikariDataSource ds = RetryingHikari.over(config, b -> b.policy(policy).listener(listener))) {
            Pools.awaitFull(ds.pool().getHikariPoolMXBean(), POOL);

            // given every pooled connection borrowed and held for a second
            CountDownLatch held = new CountDownLatch(POOL);
            AtomicLong released = new AtomicLong(Long.MAX_VALUE);
            List<Thread> holders = new ArrayList<>();
            for (int i = 0; i < POOL; i++) {
                holders.add(started(() -> {
                    try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                        s.execute("SELECT 1");
                        held.countDown();
                        Thread.sleep(HOLD.toMillis());
                        released.accumulateAndGet(System.nanoTime(), Math::min);
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                }));
            }
            held.await();
            assertEquals(POOL, ds.pool().getHikariPoolMXBean().getActiveConnections());

            // when more callers ask for connections (timing out in HikariCP after 250 ms, again and again)
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            ConcurrentLinkedQueue<Long> servedAt = new ConcurrentLinkedQueue<>();
            long asked = System.nanoTime();
            List<Thread> waiters = new ArrayList<>();
            for (int i = 0; i < WAITERS; i++) {
                waiters.add(started(() -> {
                    try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                        servedAt.add(System.nanoTime());
                        s.execute("SELECT 1");
                    } catch (Exception e) {
                        failures.add(e);
                    }
                }));
            }
            for (Thread t : holders) {
                t.join();
            }
            for (Thread t : waiters) {
                t.join(15_000);
            }
            int timeouts = counters.timeouts.get();
            int waits = listener.retries(Retryability.BACKPRESSURE);
            long slowest = servedAt.stream().mapToLong(t -> t - asked).max().orElse(0);
            System.out.printf("saturated pool: %d waiters, %d HikariCP acquire timeouts, %d BACKPRESSURE waits,"
                    + " slowest served after %d ms; %s%n", WAITERS, timeouts, waits, slowest / 1_000_000, listener);

            // then every waiting caller got a connection, none before one was given back
            assertTrue(failures.isEmpty(), () -> "failures: " + failures);
            assertEquals(WAITERS, servedAt.size());
            for (long t : servedAt) {
                assertTrue(t >= released.get(), "served before any connection was given back");
            }
            // and each HikariCP timeout became one wait, a handful per caller: pacing, not a storm
            assertEquals(timeouts, waits, "timeouts against BACKPRESSURE waits");
            assertTrue(waits >= WAITERS, "every caller waited at least once: " + waits);
            assertTrue(waits <= WAITERS * 6, "a storm of retries: " + waits);
            assertEquals(0, listener.gaveUp.get(), "give-ups");
            assertEquals(0, ds.pool().getHikariPoolMXBean().getActiveConnections());
        }
    }

    private static Thread started(Runnable work) {
        Thread t = new Thread(work);
        t.start();
        return t;
    }
}
