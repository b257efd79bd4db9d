package io.retrying.jdbc.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A COMMIT whose reply is lost, resolved on a primary of a later timeline (CommitResolver's
 * identity check). After a switchover the promoted standby's history contains the old timeline up
 * to the switch point, past the transaction: its "committed" is this transaction's, and the
 * application sees no exception. A promoted standby that stopped short of the transaction's WAL
 * hands the same xid to its own transactions: its "committed" is somebody else's, and is never
 * believed; but its history left the old timeline before the position captured with the id, so the
 * transaction's commit record is not in it: there the transaction did not commit, and it is
 * replayed (issue 26: before, an 08007 with the xid, as for the COMMITs a frozen leader's demotion
 * cut in PatroniFailoverTest).
 */
class CommitAcrossTimelinesTest {

    private static final String URL_TAIL = "/postgres?user=postgres&sslmode=disable&targetServerType=primary"
            + "&retry.tokenBucket=none&retry.reconnectWindowMs=20000";

    @Test
    void afterASwitchoverTheNewPrimarysCommittedIsBelieved() throws Exception {
        try (PgServer primary = PgServers.embedded()) {
            primary.sql("CREATE TABLE switched (k text NOT NULL)");
            HaCluster cluster = HaCluster.synchronous(primary);
            try (FaultProxy toPrimary = FaultProxy.start(primary)) {
                String url = "jdbc:retrying:postgresql://127.0.0.1:" + toPrimary.port() + "," + cluster.standby.host() + ":"
                        + cluster.standby.port() + URL_TAIL;
                try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                    c.setAutoCommit(false);
                    st.executeUpdate("INSERT INTO switched VALUES ('mine')");
                    // the COMMIT reaches the primary, which commits (its synchronous standby has it) and
                    // answers; the answer is lost; the lookup cannot reach the old primary again
                    toPrimary.dropReplyAfterCommit();
                    toPrimary.refuseNew(true);
                    CompletableFuture<Void> commit = commitAsync(c);
                    await(() -> !toPrimary.dropReplyArmed(), "the COMMIT to be cut");
                    // the switchover: a fast shutdown of the old primary, the standby promoted
                    primary.stop();
                    cluster.standby.promote();

                    commit.get(30, TimeUnit.SECONDS); // no exception: the new primary's "committed" was believed
                    assertEquals(1, cluster.standby.queryLong("SELECT count(*) FROM switched WHERE k = 'mine'"));
                    assertNotEquals(1, cluster.standby.queryLong("SELECT substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8)::int"),
                            "the lookup ran on a new timeline");
                    // and the connection carries on, on the new primary
                    st.executeUpdate("INSERT INTO switched VALUES ('next')");
                    c.commit();
                    assertEquals(2, cluster.standby.queryLong("SELECT count(*) FROM switched"));
                }
            }
        }
    }

    @Test
    void aPromotedStandbyThatMissedTheTransactionHasItReplayedNotItsOwnCommittedBelieved() throws Exception {
        try (PgServer primary = PgServers.embedded()) {
            primary.sql("CREATE TABLE missed (k text NOT NULL)");
            PgServer standby = primary.startStandby(); // asynchronous
            await(() -> primary.queryLong("SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'") == 1, "streaming");
            try (FaultProxy toPrimary = FaultProxy.start(primary); FaultProxy toStandby = FaultProxy.start(standby)) {
                String url = "jdbc:retrying:postgresql://127.0.0.1:" + toPrimary.port() + ",127.0.0.1:" + toStandby.port() + URL_TAIL;
                try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                    // the standby stops receiving before the transaction writes anything
                    standby.sql("ALTER SYSTEM SET primary_conninfo = ''", "SELECT pg_reload_conf()");
                    await(() -> primary.queryLong("SELECT count(*) FROM pg_stat_replication") == 0, "the standby to disconnect");
                    c.setAutoCommit(false);
                    st.executeUpdate("INSERT INTO missed VALUES ('mine')");
                    toPrimary.dropReplyAfterCommit();
                    toPrimary.refuseNew(true);
                    toStandby.refuseNew(true); // reached only once it has handed the xid to a transaction of its own
                    CompletableFuture<Void> commit = commitAsync(c);
                    await(() -> !toPrimary.dropReplyArmed(), "the COMMIT to be cut");
                    primary.crash();
                    standby.promote();
                    try (Connection direct = standby.connect(); Statement burn = direct.createStatement()) {
                        for (int i = 0; i < 100; i++) {
                            burn.execute("SELECT pg_current_xact_id()"); // each a committed transaction with the next xid
                        }
                    }
                    toStandby.refuseNew(false);

                    // the new primary's "committed" for the xid (one of its own 100) is not believed; its
                    // history says the old timeline ended before the transaction's commit could be in it
                    commit.get(30, TimeUnit.SECONDS);
                    assertEquals(1, standby.queryLong("SELECT count(*) FROM missed WHERE k = 'mine'"),
                            "replayed once on the new primary, which never had it");
                    st.executeUpdate("INSERT INTO missed VALUES ('next')");
                    c.commit();
                    assertEquals(2, standby.queryLong("SELECT count(*) FROM missed"));
                }
            }
        }
    }

    private static CompletableFuture<Void> commitAsync(Connection c) {
        return CompletableFuture.runAsync(() -> {
            try {
                c.commit();
            } catch (SQLException e) {
                throw new CompletionException(e);
            }
        });
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
