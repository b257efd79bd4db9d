package io.retrying.jdbc.internal.commit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 36: the server identity ({@link ServerIdentity#SQL}) against a real server. Read by an
 * ordinary role, it is the same under every session setting that renders values (pgjdbc insists on
 * a DateStyle that begins with ISO); an operator's
 * hand reset of shared statistics leaves the same server run; a backend SIGKILLed (the same
 * postmaster reinitialises shared memory) and a restart are told apart from it, and with the
 * checkpoint a lost id is judged never handed out (issue 26) only after those.
 */
@ExtendWith(PgExtension.class)
class ServerIdentityServerTest {

    /** An id no checkpoint of this test's server counts as handed out. */
    private static final long FUTURE_XID = 1L << 40;

    private final PgServer pg;

    ServerIdentityServerTest(PgServer pg) {
        this.pg = pg;
    }

    @Test
    void anOrdinaryRoleReadsTheSameIdentityUnderEverySessionSettingThatRendersValues() throws Exception {
        pg.createRole("id_reader");
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl("id_reader")); Statement st = c.createStatement()) {
            ServerIdentity baseline = ServerIdentity.of(c);
            assertNotNull(baseline, "readable by a role with no privilege (pg_control_system included)");
            assertEquals(baseline.systemIdentifier(), pg.queryLong("SELECT system_identifier FROM pg_control_system()"));
            for (List<String> settings : List.of(
                    List.of("SET TIME ZONE 'America/New_York'", "SET DateStyle = 'ISO, DMY'", "SET IntervalStyle = 'iso_8601'"),
                    List.of("SET TIME ZONE 'Asia/Kathmandu'", "SET DateStyle = 'ISO, YMD'", "SET extra_float_digits = -15"),
                    List.of("SET TIME ZONE INTERVAL '+03:17' HOUR TO MINUTE", "SET extra_float_digits = 3",
                            "SET lc_numeric = 'C.UTF-8'", "SET IntervalStyle = 'sql_standard'"))) {
                for (String set : settings) {
                    st.execute(set);
                }
                assertEquals(baseline, ServerIdentity.of(c), String.join("; ", settings));
                c.setAutoCommit(false);
                st.execute("SET LOCAL TIME ZONE 'Pacific/Chatham'");
                assertEquals(baseline, ServerIdentity.of(c), "SET LOCAL");
                c.rollback();
                c.setAutoCommit(true);
                st.execute("RESET ALL");
            }
        }
    }

    @Test
    void aHandResetOfSharedStatisticsIsTheSameServerRunAndNoReinitialisation() throws Exception {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl())) {
            for (List<String> kinds : List.of(List.of("bgwriter"), List.of("wal"), List.of("archiver"),
                    List.of("bgwriter", "wal"), List.of("wal", "archiver"))) {
                ServerIdentity captured = ServerIdentity.of(c);
                for (String kind : kinds) {
                    pg.sql("SELECT pg_stat_reset_shared('" + kind + "')");
                }
                ServerIdentity now = ServerIdentity.of(c);
                assertFalse(captured.equals(now), kinds + " reset");
                assertTrue(captured.sameRunAs(now), kinds + " reset by hand: the same run");
                assertFalse(captured.reinitialisedIn(now), kinds.toString());
                assertFalse(CommitResolver.Identity.neverAssignedIn(captured, now, FUTURE_XID, c), kinds.toString());
                assertTrue(CommitResolver.Identity.sameHistory(captured, now, null, FUTURE_XID, c), kinds.toString());
            }
            // every kind reset by hand, each at its own instant, and a checkpoint since: neither the same run
            // provably nor a reinitialisation, so an id is neither believed nor judged never handed out
            ServerIdentity captured = ServerIdentity.of(c);
            pg.sql("SELECT pg_stat_reset_shared('bgwriter')", "SELECT pg_stat_reset_shared('wal')",
                    "SELECT pg_stat_reset_shared('archiver')", "CHECKPOINT");
            ServerIdentity now = ServerIdentity.of(c);
            assertFalse(captured.sameRunAs(now));
            assertFalse(captured.reinitialisedIn(now));
            assertFalse(CommitResolver.Identity.neverAssignedIn(captured, now, FUTURE_XID, c));
            assertFalse(CommitResolver.Identity.sameHistory(captured, now, null, FUTURE_XID, c));
        }
    }

    @Test
    void aBackendKilledReinitialisesSharedMemoryWhichTheIdentityTellsWithTheCheckpoint() throws Exception {
        ServerIdentity captured;
        long handedOut;
        try (Connection victim = DriverManager.getConnection(pg.jdbcUrl() + "&ApplicationName=id-victim")) {
            captured = ServerIdentity.of(victim);
            // a transaction that wrote, so that its commit record was flushed (one that wrote nothing but its
            // id commits asynchronously, and a crash may lose that id: handed out again, as it should be judged)
            pg.sql("DROP TABLE IF EXISTS id_kept", "CREATE TABLE id_kept (v int)");
            handedOut = pg.queryLong("INSERT INTO id_kept VALUES (1) RETURNING pg_current_xact_id()::text::bigint");
            pg.killBackend("id-victim");
        }
        try (Connection c = connectAfterTheCrash(captured)) {
            ServerIdentity now = ServerIdentity.of(c);
            assertEquals(captured.startedMicros(), now.startedMicros(), "the same postmaster");
            assertFalse(captured.sameRunAs(now), "shared memory reinitialised: another run");
            assertTrue(captured.reinitialisedIn(now), "every reset instant at one instant: " + captured + " -> " + now);
            assertFalse(captured.restartedIn(now));
            // the checkpoint that ended crash recovery began after that instant, and counts what it replayed
            assertTrue(CommitResolver.Identity.neverAssignedIn(captured, now, FUTURE_XID, c));
            assertFalse(CommitResolver.Identity.neverAssignedIn(captured, now, handedOut, c), "its commit record was replayed");
            assertTrue(CommitResolver.Identity.sameHistory(captured, now, null, handedOut, c), "the checkpoint counts it");

            // a hand reset after the reinitialisation: one kind reset later, not provable either way
            pg.sql("SELECT pg_stat_reset_shared('bgwriter')");
            ServerIdentity later = ServerIdentity.of(c);
            assertFalse(captured.sameRunAs(later));
            assertFalse(captured.reinitialisedIn(later));
            assertFalse(CommitResolver.Identity.neverAssignedIn(captured, later, FUTURE_XID, c));
        }
    }

    @Test
    void aRestartIsAnotherStartOfTheSamePostmastersCluster() throws Exception {
        ServerIdentity captured;
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl())) {
            captured = ServerIdentity.of(c);
        }
        pg.restart();
        try (Connection c = connectWhenUp()) {
            ServerIdentity now = ServerIdentity.of(c);
            assertEquals(captured.systemIdentifier(), now.systemIdentifier());
            assertTrue(captured.restartedIn(now));
            assertFalse(captured.sameRunAs(now));
            assertTrue(CommitResolver.Identity.neverAssignedIn(captured, now, FUTURE_XID, c));
        }
    }

    /** A connection to the server run after the crash (the postmaster may not have noticed it yet). */
    private Connection connectAfterTheCrash(ServerIdentity before) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            Connection c = connectWhenUp();
            try {
                if (!before.equals(ServerIdentity.of(c))) {
                    return c;
                }
            } catch (SQLException e) {
                // ended by the crash under the question
            }
            closeQuietly(c);
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no crash seen");
            }
            Thread.sleep(50);
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            // gone already
        }
    }

    private Connection connectWhenUp() throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            try {
                return DriverManager.getConnection(pg.jdbcUrl());
            } catch (SQLException e) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the server did not come back", e);
                }
                Thread.sleep(100);
            }
        }
    }
}
