package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.ConnectionInitializer;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Issue 12 A and B: an autocommit statement whose connection goes silent runs again only when the
 * server proves it read-only on the new connection; a multi-statement string pgjdbc may have split
 * with a Sync is not run again. Each writer below fooled the old text-based proof (it ran twice and
 * the application got success); each now runs once and the application gets 08007, the original
 * failure as its cause. The controls: what truly only reads still runs again transparently.
 */
@ExtendWith(PgExtension.class)
class ReplayProofTest {

    private final PgServer pg;

    ReplayProofTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void schema(PgServer pg) {
        pg.sql("CREATE TABLE rp_marks (tag text)",
                "CREATE TABLE rp_people (id int, name text)",
                "INSERT INTO rp_people VALUES (1, 'ada')",
                "CREATE TABLE rp_counters (id int PRIMARY KEY, n int, label text, name text)",
                // the writer: records its run, then takes long enough for the socket to be cut meanwhile
                "CREATE FUNCTION rp_write(tag text) RETURNS int VOLATILE LANGUAGE plpgsql AS"
                        + " $$ BEGIN INSERT INTO rp_marks VALUES (tag); PERFORM pg_sleep(0.5); RETURN 1; END $$",
                // a read that takes long: STABLE, its body is a string the server does not parse ahead
                "CREATE FUNCTION rp_slow_read() RETURNS int STABLE LANGUAGE sql AS 'SELECT 3 FROM pg_sleep(0.5)'",
                "CREATE SCHEMA queue",
                "CREATE FUNCTION queue.release(tag text) RETURNS int VOLATILE LANGUAGE sql AS 'SELECT rp_write(tag)'",
                "CREATE FUNCTION greeted(p rp_people) RETURNS int VOLATILE LANGUAGE sql AS 'SELECT rp_write(''greeted'')'",
                "CREATE VIEW audited AS SELECT rp_write('unicode') AS v",
                "CREATE VIEW Übersicht AS SELECT rp_write('umlaut') AS v",
                "CREATE FUNCTION rp_step(s int, v int) RETURNS int VOLATILE LANGUAGE plpgsql AS"
                        + " $$ BEGIN PERFORM rp_write('aggregate'); RETURN coalesce(s, 0) + v; END $$",
                "CREATE AGGREGATE rp_total(int) (SFUNC = rp_step, STYPE = int)",
                "CREATE VIEW rp_calm_v AS SELECT rp_slow_read() AS v",
                "CREATE ROLE rp_reader LOGIN",
                "GRANT USAGE ON SCHEMA public TO rp_reader",
                "GRANT SELECT ON rp_people, rp_calm_v TO rp_reader");
    }

    @BeforeEach
    void clean() {
        pg.sql("TRUNCATE rp_marks", "DELETE FROM rp_counters",
                "INSERT INTO rp_counters VALUES (1, 0, 'one', 'O''Brien'), (2, 0, 'two', 'x')");
    }

    // ---- A: a writer the text misread runs once, and the application hears 08007

    @Test
    void case1ACommentBetweenAFunctionsNameAndItsParenthesis() throws Exception {
        assertWrittenOnceAndUnknown("SELECT rp_write /*c*/ ('comment') /* case1 */", "comment", "case1");
    }

    @Test
    void case2AFunctionNamedLikeAKeyword() throws Exception {
        assertWrittenOnceAndUnknown("SELECT queue.release('queue') /* case2 */", "queue", "case2");
    }

    @Test
    void case3AttributeNotationCallsAFunction() throws Exception {
        assertWrittenOnceAndUnknown("SELECT p.greeted FROM rp_people p /* case3 */", "greeted", "case3");
    }

    @Test
    void case4AViewNamedWithAUnicodeEscape() throws Exception {
        assertWrittenOnceAndUnknown("SELECT * FROM U&\"audite\\0064\" /* case4 */", "unicode", "case4");
    }

    @Test
    void case5AnUnquotedNonAsciiViewName() throws Exception {
        assertWrittenOnceAndUnknown("SELECT * FROM Übersicht /* case5 */", "umlaut", "case5");
    }

    @Test
    void case6AStringThatIsTwoStatementsWithStandardConformingStringsOff() throws Exception {
        // with standard_conforming_strings off, \' does not end the literal: pgjdbc (and the server)
        // see a SELECT and an UPDATE; a lexer that assumes it on sees one SELECT
        String sql = "SELECT label FROM rp_counters WHERE name = 'O\\'Brien'; "
                + "UPDATE rp_counters SET n = n + rp_slow_read() WHERE id = 1 /* case6 */";
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl() + "&options=-c%20standard_conforming_strings%3Doff");
            try (Connection c = physical.open(); Statement st = c.createStatement()) {
                try (ResultSet rs = st.executeQuery("SHOW standard_conforming_strings")) {
                    rs.next();
                    assertEquals("off", rs.getString(1));
                }
                assertUnknown(assertThrows(SQLException.class, () -> whileCut(proxy, () -> st.execute(sql))));
            }
            sleep(700);
            assertEquals(3, pg.queryLong("SELECT n FROM rp_counters WHERE id = 1"), "the UPDATE ran once");
            assertEquals(1, physical.executions("case6"));
        }
    }

    @Test
    void case7AnAggregateWhoseTransitionFunctionWrites() throws Exception {
        // pg_proc records every aggregate as immutable; what runs is in pg_aggregate
        assertWrittenOnceAndUnknown("SELECT rp_total(id) FROM rp_people /* case7 */", "aggregate", "case7");
    }

    @Test
    void case8AFunctionReplacedByAVolatileWriterAfterAProofSawItStable() throws Exception {
        pg.sql("CREATE OR REPLACE FUNCTION rp_flip() RETURNS int STABLE LANGUAGE sql AS 'SELECT 3 FROM pg_sleep(0.5)'");
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(); Statement st = c.createStatement()) {
                // STABLE: proven read-only, and run again
                assertEquals(3L, whileCut(proxy, () -> value(st.executeQuery("SELECT rp_flip() /* case8 */"))));
                assertEquals(2, physical.executions("case8"));

                pg.sql("CREATE OR REPLACE FUNCTION rp_flip() RETURNS int VOLATILE LANGUAGE plpgsql AS"
                        + " $$ BEGIN RETURN rp_write('flipped'); END $$");
                // the same JVM, database and connection: the new volatility is read, not remembered
                assertUnknown(assertThrows(SQLException.class,
                        () -> whileCut(proxy, () -> st.executeQuery("SELECT rp_flip() /* case8 */"))));
            }
            sleep(700);
            assertEquals(3, physical.executions("case8"));
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM rp_marks WHERE tag = 'flipped'"));
    }

    @Test
    void aStableFunctionThatCallsAVolatileWriterIsRefusedByTheReplaysReadOnlyGuard() throws Exception {
        // the proof cannot see into PL/pgSQL: rp_sneaky is STABLE by its declaration, and proven
        pg.sql("CREATE OR REPLACE FUNCTION rp_sneaky() RETURNS int STABLE LANGUAGE plpgsql AS"
                + " $$ BEGIN RETURN rp_write('sneaky'); END $$");
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(); Statement st = c.createStatement()) {
                SQLException e = assertThrows(SQLException.class,
                        () -> whileCut(proxy, () -> value(st.executeQuery("SELECT rp_sneaky() /* sneaky */"))));
                assertUnknown(e);
                assertEquals("25006", ((SQLException) e.getSuppressed()[0]).getSQLState(), "the server refused the write");
                // and the connection carries on in autocommit
                assertEquals(1L, value(st.executeQuery("SELECT 1")));
                st.executeUpdate("INSERT INTO rp_marks VALUES ('after')");
            }
            sleep(700);
            assertEquals(2, physical.executions("sneaky"), "run again inside BEGIN READ ONLY, refused there");
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM rp_marks WHERE tag = 'sneaky'"), "written once");
        assertEquals(1, pg.queryLong("SELECT count(*) FROM rp_marks WHERE tag = 'after'"));
    }

    // ---- the suspected items: NOTIFY in a read-only session; no cache to be keyed wrongly

    @Test
    void pgNotifyIsNotReplayedInASessionTheServerKeepsReadOnly() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg); Connection listener = pg.connect()) {
            listener.createStatement().execute("LISTEN rp_channel");
            Physical physical = new Physical(proxy.jdbcUrl() + "&readOnlyMode=always");
            try (Connection c = physical.open(); Statement st = c.createStatement()) {
                c.setReadOnly(true);
                // a read-only transaction refuses writes, not notifications
                assertUnknown(assertThrows(SQLException.class, () -> whileCut(proxy,
                        () -> st.executeQuery("SELECT pg_notify('rp_channel', 'once'), rp_slow_read() /* notify */"))));
                assertEquals(1, physical.executions("notify"));
            }
            sleep(700);
            listener.createStatement().execute("SELECT 1");
            PGNotification[] got = listener.unwrap(PGConnection.class).getNotifications(2000);
            assertNotNull(got);
            assertEquals(1, got.length, "the notification was sent once");
        }
    }

    // ---- controls: what only reads runs again, transparently

    @Test
    void aPlainReadAViewThatOnlyReadsAndBuiltInAggregatesRunAgain() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(); Statement st = c.createStatement()) {
                assertEquals(4L, whileCut(proxy,
                        () -> value(st.executeQuery("SELECT rp_slow_read() + count(*) FROM rp_people /* table-read */"))));
                assertEquals(3L, whileCut(proxy, () -> value(st.executeQuery("SELECT v FROM rp_calm_v /* view-read */"))));
                assertEquals(5L, whileCut(proxy, () -> value(st.executeQuery(
                        "SELECT sum(id) + max(v) + count(*) FROM rp_people, rp_calm_v /* aggregate-read */"))));
            }
            for (String read : new String[] {"table-read", "view-read", "aggregate-read"}) {
                assertEquals(2, physical.executions(read), read);
                assertEquals(1, physical.failures(read), read);
                assertTrue(physical.proofs(read) > 0, read + " was proven first");
            }
        }
        assertEquals(0, pg.queryLong("SELECT count(*) FROM rp_marks"));
        // the proof's temporary function was never committed: nothing is left for anyone to see
        assertEquals(0, pg.queryLong("SELECT count(*) FROM pg_proc WHERE proname = 'retrying_jdbc_proof'"));
    }

    /**
     * The proof's first new connection dies under it (a restart's shutdown, a kill), so the proof is
     * answered on a second one: the read then runs again there, inside its read-only guard, and the
     * application sees its result. The guard was opened on the first, dead one: 08007 for a read the
     * server had just proven, and the live connection dropped.
     */
    @Test
    void aReadProvenOnTheNextNewConnectionAfterTheFirstDiedRunsAgainThere() throws Exception {
        AtomicInteger readied = new AtomicInteger();
        // the first replacement (the second connection readied) loses its backend before the proof's first question
        ConnectionInitializer killSecond = fresh -> {
            if (readied.incrementAndGet() == 2) {
                try (Statement st = fresh.createStatement(); ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
                    rs.next();
                    pg.sql("SELECT pg_terminate_backend(" + rs.getInt(1) + ", 5000)");
                }
            }
        };
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(RetryConfig.defaults().withPolicy(Physical.FAST).withInitializer(killSecond));
                    Statement st = c.createStatement()) {
                // given a read whose connection is cut before the server runs it (no word from the server)
                proxy.cutBeforeExecuting("guard-read");
                // when it is proven on a new connection that dies, then on the next: it runs again with no error
                assertEquals(1L, value(st.executeQuery("SELECT count(*) FROM rp_people /* guard-read */")));
                // and the connection carries on, on that third connection
                assertEquals(1L, value(st.executeQuery("SELECT 1")));
            }
            assertEquals(2, physical.executions("guard-read"), "the cut one and the proven replay");
            assertTrue(physical.proofs("guard-read") > 0, "proven first");
            assertEquals(3, readied.get(), "connections readied: the first, the dead replacement, the live one");
        }
    }

    @Test
    void aPreparedReadIsProvenWithItsParametersAndRunsAgainAlsoForARoleThatOnlyReads() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl("rp_reader"));
            try (Connection c = physical.open();
                    PreparedStatement ps = c.prepareStatement("SELECT v + ? FROM rp_calm_v WHERE v > ? /* prepared-read */")) {
                ps.setInt(1, 10);
                ps.setObject(2, 0, Types.OTHER); // a parameter of unspecified type: the server types it
                assertEquals(13L, whileCut(proxy, () -> value(ps.executeQuery())));
            }
            assertEquals(2, physical.executions("prepared-read"));
        }
    }

    @Test
    void aPreparedWriterBehindAParameterIsNotRunAgain() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open();
                    PreparedStatement ps = c.prepareStatement("SELECT rp_write /* c */ (?) /* prepared-write */")) {
                ps.setString(1, "prepared");
                assertUnknown(assertThrows(SQLException.class, () -> whileCut(proxy, () -> value(ps.executeQuery()))));
            }
            sleep(700);
            assertEquals(1, physical.executions("prepared-write"));
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM rp_marks WHERE tag = 'prepared'"));
    }

    // ---- B: a multi-statement string pgjdbc split with a Sync

    @Test
    void case9AStringPgjdbcSplitIsNotRunAgainAfterItsSecondStatementFailed() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        RetryConfig config = RetryConfig.defaults().withPolicy(Physical.FAST.toBuilder().maxAttempts(6).build());
        String sql = "UPDATE rp_counters SET n = n + 1 WHERE id = ?; SELECT label FROM rp_counters WHERE id = ? FOR UPDATE"
                + " /* case9 */";
        try (Connection c = physical.open(config); Statement st = c.createStatement();
                PreparedStatement ps = c.prepareStatement(sql); Connection holder = pg.connect()) {
            st.execute("SET lock_timeout = '100ms'");
            ps.setInt(1, 1);
            ps.setObject(2, 2, Types.OTHER); // untyped: once server-prepared, pgjdbc describes it
            for (int i = 0; i < 6; i++) {
                ps.execute();
            }
            assertEquals(6, pg.queryLong("SELECT n FROM rp_counters WHERE id = 1"));
            long before = physical.executions("case9");

            holder.setAutoCommit(false);
            holder.createStatement().execute("SELECT * FROM rp_counters WHERE id = 2 FOR UPDATE");
            SQLException e = assertThrows(SQLException.class, ps::execute);
            holder.rollback();

            // the UPDATE had committed at pgjdbc's Sync, and was not run again: the string's outcome is
            // unknown to the application (08007), the server's 55P03 its cause
            assertEquals("08007", e.getSQLState());
            assertEquals("55P03", ((SQLException) e.getCause()).getSQLState());
            assertEquals(7, pg.queryLong("SELECT n FROM rp_counters WHERE id = 1"),
                    "pgjdbc sent a Sync between the statements: the UPDATE committed alone, once");
            assertEquals(before + 1, physical.executions("case9"));
        }
    }

    @Test
    void aPlainMultiStatementStringRunsAgainWholeAfterTheServerRefusedItsSecondStatement() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        RetryConfig config = RetryConfig.defaults().withPolicy(Physical.FAST.toBuilder().maxAttempts(8).build());
        try (Connection c = physical.open(config); Statement st = c.createStatement(); Connection holder = pg.connect()) {
            st.execute("SET lock_timeout = '100ms'");
            holder.setAutoCommit(false);
            holder.createStatement().execute("SELECT * FROM rp_counters WHERE id = 2 FOR UPDATE");
            CompletableFuture<Void> release = CompletableFuture.runAsync(() -> {
                sleep(250);
                try {
                    holder.rollback();
                } catch (SQLException x) {
                    throw new IllegalStateException(x);
                }
            });
            // a plain Statement is never described: pgjdbc sends both with one Sync, one implicit transaction
            st.execute("UPDATE rp_counters SET n = n + 1 WHERE id = 1; SELECT label FROM rp_counters WHERE id = 2"
                    + " FOR UPDATE /* plain-multi */");
            release.join();
        }
        assertEquals(1, pg.queryLong("SELECT n FROM rp_counters WHERE id = 1"));
        assertTrue(physical.executions("plain-multi") >= 2);
    }

    // ---- helpers

    /** Runs {@code sql} while the socket is cut: 08007, one execution, and the writer ran once. */
    private void assertWrittenOnceAndUnknown(String sql, String tag, String fragment) throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(); Statement st = c.createStatement()) {
                assertUnknown(assertThrows(SQLException.class, () -> whileCut(proxy, () -> value(st.executeQuery(sql)))));
            }
            sleep(700); // the server finishes what it was running
            assertEquals(1, physical.executions(fragment), "sent once");
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM rp_marks WHERE tag = '" + tag + "'"), "written once");
    }

    private static void assertUnknown(SQLException e) {
        assertEquals("08007", e.getSQLState(), () -> "got " + e);
        SQLException cause = assertInstanceOf(SQLException.class, e.getCause());
        assertTrue(cause.getSQLState().startsWith("08"), () -> "the original failure is the cause: " + cause);
    }

    private interface Work<T> {
        T run() throws SQLException;
    }

    /** Runs {@code work} while the proxy cuts every connection 150 ms in. */
    private static <T> T whileCut(FaultProxy proxy, Work<T> work) throws SQLException {
        CompletableFuture<Integer> cut = CompletableFuture.supplyAsync(() -> {
            sleep(150);
            return proxy.cutAll();
        });
        try {
            return work.run();
        } finally {
            assertTrue(cut.join() > 0, "the socket was cut while it ran");
        }
    }

    private static long value(ResultSet rs) throws SQLException {
        try (rs) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
