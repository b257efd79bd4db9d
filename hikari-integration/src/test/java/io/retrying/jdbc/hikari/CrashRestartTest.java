package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.CommitOutcomeUnknownException;
import io.retrying.jdbc.Commits;
import io.retrying.jdbc.RetryBudget;
import io.retrying.jdbc.Retrying;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Issue 23, on the defaults a new user has (nothing configured but the URL and the pool size): a
 * busy HikariCP pool of 12 (ten threads running long reads, two autocommit writers, two
 * {@code Retrying.inTransaction} writers) rides two crash-restarts 5 s apart. Each crash is a
 * SIGKILL of one busy backend (the kernel's OOM killer): PostgreSQL ends every backend, runs crash
 * recovery with {@code fsync = on} (dials get 57P03 meanwhile) and accepts connections again.
 *
 * <p>What must hold, under the pool, over it and behind the URL prefix under plain HikariCP: no
 * read fails; a transaction fails only as 08007 with its xid (a COMMIT in flight); an autocommit
 * write only as 08007; no acknowledged write is missing and none is there twice.
 */
class CrashRestartTest {

    private static final Logger LOG = LoggerFactory.getLogger(CrashRestartTest.class);
    private static final int POOL = 12;
    private static final String TABLE = "crash_writes";

    enum Topology {
        /** {@code RetryingHikari.under}: the Spring Boot starter's default. */
        UNDER_THE_POOL,
        /** {@code RetryingDataSource.wrap(hikari)}. */
        OVER_THE_POOL,
        /** Plain HikariCP with {@code jdbcUrl=jdbc:retrying:postgresql:...}: the README's first set-up. */
        URL_PREFIX
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Topology.class)
    void aBusyPoolRidesTwoCrashRestartsFiveSecondsApartOnTheDefaults(Topology topology) throws Exception {
        ridesTwoCrashes(topology, POOL, 10, 2, 2);
    }

    /** The same with 50 threads on a pool of 50 (40 readers, 5 autocommit writers, 5 transaction writers). */
    @org.junit.jupiter.api.Test
    void fiftyThreadsOnAPoolOfFiftyRideTwoCrashRestartsUnderThePool() throws Exception {
        ridesTwoCrashes(Topology.UNDER_THE_POOL, 50, 40, 5, 5);
    }

    private void ridesTwoCrashes(Topology topology, int poolSize, int readers, int writers, int transactionWriters)
            throws Exception {
        awaitSharedBudgetRested();
        try (PgServer pg = PgServers.durable()) {
            assertEquals("on", pg.queryString("SHOW fsync"));
            pg.sql("CREATE TABLE " + TABLE + " (k text NOT NULL)"); // no unique key: a duplicate must be visible
            HikariDataSource pool = pool(topology, pg, poolSize);
            DataSource ds = topology == Topology.OVER_THE_POOL ? RetryingDataSource.wrap(pool) : pool;
            Workload work = new Workload(ds, readers, writers, transactionWriters);
            try {
                work.awaitProgress(Duration.ofSeconds(20));
                for (int crash = 1; crash <= 2; crash++) {
                    int pid = pg.killBackend(null);
                    LOG.info("{}: crash {}: SIGKILL of backend {}", topology, crash, pid);
                    if (crash == 1) {
                        Thread.sleep(5_000);
                    }
                }
                work.awaitProgress(Duration.ofSeconds(30));
            } finally {
                work.stop();
                pool.close();
            }
            LOG.info("{}: reads {}, autocommit writes {}, transactions {}; failures: reads {}, writes {}, transactions {}",
                    topology, work.reads.get(), work.writes.get(), work.transactions.get(), work.readFailures,
                    work.writeFailures, work.transactionFailures);

            assertEquals(List.of(), describe(work.readFailures), "reads see no error");
            assertEquals(List.of(), describe(work.writeFailures.stream()
                    .filter(e -> !"08007".equals(e.getSQLState())).toList()), "autocommit writes fail only as 08007");
            assertEquals(List.of(), describe(work.transactionFailures.stream()
                    .filter(e -> !(e instanceof CommitOutcomeUnknownException u && u.xid() != Commits.NO_XID)).toList()),
                    "transactions fail only as 08007 with an xid");
            Map<String, Integer> stored = keyCounts(pg);
            assertEquals(Map.of(), stored.entrySet().stream().filter(e -> e.getValue() > 1)
                    .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)), "keys written twice");
            assertEquals(List.of(), work.acknowledged.stream().filter(k -> !stored.containsKey(k)).sorted().toList(),
                    "acknowledged writes missing");
            assertTrue(work.reads.get() > 0 && work.writes.get() > 0 && work.transactions.get() > 0, work.toString());
        }
    }

    /**
     * The process-wide budget is shared with the tests that ran before in this JVM; a chaos test just
     * before may have spent it. It refills toward its floor in seconds: wait for that, as a new
     * process would start.
     */
    static void awaitSharedBudgetRested() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (RetryBudget.shared().balance() < 90 && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
    }

    static HikariDataSource pool(Topology topology, PgServer pg, int size) {
        HikariConfig config = new HikariConfig();
        config.setMaximumPoolSize(size);
        config.setPoolName("crash-" + topology);
        switch (topology) {
            case UNDER_THE_POOL -> {
                config.setJdbcUrl(pg.jdbcUrl());
                return RetryingHikari.under(config);
            }
            case OVER_THE_POOL -> config.setJdbcUrl(pg.jdbcUrl());
            case URL_PREFIX -> config.setJdbcUrl("jdbc:retrying:" + pg.jdbcUrl().substring("jdbc:".length()));
            default -> throw new AssertionError(topology);
        }
        return new HikariDataSource(config);
    }

    private static List<String> describe(List<SQLException> failures) {
        List<String> out = new ArrayList<>();
        for (SQLException e : failures) {
            out.add(e.getClass().getSimpleName() + " " + e.getSQLState() + " " + e.getMessage());
        }
        return out;
    }

    private static Map<String, Integer> keyCounts(PgServer pg) throws SQLException {
        Map<String, Integer> counts = new HashMap<>();
        try (Connection c = pg.connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT k, count(*) FROM " + TABLE + " GROUP BY k")) {
            while (rs.next()) {
                counts.put(rs.getString(1), rs.getInt(2));
            }
        }
        return counts;
    }

    /** Ten readers, two autocommit writers, two transaction writers, each borrowing per operation. */
    static final class Workload {
        final AtomicLong reads = new AtomicLong();
        final AtomicLong writes = new AtomicLong();
        final AtomicLong transactions = new AtomicLong();
        final List<SQLException> readFailures = new java.util.concurrent.CopyOnWriteArrayList<>();
        final List<SQLException> writeFailures = new java.util.concurrent.CopyOnWriteArrayList<>();
        final List<SQLException> transactionFailures = new java.util.concurrent.CopyOnWriteArrayList<>();
        final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final List<Thread> threads = new ArrayList<>();
        private final Queue<Throwable> bugs = new ConcurrentLinkedQueue<>();

        Workload(DataSource ds, int readers, int writers, int transactionWriters) {
            for (int i = 0; i < readers; i++) {
                start("reader-" + i, () -> {
                    try (Connection c = ds.getConnection(); Statement st = c.createStatement();
                         ResultSet rs = st.executeQuery("SELECT count(*) FROM generate_series(1, 2000000)")) {
                        rs.next();
                        reads.incrementAndGet();
                    } catch (SQLException e) {
                        readFailures.add(e);
                    }
                });
            }
            for (int i = 0; i < writers; i++) {
                String prefix = "a" + i + "-";
                AtomicLong seq = new AtomicLong();
                start("writer-" + i, () -> {
                    String key = prefix + seq.incrementAndGet();
                    try (Connection c = ds.getConnection();
                         PreparedStatement ps = c.prepareStatement("INSERT INTO " + TABLE + " (k) VALUES (?)")) {
                        ps.setString(1, key);
                        ps.executeUpdate();
                        acknowledged.add(key);
                        writes.incrementAndGet();
                    } catch (SQLException e) {
                        writeFailures.add(e);
                    }
                    pause(20);
                });
            }
            for (int i = 0; i < transactionWriters; i++) {
                String prefix = "t" + i + "-";
                AtomicLong seq = new AtomicLong();
                start("transaction-" + i, () -> {
                    long n = seq.incrementAndGet();
                    String first = prefix + n + "a";
                    String second = prefix + n + "b";
                    try {
                        Retrying.inTransaction(ds, c -> {
                            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + TABLE + " (k) VALUES (?)")) {
                                ps.setString(1, first);
                                ps.executeUpdate();
                                ps.setString(1, second);
                                ps.executeUpdate();
                            }
                            return null;
                        });
                        acknowledged.add(first);
                        acknowledged.add(second);
                        transactions.incrementAndGet();
                    } catch (SQLException e) {
                        transactionFailures.add(e);
                    }
                    pause(20);
                });
            }
        }

        private void start(String name, Runnable step) {
            Thread t = new Thread(() -> {
                while (running.get()) {
                    try {
                        step.run();
                    } catch (RuntimeException | Error e) {
                        bugs.add(e);
                        return;
                    }
                }
            }, name);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }

        private static void pause(long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** Waits until every kind of work has succeeded again (at least twice more) within {@code limit}. */
        void awaitProgress(Duration limit) throws InterruptedException {
            long r = reads.get() + 2;
            long w = writes.get() + 2;
            long t = transactions.get() + 2;
            long deadline = System.nanoTime() + limit.toNanos();
            while ((reads.get() < r || writes.get() < w || transactions.get() < t) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertTrue(reads.get() >= r && writes.get() >= w && transactions.get() >= t, "no progress: " + this);
            assertEquals(List.of(), List.copyOf(bugs), "a worker died");
        }

        void stop() throws InterruptedException {
            running.set(false);
            for (Thread t : threads) {
                t.join(60_000);
            }
        }

        @Override
        public String toString() {
            return "reads " + reads + ", writes " + writes + ", transactions " + transactions + ", failures " + readFailures.size()
                    + "/" + writeFailures.size() + "/" + transactionFailures.size();
        }
    }
}
