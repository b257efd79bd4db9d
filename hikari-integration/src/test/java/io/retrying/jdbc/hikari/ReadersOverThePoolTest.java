package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.ReadRoute;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import io.retrying.jdbc.fixtures.StreamingReplicas;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 27 over the pool: the layer over the writer's HikariCP pool takes the reads of a connection
 * in {@code setReadOnly(true)} from a second pool, of readers ({@link RetryingHikari#over(HikariConfig,
 * HikariConfig, java.util.function.UnaryOperator)}). Nothing is parked: each borrowed connection goes
 * back to its pool at the switch and at close; a lost reader is evicted and another borrowed from
 * the readers; a lagging reader makes the reads fall back to the writer's pool.
 */
class ReadersOverThePoolTest {

    private static PgServer primary;
    private static StreamingReplicas replicas;

    @BeforeAll
    static void cluster() {
        primary = PgServers.start();
        primary.sql("CREATE TABLE rop_items (id int PRIMARY KEY, v int)",
                "INSERT INTO rop_items SELECT g, g FROM generate_series(1, 10) g");
        replicas = StreamingReplicas.start(primary, 2);
    }

    @AfterAll
    static void stop() {
        primary.close();
    }

    /** The routes the layer reported. */
    static final class Routes implements RetryListener {
        final List<ReadRoute> seen = new CopyOnWriteArrayList<>();

        @Override
        public void onReadRouted(ReadRoute route) {
            seen.add(route);
        }
    }

    private static HikariConfig writer(String app) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(primary.jdbcUrl() + "&ApplicationName=" + app);
        config.setMaximumPoolSize(2);
        config.setPoolName(app);
        return config;
    }

    private static String first(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static void assertNoneBorrowed(RetryingHikariDataSource ds) {
        assertEquals(0, ds.pool().getHikariPoolMXBean().getActiveConnections(), "the writer's pool: none lent");
        assertEquals(0, ds.readerPool().getHikariPoolMXBean().getActiveConnections(), "the readers' pool: none lent");
    }

    @Test
    void readsRunOnAStandbyFromTheReadersPoolAndWritesOnThePrimaryInOneConnection() throws Exception {
        HikariConfig writer = writer("rop-split");
        Routes routes = new Routes();
        try (RetryingHikariDataSource ds = RetryingHikari.over(writer,
                RetryingHikari.readers(writer, replicas.standbyHosts()), b -> b.listener(routes))) {
            try (Connection c = ds.getConnection()) {
                assertEquals("f", first(c, "SELECT pg_is_in_recovery()"), "read-write: the primary");
                c.setReadOnly(true);
                assertEquals("t", first(c, "SELECT pg_is_in_recovery()"), "read-only: a standby");
                assertEquals("10", first(c, "SELECT count(*) FROM rop_items"));
                // no parking over a pool: the writer's connection went back at the switch
                assertEquals(0, ds.pool().getHikariPoolMXBean().getActiveConnections());
                assertEquals(1, ds.readerPool().getHikariPoolMXBean().getActiveConnections());

                c.setReadOnly(false);
                assertEquals("f", first(c, "SELECT pg_is_in_recovery()"), "read-write again: the primary");
                try (Statement st = c.createStatement()) {
                    assertEquals(1, st.executeUpdate("UPDATE rop_items SET v = v WHERE id = 1"));
                }
                assertEquals(0, ds.readerPool().getHikariPoolMXBean().getActiveConnections());

                c.setReadOnly(true);
                assertEquals("t", first(c, "SELECT pg_is_in_recovery()"));
            }
            assertNoneBorrowed(ds);
            assertEquals(2, routes.seen.size(), "one route a borrow for reads: " + routes.seen);
            for (ReadRoute r : routes.seen) {
                assertEquals(ReadRoute.Target.STANDBY, r.target());
                assertEquals(ReadRoute.Reason.READ_ONLY, r.reason());
                assertTrue(replicas.standbyHosts().contains(r.server()), r.server());
            }
        }
    }

    @Test
    void aReadOnlyTransactionAsSpringOpensItRunsOnAStandby() throws Exception {
        HikariConfig writer = writer("rop-spring");
        try (RetryingHikariDataSource ds = RetryingHikari.over(writer,
                RetryingHikari.readers(writer, replicas.standbyHosts()), b -> b)) {
            for (int i = 0; i < 3; i++) {
                try (Connection c = ds.getConnection()) {
                    // DataSourceTransactionManager.doBegin for @Transactional(readOnly = true)
                    c.setReadOnly(true);
                    c.setAutoCommit(false);
                    assertEquals("t", first(c, "SELECT pg_is_in_recovery()"));
                    assertEquals("10", first(c, "SELECT count(*) FROM rop_items"));
                    c.commit();
                    c.setAutoCommit(true);
                    c.setReadOnly(false);
                }
            }
            assertNoneBorrowed(ds);
        }
    }

    @Test
    void aReadOnlyUnitBorrowsNoWritersConnectionSoItRunsWithTheWritersPoolExhausted() throws Exception {
        HikariConfig writer = writer("rop-lazy");
        writer.setMaximumPoolSize(1);
        writer.setConnectionTimeout(1000); // the pool's own: how long a borrow would wait for the one connection
        Routes routes = new Routes();
        try (RetryingHikariDataSource ds = RetryingHikari.over(writer,
                RetryingHikari.readers(writer, replicas.standbyHosts()), b -> b.listener(routes))) {
            try (Connection holder = ds.getConnection()) {
                // given the writer's one connection held by a read-write transaction
                holder.setAutoCommit(false);
                try (Statement st = holder.createStatement()) {
                    assertEquals(1, st.executeUpdate("UPDATE rop_items SET v = v WHERE id = 3"));
                }
                assertEquals(1, ds.pool().getHikariPoolMXBean().getActiveConnections());

                // when a read-only unit runs meanwhile, as Spring's @Transactional(readOnly = true) opens it
                for (int i = 0; i < 3; i++) {
                    try (Connection c = ds.getConnection()) {
                        c.setReadOnly(true);
                        c.setAutoCommit(false);
                        // then it runs on a standby, having borrowed nothing of the writer's pool
                        assertEquals("t", first(c, "SELECT pg_is_in_recovery()"));
                        assertEquals("10", first(c, "SELECT count(*) FROM rop_items"));
                        c.commit();
                        assertEquals(1, ds.pool().getHikariPoolMXBean().getActiveConnections(), "the holder's only");
                    }
                }
                holder.commit();
            }
            assertNoneBorrowed(ds);
            try (Connection c = ds.getConnection()) {
                assertTrue(c.isValid(5), "a connection not borrowed yet is valid: it borrows to answer");
            }
            assertNoneBorrowed(ds);
            // and a connection opened that way still writes on the primary once it is read-write
            try (Connection c = ds.getConnection(); Statement st = c.createStatement()) {
                assertEquals("f", first(c, "SELECT pg_is_in_recovery()"));
                assertEquals(1, st.executeUpdate("UPDATE rop_items SET v = v WHERE id = 3"));
                assertTrue(c.isValid(5));
            }
            assertNoneBorrowed(ds);
            assertEquals(3, routes.seen.size(), "one route a read-only unit: " + routes.seen);
        }
    }

    @Test
    void aReaderBackendTerminatedIsEvictedAndTheReadRunsAgainOnTheReadersWithNoError() throws Exception {
        HikariConfig writer = writer("rop-kill");
        HikariConfig readers = RetryingHikari.readers(writer, replicas.standbyHosts());
        readers.setMaximumPoolSize(1); // the dead one must leave the readers' pool for the read to get another
        try (RetryingHikariDataSource ds = RetryingHikari.over(writer, readers, b -> b)) {
            try (Connection c = ds.getConnection()) {
                c.setReadOnly(true);
                String pid = first(c, "SELECT pg_backend_pid()");
                int terminated = 0;
                for (PgServer standby : replicas.standbys()) {
                    terminated += standby.terminateBackends("rop-kill");
                }
                assertEquals(1, terminated, "the reader's backend");
                // the defaults: the lost read runs again, on a reader, with no exception
                assertEquals("10", first(c, "SELECT count(*) FROM rop_items"));
                assertEquals("t", first(c, "SELECT pg_is_in_recovery()"));
                assertNotEquals(pid, first(c, "SELECT pg_backend_pid()"));
                assertEquals(0, ds.pool().getHikariPoolMXBean().getActiveConnections());
            }
            assertNoneBorrowed(ds);
            // the dead one was evicted from the readers' pool, not given back as alive: its one slot lends again
            try (Connection c = ds.getConnection()) {
                c.setReadOnly(true);
                assertEquals("t", first(c, "SELECT pg_is_in_recovery()"));
            }
            assertTrue(ds.readerPool().getHikariPoolMXBean().getTotalConnections() <= 1);
            assertNoneBorrowed(ds);
        }
    }

    @Test
    void readersLaggingPastTheBoundSendTheReadsToTheWritersPoolOrFailWithoutFallBack() throws Exception {
        HikariConfig writer = writer("rop-lag");
        HikariConfig readers = RetryingHikari.readers(writer, replicas.standbyHosts());
        readers.setMaximumPoolSize(1);
        PoolCounters counters = new PoolCounters();
        readers.setMetricsTrackerFactory(counters);
        Routes routes = new Routes();
        for (PgServer standby : replicas.standbys()) {
            standby.sql("SELECT pg_wal_replay_pause()");
        }
        try {
            primary.sql("UPDATE rop_items SET v = v + 1 WHERE id = 2");
            Thread.sleep(1200);
            // the bound is the setting under test: 1 s here (the default is 10 s)
            try (RetryingHikariDataSource ds = RetryingHikari.over(writer, readers,
                    b -> b.readerMaxLag(java.time.Duration.ofSeconds(1)).listener(routes))) {
                int made = counters.creations.get(); // HikariCP does not count the one it made to start
                try (Connection c = ds.getConnection()) {
                    c.setReadOnly(true);
                    assertEquals("f", first(c, "SELECT pg_is_in_recovery()"), "retry.readersFallBackToPrimary: the primary");
                    assertEquals("3", first(c, "SELECT v FROM rop_items WHERE id = 2"), "the primary's row");
                }
                assertNoneBorrowed(ds);
                assertEquals(made, counters.creations.get(), "a lagging reader is given back, not evicted");
                assertEquals(1, ds.readerPool().getHikariPoolMXBean().getTotalConnections());
                ReadRoute last = routes.seen.get(routes.seen.size() - 1);
                assertEquals(ReadRoute.Target.PRIMARY, last.target());
                assertEquals(ReadRoute.Reason.NO_STANDBY_USABLE, last.reason());
            }
            HikariConfig writer2 = writer("rop-lag-strict");
            try (RetryingHikariDataSource ds = RetryingHikari.over(writer2, RetryingHikari.readers(writer2,
                    replicas.standbyHosts()), b -> b.readerMaxLag(java.time.Duration.ofSeconds(1))
                    .readersFallBackToPrimary(false)
                    // the 08001 is retried within the reconnect window as any failed dial: none here, at once
                    .reconnectWindow(java.time.Duration.ZERO))) {
                try (Connection c = ds.getConnection()) {
                    SQLException e = assertThrows(SQLException.class, () -> c.setReadOnly(true));
                    assertTrue(e.getSQLState().startsWith("08"), e.getSQLState() + " " + e);
                }
                assertNoneBorrowed(ds);
            }
        } finally {
            for (PgServer standby : replicas.standbys()) {
                standby.sql("SELECT pg_wal_replay_resume()");
            }
        }
        replicas.awaitReplay();
    }

    @Test
    void withTheReadersStoppedReadsRunOnTheWritersPool() throws Exception {
        HikariConfig writer = writer("rop-down");
        HikariConfig readers = RetryingHikari.readers(writer, replicas.standbyHosts());
        readers.setConnectionTimeout(1000); // how long a read waits for a reader before it falls back
        readers.setInitializationFailTimeout(-1);
        PoolCounters counters = new PoolCounters();
        readers.setMetricsTrackerFactory(counters);
        try (RetryingHikariDataSource ds = RetryingHikari.over(writer, readers, b -> b)) {
            try (Connection c = ds.getConnection()) {
                c.setReadOnly(true);
                assertEquals("t", first(c, "SELECT pg_is_in_recovery()"));
            }
            replicas.standby(0).stop();
            replicas.standby(1).stop();
            for (int i = 0; i < 3; i++) {
                try (Connection c = ds.getConnection()) {
                    c.setReadOnly(true);
                    assertEquals("f", first(c, "SELECT pg_is_in_recovery()"), "fallen back to the writer's pool");
                    assertEquals("10", first(c, "SELECT count(*) FROM rop_items"));
                }
            }
            // once the readers' pool has lent nothing, the reads of the next seconds do not wait for it again
            assertEquals(1, counters.timeouts.get(), "acquire timeouts of the readers' pool");
            assertNoneBorrowed(ds);
        } finally {
            replicas.standby(0).start();
            replicas.standby(1).start();
            replicas.awaitStreaming();
            // a restarted standby dates its lag by the first transaction it replays: give it one
            primary.sql("UPDATE rop_items SET v = v WHERE id = 1");
            replicas.awaitReplay();
        }
    }

    @Test
    void aReaderIsCheckedOnceWhileItsVerdictHoldsNotOnEveryBorrow() throws Exception {
        HikariConfig readers = RetryingHikari.readers(writer("rop-memo"), replicas.standbyHosts());
        readers.setMaximumPoolSize(1); // every borrow for reads lends the same physical connection
        java.util.concurrent.atomic.AtomicInteger checks = new java.util.concurrent.atomic.AtomicInteger();
        try (HikariDataSource writerPool = new HikariDataSource(writer("rop-memo"));
                HikariDataSource readerPool = new HikariDataSource(readers)) {
            // counts what runs on the readers' connections: the layer's check asks pg_last_wal_replay_lsn()
            javax.sql.DataSource counted = net.ttddyy.dsproxy.support.ProxyDataSourceBuilder.create(readerPool)
                    .afterQuery((exec, queries) -> queries.stream()
                            .filter(q -> q.getQuery().contains("pg_last_wal_replay_lsn")).forEach(q -> checks.incrementAndGet()))
                    .build();
            javax.sql.DataSource ds = io.retrying.jdbc.RetryingDataSource.builder(writerPool).readers(counted).build();
            for (int i = 0; i < 5; i++) {
                try (Connection c = ds.getConnection()) {
                    c.setReadOnly(true);
                    assertEquals("t", first(c, "SELECT pg_is_in_recovery()"));
                }
            }
            assertEquals(1, checks.get(), "one check for five borrows of one reader connection (the default bound: 10 s)");
        }
    }

    @Test
    void aReaderThatIsNoStandbyIsEvictedAndTheReadsRunOnTheWritersPool() throws Exception {
        HikariConfig writer = writer("rop-primary");
        // a "reader" pool on the primary: what a standby promoted under the pool looks like
        HikariConfig readers = RetryingHikari.readers(writer, primary.host() + ":" + primary.port());
        readers.setMaximumPoolSize(1);
        PoolCounters counters = new PoolCounters();
        readers.setMetricsTrackerFactory(counters);
        Routes routes = new Routes();
        try (RetryingHikariDataSource ds = RetryingHikari.over(writer, readers, b -> b.listener(routes))) {
            int made = counters.creations.get(); // HikariCP does not count the one it made to start
            try (Connection c = ds.getConnection()) {
                c.setReadOnly(true);
                assertEquals("10", first(c, "SELECT count(*) FROM rop_items"));
            }
            assertNoneBorrowed(ds);
            assertEquals(ReadRoute.Target.PRIMARY, routes.seen.get(0).target());
            assertEquals(ReadRoute.Reason.NO_STANDBY_USABLE, routes.seen.get(0).reason());
            // evicted from the readers' pool (not left in it, nor handed to the writer's): the pool dials anew
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (counters.creations.get() == made && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(made + 1, counters.creations.get(), "the readers' pool made a new connection for the evicted one");
            try (Connection c = ds.getConnection()) {
                c.setReadOnly(true);
                assertEquals("f", first(c, "SELECT pg_is_in_recovery()"));
            }
            assertNoneBorrowed(ds);
        }
    }

    @Test
    void readerHostsAndAReaderPoolTogetherAreRefused() {
        HikariDataSource pool = new HikariDataSource(writer("rop-both"));
        try {
            HikariDataSource readerPool = new HikariDataSource(RetryingHikari.readers(writer("rop-both2"),
                    replicas.standbyHosts()));
            assertThrows(IllegalStateException.class,
                    () -> RetryingHikari.over(pool, readerPool, b -> b.readers(replicas.standbyHosts())));
            assertTrue(pool.isClosed() && readerPool.isClosed(), "both closed when the settings fail");
        } finally {
            pool.close();
        }
    }

    @Test
    void theReadersConfigurationNamesTheReaderHostsAndTheWritersOtherSettings() {
        HikariConfig writer = new HikariConfig();
        writer.setJdbcUrl("jdbc:postgresql://db1:5432,db2:5433/app?targetServerType=primary&ssl=false&loadBalanceHosts=false");
        writer.setUsername("app");
        writer.setMaximumPoolSize(7);
        writer.setPoolName("main");
        HikariConfig readers = RetryingHikari.readers(writer, "s1:5432,s2:5434");
        assertEquals("jdbc:postgresql://s1:5432,s2:5434/app?ssl=false&targetServerType=preferSecondary&loadBalanceHosts=true",
                readers.getJdbcUrl());
        assertEquals("app", readers.getUsername());
        assertEquals(7, readers.getMaximumPoolSize());
        assertEquals("main-readers", readers.getPoolName());
        assertEquals("jdbc:postgresql://db1:5432,db2:5433/app?targetServerType=primary&ssl=false&loadBalanceHosts=false",
                writer.getJdbcUrl(), "the writer's own is left as it is");
    }
}
