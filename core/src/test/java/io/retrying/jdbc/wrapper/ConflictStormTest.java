package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetriesExhaustedException;
import io.retrying.jdbc.RetryBudget;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.ScalingRetryBudget;
import io.retrying.jdbc.StopReason;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Issue 23: the default budget still throttles a storm of serialization failures (40001) on one
 * hot row, where every conflict would otherwise be retried up to the attempt limit. Eight threads
 * run {@code UPDATE hot ...; SELECT pg_sleep(0.002); COMMIT} at REPEATABLE READ for a few seconds, once with the default
 * budget's arithmetic (a {@link ScalingRetryBudget} of this test's own, so that no other test
 * spends it) and once with none; the retries are counted by a listener.
 */
@ExtendWith(PgExtension.class)
class ConflictStormTest {

    private static final Logger LOG = LoggerFactory.getLogger(ConflictStormTest.class);
    private static final int THREADS = 8;
    private static final long MILLIS = 4_000;

    record Storm(long transactions, long committed, long retries, long refused, long refusedExceptions,
                 long deposits) {
        double amplification() {
            return (transactions + retries) / (double) transactions;
        }
    }

    @Test
    void aStormOfConflictsOnOneHotRowIsStillThrottled(PgServer pg) throws Exception {
        pg.sql("DROP TABLE IF EXISTS hot", "CREATE TABLE hot (id int PRIMARY KEY, v bigint NOT NULL)",
                "INSERT INTO hot VALUES (1, 0)");
        ScalingRetryBudget budget = new ScalingRetryBudget();
        Storm throttled = storm(pg, RetryPolicy.builder().budget(budget).build());
        Storm unbounded = storm(pg, RetryPolicy.builder().noBudget().build());
        LOG.info("40001 storm, {} threads, {} ms: default budget {} (amplification {}); no budget {} (amplification {})",
                THREADS, MILLIS, throttled, String.format("%.3f", throttled.amplification()), unbounded,
                String.format("%.3f", unbounded.amplification()));

        // the budget's own bound: its floor, its refill, a tenth of each success
        double seconds = MILLIS / 1000.0 + 1;
        double bound = ScalingRetryBudget.FLOOR_PER_SECOND * 10 + ScalingRetryBudget.FLOOR_PER_SECOND * seconds
                + ScalingRetryBudget.SHARE * throttled.deposits();
        assertTrue(throttled.retries() <= bound, throttled + " above " + bound);
        assertTrue(throttled.refused() > 0, "the budget refused retries: " + throttled);
        assertEquals(throttled.refused(), throttled.refusedExceptions(), "each refusal reached the application as one");
        // per transaction the application ran, the budget makes fewer retries than none does (by how much
        // depends on the machine's load: half on a quiet one, less on two busy cores; the bound above is
        // the budget's own promise)
        assertTrue(throttled.amplification() < unbounded.amplification(),
                "without a budget conflicts are retried far more: " + unbounded + " against " + throttled);
        assertEquals(throttled.committed() + unbounded.committed(), pg.queryLong("SELECT v FROM hot WHERE id = 1"));
    }

    private static Storm storm(PgServer pg, RetryPolicy policy) throws Exception {
        AtomicLong retries = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        AtomicLong deposits = new AtomicLong();
        PGSimpleDataSource target = new PGSimpleDataSource();
        target.setURL(pg.jdbcUrl());
        RetryingDataSource ds = RetryingDataSource.builder(target).policy(policy).listener(new RetryListener() {
            @Override
            public void onRetry(RetryEvent event) {
                retries.incrementAndGet();
            }

            @Override
            public void onRetryRefused(RetryEvent event) {
                refused.incrementAndGet();
            }

            @Override
            public void onSuccessWithoutRetry() {
                deposits.incrementAndGet();
            }

            @Override
            public void onRecovered(RetryEvent event) {
                deposits.incrementAndGet();
            }
        }).build();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong transactions = new AtomicLong();
        AtomicLong committed = new AtomicLong();
        AtomicLong refusedExceptions = new AtomicLong();
        List<Throwable> unexpected = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
            Thread t = new Thread(() -> {
                try (Connection c = ds.getConnection();
                     PreparedStatement update = c.prepareStatement("UPDATE hot SET v = v + 1 WHERE id = 1");
                     PreparedStatement work = c.prepareStatement("SELECT pg_sleep(0.002)")) {
                    c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
                    c.setAutoCommit(false);
                    while (running.get()) {
                        transactions.incrementAndGet();
                        try {
                            update.executeUpdate();
                            work.execute(); // the winner holds the row a while: the others queue, then conflict
                            c.commit();
                            committed.incrementAndGet();
                        } catch (SQLException e) {
                            if (e instanceof RetriesExhaustedException x && x.reason() == StopReason.BUDGET) {
                                refusedExceptions.incrementAndGet();
                            } else if (!"40001".equals(e.getSQLState())) {
                                unexpected.add(e);
                            }
                            c.rollback();
                        }
                    }
                } catch (SQLException | RuntimeException e) {
                    unexpected.add(e);
                }
            }, "storm-" + i);
            threads.add(t);
            t.start();
        }
        Thread.sleep(MILLIS);
        running.set(false);
        for (Thread t : threads) {
            t.join(30_000);
        }
        assertEquals(List.of(), unexpected);
        return new Storm(transactions.get(), committed.get(), retries.get(), refused.get(), refusedExceptions.get(),
                deposits.get());
    }

    @SuppressWarnings("unused")
    private static RetryBudget unused() {
        return RetryBudget.shared();
    }
}
