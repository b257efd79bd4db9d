package io.retrying.jdbc.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.util.PGobject;

/**
 * Issue 12, cases 14 and 16: a parameter value the application refills after {@code set*} (one
 * PGobject, array or map reused for every row, a normal pgjdbc pattern) is sent again as it was
 * when set, by a batch re-run and by a transaction replay; and such values count at their real size
 * against the journal's byte bound, past which the transaction is not replayable and the journal
 * keeps nothing alive.
 */
@ExtendWith(PgExtension.class)
class RefilledParametersTest {

    private final PgServer pg;
    private final TransactionReplayTest.Replays replays = new TransactionReplayTest.Replays();

    RefilledParametersTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void tables() {
        pg.sql("DROP TABLE IF EXISTS docs", "CREATE TABLE docs (id int, doc jsonb)",
                "DROP TABLE IF EXISTS marks", "CREATE TABLE marks (v int)",
                "DROP TABLE IF EXISTS vectors", "CREATE TABLE vectors (id int, v int[], g int[])",
                "CREATE EXTENSION IF NOT EXISTS hstore",
                "DROP TABLE IF EXISTS tags", "CREATE TABLE tags (id int, t hstore)");
    }

    private Physical physical() {
        return new Physical(pg.jdbcUrl() + "&ApplicationName=" + TransactionReplayTest.VICTIM);
    }

    private RetryConfig config() {
        return RetryConfig.defaults().withPolicy(Physical.FAST).withListener(replays);
    }

    private void kill() {
        assertEquals(1, pg.terminateBackends(TransactionReplayTest.VICTIM));
    }

    private static void refill(PGobject doc, int n) throws SQLException {
        doc.setValue("{\"n\": " + n + "}");
    }

    /** id=n of every row, in id order, as "1=1 2=2". */
    private String docs() {
        return pg.queryString("SELECT coalesce(string_agg(id || '=' || (doc->>'n'), ' ' ORDER BY id), '') FROM docs");
    }

    @Test
    void anAutocommitBatchOfOneRefilledPgObjectRunsAgainWithTheValuesAddedToIt() throws Exception {
        Physical physical = physical();
        try (Connection c = physical.open(config());
                PreparedStatement insert = c.prepareStatement("INSERT INTO docs VALUES (?, ?) /* doc-batch */")) {
            PGobject doc = new PGobject();
            doc.setType("jsonb");
            for (int n = 1; n <= 3; n++) {
                refill(doc, n);
                insert.setInt(1, n);
                insert.setObject(2, doc);
                insert.addBatch();
            }
            kill();
            assertArrayEquals(new int[] {1, 1, 1}, insert.executeBatch());
        }
        assertEquals("1=1 2=2 3=3", docs());
        assertEquals(2, physical.executions("doc-batch"));
        assertEquals(1, physical.failures("doc-batch"));
    }

    @Test
    void anAutocommitStatementThatSetsOnePgObjectTwiceRunsAgainWithBothValues() throws Exception {
        Physical physical = physical();
        try (Connection c = physical.open(config());
                PreparedStatement insert = c.prepareStatement("INSERT INTO docs VALUES (?, ?), (?, ?) /* doc-pair */")) {
            PGobject doc = new PGobject();
            doc.setType("jsonb");
            refill(doc, 1);
            insert.setInt(1, 1);
            insert.setObject(2, doc);
            refill(doc, 2);
            insert.setInt(3, 2);
            insert.setObject(4, doc);
            kill();
            assertEquals(2, insert.executeUpdate());
        }
        assertEquals("1=1 2=2", docs());
        assertEquals(2, physical.executions("doc-pair"));
    }

    @Test
    void aTransactionReplayedAfterTheApplicationRefilledItsPgObjectWritesWhatItWrote() throws Exception {
        Physical physical = physical();
        try (Connection c = physical.open(config()); Statement st = c.createStatement();
                PreparedStatement insert = c.prepareStatement("INSERT INTO docs VALUES (?, ?) /* doc-tx */")) {
            c.setAutoCommit(false);
            PGobject doc = new PGobject();
            doc.setType("jsonb");
            for (int n = 1; n <= 2; n++) {
                refill(doc, n);
                insert.setInt(1, n);
                insert.setObject(2, doc);
                insert.executeUpdate();
            }
            refill(doc, 3); // ready for a next row that never comes
            kill();
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            c.commit();
        }
        assertEquals("1=1 2=2", docs());
        assertEquals(1, replays.count());
        assertEquals(4, physical.executions("doc-tx"));
    }

    @Test
    void arraysNestedArraysAndMapsRefilledAfterTheirSetAreReplayedAsTheyWere() throws Exception {
        Physical physical = physical();
        try (Connection c = physical.open(config()); Statement st = c.createStatement();
                PreparedStatement vectors = c.prepareStatement("INSERT INTO vectors VALUES (?, ?, ?)");
                PreparedStatement tags = c.prepareStatement("INSERT INTO tags VALUES (?, ?)")) {
            c.setAutoCommit(false);
            Integer[] boxed = {1, 1};
            int[][] grid = {{1, 1}, {1, 1}};
            Map<String, String> tag = new HashMap<>();
            for (int n = 1; n <= 2; n++) {
                boxed[0] = n;
                grid[1][1] = n;
                tag.put("n", String.valueOf(n));
                vectors.setInt(1, n);
                vectors.setObject(2, boxed);
                vectors.setObject(3, grid, Types.ARRAY);
                vectors.executeUpdate();
                tags.setInt(1, n);
                tags.setObject(2, tag);
                tags.executeUpdate();
            }
            boxed[0] = 9;
            grid[1][1] = 9;
            tag.put("n", "9");
            kill();
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            c.commit();
        }
        assertEquals(1, replays.count());
        assertEquals("1={1,1}{{1,1},{1,1}} 2={2,1}{{1,1},{1,2}}",
                pg.queryString("SELECT string_agg(id || '=' || v::text || g::text, ' ' ORDER BY id) FROM vectors"));
        assertEquals("1=1 2=2", pg.queryString("SELECT string_agg(id || '=' || (t->'n'), ' ' ORDER BY id) FROM tags"));
    }

    @Test
    void aValueOfATypeTheLayerCannotCopyMakesTheTransactionNotReplayable() throws Exception {
        try (Connection c = physical().open(config()); PreparedStatement insert = c.prepareStatement(
                "INSERT INTO marks VALUES (length(?))")) {
            c.setAutoCommit(false);
            // pgjdbc renders it with toString() now; nothing says what it will say later
            StringBuilder text = new StringBuilder("abc");
            insert.setObject(1, text, Types.VARCHAR);
            insert.executeUpdate();
            kill();
            SQLException e = assertThrows(SQLException.class, () -> insert.executeUpdate());
            assertEquals(Retryability.RECONNECT, Classifier.retryability(e));
            c.rollback();
            insert.setObject(1, "abcd");
            insert.executeUpdate();
            c.commit();
        }
        assertEquals(0, replays.count());
        assertEquals(java.util.List.of(4), TransactionReplayTest.values(pg));
    }

    @Test
    void largePgObjectsCountAtTheirSizeAndPastTheBoundTheJournalKeepsNoneOfThem() throws Exception {
        int megabyte = 1 << 20;
        int count = 48;
        long before;
        long during;
        SQLException e;
        // the default bound, 4 MB, as in the issue
        RetryConfig bounded = new RetryConfig(Physical.FAST, Duration.ofSeconds(10), 1000, 4L << 20, true, replays, null);
        try (Connection c = physical().open(bounded);
                PreparedStatement read = c.prepareStatement("SELECT octet_length(?::text) /* big-doc */")) {
            c.setAutoCommit(false);
            before = usedHeapAfterGc();
            for (int n = 0; n < count; n++) {
                // a fresh document each time: the application keeps none of them
                PGobject doc = new PGobject();
                doc.setType("jsonb");
                doc.setValue("{\"k\": \"" + Character.toString('a' + n % 26).repeat(megabyte) + "\"}");
                read.setObject(1, doc);
                try (ResultSet rs = read.executeQuery()) {
                    rs.next();
                    assertTrue(rs.getInt(1) > megabyte);
                }
            }
            during = usedHeapAfterGc();
            System.out.println("heap held by an open transaction of " + count + " 1 MB jsonb parameters: "
                    + (during - before) / 1024 + " KB");
            // bare pgjdbc holds the last binding (1 MB); the layer its snapshot and the statement's last entry
            assertTrue(during - before < 12L * megabyte, "held " + (during - before) / 1024 + " KB");
            kill();
            e = assertThrows(SQLException.class, read::executeQuery);
            c.rollback();
        }
        // past the bound the transaction is not replayable: the failure surfaces with its class
        assertEquals(Retryability.RECONNECT, Classifier.retryability(e));
        assertEquals(0, replays.count());
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        Runtime rt = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(20);
            used = Math.min(used, rt.totalMemory() - rt.freeMemory());
        }
        return used;
    }
}
