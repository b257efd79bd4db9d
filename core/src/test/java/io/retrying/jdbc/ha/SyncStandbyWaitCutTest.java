package io.retrying.jdbc.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a switchover's fast shutdown does to a write whose COMMIT waits for the synchronous standby
 * (issue 17: after a switchover an autocommit write could still get 08007). The backend has written
 * its commit record locally; on SIGTERM PostgreSQL cancels the wait with a WARNING (57P01, "The
 * transaction has already committed locally, but might not have been replicated to the standby"),
 * stops sending anything to the client, and exits: no error message, the socket just closes. Here
 * the standby never comes (a {@code synchronous_standby_names} nobody answers to) and the backend is
 * terminated as the shutdown would.
 *
 * <p>For an autocommit write that is a silent loss: 08007, and it must not run again (it is
 * committed). The same write in a transaction is resolved by its id: no exception, once.
 */
@ExtendWith(PgExtension.class)
class SyncStandbyWaitCutTest {

    private final PgServer pg;

    SyncStandbyWaitCutTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void everyCommitWaitsForAStandbyThatNeverComes() {
        pg.sql("DROP TABLE IF EXISTS sync_cut", "CREATE TABLE sync_cut (k text NOT NULL)",
                "ALTER SYSTEM SET synchronous_standby_names = 'nobody'", "SELECT pg_reload_conf()");
    }

    @AfterEach
    void asynchronousAgain() {
        pg.sql("ALTER SYSTEM RESET synchronous_standby_names", "SELECT pg_reload_conf()");
    }

    @Test
    void anAutocommitWriteCutInItsSyncWaitIs08007AndNotRunAgain() throws Exception {
        try (Connection c = DriverManager.getConnection(url()); Statement st = c.createStatement()) {
            CompletableFuture<SQLException> write = CompletableFuture.supplyAsync(() -> {
                try {
                    st.executeUpdate("INSERT INTO sync_cut VALUES ('autocommit')");
                    return null;
                } catch (SQLException e) {
                    return e;
                }
            });
            cutTheSyncWait();
            SQLException e = write.get(20, TimeUnit.SECONDS);
            assertEquals("08007", e == null ? null : e.getSQLState(), "outcome unknown to the layer");
            assertFalse(Classifier.serverReported(e.getCause()), "the server sent a warning, no error: " + e.getCause());
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM sync_cut WHERE k = 'autocommit'"),
                "committed locally before the cut, and not run again");
    }

    @Test
    void theSameWriteInATransactionIsResolvedByItsId() throws Exception {
        try (Connection c = DriverManager.getConnection(url()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO sync_cut VALUES ('transaction')");
            CompletableFuture<SQLException> commit = CompletableFuture.supplyAsync(() -> {
                try {
                    c.commit();
                    return null;
                } catch (SQLException e) {
                    return e;
                }
            });
            cutTheSyncWait();
            assertEquals(null, commit.get(20, TimeUnit.SECONDS), "resolved as committed: no exception");
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM sync_cut WHERE k = 'transaction'"));
    }

    private String url() {
        return "jdbc:retrying:" + pg.jdbcUrl().substring("jdbc:".length()) + "&ApplicationName=sync-cut&retry.tokenBucket=none";
    }

    /** Waits until the write's COMMIT waits for the standby, then terminates it as a fast shutdown would. */
    private void cutTheSyncWait() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (pg.queryLong("SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'SyncRep' AND application_name = 'sync-cut'") < 1) {
            assertTrue(System.nanoTime() < deadline, "the COMMIT never waited for the standby");
            Thread.sleep(10);
        }
        assertEquals(1, pg.terminateBackends("sync-cut"));
    }
}
