package io.retrying.jdbc.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.ReplayDivergedException;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
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
 * What a replay compares against what the application saw: values it saw through a refcursor
 * (issue 12 case 15), what {@code isLast()}/{@code isBeforeFirst()} told it (issue 12, suspected),
 * and a sequence value that may differ on replay (issue 13 case 12, Hibernate's sequence ids).
 */
@ExtendWith(PgExtension.class)
class ReplayDigestTest {

    private final PgServer pg;
    private final TransactionReplayTest.Replays replays = new TransactionReplayTest.Replays();

    ReplayDigestTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void tables() {
        pg.sql("DROP TABLE IF EXISTS marks", "CREATE TABLE marks (v int)",
                "DROP TABLE IF EXISTS acct", "CREATE TABLE acct (id int PRIMARY KEY, v int)",
                "INSERT INTO acct VALUES (1, 100)",
                "DROP TABLE IF EXISTS transfer", "CREATE TABLE transfer (id bigint PRIMARY KEY, amount int, ref uuid)",
                "DROP SEQUENCE IF EXISTS transfer_seq", "CREATE SEQUENCE transfer_seq INCREMENT BY 50",
                "DROP FUNCTION IF EXISTS public.nextval(regclass)",
                "CREATE OR REPLACE FUNCTION balance_cursor(i int) RETURNS refcursor LANGUAGE plpgsql AS $$"
                        + " DECLARE c refcursor := 'balance_cur'; BEGIN OPEN c FOR SELECT v FROM acct WHERE id = i;"
                        + " RETURN c; END $$");
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

    @Test
    void aBalanceReadThroughARefcursorIsNotReplayedOverAnotherSessionsUpdate() throws Exception {
        Physical physical = physical();
        try (Connection c = physical.open(config());
                PreparedStatement open = c.prepareStatement("SELECT balance_cursor(1)");
                PreparedStatement write = c.prepareStatement("UPDATE acct SET v = ? WHERE id = 1 /* cursor-write */")) {
            c.setAutoCommit(false);
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            int balance;
            try (ResultSet rs = open.executeQuery()) {
                assertTrue(rs.next());
                try (ResultSet cursor = (ResultSet) rs.getObject(1)) {
                    assertTrue(cursor.next());
                    balance = cursor.getInt(1);
                }
            }
            assertEquals(100, balance);
            pg.sql("UPDATE acct SET v = 500 WHERE id = 1");

            write.setInt(1, balance - 10);
            SQLException e = assertThrows(SQLException.class, write::executeUpdate);
            // the server's own serialization failure, not a replay that went on
            assertEquals("40001", e.getSQLState());
            assertFalse(e instanceof ReplayDivergedException, e.toString());
            c.rollback();
        }
        assertEquals(500, pg.queryLong("SELECT v FROM acct WHERE id = 1"));
        assertEquals(0, replays.count());
        assertEquals(1, physical.executions("cursor-write"));
        assertEquals(1, physical.failures("cursor-write"));
    }

    @Test
    void whatIsLastToldTheApplicationIsVerifiedByAReplay() throws Exception {
        pg.sql("INSERT INTO marks VALUES (1)");
        try (Connection c = physical().open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try (ResultSet rs = st.executeQuery("SELECT v FROM marks ORDER BY v")) {
                assertTrue(rs.next());
                assertTrue(rs.isLast()); // the application learns there is one mark, and reads no further
            }
            st.executeUpdate("UPDATE acct SET v = 1 WHERE id = 1");
            pg.sql("INSERT INTO marks VALUES (2)");
            kill();

            SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate("UPDATE acct SET v = v + 1"));
            assertInstanceOf(ReplayDivergedException.class, e);
            c.rollback();
        }
        assertEquals(100, pg.queryLong("SELECT v FROM acct WHERE id = 1"));
    }

    @Test
    void whatIsBeforeFirstToldTheApplicationIsVerifiedAndAnUnchangedAnswerReplays() throws Exception {
        try (Connection c = physical().open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try (ResultSet rs = st.executeQuery("SELECT v FROM marks")) {
                assertFalse(rs.isBeforeFirst()); // no rows
            }
            try (ResultSet rs = st.executeQuery("SELECT v FROM acct")) {
                assertTrue(rs.isBeforeFirst());
                assertTrue(rs.next());
                assertTrue(rs.isLast());
            }
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            kill();
            st.executeUpdate("INSERT INTO marks VALUES (2)");
            c.commit();
            assertEquals(1, replays.count());

            try (ResultSet rs = st.executeQuery("SELECT v FROM acct WHERE id = 2")) {
                assertFalse(rs.isBeforeFirst()); // none yet
            }
            pg.sql("INSERT INTO acct VALUES (2, 200)");
            kill();
            SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate("INSERT INTO marks VALUES (3)"));
            assertInstanceOf(ReplayDivergedException.class, e);
            c.rollback();
        }
        assertEquals(List.of(1, 2), TransactionReplayTest.values(pg));
    }

    /** What Hibernate's default sequence generator does inside the application's transaction. */
    private static long nextId(Connection c, String sql) throws SQLException {
        try (PreparedStatement seq = c.prepareStatement(sql); ResultSet rs = seq.executeQuery()) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    @Test
    void aSequenceValueTheApplicationSawIsKeptWhenTheReplayDrawsAnotherAndCommitSucceeds() throws Exception {
        Physical physical = physical();
        long id;
        try (Connection c = physical.open(config());
                PreparedStatement insert = c.prepareStatement("INSERT INTO transfer (id, amount) VALUES (?, ?)")) {
            c.setAutoCommit(false);
            id = nextId(c, "select nextval('transfer_seq') /* hib-seq */");
            insert.setLong(1, id);
            insert.setInt(2, 10);
            assertEquals(1, insert.executeUpdate());
            kill();
            c.commit();
        }
        assertEquals(1, replays.count());
        // the row as the application wrote it, with the id it saw; the replay drew the next value
        assertEquals(1, pg.queryLong("SELECT count(*) FROM transfer"));
        assertEquals(10, pg.queryLong("SELECT amount FROM transfer WHERE id = " + id));
        assertEquals(id + 50, pg.queryLong("SELECT last_value FROM transfer_seq"));
        // the query ran twice, and the server was asked once what its results are made of
        assertEquals(2, physical.executions("hib-seq"));
        assertEquals(1, physical.proofs("EXPLAIN (VERBOSE, FORMAT JSON) select nextval"));
    }

    @Test
    void aRandomUuidAndTwoSequenceValuesInOneRowQualifyTooAndTheApplicationKeepsWhatItSaw() throws Exception {
        String ref;
        long id;
        try (Connection c = physical().open(config()); Statement st = c.createStatement();
                PreparedStatement insert = c.prepareStatement("INSERT INTO transfer (id, amount, ref) VALUES (?, ?, ?::uuid)")) {
            c.setAutoCommit(false);
            try (ResultSet rs = st.executeQuery("SELECT nextval('transfer_seq'), gen_random_uuid(), nextval('transfer_seq')")) {
                assertTrue(rs.next());
                id = rs.getLong(1);
                ref = rs.getString(2);
            }
            insert.setLong(1, id);
            insert.setInt(2, 20);
            insert.setString(3, ref);
            insert.executeUpdate();
            kill();
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            c.commit();
        }
        assertEquals(1, replays.count());
        assertEquals(ref, pg.queryString("SELECT ref::text FROM transfer WHERE id = " + id));
        assertEquals(List.of(1), TransactionReplayTest.values(pg));
    }

    @Test
    void aSequenceValueNextToAClockOrUnderAShadowingNextvalStillDiverges() throws Exception {
        try (Connection c = physical().open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            // a time is not unique to its transaction: the replay's really runs later
            try (ResultSet rs = st.executeQuery("SELECT nextval('transfer_seq'), clock_timestamp()")) {
                assertTrue(rs.next());
            }
            kill();
            assertInstanceOf(ReplayDivergedException.class,
                    assertThrows(SQLException.class, () -> st.executeUpdate("INSERT INTO marks VALUES (1)")));
            c.rollback();

            // a nextval of the application's own, found first on its search_path, is not the sequence's
            pg.sql("CREATE FUNCTION public.nextval(regclass) RETURNS bigint LANGUAGE plpgsql AS"
                    + " $$ BEGIN INSERT INTO marks VALUES (99); RETURN pg_catalog.nextval($1); END $$");
            st.execute("SET search_path = public, pg_catalog");
            c.commit();
            nextId(c, "SELECT nextval('transfer_seq')");
            kill();
            assertInstanceOf(ReplayDivergedException.class,
                    assertThrows(SQLException.class, () -> st.executeUpdate("INSERT INTO marks VALUES (2)")));
            c.rollback();
        }
        assertEquals(List.of(), TransactionReplayTest.values(pg));
    }
}
