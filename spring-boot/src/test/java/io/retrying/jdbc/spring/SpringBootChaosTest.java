package io.retrying.jdbc.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.Counter;
import io.retrying.jdbc.CommitOutcomeUnknownException;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.spring.app.Account;
import io.retrying.jdbc.spring.app.AccountRepository;
import io.retrying.jdbc.spring.app.ReportService;
import io.retrying.jdbc.spring.app.TransferService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.jdbc.health.DataSourceHealthIndicator;

/**
 * A Spring Boot application (Hibernate with its default id generation, JdbcTemplate, a
 * {@code @Transactional} service and a read-only one) with the starter and nothing but
 * {@code spring.datasource.url}, user and password, under backend kills every 0.5 s, a restart
 * and a crash. No exception reaches it but a crash's in-flight COMMIT (08007, with its xid);
 * afterwards money is conserved, no transfer is there twice, no connection is left borrowed, and
 * the meters counted the retries the server's terminations caused.
 */
class SpringBootChaosTest extends BankTestBase {
    private static final int WORKERS = 4;
    /** Two accounts per worker: transfers of different workers touch different rows, so a replay
     * after a kill sees what the first run saw (with shared rows, another worker's commit in
     * between makes it diverge, rightly: a 40001 the application must retry itself). */
    private static final int ACCOUNTS = 2 * WORKERS;
    private static final long OPENING = 1_000;

    @Autowired
    AccountRepository accounts;
    @Autowired
    TransferService transfers;
    @Autowired
    ReportService reports;

    @Test
    void theApplicationRidesOutKillsARestartAndACrash() throws Exception {
        // given the auto-configured pool, under which the layer sits, and ten funded accounts
        HikariDataSource pool = assertInstanceOf(HikariDataSource.class, dataSource);
        assertTrue(pool.isWrapperFor(RetryingDataSource.class) || pool.getDataSource() instanceof RetryingDataSource,
                "the pool's connections come from the retrying layer");
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < ACCOUNTS; i++) {
            ids.add(accounts.save(new Account(OPENING)).getId());
        }

        // when workers move money and read totals while the server's backends are killed every
        // 0.5 s, then it restarts, then it crashes and comes back
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        AtomicInteger committed = new AtomicInteger();
        AtomicInteger reads = new AtomicInteger();
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < WORKERS; w++) {
            long mine = ids.get(2 * w);
            long other = ids.get(2 * w + 1);
            Thread t = new Thread(() -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                while (!stop.get()) {
                    try {
                        if (random.nextInt(4) == 0) {
                            reports.total();
                            jdbc.queryForObject("SELECT count(*) FROM account", Long.class);
                            reads.incrementAndGet();
                        } else {
                            boolean forth = random.nextBoolean();
                            long from = forth ? mine : other;
                            long to = forth ? other : mine;
                            transfers.transfer(UUID.randomUUID().toString(), from, to, 1 + random.nextInt(10));
                            committed.incrementAndGet();
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }
            }, "bank-worker-" + w);
            t.start();
            workers.add(t);
        }
        int terminated = 0;
        long killsUntil = System.nanoTime() + Duration.ofSeconds(3).toNanos();
        while (System.nanoTime() < killsUntil) {
            Thread.sleep(500);
            terminated += PG.terminateBackends();
        }
        PG.restart();
        Thread.sleep(1000);
        PG.crash();
        Thread.sleep(300);
        PG.start();
        Thread.sleep(1500);
        stop.set(true);
        for (Thread t : workers) {
            t.join(30_000);
        }

        System.out.printf("chaos: %d transfers, %d reads, %d backends terminated, %d failures; meters: %s%n",
                committed.get(), reads.get(), terminated, failures.size(),
                registry.find("retrying.jdbc.retries").counters().stream()
                        .map(c -> c.getId().getTag("class") + "/" + c.getId().getTag("sqlstate") + "=" + (long) c.count())
                        .toList());

        // then the only failures are in-flight COMMITs of the crash, each with its xid
        int unknown = 0;
        List<String> others = failures.stream().filter(f -> unknownCommit(f) == null).map(String::valueOf).toList();
        if (!others.isEmpty()) {
            AssertionError e = new AssertionError(others.size() + " failures reached the application: " + others);
            failures.forEach(e::addSuppressed);
            throw e;
        }
        for (Throwable f : failures) {
            CommitOutcomeUnknownException u = unknownCommit(f);
            assertEquals("08007", u.getSQLState());
            assertTrue(u.xid() > 0, "the xid is told: " + u.getMessage());
            unknown++;
        }
        assertTrue(unknown <= WORKERS, unknown + " unknown COMMITs, one crash");
        assertTrue(committed.get() > 20 && reads.get() > 5, committed + " transfers, " + reads + " reads");

        // money is conserved, each transfer is there once (at most the unknown ones more)
        assertEquals(ACCOUNTS * OPENING, reports.total());
        long rows = reports.transfers();
        assertTrue(rows >= committed.get() && rows <= committed.get() + unknown,
                rows + " transfer rows for " + committed + " committed and " + unknown + " unknown");
        // no connection is left borrowed
        assertEquals(0, pool.getHikariPoolMXBean().getActiveConnections());

        // the meters saw the retries: at least one per kill phase, no more 57P01s than the server terminated
        double reconnects = sum("retrying.jdbc.retries", "class", "reconnect");
        double terminatedRetries = sum("retrying.jdbc.retries", "sqlstate", "57P01");
        assertTrue(terminated > 0, "the server terminated backends");
        assertTrue(reconnects >= 1, "reconnect retries: " + reconnects);
        assertTrue(terminatedRetries <= terminated + 2L * pool.getMaximumPoolSize(),
                terminatedRetries + " retries after 57P01, " + terminated + " backends terminated, then a restart");
        assertTrue(registry.get("retrying.jdbc.calls").tags("name", pool.getPoolName(), "kind", "successful_with_retry")
                .counter().count() >= 1);

        // Spring Boot's health indicator and HikariCP's meters still work
        DataSourceHealthIndicator health = context.getBeanProvider(DataSourceHealthIndicator.class).getIfAvailable();
        assertNotNull(health, "Spring Boot's DataSourceHealthIndicator");
        assertEquals("UP", health.health(true).getStatus().getCode());
        assertNotNull(registry.find("hikaricp.connections").tag("pool", pool.getPoolName()).gauge(), "HikariCP's meters");
    }

    private double sum(String meter, String tag, String value) {
        return registry.find(meter).tag(tag, value).counters().stream().mapToDouble(Counter::count).sum();
    }

    private static CommitOutcomeUnknownException unknownCommit(Throwable f) {
        for (Throwable t = f; t != null; t = t.getCause()) {
            if (t instanceof CommitOutcomeUnknownException u) {
                return u;
            }
        }
        return null;
    }
}
