package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import io.retrying.jdbc.ReadRoute;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import io.retrying.jdbc.fixtures.StreamingReplicas;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 39 over the pool: the layer over the writer's HikariCP pool with a pool of readers, on the
 * defaults. A unit commits a row on one borrowed connection and the next unit, on another, reads it
 * read-only: it sees the row, though one standby replays commits 20 ms late. 4 threads x 200 cycles
 * (the 10,000 scaled for CI time).
 */
class ReadYourWritesOverThePoolTest {

    private static PgServer primary;
    private static StreamingReplicas replicas;

    @BeforeAll
    static void cluster() {
        primary = PgServers.start();
        primary.sql("CREATE TABLE rywp_rows (id int PRIMARY KEY)");
        replicas = StreamingReplicas.start(primary, 2);
        replicas.standby(0).sql("ALTER SYSTEM SET recovery_min_apply_delay = '20ms'", "SELECT pg_reload_conf()");
    }

    @AfterAll
    static void stop() {
        primary.close();
    }

    @Test
    void aReadOnlyUnitAfterACommitSeesItOnAStandby() throws Exception {
        HikariConfig writer = new HikariConfig();
        writer.setJdbcUrl(primary.jdbcUrl() + "&ApplicationName=rywp");
        writer.setMaximumPoolSize(4);
        writer.setPoolName("rywp");
        Map<ReadRoute.Reason, AtomicInteger> reasons = new ConcurrentHashMap<>();
        RetryListener listener = new RetryListener() {
            @Override
            public void onReadRouted(ReadRoute route) {
                reasons.computeIfAbsent(route.reason(), r -> new AtomicInteger()).incrementAndGet();
            }
        };
        AtomicInteger ids = new AtomicInteger();
        AtomicLong misses = new AtomicLong();
        AtomicLong onStandby = new AtomicLong();
        int threads = 4;
        int cycles = 200;
        try (RetryingHikariDataSource ds = RetryingHikari.over(writer,
                RetryingHikari.readers(writer, replicas.standbyHosts()), b -> b.listener(listener))) {
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    done.add(pool.submit(() -> {
                        for (int i = 0; i < cycles; i++) {
                            int id = ids.incrementAndGet();
                            try (Connection c = ds.getConnection();
                                    PreparedStatement insert = c.prepareStatement("INSERT INTO rywp_rows VALUES (?)")) {
                                insert.setInt(1, id);
                                assertEquals(1, insert.executeUpdate());
                            }
                            try (Connection c = ds.getConnection()) {
                                c.setReadOnly(true);
                                try (PreparedStatement read = c.prepareStatement(
                                        "SELECT (SELECT count(*) FROM rywp_rows WHERE id = ?), pg_is_in_recovery()")) {
                                    read.setInt(1, id);
                                    try (ResultSet rs = read.executeQuery()) {
                                        rs.next();
                                        if (rs.getLong(1) != 1) {
                                            misses.incrementAndGet();
                                        }
                                        if (rs.getBoolean(2)) {
                                            onStandby.incrementAndGet();
                                        }
                                    }
                                }
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                pool.shutdownNow();
            }
        }
        long reads = (long) threads * cycles;
        assertEquals(0, misses.get(), "reads that missed their own row, of " + reads + " (routes " + reasons + ")");
        assertTrue(onStandby.get() >= reads * 9 / 10, "reads served by a standby: " + onStandby.get() + " of " + reads
                + " (routes " + reasons + ")");
    }
}
