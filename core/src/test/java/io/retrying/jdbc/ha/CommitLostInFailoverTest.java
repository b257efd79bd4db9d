package io.retrying.jdbc.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A COMMIT lost in a failover must never be reported as committed when the new primary does not
 * have the transaction.
 *
 * <p>The worst case, made deterministic: the primary writes the COMMIT locally and waits for its
 * synchronous standby, which receives nothing more (its WAL receiver is off); the primary crashes;
 * the standby is promoted without the transaction. Its transaction id was assigned on the old
 * primary only, so the new primary hands the same id to its own next transactions: asking the new
 * primary about that id ({@code pg_xact_status}) answers "committed" for somebody else's
 * transaction. Commit resolution (issue 5) must not take that answer for this COMMIT's. Without
 * resolution the lost COMMIT is 08007, which holds as well.
 */
@ExtendWith(PgExtension.class)
class CommitLostInFailoverTest {

    @Test
    void aCommitLostWithThePrimaryIsNeverReportedAsCommittedWithoutItsRows(PgServer primary) throws Exception {
        primary.sql("CREATE TABLE lost_commit (k text NOT NULL)");
        HaCluster cluster = HaCluster.synchronous(primary);
        PgServer standby = cluster.standby;
        try (FaultProxy toStandby = FaultProxy.start(standby)) {
            String url = "jdbc:retrying:postgresql://" + primary.host() + ":" + primary.port() + ",127.0.0.1:" + toStandby.port()
                    + "/postgres?user=postgres&sslmode=disable&targetServerType=primary&retry.tokenBucket=none&retry.reconnectWindowMs=20000";
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.executeUpdate("INSERT INTO lost_commit VALUES ('mine')");

                // the standby stops receiving: the COMMIT will wait for it on the primary, written locally only
                standby.sql("ALTER SYSTEM SET primary_conninfo = ''", "SELECT pg_reload_conf()");
                await(() -> primary.queryLong("SELECT count(*) FROM pg_stat_replication") == 0, "the standby to disconnect");
                CompletableFuture<Void> commit = CompletableFuture.runAsync(() -> {
                    try {
                        c.commit();
                    } catch (SQLException e) {
                        throw new java.util.concurrent.CompletionException(e);
                    }
                });
                await(() -> primary.queryLong("SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'SyncRep'") == 1,
                        "the COMMIT to wait for the standby");

                toStandby.refuseNew(true); // the wrapper reaches the new primary only once it reused the id
                primary.crash();
                standby.promote();
                try (Connection direct = standby.connect(); Statement burn = direct.createStatement()) {
                    for (int i = 0; i < 100; i++) {
                        burn.execute("SELECT pg_current_xact_id()"); // each a committed transaction with the next id
                    }
                }
                toStandby.refuseNew(false);

                Throwable failure = null;
                try {
                    commit.get(30, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    failure = e.getCause(); // CompletableFuture unwraps the CompletionException
                }
                long rows = standby.queryLong("SELECT count(*) FROM lost_commit WHERE k = 'mine'");
                if (failure == null) {
                    assertEquals(1, rows, "COMMIT reported success, so the row must be on the new primary");
                } else {
                    assertTrue(failure instanceof SQLException, String.valueOf(failure));
                    assertEquals("08007", ((SQLException) failure).getSQLState(), failure.toString());
                    assertTrue(rows <= 1);
                }
            }
        }
    }

    private interface Condition {
        boolean holds() throws Exception;
    }

    private static void await(Condition condition, String what) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.holds()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what);
            Thread.sleep(10);
        }
    }
}
