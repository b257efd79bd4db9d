package io.retrying.jdbc.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A planned switchover under a workload: the primary is fenced (its new transactions are
 * read-only, as a failover manager makes them before it promotes), then the synchronous standby is
 * promoted. Every write that reaches the fenced primary fails there with 25006, which through a
 * multi-host {@code targetServerType=primary} URL means "not the primary any more": the wrapper
 * reconnects, and keeps dialing while no host is primary yet, until it finds the promoted standby.
 * No socket is lost here, so nothing is in doubt: the application sees no error at all.
 */
@ExtendWith(PgExtension.class)
class SwitchoverTest {

    private static final Logger LOG = LoggerFactory.getLogger(SwitchoverTest.class);
    private static final Duration CATCH_UP = Duration.ofMillis(300);

    @Test
    void writesThatReachTheFencedPrimaryFindThePromotedStandby(PgServer primary) throws Exception {
        primary.sql(FailoverWorkload.CREATE_TABLE);
        HaCluster cluster = HaCluster.synchronous(primary);
        Queue<RetryEvent> retries = new ConcurrentLinkedQueue<>();
        RetryingDataSource ds = new RetryingDataSource();
        // a bucket of the shared one's size, but this test's own: other tests in this JVM drain the shared one
        ds.setUrl(cluster.retryingUrl("&retry.tokenBucket=500"));
        ds.setRetryListener(new RetryListener() {
            @Override
            public void onRetry(RetryEvent event) {
                retries.add(event);
            }
        });

        Duration switchover;
        try (FailoverWorkload work = new FailoverWorkload(ds, 2, 3, 2)) {
            assertTrue(work.awaitProgress(20, Duration.ofSeconds(5)), "before the fence: " + work);

            cluster.primary.sql("ALTER SYSTEM SET default_transaction_read_only = on", "SELECT pg_reload_conf()");
            awaitReadOnly(cluster.primary);
            work.faultNow();
            Thread.sleep(CATCH_UP.toMillis()); // the manager waits for the standby to replay everything
            cluster.standby.promote();

            assertTrue(work.awaitProgress(20, Duration.ofSeconds(15)), "after the promotion: " + work);
            work.close();
            switchover = work.faultToFirstWrite();
            assertNotNull(switchover);
            LOG.info("switchover: fence to first successful write {} ms (catch-up wait {} ms); {}; {} retries",
                    switchover.toMillis(), CATCH_UP.toMillis(), work, retries.size());

            assertEquals(List.of(), work.readers.failures(), "reads");
            assertEquals(List.of(), work.autocommitWriters.failures(), "autocommit writes");
            assertEquals(List.of(), work.transactionWriters.failures(), "transactions");
            Map<String, Integer> onNewPrimary = HaCluster.keyCounts(cluster.standby, FailoverWorkload.TABLE);
            assertEquals(Map.of(), onNewPrimary.entrySet().stream().filter(e -> e.getValue() > 1)
                    .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)), "keys written twice");
            assertEquals(List.of(), work.acknowledged.stream().filter(k -> !onNewPrimary.containsKey(k)).sorted().toList(),
                    "acknowledged writes missing on the new primary");
            assertEquals(work.acknowledged.size(), onNewPrimary.size(), "nothing but acknowledged writes");
        }
        assertTrue(retries.stream().anyMatch(e -> "25006".equals(e.sqlState())), "writes met the fenced primary");
        assertTrue(retries.stream().anyMatch(e -> "08001".equals(e.sqlState())), "dials found no primary for a while");
        assertTrue(switchover.compareTo(CATCH_UP.plusSeconds(5)) < 0, switchover.toMillis() + " ms");
    }

    private static void awaitReadOnly(PgServer server) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!"on".equals(server.queryString("SHOW default_transaction_read_only"))) {
            assertTrue(System.nanoTime() < deadline, "the fence did not take");
            Thread.sleep(5);
        }
    }
}
