package io.retrying.jdbc.replay;

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
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What the journal costs a transaction that never fails: bytes allocated per transaction (five
 * reads of a row, five updates, COMMIT) through the wrapper, with and without the xid capture
 * before COMMIT, against pgjdbc alone. Printed for the record; the bound only catches a blow-up
 * (a per-row or per-getter allocation), not a few objects.
 */
@ExtendWith(PgExtension.class)
class JournalCostTest {

    private static final int WARM_UP = 300;
    private static final int MEASURED = 300;

    @Test
    void aTransactionThatNeverFailsAllocatesAFewHundredBytesPerStatementMore(PgServer pg) throws Exception {
        pg.sql("DROP TABLE IF EXISTS ledger", "CREATE TABLE ledger (id int PRIMARY KEY, balance bigint, note text)",
                "INSERT INTO ledger SELECT g, 1000, 'note ' || g FROM generate_series(1, 10) g");
        RetryPolicy policy = RetryPolicy.builder().noTokenBucket().build();
        RetryConfig resolving = RetryConfig.defaults().withPolicy(policy);
        RetryConfig notResolving = new RetryConfig(policy, Duration.ofSeconds(10), 1000, 4L << 20, false, null, null);
        long direct;
        long journaled;
        long journaledNoXid;
        try (Connection plain = DriverManager.getConnection(pg.jdbcUrl());
                Connection wrapped = RetryingConnections.open(() -> DriverManager.getConnection(pg.jdbcUrl()), resolving);
                Connection fast = RetryingConnections.open(() -> DriverManager.getConnection(pg.jdbcUrl()), notResolving)) {
            for (Connection c : new Connection[] {plain, wrapped, fast}) {
                c.setAutoCommit(false);
                bytesPerTransaction(c, WARM_UP);
            }
            direct = bytesPerTransaction(plain, MEASURED);
            journaled = bytesPerTransaction(wrapped, MEASURED);
            journaledNoXid = bytesPerTransaction(fast, MEASURED);
        }
        System.out.println("allocation per transaction of 10 statements: pgjdbc " + direct + " B, journaled "
                + journaled + " B, journaled without xid capture " + journaledNoXid + " B");
        assertTrue(journaledNoXid - direct < 6 * 1024, "journal overhead " + (journaledNoXid - direct) + " B");
    }

    private static long bytesPerTransaction(Connection c, int n) throws SQLException {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        try (PreparedStatement read = c.prepareStatement("SELECT balance, note FROM ledger WHERE id = ?");
                PreparedStatement write = c.prepareStatement("UPDATE ledger SET balance = balance + 1 WHERE id = ?")) {
            for (int i = 0; i < n; i++) {
                for (int id = 1; id <= 5; id++) {
                    read.setInt(1, id);
                    try (ResultSet rs = read.executeQuery()) {
                        rs.next();
                        rs.getLong(1);
                    }
                    write.setInt(1, id);
                    write.executeUpdate();
                }
                c.commit();
            }
        }
        return (threads.getCurrentThreadAllocatedBytes() - before) / n;
    }
}
