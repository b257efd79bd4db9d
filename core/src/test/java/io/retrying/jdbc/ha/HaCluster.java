package io.retrying.jdbc.ha;

import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * A primary and a streaming-replication standby, with synchronous replication: a commit the
 * application saw succeed is on the standby, so it survives a crash of the primary. (With
 * asynchronous replication the last acknowledged commits can be lost in a failover; no client
 * library can bring them back, so the tests that count them need synchronous replication.)
 */
final class HaCluster {

    final PgServer primary;
    final PgServer standby;

    private HaCluster(PgServer primary, PgServer standby) {
        this.primary = primary;
        this.standby = standby;
    }

    /** A standby of {@code primary}, replicating synchronously once this returns. */
    static HaCluster synchronous(PgServer primary) throws InterruptedException {
        PgServer standby = primary.startStandby();
        primary.sql("ALTER SYSTEM SET synchronous_standby_names = '*'", "SELECT pg_reload_conf()");
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (primary.queryLong("SELECT count(*) FROM pg_stat_replication WHERE sync_state = 'sync'") < 1) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the standby did not become synchronous");
            }
            Thread.sleep(10);
        }
        return new HaCluster(primary, standby);
    }

    /**
     * The multi-host URL of the README, for the driver: primary first, then the standby; pgjdbc
     * finds whichever is the primary.
     */
    String retryingUrl(String extra) {
        return "jdbc:retrying:postgresql://" + primary.host() + ":" + primary.port() + "," + standby.host() + ":"
                + standby.port() + "/postgres?user=postgres&sslmode=disable&targetServerType=primary" + extra;
    }

    /** How many rows hold each key, read on {@code server}. */
    static Map<String, Integer> keyCounts(PgServer server, String table) throws SQLException {
        Map<String, Integer> counts = new HashMap<>();
        try (Connection c = server.connect(); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT k, count(*) FROM " + table + " GROUP BY k")) {
            while (rs.next()) {
                counts.put(rs.getString(1), rs.getInt(2));
            }
        }
        return counts;
    }
}
