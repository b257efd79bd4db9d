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
import java.sql.Blob;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 12's suspected items about the journal, the digest and replay, each tried against a real
 * server: a metadata call the server fails inside a transaction, pgjdbc's {@code autosave=always},
 * an update count or generated keys asked for after another statement's failure swapped the
 * connection, a large object read inside a transaction, and {@code dblink_exec}.
 */
@ExtendWith(PgExtension.class)
class ReplayEdgesTest {

    private final PgServer pg;
    private final TransactionReplayTest.Replays replays = new TransactionReplayTest.Replays();

    ReplayEdgesTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void tables() {
        pg.sql("DROP TABLE IF EXISTS marks", "CREATE TABLE marks (v int)",
                "DROP TABLE IF EXISTS uniq", "CREATE TABLE uniq (v int PRIMARY KEY)",
                "DROP TABLE IF EXISTS keyed", "CREATE TABLE keyed (id serial PRIMARY KEY, v int)",
                "DROP TABLE IF EXISTS docs", "CREATE TABLE docs (id int, body oid)");
    }

    private Physical physical(String options) {
        return new Physical(pg.jdbcUrl() + "&ApplicationName=" + TransactionReplayTest.VICTIM + options);
    }

    private RetryConfig config() {
        return RetryConfig.defaults().withPolicy(Physical.FAST).withListener(replays);
    }

    private void kill() {
        assertEquals(1, pg.terminateBackends(TransactionReplayTest.VICTIM));
    }

    @Test
    void aMetadataCallTheServerFailsInsideATransactionFailsItsCommit() throws Exception {
        try (Connection c = physical("").open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            st.execute("SET LOCAL statement_timeout = 1");
            SQLException e = assertThrows(SQLException.class,
                    () -> c.getMetaData().getColumns(null, null, "%", "%").close());
            assertEquals("57014", e.getSQLState());
            // the server aborted the transaction: COMMIT must not report success (pgjdbc's rolls back silently)
            SQLException commit = assertThrows(SQLException.class, c::commit);
            assertEquals("40000", commit.getSQLState());
            c.rollback();
        }
        assertEquals(List.of(), TransactionReplayTest.values(pg));
    }

    @Test
    void withAutosaveAlwaysAStatementTheServerRefusedLeavesTheTransactionUsableAsOnPgjdbc() throws Exception {
        try (Connection c = physical("&autosave=always").open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO uniq VALUES (1)");
            SQLException dup = assertThrows(SQLException.class, () -> st.executeUpdate("INSERT INTO uniq VALUES (1)"));
            assertEquals("23505", dup.getSQLState());
            // pgjdbc rolled back to its savepoint: the transaction goes on, and commits what succeeded
            st.executeUpdate("INSERT INTO uniq VALUES (2)");
            kill();
            st.executeUpdate("INSERT INTO uniq VALUES (3)");
            c.commit();
        }
        assertEquals(1, replays.count());
        assertEquals("1,2,3", pg.queryString("SELECT string_agg(v::text, ',' ORDER BY v) FROM uniq"));
    }

    @Test
    void withoutAutosaveAStatementTheServerRefusedStillFailsTheCommit() throws Exception {
        try (Connection c = physical("").open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO uniq VALUES (1)");
            assertThrows(SQLException.class, () -> st.executeUpdate("INSERT INTO uniq VALUES (1)"));
            assertEquals("40000", assertThrows(SQLException.class, c::commit).getSQLState());
            c.rollback();
        }
        assertEquals(0, pg.queryLong("SELECT count(*) FROM uniq"));
    }

    @Test
    void anUpdateCountAndKeysAskedForAfterAnotherStatementSwappedTheConnectionAreTheOnesItsExecutionReturned()
            throws Exception {
        pg.sql("INSERT INTO marks VALUES (1), (2)");
        try (Connection c = physical("").open(config()); Statement counted = c.createStatement();
                Statement keyed = c.createStatement(); Statement other = c.createStatement()) {
            // autocommit: each is done and committed; their results are pgjdbc's, on the client
            counted.execute("UPDATE marks SET v = v + 10");
            keyed.executeUpdate("INSERT INTO keyed (v) VALUES (7)", Statement.RETURN_GENERATED_KEYS);
            kill();
            try (ResultSet rs = other.executeQuery("SELECT count(*) FROM marks")) {
                assertTrue(rs.next());
            }
            assertEquals(2, counted.getUpdateCount());
            try (ResultSet keys = keyed.getGeneratedKeys()) {
                assertTrue(keys.next());
                assertEquals(pg.queryLong("SELECT id FROM keyed"), keys.getLong(1));
            }
            // and each statement carries on, on the new connection
            assertEquals(2, counted.executeUpdate("UPDATE marks SET v = v + 10"));
        }
        assertEquals(List.of(21, 22), TransactionReplayTest.values(pg));
    }

    @Test
    void aLargeObjectReadInsideATransactionMakesItNotReplayable() throws Exception {
        long oid = pg.queryLong("SELECT lo_from_bytea(0, '\\x01'::bytea)");
        pg.sql("INSERT INTO docs VALUES (1, " + oid + ")");
        try (Connection c = physical("").open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            byte[] content;
            try (ResultSet rs = st.executeQuery("SELECT body FROM docs WHERE id = 1")) {
                assertTrue(rs.next());
                Blob blob = rs.getBlob(1);
                content = blob.getBytes(1, 1);
            }
            assertArrayEquals(new byte[] {1}, content);
            pg.sql("SELECT lo_put(" + oid + ", 0, '\\x02'::bytea)");
            st.executeUpdate("INSERT INTO marks VALUES (" + content[0] + ")");
            kill();
            // its content was read outside the digest: a replay could not tell it changed
            SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate("INSERT INTO marks VALUES (9)"));
            assertEquals(Retryability.RECONNECT, Classifier.retryability(e));
            c.rollback();
        } finally {
            pg.sql("SELECT lo_unlink(" + oid + ")");
        }
        assertEquals(0, replays.count());
        assertEquals(List.of(), TransactionReplayTest.values(pg));
    }

    @Test
    void aTransactionThatCalledDblinkExecIsNotReplayedSoTheRemoteWriteRunsOnce() throws Exception {
        pg.sql("CREATE EXTENSION IF NOT EXISTS dblink");
        String remote = "dbname=" + pg.database() + " host=" + pg.host() + " port=" + pg.port() + " user=" + pg.user();
        Physical physical = physical("");
        try (Connection c = physical.open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            // another session's write: committed there at once, whatever this transaction does
            st.executeQuery("SELECT dblink_exec('" + remote + "', 'INSERT INTO marks VALUES (1)') /* remote-write */").close();
            st.executeUpdate("INSERT INTO uniq VALUES (1)");
            kill();
            SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate("INSERT INTO uniq VALUES (2)"));
            assertEquals(Retryability.RECONNECT, Classifier.retryability(e));
            c.rollback();
        }
        // a replay began, found the call on the server's plan before running anything, and gave up
        assertEquals(1, replays.count());
        assertTrue(replays.giveUps.get(replays.giveUps.size() - 1).reason().contains("acts outside the transaction"));
        assertEquals(List.of(1), TransactionReplayTest.values(pg));
        // run once; the replay asked the server for its plan (EXPLAIN runs nothing) and stopped there
        assertEquals(1, physical.executions("remote-write"));
        assertEquals(1, physical.proofs("EXPLAIN (VERBOSE"), "asked once, in a frame of its own");
        assertEquals(0, pg.queryLong("SELECT count(*) FROM uniq"));
    }

    @Test
    void anAutocommitStatementThatCalledDblinkExecIsNotRunAgainAfterTheServerReportedAFailure() throws Exception {
        pg.sql("CREATE EXTENSION IF NOT EXISTS dblink",
                "DROP SEQUENCE IF EXISTS once_seq", "CREATE SEQUENCE once_seq",
                "CREATE OR REPLACE FUNCTION conflict_once() RETURNS int LANGUAGE plpgsql AS $$ BEGIN"
                        + " IF nextval('once_seq') = 1 THEN RAISE EXCEPTION 'conflict' USING ERRCODE = '40001'; END IF;"
                        + " RETURN 1; END $$");
        String remote = "dbname=" + pg.database() + " host=" + pg.host() + " port=" + pg.port() + " user=" + pg.user();
        Physical physical = physical("");
        try (Connection c = physical.open(config());
                PreparedStatement ps = c.prepareStatement("SELECT dblink_exec(?, 'INSERT INTO marks VALUES (1)'),"
                        + " conflict_once() /* remote-autocommit */")) {
            ps.setString(1, remote);
            // the remote INSERT committed in its own session before the local statement failed
            SQLException e = assertThrows(SQLException.class, ps::executeQuery);
            assertEquals("40001", e.getSQLState());
            // and the connection carries on
            assertTrue(ps.executeQuery().next());
        }
        assertEquals(List.of(1, 1), TransactionReplayTest.values(pg));
        // the failed run, the server's plan of it (EXPLAIN runs nothing), the application's second run
        assertEquals(2, physical.executions("remote-autocommit"));
        assertEquals(1, physical.proofs("EXPLAIN (VERBOSE"), "asked once, in a frame of its own");
    }
}
