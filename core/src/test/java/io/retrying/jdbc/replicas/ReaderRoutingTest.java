package io.retrying.jdbc.replicas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.StreamingReplicas;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Issue 27 item 3: one data source, writes on the primary and reads on the standbys. Through the URL
 * prefix with {@code retry.readers}: a connection in {@code setReadOnly(true)} (Spring's
 * {@code @Transactional(readOnly = true)}) runs on a standby, a read-write one on the primary; a
 * standby that fails or lags is left for another; with none left, reads run on the primary.
 */
@ExtendWith(PgExtension.class)
class ReaderRoutingTest {

    private static StreamingReplicas replicas;

    @BeforeAll
    static void cluster(PgServer primary) {
        primary.sql("CREATE TABLE rr_items (id int PRIMARY KEY, v int)",
                "INSERT INTO rr_items SELECT g, g FROM generate_series(1, 10) g",
                "CREATE FUNCTION rr_slow(n int) RETURNS int STABLE LANGUAGE sql AS 'SELECT $1 FROM pg_sleep(0.6)'");
        replicas = StreamingReplicas.start(primary, 2);
    }

    private static String url(String app, String extra) {
        PgServer p = replicas.primary();
        return "jdbc:retrying:postgresql://" + p.host() + ":" + p.port() + "/postgres?user=postgres&sslmode=disable"
                + "&ApplicationName=" + app + "&retry.readers=" + replicas.standbyHosts() + extra;
    }

    private static int serverPort(Connection c) throws SQLException {
        return Integer.parseInt(StandbyReadTest.first(c, "SELECT inet_server_port()"));
    }

    private static Set<Integer> standbyPorts() {
        Set<Integer> ports = new HashSet<>();
        replicas.standbys().forEach(s -> ports.add(s.port()));
        return ports;
    }

    @Test
    void readOnlyRunsOnAStandbyAndReadWriteOnThePrimaryOneConnectionEachWay() throws Exception {
        try (Connection c = DriverManager.getConnection(url("rr-split", ""))) {
            assertEquals(replicas.primary().port(), serverPort(c), "read-write: the primary");
            c.setReadOnly(true);
            int reader = serverPort(c);
            assertTrue(standbyPorts().contains(reader), "read-only: a standby, not " + reader);
            assertEquals("t", StandbyReadTest.first(c, "SELECT pg_is_in_recovery()"));
            String readerPid = StandbyReadTest.first(c, "SELECT pg_backend_pid()");

            c.setReadOnly(false);
            assertEquals(replicas.primary().port(), serverPort(c));
            try (Statement st = c.createStatement()) {
                assertEquals(1, st.executeUpdate("UPDATE rr_items SET v = v WHERE id = 1"));
            }
            // the switch back takes the reader it parked: no new dial
            c.setReadOnly(true);
            assertEquals(reader, serverPort(c));
            assertEquals(readerPid, StandbyReadTest.first(c, "SELECT pg_backend_pid()"));
            assertTrue(c.isReadOnly());
        }
        // closing the connection closed both of its physical connections
        for (PgServer s : new PgServer[] {replicas.primary(), replicas.standby(0), replicas.standby(1)}) {
            waitNoSessions(s, "rr-split");
        }
    }

    @Test
    void aReadOnlyTransactionRunsOnAStandbyAsSpringOpensIt() throws Exception {
        try (Connection c = DriverManager.getConnection(url("rr-spring", ""))) {
            // DataSourceTransactionManager.doBegin for @Transactional(readOnly = true)
            c.setReadOnly(true);
            c.setAutoCommit(false);
            assertEquals("10", StandbyReadTest.first(c, "SELECT count(*) FROM rr_items"));
            assertEquals("t", StandbyReadTest.first(c, "SELECT pg_is_in_recovery()"));
            // inside the transaction the connection stays where it is: pgjdbc refuses the change there
            assertThrows(SQLException.class, () -> c.setReadOnly(false));
            c.commit();
            c.setAutoCommit(true);
            c.setReadOnly(false);
            assertEquals("f", StandbyReadTest.first(c, "SELECT pg_is_in_recovery()"));
        }
    }

    @Test
    void theDataSourceRoutesAsTheUrlDoesBothForms() throws Exception {
        RetryingDataSource bean = new RetryingDataSource();
        bean.setUrl(replicas.primary().jdbcUrl() + "&ApplicationName=rr-bean");
        bean.setReaders(replicas.standbyHosts());
        PGSimpleDataSource pg = new PGSimpleDataSource();
        pg.setURL(replicas.primary().jdbcUrl() + "&ApplicationName=rr-built");
        RetryingDataSource built = RetryingDataSource.builder(pg).readers(replicas.standbyHosts()).build();
        for (RetryingDataSource ds : new RetryingDataSource[] {bean, built}) {
            try (Connection c = ds.getConnection()) {
                assertEquals(replicas.primary().port(), serverPort(c));
                c.setReadOnly(true);
                assertTrue(standbyPorts().contains(serverPort(c)));
                c.setReadOnly(false);
                assertEquals(replicas.primary().port(), serverPort(c));
            }
        }
    }

    @Test
    void readersOverAPoolAreRefusedNamingTheSetting() {
        PGSimpleDataSource pg = new PGSimpleDataSource();
        pg.setURL(replicas.primary().jdbcUrl());
        // a data source that is not pgjdbc's own (a pool, a proxy): it dials its own server only
        javax.sql.DataSource pool = net.ttddyy.dsproxy.support.ProxyDataSourceBuilder.create(pg).build();
        RetryingDataSource ds = RetryingDataSource.builder(pool).readers(replicas.standbyHosts()).build();
        SQLException e = assertThrows(SQLException.class, ds::getConnection);
        assertEquals("22023", e.getSQLState());
        assertTrue(e.getMessage().startsWith("retry.readers needs"), e.getMessage());
    }

    @Test
    void aBadReaderListIsRefusedNamingTheEntry() {
        SQLException e = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(url("rr-bad", "").replace("&retry.readers=", "&retry.readers=db1:x,")));
        assertEquals("22023", e.getSQLState());
        assertTrue(e.getMessage().contains("retry.readers") && e.getMessage().contains("db1:x"), e.getMessage());
    }

    @Test
    void readOnlyConnectionsAreSpreadOverTheReaders() throws Exception {
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            try (Connection c = DriverManager.getConnection(url("rr-spread", ""))) {
                c.setReadOnly(true);
                seen.add(serverPort(c));
            }
        }
        assertEquals(standbyPorts(), seen);
    }

    @Test
    void aStandbyLaggingPastTheBoundIsLeftForAnother() throws Exception {
        PgServer lagging = replicas.standby(0);
        lagging.sql("SELECT pg_wal_replay_pause()");
        try {
            replicas.primary().sql("UPDATE rr_items SET v = v + 1 WHERE id = 2");
            Thread.sleep(1200);
            // the bound is the setting under test: 1 s here (the default is 10 s)
            for (int i = 0; i < 3; i++) {
                try (Connection c = DriverManager.getConnection(url("rr-lag", "&retry.readerMaxLagMs=1000"))) {
                    c.setReadOnly(true);
                    assertEquals(replicas.standby(1).port(), serverPort(c), "the standby within the bound");
                }
            }
        } finally {
            lagging.sql("SELECT pg_wal_replay_resume()");
        }
        replicas.awaitReplay();
    }

    @Test
    void withEveryReaderDownReadsRunOnThePrimary() throws Exception {
        replicas.standby(0).stop();
        replicas.standby(1).stop();
        try (Connection c = DriverManager.getConnection(url("rr-down", ""))) {
            c.setReadOnly(true);
            assertEquals(replicas.primary().port(), serverPort(c), "retry.readersFallBackToPrimary is true by default");
            assertEquals("10", StandbyReadTest.first(c, "SELECT count(*) FROM rr_items"));
        } finally {
            replicas.standby(0).start();
            replicas.standby(1).start();
            replicas.awaitStreaming();
        }
        // and with one back, reads go there
        try (Connection c = DriverManager.getConnection(url("rr-down", ""))) {
            c.setReadOnly(true);
            assertTrue(standbyPorts().contains(serverPort(c)));
        }
    }

    @Test
    void aReadWhoseReaderBackendIsKilledRunsAgainOnAReaderWithNoError() throws Exception {
        try (Connection c = DriverManager.getConnection(url("rr-kill", ""))) {
            c.setReadOnly(true);
            int reader = serverPort(c);
            PgServer standby = reader == replicas.standby(0).port() ? replicas.standby(0) : replicas.standby(1);
            Thread killer = new Thread(() -> {
                try {
                    while (standby.queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'rr-kill'"
                            + " AND state = 'active' AND query LIKE '%rr_slow%'") == 0) {
                        Thread.sleep(20);
                    }
                    Thread.sleep(100);
                    standby.killBackend("rr-kill");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            killer.start();
            assertEquals("3", StandbyReadTest.first(c, "SELECT sum(rr_slow(id)) FROM rr_items WHERE id <= 2"));
            killer.join();
            assertTrue(standbyPorts().contains(serverPort(c)), "again on a reader");
            assertNotEquals(replicas.primary().port(), serverPort(c));
        }
        replicas.awaitAccepting(0);
        replicas.awaitAccepting(1);
    }

    private static void waitNoSessions(PgServer server, String app) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (server.queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app + "'") > 0) {
            assertTrue(System.nanoTime() < deadline, "a session of " + app + " left open on " + server);
            Thread.sleep(20);
        }
    }
}
