package io.retrying.jdbc.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Counting the happy path allocates nothing: an autocommit execution through a retrying
 * connection with the meters bound allocates no more than one without a listener (as core's
 * {@code HotPathAllocationTest} holds the wrapper to pgjdbc), and the success event alone
 * allocates nothing at all.
 */
@ExtendWith(PgExtension.class)
class MetricsAllocationTest {

    private static final int WARM_UP = 3000;
    private static final int MEASURED = 3000;

    @Test
    void countingASuccessAllocatesNothing() {
        RetryingMetrics metrics = RetryingMetrics.of("alloc", RetryPolicy.defaults());
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        metrics.bindTo(registry);
        for (int i = 0; i < 100_000; i++) {
            metrics.onSuccessWithoutRetry();
        }
        long before = allocated();
        for (int i = 0; i < 100_000; i++) {
            metrics.onSuccessWithoutRetry();
        }
        long bytes = allocated() - before;
        assertEquals(200_000, registry.get("retrying.jdbc.calls").tag("kind", "successful_without_retry").counter().count());
        // under 0.1 B a call: what the JIT and the measuring itself leave, not a per-call object
        assertTrue(bytes < 10_000, bytes + " B for 100,000 successes");
    }

    @Test
    void anAutocommitUpdateWithTheMetersAllocatesNoMoreThanWithout(PgServer pg) throws Exception {
        pg.sql("DROP TABLE IF EXISTS counter", "CREATE TABLE counter (id int PRIMARY KEY, n int)", "INSERT INTO counter VALUES (1, 0)");
        String sql = "UPDATE counter SET n = n + 1 WHERE id = ?";
        RetryPolicy policy = RetryPolicy.builder().noTokenBucket().build();
        RetryingMetrics metrics = RetryingMetrics.of("alloc", policy);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        metrics.bindTo(registry);
        PGSimpleDataSource target = new PGSimpleDataSource();
        target.setURL(pg.jdbcUrl());
        long without;
        long with;
        try (Connection plain = RetryingDataSource.builder(target).policy(policy).build().getConnection();
             Connection counted = RetryingDataSource.builder(target).policy(policy).listener(metrics).build().getConnection();
             PreparedStatement plainPs = plain.prepareStatement(sql);
             PreparedStatement countedPs = counted.prepareStatement(sql)) {
            bytesPerExecution(plainPs, WARM_UP);
            bytesPerExecution(countedPs, WARM_UP);
            // alternating rounds, the least of each: one round's figure moves by a few dozen bytes with
            // what pgjdbc and the JIT happen to do around it (a buffer grown, a call not inlined yet)
            without = Long.MAX_VALUE;
            with = Long.MAX_VALUE;
            for (int round = 0; round < 3; round++) {
                without = Math.min(without, bytesPerExecution(plainPs, MEASURED));
                with = Math.min(with, bytesPerExecution(countedPs, MEASURED));
            }
        }
        System.out.println("allocation per execution: with meters " + with + " B, without " + without + " B");
        assertTrue(registry.get("retrying.jdbc.calls").tag("kind", "successful_without_retry").counter().count()
                >= WARM_UP + 3 * MEASURED);
        assertTrue(with - without < 16, "with meters " + with + " B vs " + without + " B per execution");
    }

    private static long bytesPerExecution(PreparedStatement ps, int n) throws SQLException {
        long before = allocated();
        for (int i = 0; i < n; i++) {
            ps.setInt(1, 1);
            ps.executeUpdate();
        }
        return (allocated() - before) / n;
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }
}
