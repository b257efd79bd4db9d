package io.retrying.jdbc.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.CommitOutcomeUnknownException;
import io.retrying.jdbc.Commits;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.jdbc.RetryingConnections;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * COMMIT made safe: a lost reply is resolved by the xid captured before COMMIT, a COMMIT answered
 * 40001 is replayed and committed again.
 */
@ExtendWith(PgExtension.class)
class CommitResolutionTest {

    private final PgServer pg;
    private final Resolutions resolutions = new Resolutions();

    CommitResolutionTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void tables() {
        pg.sql("DROP TABLE IF EXISTS marks", "CREATE TABLE marks (v int)",
                // no index: a serializable read scans the table and locks all of it for SSI
                "DROP TABLE IF EXISTS duty", "CREATE TABLE duty (id int, on_call boolean)",
                "INSERT INTO duty VALUES (1, true), (2, true)");
    }

    private RetryConfig config(Duration window) {
        return RetryConfig.defaults().withPolicy(Physical.FAST).withReconnectWindow(window).withListener(resolutions);
    }

    @Test
    void aCommitWhoseReplyIsLostIsResolvedCommittedAndReportedAsSuccess() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(config(Duration.ofSeconds(5))); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.executeUpdate("INSERT INTO marks VALUES (1)");
                proxy.dropReplyAfterCommit();
                c.commit();
                assertFalse(proxy.dropReplyArmed(), "the reply to COMMIT was dropped");

                // the connection carries on, on a new physical connection, still in manual commit
                assertFalse(c.getAutoCommit());
                st.executeUpdate("INSERT INTO marks VALUES (2)");
                c.commit();
            }
            assertEquals(2, physical.executions("pg_current_xact_id_if_assigned"), "xid captured before each COMMIT");
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM marks WHERE v = 1"));
        assertEquals(1, pg.queryLong("SELECT count(*) FROM marks WHERE v = 2"));
        assertEquals(1, resolutions.outcomes.size());
        assertEquals(CommitOutcome.COMMITTED, resolutions.outcomes.get(0).getValue());
    }

    @Test
    void aSessionSettingOfATransactionWhoseCommitReplyIsLostHoldsOnceItResolvesCommitted() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(config(Duration.ofSeconds(5))); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                // a session SET inside the transaction holds once it commits (a tenant's search_path, say)
                st.execute("SET statement_timeout = '123s'");
                st.executeUpdate("INSERT INTO marks VALUES (1)");
                proxy.dropReplyAfterCommit();
                c.commit();
                assertFalse(proxy.dropReplyArmed(), "the reply to COMMIT was dropped");
                try (ResultSet rs = st.executeQuery("SHOW statement_timeout")) {
                    assertTrue(rs.next());
                    assertEquals("123s", rs.getString(1));
                }
                c.commit();
            }
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM marks WHERE v = 1"));
    }

    /**
     * The server stays down past the reconnect window after the lost reply. The scenario
     * is a 15 s outage; a 1.5 s window with a 4 s outage shows the same and keeps the test short.
     */
    @Test
    void aCommitWhoseServerStaysDownPastTheWindowIsUnknownWithAnXidThatResolvesLater() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            AtomicBoolean outageOnNextDial = new AtomicBoolean();
            Dialer dialer = physical.dialer();
            Dialer withOutage = () -> {
                if (outageOnNextDial.getAndSet(false)) {
                    pg.stopFor(Duration.ofSeconds(4));
                }
                return dialer.dial();
            };
            long xid;
            try (Connection c = RetryingConnections.open(withOutage, config(Duration.ofMillis(1500)));
                    Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.executeUpdate("INSERT INTO marks VALUES (3)");
                proxy.dropReplyAfterCommit();
                outageOnNextDial.set(true);
                CommitOutcomeUnknownException e = assertThrows(CommitOutcomeUnknownException.class, c::commit);
                assertEquals("08007", e.getSQLState());
                xid = e.xid();
                assertTrue(xid > 0, "xid " + xid);
            }
            assertEquals(List.of(CommitOutcome.UNKNOWN), resolutions.outcomes.stream().map(Map.Entry::getValue).toList());

            try (Connection later = connectWhenUp()) {
                assertEquals(CommitOutcome.COMMITTED, Commits.resolve(later, xid));
            }
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM marks WHERE v = 3"));
    }

    /**
     * The resolver's first connection dies under its question, as a pooled connection killed in the
     * same sweep as the COMMIT's does: that is no answer, so it asks again on another connection.
     */
    @Test
    void aLookupConnectionThatDiesUnderTheQuestionIsReplacedAndTheCommitResolved() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            AtomicBoolean deadOnNextDial = new AtomicBoolean();
            Dialer dialer = physical.dialer();
            Dialer handingOutADeadOne = () -> {
                Connection fresh = dialer.dial();
                if (deadOnNextDial.getAndSet(false)) {
                    try (Statement st = fresh.createStatement(); ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
                        rs.next();
                        pg.sql("SELECT pg_terminate_backend(" + rs.getInt(1) + ", 5000)");
                    }
                }
                return fresh;
            };
            try (Connection c = RetryingConnections.open(handingOutADeadOne, config(Duration.ofSeconds(10)));
                    Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.executeUpdate("INSERT INTO marks VALUES (7)");
                proxy.dropReplyAfterCommit();
                deadOnNextDial.set(true);
                c.commit();
                assertFalse(proxy.dropReplyArmed(), "the reply to COMMIT was dropped");
                assertFalse(deadOnNextDial.get(), "the resolver was handed the dead connection");
            }
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM marks WHERE v = 7"));
        assertEquals(List.of(CommitOutcome.COMMITTED), resolutions.outcomes.stream().map(Map.Entry::getValue).toList());
    }

    @Test
    void aCommitLostToACleanRestartIsResolvedCommitted() throws Exception {
        // a clean shutdown writes every WAL record: the xid cannot have been handed out again
        assertEquals(CommitOutcome.COMMITTED, commitLostThen(pg::restart));
    }

    @Test
    void aCommitLostToACrashRestartIsResolvedCommittedWhenTheRecoveredServerCountsItsXid() throws Exception {
        // crash recovery replayed the commit record (the reply was lost after the commit was written):
        // the checkpoint that ends recovery counts the xid as handed out, so the answer is believed
        assertEquals(CommitOutcome.COMMITTED, commitLostThen(() -> {
            pg.crash();
            pg.start();
        }));
    }

    /** Loses the reply to a COMMIT, runs {@code fault} before the resolver's dial, commits; returns what was resolved. */
    private CommitOutcome commitLostThen(Runnable fault) throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            AtomicBoolean faultOnNextDial = new AtomicBoolean();
            Dialer dialer = physical.dialer();
            Dialer withFault = () -> {
                if (faultOnNextDial.getAndSet(false)) {
                    fault.run();
                }
                return dialer.dial();
            };
            try (Connection c = RetryingConnections.open(withFault, config(Duration.ofSeconds(20)));
                    Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.executeUpdate("INSERT INTO marks VALUES (5)");
                proxy.dropReplyAfterCommit();
                faultOnNextDial.set(true);
                c.commit();
            }
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM marks WHERE v = 5"));
        assertEquals(1, resolutions.outcomes.size());
        return resolutions.outcomes.get(0).getValue();
    }

    @Test
    void aCommitAnswered40001IsReplayedAndCommitted() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(config(Duration.ofSeconds(10))); Statement st = c.createStatement();
                Connection other = DriverManager.getConnection(pg.jdbcUrl()); Statement ost = other.createStatement()) {
            for (Connection x : List.of(c, other)) {
                x.setAutoCommit(false);
                x.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
            }
            // write skew as SSI sees it: each reads (the whole table, a sequential scan) and writes its own row
            assertTrue(onCall(st, 1));
            st.executeUpdate("UPDATE duty SET on_call = false WHERE id = 1 /* skew */");
            assertTrue(onCall(ost, 2));
            ost.executeUpdate("UPDATE duty SET on_call = false WHERE id = 2");
            other.commit();

            // the conflict is found at COMMIT: the wrapper replays (its row 1 read is unchanged) and commits
            c.commit();
        }
        assertEquals(List.of("40001"), resolutions.replays, "one COMMIT answered 40001, replayed");
        assertEquals(2, physical.executions("/* skew */"));
        assertEquals(0, pg.queryLong("SELECT count(*) FROM duty WHERE on_call"));
    }

    @Test
    void aBackendKilledJustBeforeCommitIsReplayedAndCommittedOnce() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl() + "&ApplicationName=" + TransactionReplayTest.VICTIM);
        try (Connection c = physical.open(config(Duration.ofSeconds(10))); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO marks VALUES (4) /* before-commit */");
            assertEquals(1, pg.terminateBackends(TransactionReplayTest.VICTIM));
            c.commit();
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM marks WHERE v = 4"));
        assertEquals(2, physical.executions("before-commit"));
        assertEquals(1, resolutions.replays.size());
        // the id rode with the INSERT, so no statement precedes COMMIT to find the connection dead: COMMIT
        // itself does, and its failure is resolved by the id (never sent: aborted), then replayed
        assertEquals(1, resolutions.outcomes.size());
        assertEquals(CommitOutcome.ABORTED, resolutions.outcomes.get(0).getValue());
    }

    @Test
    void aLostCommitResolvedAbortedIsReplayedAndCommittedAgainNeverReportingAFalseSuccess() throws Exception {
        pg.sql("DROP TABLE IF EXISTS once", "CREATE TABLE once (v int UNIQUE DEFERRABLE INITIALLY DEFERRED)",
                "INSERT INTO once VALUES (1)");
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(config(Duration.ofSeconds(5))); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                // the unique check waits for COMMIT, which fails; its reply is lost
                st.executeUpdate("INSERT INTO once VALUES (1) /* deferred */");
                proxy.dropReplyAfterCommit();
                SQLException e = assertThrows(SQLException.class, c::commit);
                // resolved ABORTED, replayed, committed again: the same violation, now with its answer
                assertEquals("23505", e.getSQLState());
                c.rollback();
            }
            assertEquals(2, physical.executions("/* deferred */"));
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM once"));
        assertEquals(List.of(CommitOutcome.ABORTED), resolutions.outcomes.stream().map(Map.Entry::getValue).toList());
    }

    @Test
    void aCommitTheServerRefusesEndsTheTransactionAndItsJournal() throws Exception {
        pg.sql("DROP TABLE IF EXISTS once", "CREATE TABLE once (v int UNIQUE DEFERRABLE INITIALLY DEFERRED)",
                "INSERT INTO once VALUES (1)");
        Physical physical = new Physical(pg.jdbcUrl() + "&ApplicationName=" + TransactionReplayTest.VICTIM);
        try (Connection c = physical.open(config(Duration.ofSeconds(10))); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO once VALUES (1)");
            assertEquals("23505", assertThrows(SQLException.class, c::commit).getSQLState());
            // the application carries on without rollback(): a later replay must not run the refused work again
            st.executeUpdate("INSERT INTO marks VALUES (9)");
            pg.terminateBackends(TransactionReplayTest.VICTIM);
            st.executeUpdate("INSERT INTO marks VALUES (10)");
            c.commit();
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM once"));
        assertEquals(2, pg.queryLong("SELECT count(*) FROM marks WHERE v IN (9, 10)"));
    }

    @Test
    void aReadOnlyTransactionLostAtCommitSucceedsUnlessItReadThroughAViewThatMayHaveWrittenOrNotified() throws Exception {
        pg.sql("DROP VIEW IF EXISTS stamped", "DROP VIEW IF EXISTS pinged", "DROP TABLE IF EXISTS stamps",
                "CREATE TABLE stamps (n int)",
                "CREATE OR REPLACE FUNCTION stamp() RETURNS int LANGUAGE sql VOLATILE AS 'INSERT INTO stamps VALUES (1) RETURNING 1'",
                "CREATE VIEW stamped AS SELECT stamp() AS n",
                // a volatile function that writes nothing, so gets no id, but may notify: only the server knows
                "CREATE OR REPLACE FUNCTION ping() RETURNS int LANGUAGE sql VOLATILE AS $$SELECT 1 FROM pg_notify('pings', 'x')$$",
                "CREATE VIEW pinged AS SELECT ping() AS n");
        Physical physical = new Physical(pg.jdbcUrl() + "&ApplicationName=" + TransactionReplayTest.VICTIM);
        try (Connection c = physical.open(config(Duration.ofSeconds(10))); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            assertTrue(onCall(st, 1));
            assertEquals(1, pg.terminateBackends(TransactionReplayTest.VICTIM));
            // it only read: whether its COMMIT landed makes no difference
            c.commit();

            // reads as text, writes through the view's volatile function: a plain read ahead of any write goes
            // without the capture (issue 16), so the id the server gave it is not known; the proof finds the
            // volatile function, and the lost COMMIT is neither reported committed nor replayed
            try (ResultSet rs = st.executeQuery("SELECT n FROM stamped")) {
                assertTrue(rs.next());
            }
            assertEquals(1, pg.terminateBackends(TransactionReplayTest.VICTIM));
            CommitOutcomeUnknownException written = assertThrows(CommitOutcomeUnknownException.class, c::commit);
            assertEquals("08007", written.getSQLState());
            c.rollback();
            assertEquals(0, pg.queryLong("SELECT count(*) FROM stamps"), "the backend died before COMMIT: rolled back");

            // no id, but a volatile function reached through the view: it may have notified
            try (ResultSet rs = st.executeQuery("SELECT n FROM pinged")) {
                assertTrue(rs.next());
            }
            assertEquals(1, pg.terminateBackends(TransactionReplayTest.VICTIM));
            CommitOutcomeUnknownException e = assertThrows(CommitOutcomeUnknownException.class, c::commit);
            assertEquals("08007", e.getSQLState());
            assertEquals(Commits.NO_XID, e.xid());
            c.rollback();
        }
        assertEquals(0, pg.queryLong("SELECT count(*) FROM stamps"), "never run again");
        // the id rode with the statements: no round trip of its own before any COMMIT
        assertEquals(0, physical.executions(XidCaptureTest.ROUND_TRIP));
    }

    @Test
    void aLostCommitWithoutAnIdIsProvenByTheServerNotByOurReadingOfTheText() throws Exception {
        // given: a volatile function that writes nothing (so the transaction gets no id) but
        // notifies, called in ways our scanner does not see as a call: attribute notation, and in a
        // session the server holds read-only (a read-only transaction still sends notifications)
        pg.sql("DROP VIEW IF EXISTS pinged_ro", "DROP TABLE IF EXISTS pingers CASCADE", "CREATE TABLE pingers (id int)",
                "INSERT INTO pingers VALUES (1)",
                "CREATE OR REPLACE FUNCTION pinged(pingers) RETURNS int LANGUAGE sql VOLATILE AS $$SELECT 1 FROM pg_notify('pings', 'x')$$",
                "CREATE OR REPLACE FUNCTION ping_ro() RETURNS int LANGUAGE sql VOLATILE AS $$SELECT 1 FROM pg_notify('pings', 'y')$$",
                "CREATE VIEW pinged_ro AS SELECT ping_ro() AS n");
        try (Connection c = physicalOpen(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            // when: its connection dies before COMMIT
            try (ResultSet rs = st.executeQuery("SELECT p.pinged FROM pingers p")) {
                assertTrue(rs.next());
            }
            assertEquals(1, pg.terminateBackends(TransactionReplayTest.VICTIM));
            // then: the notification may be lost, so success would be a guess
            CommitOutcomeUnknownException attribute = assertThrows(CommitOutcomeUnknownException.class, c::commit);
            assertEquals(Commits.NO_XID, attribute.xid());
            c.rollback();

            c.setReadOnly(true);
            try (ResultSet rs = st.executeQuery("SELECT n FROM pinged_ro")) {
                assertTrue(rs.next());
            }
            assertEquals(1, pg.terminateBackends(TransactionReplayTest.VICTIM));
            CommitOutcomeUnknownException readOnly = assertThrows(CommitOutcomeUnknownException.class, c::commit);
            assertEquals("08007", readOnly.getSQLState());
            c.rollback();

            // and a transaction that only read a table is still proven harmless: COMMIT returns normally
            try (ResultSet rs = st.executeQuery("SELECT id FROM pingers")) {
                assertTrue(rs.next());
            }
            assertEquals(1, pg.terminateBackends(TransactionReplayTest.VICTIM));
            c.commit();
        }
    }

    @Test
    void aProofOfALostCommitWithoutAnIdIsAskedAgainWhenItsNewConnectionBreaks() throws Exception {
        List<RetryEvent> retries = new CopyOnWriteArrayList<>();
        RetryListener listener = new RetryListener() {
            @Override
            public void onRetry(RetryEvent event) {
                retries.add(event);
            }

            @Override
            public void onCommitResolved(long xid, CommitOutcome outcome) {
                resolutions.onCommitResolved(xid, outcome);
            }
        };
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            RetryConfig config = RetryConfig.defaults().withPolicy(Physical.FAST)
                    .withReconnectWindow(Duration.ofSeconds(10)).withListener(listener);
            try (Connection c = physical.open(config); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                // given: a transaction that only read (the server gives it no id)
                try (ResultSet rs = st.executeQuery("SELECT on_call FROM duty WHERE id = 1")) {
                    assertTrue(rs.next());
                }
                // when: the reply to its COMMIT is lost, and so is the first new connection the
                // server's proof runs on, as the proof starts
                proxy.dropReplyAfterCommit();
                proxy.cutBeforeExecuting("EXPLAIN (VERBOSE");
                c.commit();
                assertFalse(proxy.dropReplyArmed(), "the reply to COMMIT was dropped");
                assertFalse(proxy.cutBeforeExecutingArmed(), "the proof's first connection was cut");

                // then: the proof was asked again on another connection, which proved the reads
                // harmless: COMMIT returns normally, and the connection carries on
                assertEquals(List.of(Map.entry(Commits.NO_XID, CommitOutcome.COMMITTED)), resolutions.outcomes);
                assertEquals(1, retries.size(), () -> "one re-dial, reported as a retry: " + retries);
                assertEquals(io.retrying.jdbc.Retryability.RECONNECT, retries.get(0).recovery());
                assertEquals(3, proxy.acceptedConnections(), "the first, the broken proof's, the proof's again");
                st.executeUpdate("INSERT INTO marks VALUES (1)");
                c.commit();
            }
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM marks WHERE v = 1"));
    }

    private Connection physicalOpen() throws SQLException {
        return new Physical(pg.jdbcUrl() + "&ApplicationName=" + TransactionReplayTest.VICTIM).open(config(Duration.ofSeconds(10)));
    }

    private static boolean onCall(Statement st, int id) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT on_call FROM duty WHERE id = " + id)) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private Connection connectWhenUp() throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            try {
                return pg.connect();
            } catch (SQLException notYet) {
                if (System.nanoTime() > end) {
                    throw notYet;
                }
                Thread.sleep(200);
            }
        }
    }

    static final class Resolutions implements RetryListener {
        final List<Map.Entry<Long, CommitOutcome>> outcomes = new CopyOnWriteArrayList<>();
        final List<String> replays = new CopyOnWriteArrayList<>();

        @Override
        public void onRetry(RetryEvent event) {
            if (event.reason().startsWith("transaction replay")) {
                replays.add(event.sqlState());
            }
        }

        @Override
        public void onCommitResolved(long xid, CommitOutcome outcome) {
            outcomes.add(Map.entry(xid, outcome));
        }
    }
}
