package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.PublicError;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.WriteOutcomeUnknownException;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.PGConnection;

/** What autocommit work is replayed after a failure, and how often it reaches the server. */
@ExtendWith(PgExtension.class)
class AutocommitReplayTest {

    private final PgServer pg;

    AutocommitReplayTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void table() {
        pg.sql("DROP TABLE IF EXISTS marks", "CREATE TABLE marks (v int)");
    }

    @Test
    void anInsertWhoseSocketIsCutIsNotReplayedAndReportsAnUnknownOutcome() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(); Statement st = c.createStatement()) {
                // when the proxy cuts the socket while the INSERT runs on the server
                CompletableFuture<Integer> cut = cutAfter(proxy, 250);
                SQLException e = assertThrows(SQLException.class,
                        () -> st.executeUpdate("INSERT INTO marks SELECT 1 FROM pg_sleep(0.5) /* cut-insert */"));
                assertTrue(cut.join() > 0);

                // then the caller is told the outcome is unknown, by a type of its own and what to do about
                // it, and the INSERT was sent once only
                assertEquals("08007", e.getSQLState());
                assertEquals(WriteOutcomeUnknownException.class, e.getClass());
                assertEquals("The connection was lost while a statement that may write was running; whether it was"
                        + " applied is unknown. Before running it again, look the write up by its key; or make it"
                        + " idempotent (an upsert, a unique request key) so that running it again is harmless; or run"
                        + " it in a transaction, whose COMMIT outcome is resolved.", e.getMessage());
                assertEquals(PublicError.COMMIT_UNKNOWN, PublicError.of(e));
                assertEquals(Retryability.UNKNOWN, Classifier.retryability(e));
                assertEquals(1, physical.executions("cut-insert"));
                sleep(700); // the server finishes the INSERT it was running
                long rows = pg.queryLong("SELECT count(*) FROM marks");
                assertTrue(rows == 0 || rows == 1, "never two: " + rows);

                // and the connection heals for the next statement
                try (ResultSet rs = st.executeQuery("SELECT 42")) {
                    rs.next();
                    assertEquals(42, rs.getInt(1));
                }
                assertEquals(1, physical.executions("SELECT 42"));
                assertEquals(0, physical.failures("SELECT 42"));
            }
        }
    }

    @Test
    void aReadWhoseSocketIsCutIsReplayedOnlyWhenItCallsNoVolatileFunction() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(); Statement st = c.createStatement()) {
                // count is immutable and slow_read stable in pg_proc: provably read-only, replayed
                pg.sql("CREATE OR REPLACE FUNCTION slow_read() RETURNS int STABLE LANGUAGE sql AS 'SELECT 3 FROM pg_sleep(0.5)'");
                assertEquals(3, readWhileCut(proxy, st, "SELECT count(*) + slow_read() FROM marks /* pure-read */"));

                // pg_sleep is volatile: not provably read-only, so not replayed
                CompletableFuture<Integer> cutAgain = cutAfter(proxy, 150);
                SQLException e = assertThrows(SQLException.class,
                        () -> st.executeQuery("SELECT count(*) FROM marks, pg_sleep(0.5) /* volatile-read */"));
                assertTrue(cutAgain.join() > 0);
                assertEquals("08007", e.getSQLState());
            }
            assertEquals(2, physical.executions("pure-read"));
            assertEquals(1, physical.failures("pure-read"));
            assertEquals(1, physical.executions("volatile-read"));
        }
    }

    @Test
    void aReadOfAViewThatWritesIsNotReplayedButAViewThatOnlyReadsIs() throws Exception {
        // noisy_v reads through a function that writes: its text names no function, its view does
        pg.sql("CREATE OR REPLACE FUNCTION mark_slowly() RETURNS int VOLATILE LANGUAGE plpgsql AS"
                        + " $$ BEGIN INSERT INTO marks VALUES (1); PERFORM pg_sleep(0.5); RETURN 1; END $$",
                "CREATE OR REPLACE VIEW noisy_v AS SELECT mark_slowly() AS v",
                "CREATE OR REPLACE FUNCTION slow_read() RETURNS int STABLE LANGUAGE sql AS 'SELECT 3 FROM pg_sleep(0.5)'",
                "CREATE OR REPLACE VIEW calm_v AS SELECT slow_read() AS v");
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(); Statement st = c.createStatement()) {
                CompletableFuture<Integer> cut = cutAfter(proxy, 150);
                SQLException e = assertThrows(SQLException.class, () -> st.executeQuery("SELECT v FROM noisy_v /* noisy-view */"));
                assertTrue(cut.join() > 0);
                assertEquals("08007", e.getSQLState());
                assertEquals(Retryability.UNKNOWN, Classifier.retryability(e));
                sleep(700); // the server finishes what it was running
                assertEquals(1, physical.executions("noisy-view"));
                assertEquals(1, pg.queryLong("SELECT count(*) FROM marks"), "the view's write happened once, not twice");

                assertEquals(3, readWhileCut(proxy, st, "SELECT v FROM calm_v /* calm-view */"));
            }
            assertEquals(2, physical.executions("calm-view"));
            assertEquals(1, physical.failures("calm-view"));
        }
    }

    @Test
    void onAConnectionTheServerKeepsReadOnlyEvenAVolatileReadIsReplayed() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl() + "&readOnlyMode=always");
            try (Connection c = physical.open(); Statement st = c.createStatement()) {
                c.setReadOnly(true); // with readOnlyMode=always the server refuses writes in autocommit too
                assertEquals(5, readWhileCut(proxy, st, "SELECT 5 FROM pg_sleep(0.4) /* read-only-session */"));
            }
            assertEquals(2, physical.executions("read-only-session"));
            assertEquals(1, physical.failures("read-only-session"));

            // pgjdbc's default readOnlyMode only makes explicit transactions read-only: the flag proves nothing
            Physical lax = new Physical(proxy.jdbcUrl());
            try (Connection c = lax.open(); Statement st = c.createStatement()) {
                c.setReadOnly(true);
                CompletableFuture<Integer> cut = cutAfter(proxy, 150);
                assertEquals("08007", assertThrows(SQLException.class,
                        () -> st.executeQuery("SELECT 5 FROM pg_sleep(0.4) /* lax-read-only */")).getSQLState());
                assertTrue(cut.join() > 0);
            }
            assertEquals(1, lax.executions("lax-read-only"));
        }
    }

    @Test
    void anInsertTerminatedByTheServerIsReplayedOnce() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl() + "&ApplicationName=victim-insert");
        List<String> events = new CopyOnWriteArrayList<>();
        RetryListener listener = new RetryListener() {
            @Override
            public void onRetry(RetryEvent e) {
                events.add("retry " + e.sqlState() + " " + e.recovery() + " " + e.attempt());
            }

            @Override
            public void onRecovered(RetryEvent e) {
                events.add("recovered " + e.sqlState());
            }

            @Override
            public void onGiveUp(RetryEvent e) {
                events.add("gave up " + e.sqlState());
            }
        };
        try (Connection c = physical.open(RetryConfig.defaults().withPolicy(Physical.FAST).withListener(listener));
                PreparedStatement insert = c.prepareStatement("INSERT INTO marks SELECT ? FROM pg_sleep(1) /* terminated-insert */")) {
            insert.setInt(1, 7);
            CompletableFuture<Integer> terminate = CompletableFuture.supplyAsync(() -> {
                sleep(300);
                return pg.terminateBackends("victim-insert");
            });
            // the server said 57P01: its implicit transaction rolled back, so the INSERT runs again
            assertEquals(1, insert.executeUpdate());
            assertEquals(1, terminate.join());
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM marks WHERE v = 7"));
        assertEquals(List.of("retry 57P01 RECONNECT 1", "recovered 57P01"), events);
        assertEquals(2, physical.executions("terminated-insert"));
        assertEquals(1, physical.failures("terminated-insert"));
    }

    @Test
    void aLockTimeoutIsBackpressureAndRunsAgainOnTheSameConnection() throws Exception {
        pg.sql("INSERT INTO marks VALUES (40)");
        Physical physical = new Physical(pg.jdbcUrl());
        RetryConfig config = RetryConfig.defaults().withPolicy(Physical.FAST.toBuilder().maxAttempts(6).build());
        try (Connection c = physical.open(config); Statement st = c.createStatement();
                Connection holder = pg.connect()) {
            st.execute("SET lock_timeout = '100ms'");
            int pid = ServerFaultsTest.backendPid(st);
            holder.setAutoCommit(false);
            holder.createStatement().execute("SELECT * FROM marks WHERE v = 40 FOR UPDATE");
            CompletableFuture<Void> release = CompletableFuture.runAsync(() -> {
                sleep(250);
                try {
                    holder.commit();
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            // 55P03 from the server: nothing was written, so it runs again after a (longer) wait
            assertEquals(1, st.executeUpdate("UPDATE marks SET v = 41 WHERE v = 40 /* locked */"));
            release.join();
            assertEquals(pid, ServerFaultsTest.backendPid(st), "the same connection");
        }
        long runs = physical.executions("locked");
        assertTrue(runs >= 2, "it waited for the lock and ran again: " + runs);
        assertEquals(runs - 1, physical.failures("locked"));
        assertEquals(1, pg.queryLong("SELECT count(*) FROM marks WHERE v = 41"));
    }

    @Test
    void searchPathIsolationAndReadOnlySurviveAReconnect() throws Exception {
        pg.sql("CREATE SCHEMA IF NOT EXISTS app");
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            st.execute("SET search_path TO app, public");
            st.execute("SET LOCAL work_mem = '1MB'"); // transaction-local: not restored, and no warning either
            c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
            c.setReadOnly(true);
            int pid = ServerFaultsTest.backendPid(st);

            pg.terminateBackends();

            int newPid = ServerFaultsTest.backendPid(st);
            assertNotEquals(pid, newPid);
            assertEquals("app, public", show(st, "search_path"));
            assertEquals("serializable", show(st, "transaction_isolation"));
            assertEquals(Connection.TRANSACTION_SERIALIZABLE, c.getTransactionIsolation());
            assertTrue(c.isReadOnly());
            c.setAutoCommit(false);
            assertEquals("on", show(st, "transaction_read_only"));
            c.rollback();
            c.setAutoCommit(true);
            c.setReadOnly(false);
        }
        assertEquals(1, physical.failures("pg_backend_pid"));
    }

    @Test
    void metadataReadsAndSetClientInfoFindTheConnectionGoneAndRunOnANewOne() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            DatabaseMetaData md = c.getMetaData();
            int pid = ServerFaultsTest.backendPid(st);

            pg.terminateBackends();

            try (ResultSet tables = md.getTables(null, "public", "marks", new String[] {"TABLE"})) {
                assertTrue(tables.next());
                assertEquals("marks", tables.getString("TABLE_NAME"));
            }
            assertSame(c, md.getConnection());
            assertNotEquals(pid, ServerFaultsTest.backendPid(st));

            // setClientInfo is a session call too (pgjdbc runs SET application_name)
            pg.terminateBackends();
            c.setClientInfo("ApplicationName", "after-loss");
            assertEquals("after-loss", show(st, "application_name"));
        }
    }

    @Test
    void onlyTheSessionStateTheApplicationChangedIsRestored() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            st.execute("SET application_name = 'restored'");
            physical.connectionSetters.clear();

            pg.terminateBackends();
            assertEquals("restored", show(st, "application_name"));
        }
        // the new physical connection got the isolation and the SET, nothing else
        assertEquals(List.of("setTransactionIsolation"), physical.connectionSetters);
        assertEquals(2, physical.executions("SET application_name = 'restored'"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT pg_advisory_lock /* held */ (4242)", "SELECT \"pg_advisory_lock\"(4242)"})
    void aSessionLockTakenInAFormTheTextHidesStillPinsSoItsLossIsNotSilent(String lock) throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            st.executeQuery(lock).close();
            pg.terminateBackends();

            // the lock went with the backend: healing silently would let the application believe it
            // still holds it while another session takes it
            SQLException lost = assertThrows(SQLException.class, () -> st.executeQuery("SELECT 1"), lock);
            assertEquals(Retryability.RECONNECT, Classifier.retryability(lost), lock);
            assertEquals("08003", assertThrows(SQLException.class, () -> st.executeQuery("SELECT 1")).getSQLState());
            c.rollback();
            assertEquals(0, pg.queryLong("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 4242"));
        }
    }

    @Test
    void aPinnedConnectionSurfacesTheFailureAndHealsOnlyAfterRollback() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            st.execute("CREATE TEMP TABLE scratch (a int)");
            int pid = ServerFaultsTest.backendPid(st);
            pg.terminateBackends();

            SQLException lost = assertThrows(SQLException.class, () -> st.executeQuery("SELECT * FROM scratch /* pinned */"));
            assertEquals("57P01", lost.getSQLState());
            assertEquals(Retryability.RECONNECT, Classifier.retryability(lost));
            SQLException refused = assertThrows(SQLException.class, () -> st.executeQuery("SELECT 1 /* refused */"));
            assertEquals("08003", refused.getSQLState());
            assertSame(lost, refused.getCause());

            c.rollback(); // the acknowledgement: a new physical connection, without the temp table
            assertNotEquals(pid, ServerFaultsTest.backendPid(st));
            assertEquals("42P01", assertThrows(SQLException.class, () -> st.executeQuery("SELECT * FROM scratch")).getSQLState());
        }
        assertEquals(1, physical.executions("pinned"));
        assertEquals(0, physical.executions("refused"));
    }

    @Test
    void warningsOfALostConnectionNeitherDialNorThrowSoAPoolCanTakeItBack() throws Exception {
        // given a pinned connection whose server connection is gone (what HikariCP's close() meets)
        Physical physical = new Physical(pg.jdbcUrl());
        Connection c = physical.open();
        Statement st = c.createStatement();
        st.execute("CREATE TEMP TABLE warned (a int)");
        pg.terminateBackends();
        assertThrows(SQLException.class, () -> st.executeQuery("SELECT * FROM warned /* lost */"));
        int dials = physical.dials.get();

        // when the pool asks for and clears its warnings, then closes it
        assertNull(c.getWarnings());
        c.clearWarnings();
        c.close();

        // then nothing dialed and nothing threw
        assertEquals(dials, physical.dials.get());
        assertTrue(c.isClosed());
    }

    @Test
    void aPreparedStatementSurvivesDeallocateAllAndAlterTable() throws Exception {
        pg.sql("INSERT INTO marks VALUES (1)");
        Physical physical = new Physical(pg.jdbcUrl() + "&prepareThreshold=1");
        try (Connection c = physical.open(); Statement st = c.createStatement();
                PreparedStatement ps = c.prepareStatement("SELECT * FROM marks WHERE v > ? /* stale */")) {
            ps.setInt(1, 0);
            assertEquals(1, columns(ps));
            assertEquals(1, columns(ps)); // now server-prepared
            st.execute("DEALLOCATE ALL");
            assertEquals(1, columns(ps));
            st.execute("ALTER TABLE marks ADD COLUMN w int");
            assertEquals(2, columns(ps));
        }
        // pgjdbc heals 26000 and the cached-plan 0A000 itself in autocommit: nothing left for us to replay
        assertEquals(4, physical.executions("stale"));
        assertEquals(0, physical.failures("stale"));
    }

    @Test
    void commitOfAFailedTransactionThrowsInsteadOfReportingSuccess() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            assertThrows(SQLException.class, () -> st.executeQuery("SELECT 1/0"));
            SQLException e = assertThrows(SQLException.class, c::commit);
            assertEquals("40000", e.getSQLState());
            assertEquals("22012", ((SQLException) e.getCause()).getSQLState());
            // the connection carries on with a fresh transaction
            st.executeUpdate("INSERT INTO marks VALUES (2)");
            c.commit();
        }
        assertEquals(0, pg.queryLong("SELECT count(*) FROM marks WHERE v = 1"));
        assertEquals(1, pg.queryLong("SELECT count(*) FROM marks WHERE v = 2"));
    }

    @Test
    void aConnectionLostInsideATransactionThatCannotBeReplayedRefusesCallsUntilRollback() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        // a journal bound of 0: no transaction is replayable (a replay would heal this one, see the replay tests)
        RetryConfig noJournal = new RetryConfig(Physical.FAST, java.time.Duration.ofSeconds(10), 0, 4L << 20, true, null, null);
        try (Connection c = physical.open(noJournal); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO marks VALUES (3) /* in-tx */");
            int pid = ServerFaultsTest.backendPid(st);
            pg.terminateBackends();

            SQLException lost = assertThrows(SQLException.class, () -> st.executeUpdate("INSERT INTO marks VALUES (4) /* in-tx */"));
            assertEquals(Retryability.RECONNECT, Classifier.retryability(lost));
            assertEquals("08003", assertThrows(SQLException.class, c::commit).getSQLState());
            c.rollback();
            assertNotEquals(pid, ServerFaultsTest.backendPid(st));
            st.executeUpdate("INSERT INTO marks VALUES (5)");
            c.commit();
            assertTrue(!c.getAutoCommit());
        }
        assertEquals(2, physical.executions("in-tx"));
        assertEquals(0, pg.queryLong("SELECT count(*) FROM marks WHERE v IN (3, 4)"));
        assertEquals(1, pg.queryLong("SELECT count(*) FROM marks WHERE v = 5"));
    }

    @Test
    void theFirstStatementOfATransactionRunsOnANewConnectionWhenTheOldOneIsGone() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            pg.terminateBackends();
            st.executeUpdate("INSERT INTO marks VALUES (6) /* first-in-tx */");
            c.commit();
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM marks WHERE v = 6"));
        assertEquals(2, physical.executions("first-in-tx"));
    }

    @Test
    void wrappersHandOutTheApplicationsObjectsAndUnwrapReachesPgjdbc() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            assertSame(c, c.getMetaData().getConnection());
            assertSame(c, st.getConnection());
            try (ResultSet rs = st.executeQuery("SELECT 1")) {
                assertSame(st, rs.getStatement());
            }
            assertTrue(c.isWrapperFor(PGConnection.class));
            PGConnection pgc = c.unwrap(PGConnection.class);
            int pid = ServerFaultsTest.backendPid(st);
            assertEquals(pid, pgc.getBackendPID());

            // PGConnection follows the swap and does not pin by itself
            pg.terminateBackends();
            int newPid = ServerFaultsTest.backendPid(st);
            assertNotEquals(pid, newPid);
            assertEquals(newPid, pgc.getBackendPID());

            // COPY through it ties the session to this server connection: pinned
            pgc.getCopyAPI();
            pg.terminateBackends();
            assertEquals("57P01", assertThrows(SQLException.class, () -> st.execute("SELECT 1 /* unwrapped */")).getSQLState());
        }
        assertEquals(1, physical.executions("unwrapped"));
    }

    @Test
    void settingsParametersBatchesAndMultiStatementsAreReplayedAsOneUnit() throws Exception {
        pg.sql("INSERT INTO marks SELECT generate_series(100, 104)");
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(); Statement st = c.createStatement();
                PreparedStatement batch = c.prepareStatement("INSERT INTO marks VALUES (?) /* batch */")) {
            st.setMaxRows(2);
            for (int v = 10; v < 13; v++) {
                batch.setInt(1, v);
                batch.addBatch();
            }
            pg.terminateBackends();
            // the whole batch is one implicit transaction: the server rolled it back, it runs again whole
            assertEquals(3, batch.executeBatch().length);

            pg.terminateBackends();
            st.execute("INSERT INTO marks VALUES (20); INSERT INTO marks VALUES (21) /* multi */");

            pg.terminateBackends();
            try (ResultSet rs = st.executeQuery("SELECT v FROM marks WHERE v >= 100 /* max-rows */")) {
                int rows = 0;
                while (rs.next()) {
                    rows++;
                }
                assertEquals(2, rows, "maxRows was given to the re-created statement");
            }
        }
        assertEquals(3, pg.queryLong("SELECT count(*) FROM marks WHERE v BETWEEN 10 AND 12"));
        assertEquals(2, pg.queryLong("SELECT count(*) FROM marks WHERE v IN (20, 21)"));
        assertEquals(2, physical.executions("batch"));
        assertEquals(2, physical.executions("multi"));
        assertEquals(2, physical.executions("max-rows"));
    }

    @Test
    void theInitializerRunsOnEveryNewPhysicalConnectionAfterTheSessionIsRestored() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        List<String> seen = new CopyOnWriteArrayList<>();
        RetryConfig config = RetryConfig.defaults().withPolicy(Physical.FAST).withInitializer(physical1 -> {
            try (Statement s = physical1.createStatement(); ResultSet rs = s.executeQuery("SHOW search_path")) {
                rs.next();
                seen.add(rs.getString(1));
            }
        });
        try (Connection c = physical.open(config); Statement st = c.createStatement()) {
            st.execute("SET search_path TO pg_catalog");
            pg.terminateBackends();
            assertEquals(1, st.executeUpdate("INSERT INTO public.marks VALUES (30)"));
        }
        assertEquals(List.of("\"$user\", public", "pg_catalog"), seen);
    }

    private static int columns(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            assertTrue(rs.next());
            assertSame(ps, rs.getStatement());
            return rs.getMetaData().getColumnCount();
        }
    }

    private static String show(Statement st, String setting) throws SQLException {
        try (ResultSet rs = st.executeQuery("SHOW " + setting)) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** Runs a one-value query while the proxy cuts its socket 150 ms in; returns the value it read. */
    private static long readWhileCut(FaultProxy proxy, Statement st, String sql) throws SQLException {
        CompletableFuture<Integer> cut = cutAfter(proxy, 150);
        long value;
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            value = rs.getLong(1);
        }
        assertTrue(cut.join() > 0, "the socket was cut while the query ran");
        return value;
    }

    /** Cuts every connection through {@code proxy} after {@code millis}; completes with how many it cut. */
    private static CompletableFuture<Integer> cutAfter(FaultProxy proxy, long millis) {
        return CompletableFuture.supplyAsync(() -> {
            sleep(millis);
            return proxy.cutAll();
        });
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
