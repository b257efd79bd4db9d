package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.WriteOutcomeUnknownException;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * "Nothing committed" is not "nothing happened": whatever path a silent loss takes (an autocommit
 * write resolved by its id, a transaction's first statement, a transaction's replay), before the
 * work runs again or a result is reported the same questions are asked: did it act outside its
 * transaction (dblink), and did it leave work that happens only at COMMIT (a notification, which
 * gets its transaction an id only then). Real faults through the {@link FaultProxy}; the library's
 * defaults but for {@code retry.resolveAutocommitWrites} where the scenario names it.
 */
@ExtendWith(PgExtension.class)
class NothingCommittedTest {

    private final PgServer pg;
    private Connection listener;

    NothingCommittedTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void tables() throws SQLException {
        pg.sql("CREATE EXTENSION IF NOT EXISTS dblink",
                "DROP TABLE IF EXISTS nc_rows", "CREATE TABLE nc_rows (id int, v int)", "INSERT INTO nc_rows VALUES (1, 0)",
                "DROP TABLE IF EXISTS nc_local", "CREATE TABLE nc_local (v int)",
                "DROP TABLE IF EXISTS nc_remote", "CREATE TABLE nc_remote (v int)",
                "CREATE OR REPLACE FUNCTION nc_signal() RETURNS boolean LANGUAGE plpgsql VOLATILE AS"
                        + " $$ BEGIN PERFORM pg_notify('nc_channel', 'sent'); RETURN true; END $$");
        listener = DriverManager.getConnection(pg.jdbcUrl());
        try (Statement st = listener.createStatement()) {
            st.execute("LISTEN nc_channel");
        }
    }

    @AfterEach
    void closeListener() throws SQLException {
        listener.close();
        pg.sql("DROP TRIGGER IF EXISTS nc_bells ON nc_rows", "DROP TRIGGER IF EXISTS nc_remote_bells ON nc_rows");
    }

    private static RetryConfig resolvingAutocommitWrites() throws SQLException {
        Properties p = new Properties();
        p.setProperty("retry.resolveAutocommitWrites", "true");
        return RetryConfig.fromProperties(p, RetryConfig.defaults());
    }

    private String remoteInsert(String mark) {
        String remote = "dbname=" + pg.database() + " host=" + pg.host() + " port=" + pg.port() + " user=" + pg.user();
        return "INSERT INTO nc_local SELECT 1 FROM dblink_exec('" + remote + "', 'INSERT INTO nc_remote VALUES (1)')"
                + " /* " + mark + " */";
    }

    @Test
    void aNotificationFromAFunctionWhoseCommitNeverReachedTheServerIsSentOnce() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(resolvingAutocommitWrites()); Statement st = c.createStatement()) {
                // given: an UPDATE that changes no row and notifies from a function (no id until COMMIT) whose
                // name does not say so (the text's "notify" alone already gets the id assigned)
                // when: its COMMIT never reaches the server
                proxy.cutBeforeExecuting("COMMIT");
                int count = st.executeUpdate("UPDATE nc_rows SET v = v + 1 WHERE NOT nc_signal() /* nc-signal */");
                assertFalse(proxy.cutBeforeExecutingArmed(), "the COMMIT was cut");
                // then: its outcome was resolved (its id, assigned with the capture, never committed) and it ran
                // again: the count of the run that committed, and the notification sent exactly once
                assertEquals(0, count);
                assertEquals(2, physical.executions("nc-signal"), "run again after its transaction was found aborted");
                assertEquals(1, notifications(), "the notification, exactly once");
                assertEquals(0, pg.queryLong("SELECT v FROM nc_rows WHERE id = 1"));
            }
        }
    }

    @Test
    void inATransactionTheSameNotificationWhoseCommitNeverReachedTheServerIsUnknown() throws Exception {
        // the transaction's path asks the same question (held before this issue too): no id, a volatile function
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(RetryConfig.defaults()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                assertEquals(0, st.executeUpdate("UPDATE nc_rows SET v = v + 1 WHERE NOT nc_signal() /* nc-signal-tx */"));
                proxy.cutBeforeExecuting("COMMIT");
                SQLException e = assertThrows(SQLException.class, c::commit);
                assertFalse(proxy.cutBeforeExecutingArmed(), "the COMMIT was cut");
                assertEquals("08007", e.getSQLState());
                c.rollback();
                assertEquals(1, physical.executions("nc-signal-tx"), "never run again");
                assertEquals(0, notifications(), "its COMMIT never reached the server");
            }
        }
    }

    @Test
    void aNotificationFromAStatementTriggerWhoseCommitNeverReachedTheServerIsUnknownNotNothing() throws Exception {
        // given: nothing in the text calls a function, yet a statement trigger notifies (no row changes: no id)
        pg.sql("CREATE OR REPLACE FUNCTION nc_bell() RETURNS trigger LANGUAGE plpgsql AS"
                        + " $$ BEGIN PERFORM pg_notify('nc_channel', 'trigger'); RETURN NULL; END $$",
                "CREATE TRIGGER nc_bells AFTER UPDATE ON nc_rows FOR EACH STATEMENT EXECUTE FUNCTION nc_bell()");
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(resolvingAutocommitWrites()); Statement st = c.createStatement()) {
                // when: its COMMIT never reaches the server
                proxy.cutBeforeExecuting("COMMIT");
                SQLException e = assertThrows(SQLException.class,
                        () -> st.executeUpdate("UPDATE nc_rows SET v = v + 1 WHERE id = 2 /* nc-trigger */"));
                assertFalse(proxy.cutBeforeExecutingArmed(), "the COMMIT was cut");
                // then: "no id" is not taken for "nothing happened": the server could not prove that nothing it
                // ran notifies, so the outcome is unknown, and it is not run again
                assertTrue(e instanceof WriteOutcomeUnknownException, String.valueOf(e));
                assertEquals("08007", e.getSQLState());
                assertEquals(1, physical.executions("nc-trigger"), "never run again");
                assertEquals(0, notifications(), "its COMMIT never reached the server");
            }
        }
    }

    @Test
    void aDblinkWriteWhoseReplyWasLostUnderAutocommitResolutionIsNotRunAgain() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(resolvingAutocommitWrites()); Statement st = c.createStatement()) {
                // when: the reply is lost after the server ran it (its transaction never committed, the remote
                // session's write did)
                proxy.dropReplyAfterStatementContaining("nc-remote-ac");
                SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate(remoteInsert("nc-remote-ac")));
                assertFalse(proxy.dropReplyAfterStatementArmed(), "the reply was dropped");
                // then: unknown, never success, and never run again
                assertTrue(e instanceof WriteOutcomeUnknownException, String.valueOf(e));
                assertEquals("08007", e.getSQLState());
                assertEquals(1, physical.executions("nc-remote-ac"));
                assertTrue(c.getAutoCommit());
            }
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM nc_remote"), "the remote row, once");
        assertEquals(0, localRowsOnceTheBackendIsGone());
    }

    @Test
    void aDblinkWriteAsATransactionsFirstStatementWhoseReplyWasLostFailsTheTransaction() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(RetryConfig.defaults()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                proxy.dropReplyAfterStatementContaining("nc-remote-tx");
                SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate(remoteInsert("nc-remote-tx")));
                assertFalse(proxy.dropReplyAfterStatementArmed(), "the reply was dropped");
                // then: the transaction's failure (its connection lost), never success
                assertEquals(Retryability.RECONNECT, Classifier.retryability(e), String.valueOf(e));
                assertThrows(SQLException.class, c::commit, "COMMIT must not report success");
                c.rollback();
                assertEquals(1, physical.executions("nc-remote-tx"), "never run again");
            }
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM nc_remote"), "the remote row, once");
        assertEquals(0, localRowsOnceTheBackendIsGone());
    }

    @Test
    void aDblinkWriteWhoseReplyWasLostInATransactionWithWorkIsNotRunAgainByTheReplay() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(RetryConfig.defaults()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.executeUpdate("INSERT INTO nc_local VALUES (0)");
                proxy.dropReplyAfterStatementContaining("nc-remote-replay");
                SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate(remoteInsert("nc-remote-replay")));
                assertFalse(proxy.dropReplyAfterStatementArmed(), "the reply was dropped");
                assertEquals(Retryability.RECONNECT, Classifier.retryability(e), String.valueOf(e));
                assertThrows(SQLException.class, c::commit, "COMMIT must not report success");
                c.rollback();
                assertEquals(1, physical.executions("nc-remote-replay"), "never run again");
            }
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM nc_remote"), "the remote row, once");
        assertEquals(0, localRowsOnceTheBackendIsGone());
    }

    /** A remote write hidden in the body of a function of the application's (issue 36, scenario 6). */
    private void remoteWritingFunctions() throws SQLException {
        pg.sql("CREATE OR REPLACE FUNCTION nc_push_pl(remote text) RETURNS int LANGUAGE plpgsql VOLATILE AS"
                        + " $$ BEGIN PERFORM dblink_exec(remote, 'INSERT INTO nc_remote VALUES (1)'); RETURN 1; END $$",
                // FROM keeps the planner from inlining it: the plan shows only nc_push_sql
                "CREATE OR REPLACE FUNCTION nc_push_sql(remote text) RETURNS int LANGUAGE sql VOLATILE AS"
                        + " $$ SELECT 1 FROM dblink_exec(remote, 'INSERT INTO nc_remote VALUES (1)') r $$",
                // a SQL-standard body: no text to search, its parse tree calls dblink_exec by oid
                "CREATE OR REPLACE FUNCTION nc_push_atomic(remote text) RETURNS int LANGUAGE sql VOLATILE"
                        + " BEGIN ATOMIC SELECT 1 FROM dblink_exec(remote, 'INSERT INTO nc_remote VALUES (1)') r; END",
                // reaches it through another function of the application's: the search is transitive
                "CREATE OR REPLACE FUNCTION nc_push_outer(remote text) RETURNS int LANGUAGE plpgsql VOLATILE AS"
                        + " $$ BEGIN RETURN nc_push_pl(remote); END $$",
                "CREATE OR REPLACE FUNCTION nc_local_only(v int) RETURNS int LANGUAGE plpgsql VOLATILE AS"
                        + " $$ BEGIN RETURN v; END $$");
    }

    private String remoteInsertThrough(String function, String mark) {
        String remote = "dbname=" + pg.database() + " host=" + pg.host() + " port=" + pg.port() + " user=" + pg.user();
        return "INSERT INTO nc_local SELECT " + function + "('" + remote + "') /* " + mark + " */";
    }

    @Test
    void aDblinkWriteInsideAPlpgsqlFunctionWhoseReplyWasLostUnderAutocommitResolutionIsNotRunAgain() throws Exception {
        remoteWriteInsideAFunctionUnderAutocommitResolution("nc_push_pl", "nc-remote-fn-pl-ac");
    }

    @Test
    void aDblinkWriteInsideASqlFunctionWhoseReplyWasLostUnderAutocommitResolutionIsNotRunAgain() throws Exception {
        remoteWriteInsideAFunctionUnderAutocommitResolution("nc_push_sql", "nc-remote-fn-sql-ac");
    }

    @Test
    void aDblinkWriteInsideASqlStandardBodyWhoseReplyWasLostUnderAutocommitResolutionIsNotRunAgain() throws Exception {
        remoteWriteInsideAFunctionUnderAutocommitResolution("nc_push_atomic", "nc-remote-fn-atomic-ac");
    }

    @Test
    void aDblinkWriteTwoFunctionsDeepWhoseReplyWasLostUnderAutocommitResolutionIsNotRunAgain() throws Exception {
        remoteWriteInsideAFunctionUnderAutocommitResolution("nc_push_outer", "nc-remote-fn-outer-ac");
    }

    private void remoteWriteInsideAFunctionUnderAutocommitResolution(String function, String mark) throws Exception {
        remoteWritingFunctions();
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(resolvingAutocommitWrites()); Statement st = c.createStatement()) {
                // given: nothing in the statement's text or plan names dblink: the function's body calls it
                // when: the reply is lost after the server ran it
                proxy.dropReplyAfterStatementContaining(mark);
                SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate(remoteInsertThrough(function, mark)));
                assertFalse(proxy.dropReplyAfterStatementArmed(), "the reply was dropped");
                // then: unknown, never success, and never run again
                assertTrue(e instanceof WriteOutcomeUnknownException, String.valueOf(e));
                assertEquals("08007", e.getSQLState());
                assertEquals(1, physical.executions(mark), "never run again");
            }
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM nc_remote"), "the remote row, once");
        assertEquals(0, localRowsOnceTheBackendIsGone());
    }

    @Test
    void aDblinkWriteInsideAPlpgsqlFunctionAsATransactionsFirstStatementFailsTheTransaction() throws Exception {
        remoteWriteInsideAFunctionAsATransactionsFirstStatement("nc_push_pl", "nc-remote-fn-pl-tx");
    }

    @Test
    void aDblinkWriteInsideASqlFunctionAsATransactionsFirstStatementFailsTheTransaction() throws Exception {
        remoteWriteInsideAFunctionAsATransactionsFirstStatement("nc_push_sql", "nc-remote-fn-sql-tx");
    }

    private void remoteWriteInsideAFunctionAsATransactionsFirstStatement(String function, String mark) throws Exception {
        remoteWritingFunctions();
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(RetryConfig.defaults()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                proxy.dropReplyAfterStatementContaining(mark);
                SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate(remoteInsertThrough(function, mark)));
                assertFalse(proxy.dropReplyAfterStatementArmed(), "the reply was dropped");
                // then: the transaction's failure (its connection lost), never success
                assertEquals(Retryability.RECONNECT, Classifier.retryability(e), String.valueOf(e));
                assertThrows(SQLException.class, c::commit, "COMMIT must not report success");
                c.rollback();
                assertEquals(1, physical.executions(mark), "never run again");
            }
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM nc_remote"), "the remote row, once");
        assertEquals(0, localRowsOnceTheBackendIsGone());
    }

    @Test
    void aDblinkWriteInATriggerWhoseReplyWasLostUnderAutocommitResolutionIsNotRunAgain() throws Exception {
        // given: no call in the statement's text or plan at all: a statement trigger writes through dblink
        String remote = "dbname=" + pg.database() + " host=" + pg.host() + " port=" + pg.port() + " user=" + pg.user();
        pg.sql("CREATE OR REPLACE FUNCTION nc_remote_bell() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                        + " PERFORM dblink_exec('" + remote + "', 'INSERT INTO nc_remote VALUES (1)'); RETURN NULL; END $$",
                "CREATE TRIGGER nc_remote_bells AFTER UPDATE ON nc_rows FOR EACH STATEMENT EXECUTE FUNCTION nc_remote_bell()");
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(resolvingAutocommitWrites()); Statement st = c.createStatement()) {
                proxy.dropReplyAfterStatementContaining("nc-remote-trigger-ac");
                SQLException e = assertThrows(SQLException.class,
                        () -> st.executeUpdate("UPDATE nc_rows SET v = v + 1 WHERE id = 1 /* nc-remote-trigger-ac */"));
                assertFalse(proxy.dropReplyAfterStatementArmed(), "the reply was dropped");
                assertTrue(e instanceof WriteOutcomeUnknownException, String.valueOf(e));
                assertEquals("08007", e.getSQLState());
                assertEquals(1, physical.executions("nc-remote-trigger-ac"), "never run again");
            }
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM nc_remote"), "the remote row, once");
    }

    @Test
    void aFunctionThatDoesNotReachDblinkStillHealsUnderAutocommitResolution() throws Exception {
        // the control: the database has dblink and functions that reach it, but this one does not
        remoteWritingFunctions();
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(resolvingAutocommitWrites()); Statement st = c.createStatement()) {
                proxy.dropReplyAfterStatementContaining("nc-local-fn-ac");
                assertEquals(1, st.executeUpdate("INSERT INTO nc_local SELECT nc_local_only(7) /* nc-local-fn-ac */"));
                assertFalse(proxy.dropReplyAfterStatementArmed(), "the reply was dropped");
                assertEquals(2, physical.executions("nc-local-fn-ac"), "run again after its transaction was found aborted");
            }
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM nc_local WHERE v = 7"), "the local row, once");
        assertEquals(0, pg.queryLong("SELECT count(*) FROM nc_remote"));
    }

    @Test
    void aFunctionThatDoesNotReachDblinkAsATransactionsFirstStatementStillHeals() throws Exception {
        remoteWritingFunctions();
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(RetryConfig.defaults()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                proxy.dropReplyAfterStatementContaining("nc-local-fn-tx");
                assertEquals(1, st.executeUpdate("INSERT INTO nc_local SELECT nc_local_only(8) /* nc-local-fn-tx */"));
                assertFalse(proxy.dropReplyAfterStatementArmed(), "the reply was dropped");
                c.commit();
                assertEquals(2, physical.executions("nc-local-fn-tx"), "run again on a new connection");
            }
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM nc_local WHERE v = 8"), "the local row, once");
    }

    /** The local rows, once the cut connection's backend has noticed and rolled its transaction back. */
    private long localRowsOnceTheBackendIsGone() throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (pg.queryLong("SELECT count(*) FROM pg_stat_activity WHERE state LIKE 'idle in transaction%'"
                + " AND query LIKE '%nc-remote%'") > 0 && System.nanoTime() < end) {
            Thread.sleep(50);
        }
        return pg.queryLong("SELECT count(*) FROM nc_local");
    }

    /** The notifications the listener receives within a few seconds, and none more after. */
    private int notifications() throws SQLException {
        PGConnection pgc = listener.unwrap(PGConnection.class);
        int got = 0;
        long end = System.nanoTime() + Duration.ofSeconds(3).toNanos();
        while (got == 0 && System.nanoTime() < end) {
            PGNotification[] n = pgc.getNotifications(200);
            got += n == null ? 0 : n.length;
        }
        PGNotification[] extra = pgc.getNotifications(500);
        return got + (extra == null ? 0 : extra.length);
    }
}
