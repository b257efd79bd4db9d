package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.jdbc.RetryingConnections;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An autocommit execution through the wrapper allocates (next to nothing) more than the same
 * execution on pgjdbc directly: the retry state exists only once something failed.
 */
@ExtendWith(PgExtension.class)
class HotPathAllocationTest {

    private static final int WARM_UP = 3000;
    private static final int MEASURED = 3000;

    @Test
    void anAutocommitUpdateAllocatesNoMoreThanOnPgjdbcAlone(PgServer pg) throws Exception {
        pg.sql("DROP TABLE IF EXISTS counter", "CREATE TABLE counter (id int PRIMARY KEY, n int)", "INSERT INTO counter VALUES (1, 0)");
        String sql = "UPDATE counter SET n = n + 1 WHERE id = ?";
        RetryConfig config = RetryConfig.defaults().withPolicy(RetryPolicy.builder().noTokenBucket().build());
        long direct;
        long wrapped;
        try (Connection plain = DriverManager.getConnection(pg.jdbcUrl());
                Connection retrying = RetryingConnections.open(() -> DriverManager.getConnection(pg.jdbcUrl()), config);
                PreparedStatement plainPs = plain.prepareStatement(sql);
                PreparedStatement retryingPs = retrying.prepareStatement(sql)) {
            bytesPerExecution(plainPs, WARM_UP);
            bytesPerExecution(retryingPs, WARM_UP);
            direct = bytesPerExecution(plainPs, MEASURED);
            wrapped = bytesPerExecution(retryingPs, MEASURED);
        }
        System.out.println("allocation per execution: wrapped " + wrapped + " B, pgjdbc " + direct + " B");
        // the wrapper's own share: a boxed parameter at most, no retry state, no events
        assertTrue(wrapped - direct < 64, "wrapped " + wrapped + " B vs pgjdbc " + direct + " B per execution");
    }

    @Test
    void anAutocommitCallOfTheApplicationsFunctionAllocatesNoMoreThanOnPgjdbcAlone(PgServer pg) throws Exception {
        // such a statement is kept for the server to be asked about at a heal: once per connection, not per execution
        pg.sql("CREATE OR REPLACE FUNCTION hp_bump(k int) RETURNS int LANGUAGE sql AS $$ SELECT k + 1 $$",
                "DROP TABLE IF EXISTS hp_counter", "CREATE TABLE hp_counter (id int PRIMARY KEY, n int)",
                "INSERT INTO hp_counter VALUES (1, 0)");
        String sql = "UPDATE hp_counter SET n = hp_bump(n) WHERE id = ?";
        RetryConfig config = RetryConfig.defaults().withPolicy(RetryPolicy.builder().noTokenBucket().build());
        long direct;
        long wrapped;
        try (Connection plain = DriverManager.getConnection(pg.jdbcUrl());
                Connection retrying = RetryingConnections.open(() -> DriverManager.getConnection(pg.jdbcUrl()), config);
                PreparedStatement plainPs = plain.prepareStatement(sql);
                PreparedStatement retryingPs = retrying.prepareStatement(sql)) {
            bytesPerExecution(plainPs, WARM_UP);
            bytesPerExecution(retryingPs, WARM_UP);
            direct = bytesPerExecution(plainPs, MEASURED);
            wrapped = bytesPerExecution(retryingPs, MEASURED);
        }
        System.out.println("allocation per execution calling code: wrapped " + wrapped + " B, pgjdbc " + direct + " B");
        assertTrue(wrapped - direct < 64, "wrapped " + wrapped + " B vs pgjdbc " + direct + " B per execution");
    }

    private static long bytesPerExecution(PreparedStatement ps, int n) throws SQLException {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < n; i++) {
            ps.setInt(1, 1);
            ps.executeUpdate();
        }
        return (threads.getCurrentThreadAllocatedBytes() - before) / n;
    }
}
