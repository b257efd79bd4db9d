package io.retrying.jdbc.replicas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.WriteOutcomeUnknownException;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.StreamingReplicas;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
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
 * Issue 27 item 1: a read on a hot standby whose backend is killed (SIGKILL: the socket closes with
 * no word from the server) is proven on the new connection by what a standby can answer, and runs
 * again there; before, the proof needed a temporary function no standby can make, and the read
 * surfaced 08007. What leaves the database (dblink, a foreign table) is still not proven. Default
 * settings throughout.
 */
@ExtendWith(PgExtension.class)
class StandbyReadTest {

    private static StreamingReplicas replicas;

    @BeforeAll
    static void cluster(PgServer primary) {
        primary.sql("CREATE TABLE sr_items (id int PRIMARY KEY, name text)",
                "INSERT INTO sr_items SELECT g, 'item ' || g FROM generate_series(1, 40) g",
                // a read that takes long enough for its backend to be killed meanwhile (its body is a
                // string the server does not parse ahead: judged STABLE, as declared)
                "CREATE FUNCTION sr_slow(n int) RETURNS int STABLE LANGUAGE sql AS 'SELECT $1 FROM pg_sleep(0.6)'",
                // a volatile function of the application's own: it may act outside the database
                "CREATE FUNCTION sr_outside(n int) RETURNS int VOLATILE LANGUAGE plpgsql AS"
                        + " $$ BEGIN PERFORM pg_sleep(0.6); RETURN n; END $$",
                "CREATE EXTENSION dblink");
        replicas = StreamingReplicas.start(primary, 2);
    }

    @AfterAll
    static void done() {
        // the standbys close with the primary; a test may have left one restarting
        for (PgServer standby : replicas.standbys()) {
            standby.start();
        }
    }

    @Test
    void anAutocommitReadWhoseStandbyBackendIsKilledRunsAgainProven() throws Exception {
        PgServer standby = replicas.standby(0);
        Physical physical = new Physical(standby.jdbcUrl() + "&ApplicationName=sr-auto");
        try (Connection c = physical.open(RetryConfig.defaults()); Statement st = c.createStatement()) {
            long sum = killedUnder(0, "sr-auto", () -> {
                try (ResultSet rs = st.executeQuery("SELECT sum(sr_slow(id)) FROM sr_items WHERE id <= 2 /* auto */")) {
                    rs.next();
                    return rs.getLong(1);
                }
            });
            assertEquals(3, sum);
            assertEquals(2, physical.executions("/* auto */"), "run once, killed, proven, run again");
            assertEquals("t", first(c, "SELECT pg_is_in_recovery()"), "again on a standby");
        }
    }

    /**
     * The proof's catalog walk runs with JIT off on a standby, as on a primary: its estimated cost is
     * past {@code jit_above_cost}, and compiling it took seconds on a loaded machine while the walk
     * held a snapshot the standby's replay waited for (PatroniHaProxyReplicaTest: reads stalled
     * 20-34 s behind HAProxy's replica port).
     */
    @Test
    void theProofsCatalogWalkOnAStandbyRunsWithoutJit() throws Exception {
        PgServer standby = replicas.standby(1);
        // the server's own record of what it was sent (the proof's frame bypasses the recording proxy)
        standby.sql("ALTER SYSTEM SET log_statement = 'all'", "SELECT pg_reload_conf()");
        long logBefore = java.nio.file.Files.size(standby.logFile());
        Physical physical = new Physical(standby.jdbcUrl() + "&ApplicationName=sr-jit");
        try (Connection c = physical.open(RetryConfig.defaults()); Statement st = c.createStatement()) {
            long sum = killedUnder(1, "sr-jit", () -> {
                try (ResultSet rs = st.executeQuery("SELECT sum(sr_slow(id)) FROM sr_items WHERE id <= 2 /* jit */")) {
                    rs.next();
                    return rs.getLong(1);
                }
            });
            assertEquals(3, sum);
            assertEquals(2, physical.executions("/* jit */"), "run once, killed, proven, run again");
        } finally {
            standby.sql("ALTER SYSTEM RESET log_statement", "SELECT pg_reload_conf()");
        }
        String log;
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(standby.logFile())) {
            in.skipNBytes(logBefore);
            log = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        // pgjdbc sends the frame's settings as one statement each: a log line each (the LOG of the
        // statement as executed; a LOG the tree printed for it repeats it as its STATEMENT line)
        assertEquals(1, executed(log, "SET LOCAL debug_print_rewritten = on"), "one proof on the standby");
        assertEquals(1, executed(log, "SET LOCAL jit = off"), "the proof's frame turns JIT off");
    }

    /** How many statements containing {@code fragment} the server logged as executed ({@code log_statement = 'all'}). */
    private static long executed(String log, String fragment) {
        return log.lines().filter(l -> l.contains("LOG:") && l.contains(fragment)).count();
    }

    @Test
    void aPreparedReadWithParametersRunsAgainProven() throws Exception {
        Physical physical = new Physical(replicas.standby(1).jdbcUrl() + "&ApplicationName=sr-prep");
        try (Connection c = physical.open(RetryConfig.defaults());
                PreparedStatement ps = c.prepareStatement("SELECT name FROM sr_items WHERE id = sr_slow(?) /* prep */")) {
            ps.setInt(1, 7);
            String name = killedUnder(1, "sr-prep", () -> {
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getString(1);
                }
            });
            assertEquals("item 7", name);
            assertEquals(2, physical.executions("/* prep */"));
        }
    }

    @Test
    void aReadCallingAVolatileFunctionOfTheApplicationsIsStillNotProven() throws Exception {
        Physical physical = new Physical(replicas.standby(0).jdbcUrl() + "&ApplicationName=sr-vol");
        try (Connection c = physical.open(RetryConfig.defaults()); Statement st = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> killedUnder(0, "sr-vol", () -> {
                try (ResultSet rs = st.executeQuery("SELECT sr_outside(1) /* vol */")) {
                    rs.next();
                    return rs.getLong(1);
                }
            }));
            assertInstanceOf(WriteOutcomeUnknownException.class, e);
            assertEquals("08007", e.getSQLState());
            assertTrue(e.getMessage().contains("sr_outside"), e.getMessage());
            assertEquals(1, physical.executions("/* vol */"), "not run again");
        }
    }

    @Test
    void aTransactionOfReadsWhoseStandbyBackendIsKilledIsReplayedVerifiedAndCommits() throws Exception {
        Physical physical = new Physical(replicas.standby(0).jdbcUrl() + "&ApplicationName=sr-tx");
        try (Connection c = physical.open(RetryConfig.defaults())) {
            c.setReadOnly(true); // as Spring's @Transactional(readOnly = true) does
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                try (ResultSet rs = st.executeQuery("SELECT count(*) FROM sr_items /* tx-first */")) {
                    rs.next();
                    assertEquals(40, rs.getLong(1));
                }
                long slow = killedUnder(0, "sr-tx", () -> {
                    try (ResultSet rs = st.executeQuery("SELECT sum(sr_slow(id)) FROM sr_items WHERE id <= 3 /* tx-second */")) {
                        rs.next();
                        return rs.getLong(1);
                    }
                });
                assertEquals(6, slow);
            }
            c.commit();
            c.setAutoCommit(true);
            assertEquals(2, physical.executions("/* tx-first */"), "replayed once, its result verified");
            assertEquals(2, physical.executions("/* tx-second */"));
        }
    }

    @Test
    void aReadOnlyTransactionWhoseCommitReplyIsLostOnAStandbyIsProvenCommitted() throws Exception {
        // a standby assigns no transaction id: the lost COMMIT is settled by proving every statement
        // of the transaction read-only, on the standby the new connection reaches
        try (FaultProxy proxy = FaultProxy.start(replicas.standby(1))) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(RetryConfig.defaults())) {
                c.setAutoCommit(false);
                try (PreparedStatement ps = c.prepareStatement("SELECT name FROM sr_items WHERE id = ? /* commit-lost */")) {
                    ps.setInt(1, 5);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        assertEquals("item 5", rs.getString(1));
                    }
                }
                proxy.dropReplyAfterCommit();
                c.commit();
                c.setAutoCommit(true);
                assertEquals("t", first(c, "SELECT pg_is_in_recovery()"));
                assertEquals(1, physical.executions("/* commit-lost */"), "proven, not run again");
            }
        }
    }

    @Test
    void aReadOfDblinkOnAStandbyIsNotProven() throws Exception {
        PgServer standby = replicas.standby(1);
        Physical physical = new Physical(standby.jdbcUrl() + "&ApplicationName=sr-link");
        String remote = "host=127.0.0.1 port=" + replicas.primary().port() + " dbname=postgres user=postgres";
        try (Connection c = physical.open(RetryConfig.defaults());
                PreparedStatement ps = c.prepareStatement(
                        "SELECT x FROM dblink(?, 'SELECT 1 FROM pg_sleep(0.6)') AS t(x int) /* link */")) {
            ps.setString(1, remote);
            SQLException e = assertThrows(SQLException.class, () -> killedUnder(1, "sr-link", () -> {
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }));
            assertEquals("08007", e.getSQLState());
            assertTrue(e.getMessage().contains("dblink"), e.getMessage());
            assertEquals(1, physical.executions("/* link */"));
        }
    }

    interface Work<T> {
        T run() throws SQLException;
    }

    /** Runs {@code work} while the standby's backend of {@code app} is killed once it is active. */
    static <T> T killedUnder(int standby, String app, Work<T> work) throws Exception {
        Thread killer = new Thread(() -> {
            PgServer server = replicas.standby(standby);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (System.nanoTime() < deadline) {
                try {
                    if (server.queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app
                            + "' AND state = 'active' AND query NOT LIKE '%retrying-jdbc proof%'") > 0) {
                        Thread.sleep(100);
                        server.killBackend(app);
                        return;
                    }
                    Thread.sleep(20);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        });
        killer.start();
        try {
            return work.run();
        } finally {
            killer.join();
            replicas.awaitAccepting(standby);
        }
    }

    static String first(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
