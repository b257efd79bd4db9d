package io.retrying.jdbc;

import static io.retrying.jdbc.Retryability.BACKPRESSURE;
import static io.retrying.jdbc.Retryability.FATAL;
import static io.retrying.jdbc.Retryability.RECONNECT;
import static io.retrying.jdbc.Retryability.RESET_STATE;
import static io.retrying.jdbc.Retryability.SAFE;
import static io.retrying.jdbc.Retryability.UNKNOWN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every class of the table provoked for real on one PostgreSQL server, and classified as pgjdbc
 * 42.7.14 reports it.
 */
@ExtendWith(PgExtension.class)
class ServerClassificationTest {
    private static ExecutorService threads;
    private final PgServer pg;

    ServerClassificationTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void setUp(PgServer pg) {
        threads = Executors.newCachedThreadPool();
        pg.sql("CREATE TABLE acct (id int PRIMARY KEY, v int NOT NULL)",
                "INSERT INTO acct SELECT g, 100 FROM generate_series(1, 10) g");
    }

    @AfterAll
    static void tearDown() {
        threads.shutdownNow();
    }

    @Test
    void serializationFailureIsSafe() throws Exception {
        try (Connection first = pg.connect(); Connection second = pg.connect()) {
            first.setAutoCommit(false);
            first.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
            second.setAutoCommit(false);
            second.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
            query(first, "SELECT v FROM acct WHERE id = 1"); // first's snapshot
            second.createStatement().executeUpdate("UPDATE acct SET v = v + 1 WHERE id = 1");
            second.commit();
            SQLException e = assertThrows(SQLException.class,
                    () -> first.createStatement().executeUpdate("UPDATE acct SET v = v + 2 WHERE id = 1"));
            assertEquals("40001", e.getSQLState());
            assertEquals(SAFE, Classifier.retryability(e));
            assertEquals(SAFE, Classifier.retryability(e, true, false)); // a conflict means nothing committed
            assertTrue(Classifier.serverReported(e));
            first.rollback();
        }
    }

    @Test
    void deadlockIsSafe() throws Exception {
        try (Connection a = pg.connect(); Connection b = pg.connect()) {
            for (Connection c : List.of(a, b)) {
                c.setAutoCommit(false);
                c.createStatement().execute("SET deadlock_timeout = '50ms'");
            }
            a.createStatement().executeUpdate("UPDATE acct SET v = v WHERE id = 2");
            b.createStatement().executeUpdate("UPDATE acct SET v = v WHERE id = 3");
            CountDownLatch go = new CountDownLatch(1);
            Future<SQLException> fa = threads.submit(() -> crossUpdate(a, 3, go));
            Future<SQLException> fb = threads.submit(() -> crossUpdate(b, 2, go));
            go.countDown();
            SQLException ea = fa.get(20, TimeUnit.SECONDS);
            SQLException eb = fb.get(20, TimeUnit.SECONDS);
            assertTrue(ea == null ^ eb == null, "exactly one victim: " + ea + " / " + eb);
            SQLException victim = ea != null ? ea : eb;
            assertEquals("40P01", victim.getSQLState());
            assertEquals(SAFE, Classifier.retryability(victim));
            a.rollback();
            b.rollback();
        }
    }

    private static SQLException crossUpdate(Connection c, int id, CountDownLatch go) throws InterruptedException {
        go.await();
        try {
            c.createStatement().executeUpdate("UPDATE acct SET v = v WHERE id = " + id);
            return null;
        } catch (SQLException e) {
            return e;
        }
    }

    @Test
    void roleConnectionLimitIsBackpressureAndCharged() throws Exception {
        pg.createRole("limited");
        pg.setConnectionLimit("limited", 1);
        try (Connection held = DriverManager.getConnection(pg.jdbcUrl("limited"))) {
            assertTrue(held.isValid(5));
            SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(pg.jdbcUrl("limited")).close());
            assertEquals("53300", e.getSQLState());
            assertEquals(BACKPRESSURE, Classifier.retryability(e));
            assertFalse(Classifier.refusedDial(e));
            // a live server forked a backend to say so: the dial retry is charged
            TokenBucket bucket = new TokenBucket(100);
            Attempt a = RetryPolicy.builder().tokenBucket(bucket).build().decideReconnect(e, 1, Duration.ofSeconds(10));
            assertTrue(a.retry(), a.reason());
            assertEquals(95.0, bucket.tokens(), 0.1);
        }
    }

    @Test
    void terminatedBackendIsReconnectWithItsChained08006() throws Exception {
        try (Connection victim = DriverManager.getConnection(pg.jdbcUrl() + "&ApplicationName=victim")) {
            query(victim, "SELECT 1");
            assertEquals(1, pg.terminateBackends("victim"));
            SQLException e = assertThrows(SQLException.class, () -> query(victim, "SELECT 1"));
            assertEquals("57P01", e.getSQLState());
            assertTrue(states(e).contains("08006"), "chained: " + states(e));
            assertTrue(Classifier.serverReported(e));
            assertEquals(RECONNECT, Classifier.retryability(e));
            assertEquals(UNKNOWN, Classifier.retryability(e, true, false));
            // the connection is closed now: its next use says 08003 "This connection has been closed."
            SQLException closed = assertThrows(SQLException.class, () -> query(victim, "SELECT 1"));
            assertEquals("08003", closed.getSQLState());
            assertEquals(RECONNECT, Classifier.retryability(closed));
        }
    }

    @Test
    void terminatedWhileBusy() throws Exception {
        try (Connection victim = DriverManager.getConnection(pg.jdbcUrl() + "&ApplicationName=busy")) {
            Future<SQLException> running = threads.submit(() -> {
                try {
                    query(victim, "SELECT pg_sleep(30)");
                    return null;
                } catch (SQLException e) {
                    return e;
                }
            });
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (pg.queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'busy' AND state = 'active'") == 0) {
                assertTrue(System.nanoTime() < until, "the sleep never started");
                Thread.sleep(10);
            }
            pg.terminateBackends("busy");
            SQLException e = running.get(20, TimeUnit.SECONDS);
            assertNotNull(e);
            assertTrue(states(e).contains("57P01"), states(e).toString());
            assertEquals(RECONNECT, Classifier.retryability(e));
            assertEquals(UNKNOWN, Classifier.retryability(e, true, false));
        }
    }

    @Test
    void lockTimeoutAndNowaitAreBackpressure() throws Exception {
        try (Connection holder = pg.connect(); Connection waiter = pg.connect()) {
            holder.setAutoCommit(false);
            query(holder, "SELECT v FROM acct WHERE id = 4 FOR UPDATE");
            waiter.createStatement().execute("SET lock_timeout = '50ms'");
            SQLException timedOut = assertThrows(SQLException.class,
                    () -> waiter.createStatement().executeUpdate("UPDATE acct SET v = 0 WHERE id = 4"));
            assertEquals("55P03", timedOut.getSQLState());
            assertEquals(BACKPRESSURE, Classifier.retryability(timedOut));
            SQLException nowait = assertThrows(SQLException.class,
                    () -> query(waiter, "SELECT v FROM acct WHERE id = 4 FOR UPDATE NOWAIT"));
            assertEquals("55P03", nowait.getSQLState());
            assertEquals(BACKPRESSURE, Classifier.retryability(nowait));
            holder.rollback();
        }
    }

    /**
     * pgjdbc sees a plain {@code DEALLOCATE ALL} go through its own connection (by the command tag)
     * and re-prepares by itself; a pooler's reset or a function does it behind pgjdbc's back, which
     * is what reaches the wrapper. Inside a transaction pgjdbc cannot heal it: the error aborted it.
     */
    @Test
    void deallocatedStatementInsideATransactionIsResetState() throws Exception {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl() + "&prepareThreshold=1")) {
            PreparedStatement ps = c.prepareStatement("SELECT v FROM acct WHERE id = ?");
            ps.setInt(1, 1);
            ps.executeQuery().close();
            ps.executeQuery().close();
            assertTrue(queryLong(c, "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE 'SELECT v FROM acct%'") == 1,
                    "server-prepared");
            c.setAutoCommit(false);
            c.createStatement().execute("DO $$ BEGIN EXECUTE 'DEALLOCATE ALL'; END $$");
            SQLException e = assertThrows(SQLException.class, () -> ps.executeQuery().close());
            assertEquals("26000", e.getSQLState());
            assertEquals(RESET_STATE, Classifier.retryability(e));
            assertTrue(Classifier.serverReported(e));
            c.rollback();
        }
    }

    /**
     * The table changes shape between executions of a server-prepared {@code SELECT *}; pgjdbc heals
     * that in autocommit and after DDL on its own connection, not inside a transaction.
     */
    @Test
    void changedResultTypeInsideATransactionIsResetState() throws Exception {
        pg.sql("CREATE TABLE shape (a int)", "INSERT INTO shape VALUES (1)");
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl() + "&prepareThreshold=1")) {
            PreparedStatement ps = c.prepareStatement("SELECT * FROM shape");
            ps.executeQuery().close();
            ps.executeQuery().close();
            pg.sql("ALTER TABLE shape ADD COLUMN b int"); // another session: pgjdbc does not see it
            c.setAutoCommit(false);
            SQLException e = assertThrows(SQLException.class, () -> ps.executeQuery().close());
            assertEquals("0A000", e.getSQLState());
            assertEquals(RESET_STATE, Classifier.retryability(e));
            c.rollback();
        }
    }

    @Test
    void otherUnsupportedFeaturesAreFatal() throws Exception {
        try (Connection c = pg.connect()) {
            c.setAutoCommit(false);
            SQLException e = assertThrows(SQLException.class,
                    () -> query(c, "SELECT v FROM acct GROUP BY v HAVING count(*) > 0 FOR UPDATE"));
            assertEquals("0A000", e.getSQLState());
            assertEquals(FATAL, Classifier.retryability(e));
            c.rollback();
        }
    }

    @Test
    void statementTimeoutIsFatal() throws Exception {
        try (Connection c = pg.connect()) {
            c.createStatement().execute("SET statement_timeout = '50ms'");
            SQLException e = assertThrows(SQLException.class, () -> query(c, "SELECT pg_sleep(5)"));
            assertEquals("57014", e.getSQLState());
            assertEquals(FATAL, Classifier.retryability(e));
            assertEquals(PublicError.TIMEOUT, PublicError.of(e));
        }
    }

    @Test
    void undefinedTableAndSyntaxErrorsAreFatal() throws Exception {
        try (Connection c = pg.connect()) {
            SQLException missing = assertThrows(SQLException.class, () -> query(c, "SELECT * FROM no_such_table"));
            assertEquals("42P01", missing.getSQLState());
            assertEquals(FATAL, Classifier.retryability(missing));
            SQLException syntax = assertThrows(SQLException.class, () -> query(c, "SELEC 1"));
            assertEquals("42601", syntax.getSQLState());
            assertEquals(FATAL, Classifier.retryability(syntax, true, true));
        }
    }

    @Test
    void uniqueViolationIsFatalUnlessMerging() throws Exception {
        try (Connection c = pg.connect()) {
            SQLException e = assertThrows(SQLException.class,
                    () -> c.createStatement().executeUpdate("INSERT INTO acct VALUES (1, 0)"));
            assertEquals("23505", e.getSQLState());
            assertEquals(FATAL, Classifier.retryability(e));
            assertEquals(SAFE, Classifier.retryability(e, false, true));
            c.createStatement().execute("CREATE TABLE made_twice (a int)");
            SQLException twice = assertThrows(SQLException.class,
                    () -> c.createStatement().execute("CREATE TABLE made_twice (a int)"));
            assertEquals("42P07", twice.getSQLState());
            assertEquals(FATAL, Classifier.retryability(twice));
            assertEquals(SAFE, Classifier.retryability(twice, false, true));
        }
    }

    @Test
    void refusedDialIsReconnectAndFree() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        String url = "jdbc:postgresql://127.0.0.1:" + closedPort + "/postgres?user=postgres&sslmode=disable&connectTimeout=2";
        SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url).close());
        assertEquals("08001", e.getSQLState());
        assertEquals(RECONNECT, Classifier.retryability(e));
        assertTrue(Classifier.refusedDial(e));
        assertFalse(Classifier.serverReported(e));
        TokenBucket bucket = new TokenBucket(100);
        assertTrue(RetryPolicy.builder().tokenBucket(bucket).build().decideReconnect(e, 1, Duration.ofSeconds(10)).retry());
        assertEquals(100.0, bucket.tokens(), 0.1);
    }

    @Test
    void readOnlyTransactionIsFatalOnASingleHost() throws Exception {
        try (Connection c = pg.connect()) {
            c.createStatement().execute("SET default_transaction_read_only = on");
            SQLException e = assertThrows(SQLException.class,
                    () -> c.createStatement().executeUpdate("UPDATE acct SET v = v WHERE id = 5"));
            assertEquals("25006", e.getSQLState());
            assertEquals(FATAL, Classifier.retryability(e));
            assertEquals(FATAL, Classifier.retryability(e, false, false, Classifier.multiHostPrimary(pg.jdbcUrl())));
        }
    }

    @Test
    void writeThroughAMultiHostUrlThatReachedAStandby() throws Exception {
        try (PgServer standby = pg.startStandby()) {
            String hosts = standby.host() + ":" + standby.port() + "," + pg.host() + ":" + pg.port();
            String any = "jdbc:postgresql://" + hosts + "/postgres?user=postgres&sslmode=disable&targetServerType=any&loadBalanceHosts=false";
            String primary = any.replace("targetServerType=any", "targetServerType=primary");
            try (Connection c = DriverManager.getConnection(any)) {
                assertEquals("t", queryString(c, "SELECT pg_is_in_recovery()")); // the first host: the standby
                SQLException e = assertThrows(SQLException.class,
                        () -> c.createStatement().executeUpdate("UPDATE acct SET v = v WHERE id = 6"));
                assertEquals("25006", e.getSQLState());
                assertFalse(Classifier.multiHostPrimary(any));
                assertEquals(FATAL, Classifier.retryability(e, false, false, Classifier.multiHostPrimary(any)));
                // the same failure on a connection whose URL asks for the primary: a failover reached a standby
                assertTrue(Classifier.multiHostPrimary(primary));
                assertEquals(RECONNECT, Classifier.retryability(e, false, false, Classifier.multiHostPrimary(primary)));
            }
            // and such a URL, dialled again, does reach the primary
            try (Connection again = DriverManager.getConnection(primary)) {
                assertEquals("f", queryString(again, "SELECT pg_is_in_recovery()"));
            }
        }
    }

    /**
     * Connecting while the server comes back up: refused dials while it is down, 57P03 while it
     * starts. Whether a 57P03 is caught depends on timing, so the test asserts what always holds:
     * every failure seen classifies RECONNECT, and at least one was seen.
     */
    @Test
    void connectingDuringStartupIsReconnect() throws Exception {
        pg.stopFor(Duration.ofMillis(1500));
        List<SQLException> failures = new ArrayList<>();
        int starting = 0;
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (;;) {
            assertTrue(System.nanoTime() < until, "the server never came back: " + failures.size() + " failures");
            try (Connection c = DriverManager.getConnection(pg.jdbcUrl() + "&connectTimeout=2")) {
                if (c.isValid(2)) {
                    break;
                }
            } catch (SQLException e) {
                failures.add(e);
                assertEquals(RECONNECT, Classifier.retryability(e), () -> e.getSQLState() + " " + e);
                if ("57P03".equals(e.getSQLState())) {
                    starting++;
                    assertTrue(Classifier.serverReported(e));
                    assertFalse(Classifier.refusedDial(e));
                } else {
                    assertEquals("08001", e.getSQLState(), e::toString);
                }
            }
            Thread.sleep(2);
        }
        assertFalse(failures.isEmpty());
        System.out.println("startup: " + failures.size() + " failed dials, " + starting + " of them 57P03");
    }

    private static List<String> states(SQLException e) {
        List<String> out = new ArrayList<>();
        for (Throwable t : Classifier.chain(e)) {
            if (t instanceof SQLException && ((SQLException) t).getSQLState() != null) {
                out.add(((SQLException) t).getSQLState());
            }
        }
        return out;
    }

    static void query(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                rs.getObject(1);
            }
        }
    }

    static long queryLong(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static String queryString(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
