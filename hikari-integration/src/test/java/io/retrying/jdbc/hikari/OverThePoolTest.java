package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariPoolMXBean;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.TokenBucket;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The retrying layer over a HikariCP pool ({@link RetryingHikari#over}): a broken pooled
 * connection is evicted and another borrowed, and the pool replaces exactly what was evicted.
 */
@ExtendWith(PgExtension.class)
class OverThePoolTest {

    /**
     * HikariCP checks a connection idle for more than this before lending it; the tests switch the
     * check off so that every broken connection reaches the retrying layer, and the pool's
     * replacements can be matched one for one with the layer's evictions.
     */
    private static final String ALIVE_BYPASS = "com.zaxxer.hikari.aliveBypassWindowMs";

    private static CountingPool pool(HikariConfig config) {
        System.setProperty(ALIVE_BYPASS, String.valueOf(Long.MAX_VALUE));
        try {
            return new CountingPool(config);
        } finally {
            System.clearProperty(ALIVE_BYPASS);
        }
    }

    private static HikariConfig config(CountingPgDataSource physical, String name, int size) {
        HikariConfig config = new HikariConfig();
        config.setDataSource(physical);
        config.setPoolName(name);
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(size);
        config.setConnectionTimeout(2_000);
        return config;
    }

    private static RetryPolicy policy() {
        return RetryPolicy.builder().tokenBucket(new TokenBucket(500)).build();
    }

    @Test
    void aBrokenPooledConnectionIsEvictedAndAnotherBorrowed(PgServer server) throws Exception {
        // given a retrying connection over a pooled one
        String app = "over-evict";
        CountingPgDataSource physical = new CountingPgDataSource(server.jdbcUrl() + "&ApplicationName=" + app);
        RecordingListener listener = new RecordingListener();
        CountingPool pool = pool(config(physical, app, 2));
        try (RetryingHikariDataSource ds = RetryingHikari.over(pool,
                b -> b.policy(policy()).listener(listener))) {
            Pools.awaitFull(ds.pool().getHikariPoolMXBean(), 2);
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                int before = backendPid(s);
                // when its backend is terminated
                server.sql("SELECT pg_terminate_backend(" + before + ", 5000)");
                // then the next statement runs on another pooled connection
                int after = backendPid(s);
                assertTrue(before != after, "same backend " + before);
                assertEquals(1, pool.evictions.get(), "evictions");
                assertEquals(1, listener.retries(Retryability.RECONNECT), listener.toString());
            }
            HikariPoolMXBean mx = ds.pool().getHikariPoolMXBean();
            assertEquals(0, mx.getActiveConnections());
            Pools.awaitFull(mx, 2);
            // and the pool replaced only the evicted connection
            assertEquals(2 + 1, physical.opened.get(), "physical connections opened");
        }
    }

    @Test
    void aDeadReplacementTheLayerEvictsIsReportedLikeEveryOtherEviction(PgServer server) throws Exception {
        // given a retrying connection over one pooled connection, and a second one idle in the pool
        String app = "over-dead-spare";
        CountingPgDataSource physical = new CountingPgDataSource(server.jdbcUrl() + "&ApplicationName=" + app);
        RecordingListener listener = new RecordingListener();
        CountingPool pool = pool(config(physical, app, 2));
        try (RetryingHikariDataSource ds = RetryingHikari.over(pool,
                b -> b.policy(policy()).listener(listener))) {
            Pools.awaitFull(ds.pool().getHikariPoolMXBean(), 2);
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                int before = backendPid(s);
                // when both backends die (a restart does that to every pooled connection), the borrowed
                // one's and the idle spare's (HikariCP lends the spare without a check: idle under 500 ms)
                assertEquals(2, server.terminateBackends(app), "backends terminated");
                awaitGone(server, app);
                // then the statement runs on a third, live connection ...
                int after = backendPid(s);
                assertTrue(before != after, "same backend " + before);
            }
            // ... the layer evicted both dead ones, and reported each eviction: the statement's own
            // (a retry on a new connection) and the dead spare's it borrowed and found dead
            assertEquals(2, pool.evictions.get(), "evictions");
            assertEquals(listener.retries(Retryability.RECONNECT) + listener.commitsResolved.get()
                    + listener.gaveUp.get(), pool.evictions.get(),
                    "evictions against the retrying layer's events: " + listener);
            Pools.awaitFull(ds.pool().getHikariPoolMXBean(), 2);
            assertEquals(2 + 2, physical.opened.get(), "physical connections opened");
        }
    }

    /** Waits until the server has no backend of {@code app} left: a terminated one takes a moment to exit. */
    private static void awaitGone(PgServer server, String app) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (server.queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app + "'") > 0) {
            assertTrue(System.nanoTime() < deadline, "backends of " + app + " still there");
            Thread.sleep(10);
        }
    }

    @Test
    void underChaosTheWorkloadSeesNoErrorsAndThePoolReplacesExactlyWhatWasEvicted(PgServer server)
            throws Exception {
        MixedWorkload.createSchema(server);
        String app = "over-chaos";
        CountingPgDataSource physical = new CountingPgDataSource(server.jdbcUrl() + "&ApplicationName=" + app);
        RecordingListener listener = new RecordingListener();
        CountingPool pool = pool(config(physical, app, 10));
        try (RetryingHikariDataSource ds = RetryingHikari.over(pool,
                b -> b.policy(policy()).listener(listener))) {
            HikariPoolMXBean mx = ds.pool().getHikariPoolMXBean();
            Pools.awaitFull(mx, 10);

            // given 50 threads on 10 connections, when backends die every 200 ms and the server restarts once
            MixedWorkload.Result result;
            // (the last second has no faults: the workload's own use then flushes what the last kills left)
            BackendKiller killer = new BackendKiller(server, app, Duration.ofMillis(200), Duration.ofSeconds(5),
                    Duration.ofSeconds(9));
            try (killer) {
                killer.start();
                result = MixedWorkload.run(ds, 50, Duration.ofSeconds(10));
            }
            System.out.printf("over the pool: %s; %d backends killed, restarted %s; %d evictions, %d physical"
                    + " connections opened; %s%n", result, killer.killed.size(), killer.restarted,
                    pool.evictions.get(), physical.opened.get(), listener);

            // then reads and autocommit writes saw no error
            assertTrue(result.errors().isEmpty(), () -> "errors: " + result.errors());
            result.assertNoTransactionFailures();
            assertTrue(killer.restarted, "the server was restarted");
            assertTrue(result.reads() > 0 && result.writes() > 0 && result.transfers() > 0, result.toString());
            assertEquals(MixedWorkload.ACCOUNTS * MixedWorkload.START_BALANCE, MixedWorkload.totalBalance(server),
                    "transfers are all-or-nothing");
            // and the pool ends with nothing borrowed
            assertEquals(0, mx.getActiveConnections(), "active connections");

            // when the application next uses every pooled connection at once
            Pools.useEveryConnection(ds, 10);
            // then every eviction was a connection the retrying layer healed (a retry on a new connection),
            // resolved (a lost COMMIT looked up on a new connection) or gave up on: it evicted nothing else
            assertTrue(pool.evictions.get() > 0, "evictions");
            assertEquals(listener.retries(Retryability.RECONNECT) + listener.commitsResolved.get()
                    + listener.gaveUp.get(), pool.evictions.get(),
                    "evictions against the retrying layer's events: " + listener);
            // and the pool replaced exactly the connections the retrying layer evicted
            Pools.awaitFull(mx, 10);
            assertEquals(10 + pool.evictions.get(), physical.opened.get(), "physical connections opened");
            // and what it holds is alive
            killer.assertPoolHoldsLiveBackendsOnly(10);
        }
    }

    static int backendPid(Statement s) throws Exception {
        try (ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            assertTrue(rs.next());
            return rs.getInt(1);
        }
    }
}
