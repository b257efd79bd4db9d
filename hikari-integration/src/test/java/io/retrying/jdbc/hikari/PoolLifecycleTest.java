package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariPoolMXBean;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** What a retrying connection over a HikariCP pool gives back to the pool when it ends. */
@ExtendWith(PgExtension.class)
class PoolLifecycleTest {

    @Test
    void anAbortedConnectionLeavesThePoolAndItsServerConnectionEnds(PgServer server) throws Exception {
        String app = "over-abort";
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(server.jdbcUrl() + "&ApplicationName=" + app);
        config.setPoolName(app);
        config.setMaximumPoolSize(2);
        config.setMinimumIdle(0);
        try (RetryingHikariDataSource ds = RetryingHikari.over(config)) {
            HikariPoolMXBean mx = ds.pool().getHikariPoolMXBean();
            Connection c = ds.getConnection();
            try (Statement s = c.createStatement()) {
                s.execute("SELECT 1");
            }
            // when the application (or a framework's timeout) aborts the connection
            c.abort(Runnable::run);
            assertTrue(c.isClosed());
            assertFalse(c.isValid(1));

            // then the pool does not count it as lent any more, and its backend goes away
            await(() -> mx.getActiveConnections() == 0, "active connections: " + mx.getActiveConnections());
            await(() -> server.queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app + "'") == 0,
                    "backends of the aborted connection");
            c.close();
            Pools.useEveryConnection(ds, 2);
        }
    }

    private static void await(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("never happened: " + what);
            }
            Thread.sleep(20);
        }
    }
}
