package io.retrying.jdbc.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.CommitOutcomeUnknownException;
import io.retrying.jdbc.Commits;
import io.retrying.jdbc.PublicError;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * "Did this transaction write?" answered by the server's transaction id, captured riding with the
 * application's statements (issue 16) and assigned for work the journal cannot see (issue 12 C,
 * cases 10-13). Faults are real: the fault proxy cuts the connection instead of forwarding a
 * COMMIT (the server rolls the transaction back), or drops the reply to a chosen request.
 */
@ExtendWith(PgExtension.class)
class XidCaptureTest {

    /** The text of the capture's own round trip before COMMIT (a riding capture reads "... as retrying_jdbc_xid"). */
    static final String ROUND_TRIP = "_if_assigned()::pg_catalog.text::bigint, case";
    private static final String RIDE = "as retrying_jdbc_xid";

    private final PgServer pg;
    private final CommitResolutionTest.Resolutions resolutions = new CommitResolutionTest.Resolutions();

    XidCaptureTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void tables() {
        pg.sql("DROP TABLE IF EXISTS marks CASCADE", "CREATE TABLE marks (v int)",
                "DROP TABLE IF EXISTS people CASCADE", "CREATE TABLE people (name text)", "INSERT INTO people VALUES ('ann')",
                // attribute notation: p.greeted means greeted(p), a write no reading of the text shows
                "CREATE OR REPLACE FUNCTION greeted(p people) RETURNS text LANGUAGE sql VOLATILE"
                        + " AS $$INSERT INTO marks VALUES (10) RETURNING 'hi'$$",
                "CREATE OR REPLACE FUNCTION careful() RETURNS int LANGUAGE plpgsql"
                        + " AS $$BEGIN RAISE NOTICE 'careful'; RETURN 1; END$$");
    }

    private RetryConfig config() {
        return RetryConfig.defaults().withPolicy(Physical.FAST).withReconnectWindow(Duration.ofSeconds(5))
                .withListener(resolutions);
    }

    private long count(int v) {
        return pg.queryLong("SELECT count(*) FROM marks WHERE v = " + v);
    }

    // ---- issue 12 C

    @Test
    void case10_aWriteNoReadingOfTheTextShowsIsResolvedByTheIdThatRodeWithTheNextStatement() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(config()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                // a plain read by its text: it goes without the capture
                try (ResultSet rs = st.executeQuery("SELECT p.greeted FROM people p")) {
                    assertTrue(rs.next());
                }
                // writes nothing itself; its capture answers for the whole transaction, the hidden write's id included
                assertEquals(0, st.executeUpdate("UPDATE marks SET v = v WHERE false"));
                // COMMIT never reaches the server: it rolls the transaction back
                proxy.cutBeforeExecuting("COMMIT");
                c.commit();
                assertFalse(proxy.cutBeforeExecutingArmed(), "the COMMIT was cut");
            }
            assertEquals(1, physical.executions(RIDE), "the id rode with the UPDATE, not with the read");
            assertEquals(1, physical.executions(ROUND_TRIP), "the replay's statements carry none: its COMMIT asks");
        }
        // resolved aborted by the id, replayed and committed: once, never a false success
        assertEquals(1, count(10));
        assertEquals(List.of(CommitOutcome.ABORTED), outcomes());
    }

    // ---- issue 16: a plain read ahead of any write goes without the capture (TransactionId's invariant)

    @Test
    void aPlainReadAheadOfAnyWriteGoesWithoutTheCaptureAndReadsAfterAWriteWithNoIdCarryIt() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(config())) {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("SELECT name FROM people WHERE name <> ?")) {
                ps.setString(1, "bob");
                ps.executeQuery().close();
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE marks SET v = ? WHERE false")) {
                ps.setInt(1, 1);
                assertEquals(0, ps.executeUpdate()); // carries it; no row, no id
            }
            try (Statement st = c.createStatement()) {
                st.executeQuery("SELECT name FROM people").close(); // after a write: carries it, "no id" stays the server's word
            }
            c.commit();
        }
        assertEquals(2, physical.executions(RIDE), "the UPDATE and the read after it");
        assertEquals(0, physical.executions("WHERE name <> ?" + "\n;select"), "the read ahead of any write went without it");
        assertEquals(0, physical.executions(ROUND_TRIP), "no capture of its own before COMMIT");
    }

    /** A read by its text that writes: a volatile function reached by attribute notation, or through a view. */
    private static final List<String> HIDDEN_WRITES = List.of("SELECT p.greeted FROM people p", "SELECT m FROM marking");

    @Test
    void aHiddenWriteInAReadThatWentWithoutTheCaptureIsNeverReportedCommittedNorReplayedWhenItsCommitReplyIsLost()
            throws Exception {
        pg.sql("DROP VIEW IF EXISTS marking", "CREATE OR REPLACE FUNCTION mark_it() RETURNS int LANGUAGE sql VOLATILE"
                + " AS $$INSERT INTO marks VALUES (10) RETURNING 10$$", "CREATE VIEW marking AS SELECT mark_it() AS m");
        long expected = 0;
        for (String read : HIDDEN_WRITES) {
            try (FaultProxy proxy = FaultProxy.start(pg)) {
                Physical physical = new Physical(proxy.jdbcUrl());
                try (Connection c = physical.open(config()); Statement st = c.createStatement()) {
                    c.setAutoCommit(false);
                    st.executeQuery(read).close();
                    // the COMMIT lands; its reply is lost. The transaction holds an id the layer never saw
                    proxy.dropReplyAfterCommit();
                    CommitOutcomeUnknownException e = assertThrows(CommitOutcomeUnknownException.class, c::commit, read);
                    assertEquals("08007", e.getSQLState(), read);
                    assertEquals(Commits.NO_XID, e.xid(), read);
                    c.rollback();
                    expected++;
                    assertEquals(expected, count(10), read + ": committed once, never run again");

                    // the COMMIT never reaches the server: rolled back there, and still not reported either way
                    st.executeQuery(read).close();
                    proxy.cutBeforeExecuting("COMMIT");
                    e = assertThrows(CommitOutcomeUnknownException.class, c::commit, read);
                    assertEquals("08007", e.getSQLState(), read);
                    assertFalse(proxy.cutBeforeExecutingArmed(), "the COMMIT was cut");
                    c.rollback();
                    assertEquals(expected, count(10), read + ": not committed, and not replayed");
                }
                assertEquals(0, physical.executions(RIDE), read + ": the read went without the capture");
                assertEquals(2, physical.executions(read), read + ": never run again");
            }
        }
        // no id to look up: each is the proof's verdict, never COMMITTED nor ABORTED
        assertEquals(List.of(CommitOutcome.UNKNOWN, CommitOutcome.UNKNOWN, CommitOutcome.UNKNOWN, CommitOutcome.UNKNOWN),
                outcomes());
    }

    @Test
    void aSelectOfAWritingFunctionCarriesTheCaptureAndItsLostCommitIsResolvedByTheServer() throws Exception {
        pg.sql("CREATE OR REPLACE FUNCTION mark_it() RETURNS int LANGUAGE sql VOLATILE"
                + " AS $$INSERT INTO marks VALUES (10) RETURNING 10$$");
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(config()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.executeQuery("SELECT mark_it()").close(); // a call: not a plain read, it carries the capture
                proxy.dropReplyAfterCommit();
                c.commit();
                assertFalse(proxy.dropReplyArmed(), "the reply to COMMIT was dropped");
                st.executeQuery("SELECT mark_it()").close();
                proxy.cutBeforeExecuting("COMMIT");
                c.commit();
                assertFalse(proxy.cutBeforeExecutingArmed(), "the COMMIT was cut");
            }
            assertEquals(2, physical.executions(RIDE));
            assertEquals(3, physical.executions("SELECT mark_it()"), "the aborted one ran again, once");
        }
        assertEquals(2, count(10));
        assertEquals(List.of(CommitOutcome.COMMITTED, CommitOutcome.ABORTED), outcomes());
    }

    @Test
    void case11_aCopyWhoseCommitNeverArrivedIsNotReportedCommitted() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(config())) {
                c.setAutoCommit(false);
                long copied = c.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY marks FROM STDIN",
                        new StringReader("11\n11\n11\n"));
                assertEquals(3, copied);
                proxy.cutBeforeExecuting("COMMIT");
                SQLException e = assertThrows(SQLException.class, c::commit);
                assertEquals("40000", e.getSQLState(), "resolved: not committed, and a COPY cannot be replayed");
                c.rollback();
            }
        }
        assertEquals(0, count(11));
        assertEquals(List.of(CommitOutcome.ABORTED), outcomes());
    }

    @Test
    void case11_aCopyWhoseCommitReplyIsLostIsResolvedCommitted() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(config())) {
                c.setAutoCommit(false);
                c.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY marks FROM STDIN", new StringReader("12\n12\n"));
                proxy.dropReplyAfterCommit();
                c.commit();
                assertFalse(proxy.dropReplyArmed(), "the reply to COMMIT was dropped");
            }
        }
        assertEquals(2, count(12));
        assertEquals(List.of(CommitOutcome.COMMITTED), outcomes());
    }

    @Test
    void case12_aNotificationWhoseCommitNeverArrivedIsDeliveredOnceByTheReplay() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg); Connection listener = DriverManager.getConnection(pg.jdbcUrl());
                Statement ls = listener.createStatement()) {
            ls.execute("LISTEN xid_pings");
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(config()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                // the server gives a transaction that only notifies its id at COMMIT: the capture assigns it
                st.execute("NOTIFY xid_pings, 'statement'");
                proxy.cutBeforeExecuting("COMMIT");
                c.commit();
                assertFalse(proxy.cutBeforeExecutingArmed(), "the COMMIT was cut");

                st.executeQuery("SELECT pg_notify('xid_pings', 'function')").close();
                proxy.cutBeforeExecuting("COMMIT");
                c.commit();
            }
            assertEquals(List.of("statement", "function"), notifications(listener, 2));
            // the replays ran them without the capture: COMMIT then assigned the id (a round trip, on the failure path)
            assertEquals(0, physical.executions(ROUND_TRIP));
            assertEquals(2, physical.executions("pg_current_xact_id() end)::pg_catalog.text::bigint, case"));
        }
        assertEquals(List.of(CommitOutcome.ABORTED, CommitOutcome.ABORTED), outcomes());
    }

    @Test
    void case13_aSqlCommitWhoseReplyIsLostIsUnknownWithItsId() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(config()); Statement st = c.createStatement()) {
                // begun with SQL in autocommit
                st.execute("BEGIN");
                st.executeUpdate("INSERT INTO marks VALUES (13)");
                proxy.dropReplyAfterCommit();
                CommitOutcomeUnknownException e = assertThrows(CommitOutcomeUnknownException.class, () -> st.execute("COMMIT"));
                assertEquals("08007", e.getSQLState());
                assertNotEquals(Commits.NO_XID, e.xid(), "the id rode with the INSERT");
                assertEquals(PublicError.COMMIT_UNKNOWN, PublicError.of(e));
                assertFalse(PublicError.of(e).retryable());
                assertEquals(CommitOutcome.COMMITTED, Commits.resolve(pg.connect(), e.xid()));
                // the transaction is over either way: the connection goes on in autocommit
                try (ResultSet rs = st.executeQuery("SELECT count(*) FROM marks WHERE v = 13")) {
                    assertTrue(rs.next());
                    assertEquals(1, rs.getLong(1));
                }

                // in manual commit, a COMMIT sent as SQL
                c.setAutoCommit(false);
                st.executeUpdate("INSERT INTO marks VALUES (14)");
                proxy.dropReplyAfterCommit();
                e = assertThrows(CommitOutcomeUnknownException.class, () -> st.execute("COMMIT"));
                assertNotEquals(Commits.NO_XID, e.xid());
                c.rollback();
            }
            assertEquals(1, physical.executions("INSERT INTO marks VALUES (13)"), "never run again");
        }
        assertEquals(1, count(13));
        assertEquals(1, count(14));
    }

    // ---- issue 16: what the application sees of a statement that carried the capture

    /** One scenario, run in a transaction on bare pgjdbc and through the layer: what the application observes. */
    @FunctionalInterface
    interface Scenario {
        void run(Connection c, List<Object> seen) throws SQLException;
    }

    private void sameAsBarePgjdbc(Scenario scenario) throws Exception {
        sameAsBarePgjdbc(scenario, true);
    }

    private void sameAsBarePgjdbc(Scenario scenario, boolean rides) throws Exception {
        List<Object> bare = new ArrayList<>();
        tables();
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl())) {
            c.setAutoCommit(false);
            scenario.run(c, bare);
            c.commit();
        }
        List<Object> ours = new ArrayList<>();
        tables();
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(config())) {
            c.setAutoCommit(false);
            scenario.run(c, ours);
            c.commit();
        }
        assertEquals(rides, physical.executions(RIDE) > 0, "the capture rode");
        assertEquals(bare, ours);
    }

    private static void results(Statement st, List<Object> seen) throws SQLException {
        seen.add("count " + st.getUpdateCount());
        ResultSet rs = st.getResultSet();
        seen.add(rs == null ? "no result set" : rows(rs));
        for (int i = 0; i < 2; i++) {
            seen.add("more " + st.getMoreResults());
            seen.add("count " + st.getUpdateCount() + "/" + st.getLargeUpdateCount());
            seen.add(st.getResultSet() == null ? "no result set" : "a result set");
        }
    }

    private static String rows(ResultSet rs) throws SQLException {
        StringBuilder b = new StringBuilder("rows");
        while (rs.next()) {
            b.append(' ').append(rs.getString(1));
        }
        return b.toString();
    }

    private static void failure(List<Object> seen, Statement st, String sql, boolean query) {
        try {
            if (query) {
                st.executeQuery(sql);
            } else {
                st.executeUpdate(sql);
            }
            seen.add("no exception");
        } catch (SQLException e) {
            seen.add(e.getSQLState() + " " + e.getMessage());
        }
    }

    @Test
    void updateCountsAndTheResultsSequenceAreThoseOfTheStatementAlone() throws Exception {
        sameAsBarePgjdbc((c, seen) -> {
            try (Statement st = c.createStatement()) {
                seen.add(st.executeUpdate("INSERT INTO marks VALUES (1), (2), (3)"));
                results(st, seen);
                seen.add(st.executeLargeUpdate("UPDATE marks SET v = v + 10 WHERE v < 3"));
                results(st, seen);
            }
        });
        sameAsBarePgjdbc((c, seen) -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO marks VALUES (?), (?)")) {
                ps.setInt(1, 1);
                ps.setInt(2, 2);
                seen.add(ps.executeUpdate());
                results(ps, seen);
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE marks SET v = v + ? WHERE v >= ?")) {
                ps.setInt(1, 5);
                ps.setInt(2, 0);
                seen.add(ps.executeLargeUpdate());
                results(ps, seen);
            }
        });
    }

    @Test
    void queriesExecuteAndReturningAreThoseOfTheStatementAlone() throws Exception {
        sameAsBarePgjdbc((c, seen) -> {
            try (Statement st = c.createStatement()) {
                seen.add(st.execute("SELECT name FROM people"));
                results(st, seen);
                seen.add(st.execute("INSERT INTO marks VALUES (4)"));
                results(st, seen);
                seen.add(rows(st.executeQuery("UPDATE marks SET v = 5 RETURNING v")));
                results(st, seen);
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE marks SET v = v + ? RETURNING v")) {
                ps.setInt(1, 1);
                seen.add(rows(ps.executeQuery()));
                results(ps, seen);
                ps.setInt(1, 2);
                seen.add(ps.execute());
                results(ps, seen);
            }
        });
    }

    @Test
    void warningsAndPgjdbcsOwnRefusalsAreThoseOfTheStatementAlone() throws Exception {
        sameAsBarePgjdbc((c, seen) -> {
            try (Statement st = c.createStatement()) {
                st.executeQuery("SELECT careful()").close();
                SQLWarning w = st.getWarnings();
                seen.add(w == null ? "no warning" : w.getSQLState() + " " + w.getMessage());
                failure(seen, st, "SELECT 1", false);
                failure(seen, st, "INSERT INTO marks VALUES (6)", true);
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT careful() + ?")) {
                ps.setInt(1, 1);
                ps.executeQuery().close();
                SQLWarning w = ps.getWarnings();
                seen.add(w == null ? "no warning" : w.getSQLState() + " " + w.getMessage());
            }
        });
    }

    @Test
    void sqlEndingInACommentASemicolonOrADollarQuoteCarriesTheCapture() throws Exception {
        sameAsBarePgjdbc((c, seen) -> {
            try (Statement st = c.createStatement()) {
                // a write with no id first: the reads after it carry the capture
                seen.add(st.executeUpdate("UPDATE marks SET v = v WHERE false"));
                seen.add(rows(st.executeQuery("SELECT $$a;b$$ AS t -- trailing comment")));
                seen.add(rows(st.executeQuery("SELECT 'x;y' AS t;")));
                seen.add(st.executeUpdate("INSERT INTO marks VALUES (7) -- ; a comment"));
                results(st, seen);
            }
        });
    }

    @Test
    void generatedKeysAndBatchesDoNotCarryItAndCommitCapturesTheIdBeforeItIsSent() throws Exception {
        sameAsBarePgjdbc((c, seen) -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO marks VALUES (?)", Statement.RETURN_GENERATED_KEYS)) {
                ps.setInt(1, 8);
                seen.add(ps.executeUpdate());
                seen.add(rows(ps.getGeneratedKeys()));
            }
        }, false);
        Physical physical = new Physical(pg.jdbcUrl());
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(config()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.addBatch("INSERT INTO marks VALUES (9)");
                st.addBatch("INSERT INTO marks VALUES (9)");
                st.executeBatch();
                proxy.dropReplyAfterCommit();
                c.commit();
            }
        }
        assertEquals(0, physical.executions(RIDE));
        assertEquals(1, physical.executions(ROUND_TRIP), "a batch cannot carry it: one round trip before COMMIT");
        assertEquals(2, count(9));
        assertEquals(List.of(CommitOutcome.COMMITTED), outcomes());
    }

    @Test
    void aTransactionThatWritesNothingGetsNoIdAndCarriesTheCaptureUntilTheEnd() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection other = DriverManager.getConnection(pg.jdbcUrl());
                Connection c = physical.open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            long before = nextXid(other);
            for (int i = 0; i < 3; i++) {
                st.executeQuery("SELECT count(*) FROM marks").close();
            }
            st.executeUpdate("UPDATE marks SET v = 0 WHERE false"); // no row: no id either
            c.commit();
            assertEquals(before, nextXid(other), "no transaction id was consumed");
        }
        assertEquals(4, physical.executions(RIDE), "each statement carried it: none got an id");
        assertEquals(0, physical.executions(ROUND_TRIP));
    }

    /** The next transaction id the server will assign (read without taking one). */
    private static long nextXid(Connection other) throws SQLException {
        try (Statement s = other.createStatement();
                ResultSet rs = s.executeQuery("SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void aLostReplyToTheStatementCarryingTheCaptureIsReplayedAndTheIdLearnedAgain() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(config()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.executeQuery("SELECT count(*) FROM marks").close();
                // the INSERT and its capture run; their reply is lost with the connection: COMMIT was never sent
                proxy.dropReplyAfterStatementContaining("INSERT INTO marks VALUES (15)");
                assertEquals(1, st.executeUpdate("INSERT INTO marks VALUES (15)"));
                assertFalse(proxy.dropReplyAfterStatementArmed(), "the reply was dropped");
                proxy.dropReplyAfterCommit();
                c.commit();
            }
            assertEquals(2, physical.executions("INSERT INTO marks VALUES (15)"), "run again once, on the replay");
            assertEquals(0, physical.executions(ROUND_TRIP), "the re-run carried the capture again");
        }
        assertEquals(1, count(15));
        assertEquals(List.of(CommitOutcome.COMMITTED), outcomes());
    }

    @Test
    void theCapturingTextIsOneCachedStatementPerStatementNotPerExecution() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(config())) {
            long after20 = 0;
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < 20; i++) {
                    c.setAutoCommit(false);
                    try (PreparedStatement ps = c.prepareStatement("UPDATE marks SET v = v WHERE v = ?")) {
                        ps.setInt(1, i);
                        ps.executeUpdate();
                    }
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO marks VALUES (?)")) {
                        ps.setInt(1, i);
                        ps.executeUpdate();
                    }
                    c.commit();
                }
                c.setAutoCommit(true);
                try (Statement st = c.createStatement();
                        ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_prepared_statements")) {
                    rs.next();
                    if (round < 2) {
                        after20 = rs.getLong(1);
                        assertTrue(after20 <= 8, "server-side statements: " + after20);
                    } else {
                        assertEquals(after20, rs.getLong(1), "no growth with more executions");
                    }
                }
            }
        }
    }

    @Test
    void aPreparedStatementsCapturingTwinIsPreparedOncePerTextOnAConnectionAndNeverSharedWhileHeld() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(config())) {
            for (int i = 0; i < 20; i++) {
                c.setAutoCommit(false);
                // prepared anew in each transaction, as users of a pool do
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO marks VALUES (?)")) {
                    ps.setInt(1, 30);
                    assertEquals(1, ps.executeUpdate());
                    results(ps, new ArrayList<>()); // the statement alone's results, read from the lent twin
                }
                c.commit();
            }
            // one twin per capture for 20 statements: the connection's first capture also asks where ids are assigned
            assertEquals(2, physical.prepares("INSERT INTO marks VALUES (?)" + RIDE_TEXT_START));

            // two statements of one text open at once: each its own twin, neither's results disturbed by the other's
            c.setAutoCommit(false);
            try (PreparedStatement a = c.prepareStatement("UPDATE marks SET v = v WHERE v = ? RETURNING v");
                    PreparedStatement b = c.prepareStatement("UPDATE marks SET v = v WHERE v = ? RETURNING v")) {
                a.setInt(1, -1);
                b.setInt(1, -2);
                ResultSet ra = a.executeQuery(); // no row: no id, and b carries the capture too
                ResultSet rb = b.executeQuery();
                assertFalse(ra.next());
                assertFalse(rb.next());
                assertFalse(ra.isClosed());
                assertEquals(2, physical.prepares("RETURNING v" + RIDE_TEXT_START));
                a.close();
                assertTrue(ra.isClosed(), "a result set of the twin's is closed with its statement");
                try (PreparedStatement x = c.prepareStatement("UPDATE marks SET v = v WHERE v = ? RETURNING v")) {
                    x.setInt(1, -3);
                    x.setMaxRows(1);
                    assertFalse(x.executeQuery().next());
                }
                assertEquals(3, physical.prepares("RETURNING v" + RIDE_TEXT_START), "a twin that handed out rows is not lent");
            }
            c.commit();

            // a statement with settings leaves its twin changed: the next of that text does not get it
            for (int i = 0; i < 2; i++) {
                try (PreparedStatement ps = c.prepareStatement("UPDATE marks SET v = v + 0 WHERE v = ?")) {
                    if (i == 0) {
                        ps.setQueryTimeout(30);
                    }
                    ps.setInt(1, -4);
                    assertEquals(0, ps.executeUpdate());
                }
            }
            c.commit();
            assertEquals(2, physical.prepares("v + 0 WHERE v = ?" + RIDE_TEXT_START));
        }
        assertEquals(20, count(30));
    }

    /** How the capture starts where it is appended to the application's SQL. */
    private static final String RIDE_TEXT_START = "\n;select pg_catalog.pg_current_xact_id";

    private List<CommitOutcome> outcomes() {
        return resolutions.outcomes.stream().map(e -> e.getValue()).toList();
    }

    private static List<String> notifications(Connection listener, int expected) throws SQLException {
        List<String> got = new ArrayList<>();
        long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        PGConnection pgc = listener.unwrap(PGConnection.class);
        while (got.size() < expected && System.nanoTime() < end) {
            PGNotification[] n = pgc.getNotifications(200);
            if (n != null) {
                for (PGNotification one : n) {
                    got.add(one.getParameter());
                }
            }
        }
        // and nothing more arrives
        PGNotification[] extra = pgc.getNotifications(300);
        if (extra != null) {
            for (PGNotification one : extra) {
                got.add(one.getParameter());
            }
        }
        return got;
    }
}
