package io.retrying.jdbc.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The token bucket against a failover, with a pool's worth of connections: every connection
 * first used after the failover finds its server gone and retries once, and each such retry
 * costs 14 tokens; a bucket refuses retries at half its capacity. The shared bucket's 500 tokens
 * carry about (500 / 2) / 14 = 18 of them, so a larger pool needs a bucket of its own of about
 * 30 tokens per connection (the README's advice, checked here).
 */
class PoolAfterFailoverTest {

    private static final int POOL = 30;

    @Test
    void aBucketOfThirtyTokensPerConnectionCarriesTheWholePoolThroughAFailover() throws Exception {
        assertEquals(List.of(), firstUseAfterFailover(30 * POOL));
    }

    @Test
    void aBucketOfTheSharedSizeRunsOutForAPoolOfThirty() throws Exception {
        List<String> failed = firstUseAfterFailover(500);
        // README: "the shared bucket carries about 18 such retries"
        assertTrue(failed.size() >= POOL - 22 && failed.size() <= POOL - 15, failed.toString());
    }

    /** The SQLStates of the first statements on POOL idle connections after a crash and a promotion. */
    private static List<String> firstUseAfterFailover(int bucketCapacity) throws Exception {
        try (PgServer primary = PgServers.embedded()) {
            HaCluster cluster = HaCluster.synchronous(primary);
            RetryingDataSource ds = new RetryingDataSource();
            ds.setUrl(cluster.retryingUrl("&retry.tokenBucket=" + bucketCapacity));
            List<Connection> pool = new ArrayList<>();
            for (int i = 0; i < POOL; i++) {
                pool.add(ds.getConnection());
            }
            primary.crash();
            cluster.standby.promote();
            List<String> failed = new ArrayList<>();
            for (Connection c : pool) {
                try (c; Statement st = c.createStatement()) {
                    st.execute("SELECT 1");
                } catch (SQLException e) {
                    failed.add(e.getSQLState());
                }
            }
            return failed;
        }
    }
}
