package io.retrying.jdbc.replicas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.StreamingReplicas;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 39: the guarantee carried from one data source to another (two instances of an application,
 * two HTTP requests) as a token, {@code readPosition()} on the one that wrote and
 * {@code readAfter(token)} on the one that reads; and, with the server, why the layer asks the
 * primary's position after the commit rather than using the one it read inside the transaction.
 */
@ExtendWith(PgExtension.class)
class ReadAfterTokenTest {

    private static StreamingReplicas replicas;

    @BeforeAll
    static void cluster(PgServer primary) {
        primary.sql("CREATE TABLE rat_rows (id int PRIMARY KEY)");
        replicas = StreamingReplicas.start(primary, 2);
    }

    @AfterAll
    static void resumed() {
        for (PgServer standby : replicas.standbys()) {
            if ("t".equals(standby.queryString("SELECT pg_is_wal_replay_paused()"))) {
                standby.sql("SELECT pg_wal_replay_resume()");
            }
        }
    }

    private static RetryingDataSource instance(String app) {
        RetryingDataSource ds = new RetryingDataSource();
        ds.setUrl(replicas.primary().jdbcUrl() + "&ApplicationName=" + app);
        ds.setReaders(replicas.standbyHosts());
        return ds;
    }

    private static void paused(PgServer standby) throws InterruptedException {
        standby.sql("SELECT pg_wal_replay_pause()");
        while (!"paused".equals(standby.queryString("SELECT pg_get_wal_replay_pause_state()"))) {
            Thread.sleep(5);
        }
    }

    /** How many of {@code reads} read-only units, each on a new connection of {@code ds}, saw row {@code id}. */
    private static int seen(RetryingDataSource ds, int id, int reads) throws SQLException {
        int seen = 0;
        for (int i = 0; i < reads; i++) {
            try (Connection c = ds.getConnection()) {
                c.setReadOnly(true);
                try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM rat_rows WHERE id = ?")) {
                    ps.setInt(1, id);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        seen += rs.getInt(1);
                    }
                }
            }
        }
        return seen;
    }

    @Test
    void aTokenFromTheInstanceThatWroteKeepsTheGuaranteeOnAnother() throws Exception {
        PgServer paused = replicas.standby(0); // where each data source's first read goes
        paused(paused);
        RetryingDataSource writer = instance("rat-writer");
        try (Connection c = writer.getConnection(); Statement st = c.createStatement()) {
            assertEquals(1, st.executeUpdate("INSERT INTO rat_rows VALUES (1)"));
        }
        String token = writer.readPosition();
        assertTrue(token.matches("[0-9A-F]+/[0-9A-F]+"), token);

        RetryingDataSource carried = instance("rat-carried");
        carried.readAfter(token);
        assertEquals(20, seen(carried, 1, 20), "reads after readAfter(token) that saw the row, of 20");

        // the control: an instance that was not handed the token reads the paused standby's older state
        RetryingDataSource uninformed = instance("rat-uninformed");
        assertTrue(seen(uninformed, 1, 20) < 20, "without the token some read misses the row");
    }

    @Test
    void aBadTokenIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> instance("rat-bad").readAfter("16/not-hex"));
        assertTrue(e.getMessage().contains("'16/not-hex' is not a read position"), e.getMessage());
    }

    /**
     * With the server: the WAL insert position read inside a transaction (what the layer reads with
     * the transaction's id) lies before its COMMIT record: a standby that replayed it need not show
     * the commit. The primary's insert position asked after COMMIT returned is past it.
     */
    @Test
    void thePositionSeenInsideTheTransactionIsBeforeItsCommit() throws Exception {
        PgServer standby = replicas.standby(1);
        try (Connection c = replicas.primary().connect(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO rat_rows VALUES (2)");
            String inside;
            try (ResultSet rs = st.executeQuery("SELECT pg_current_wal_insert_lsn()")) {
                rs.next();
                inside = rs.getString(1);
            }
            replicas.primary().sql("SELECT pg_switch_wal()"); // flushed and sent: the standby replays past it
            StreamingReplicas.awaitReplayed(standby, inside);
            paused(standby);
            c.commit();
            String after = replicas.primary().queryString("SELECT pg_current_wal_insert_lsn()");
            assertEquals("t", standby.queryString("SELECT pg_last_wal_replay_lsn() >= '" + inside + "'::pg_lsn"));
            assertEquals(0, standby.queryLong("SELECT count(*) FROM rat_rows WHERE id = 2"),
                    "replayed past the position seen inside the transaction, and the commit is not there");
            standby.sql("SELECT pg_wal_replay_resume()");
            StreamingReplicas.awaitReplayed(standby, after);
            assertEquals(1, standby.queryLong("SELECT count(*) FROM rat_rows WHERE id = 2"));
        }
    }
}
