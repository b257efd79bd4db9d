package io.retrying.jdbc.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.jdbc.RetryingConnections;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 36, scenarios 1 and 7: the server identity a lost COMMIT is judged by is values compared
 * field by field, never text whose rendering depends on the session. A time zone the application
 * set (for the session, or {@code SET LOCAL} in the transaction) once made the lookup connection's
 * identity look like another server run: a committed transaction was judged never assigned and
 * replayed, its row in the table twice. And an operator's {@code pg_stat_reset_shared} between the
 * capture and the lookup made the same run look like another: 08007 for a transaction that committed.
 * The library's defaults throughout (the reconnect window, the policy); the reply to COMMIT is
 * dropped by the proxy after the server committed.
 */
@ExtendWith(PgExtension.class)
class CommitIdentityTest {

    private final PgServer pg;
    private final CommitResolutionTest.Resolutions resolutions = new CommitResolutionTest.Resolutions();

    CommitIdentityTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void table() {
        pg.sql("DROP TABLE IF EXISTS id_marks", "CREATE TABLE id_marks (v int)");
    }

    private RetryConfig defaults() {
        return RetryConfig.defaults().withListener(resolutions);
    }

    @Test
    void aLostCommitOfATransactionThatSetTheTimeZoneBeforeItsFirstWriteIsResolvedCommittedNotReplayed() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(defaults()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                // the identity rides with the INSERT, read in this zone; the lookup's connection has
                // the server's (the SET holds only once the transaction is known to have committed)
                st.execute("SET TIME ZONE 'America/New_York'");
                st.executeUpdate("INSERT INTO id_marks VALUES (1) /* id-tz */");
                proxy.dropReplyAfterCommit();
                c.commit();
                assertFalse(proxy.dropReplyArmed(), "the reply to COMMIT was dropped");
                assertEquals("America/New_York", show(st, "TimeZone"), "the committed SET holds on the new connection");
            }
            assertEquals(1, physical.executions("/* id-tz */"), "never run again");
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM id_marks WHERE v = 1"));
        assertEquals(List.of(CommitOutcome.COMMITTED), outcomes());
    }

    @Test
    void aLostCommitAfterSetLocalTimeZoneBeforeTheFirstWriteIsResolvedCommittedNotReplayed() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(defaults()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.execute("SET LOCAL TIME ZONE 'America/New_York'");
                st.executeUpdate("INSERT INTO id_marks VALUES (2) /* id-local-tz */");
                proxy.dropReplyAfterCommit();
                c.commit();
                assertFalse(proxy.dropReplyArmed(), "the reply to COMMIT was dropped");
            }
            assertEquals(1, physical.executions("/* id-local-tz */"), "never run again");
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM id_marks WHERE v = 2"));
        assertEquals(List.of(CommitOutcome.COMMITTED), outcomes());
    }

    @Test
    void anIdentityReadBeforeTheSessionChangedItsZoneStillNamesTheSameRun() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(defaults()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                // the identity is read once per physical connection: here, in the server's zone
                st.executeUpdate("INSERT INTO id_marks VALUES (3)");
                c.commit();
                // then the session moves to another zone, which the lookup's connection is given too
                c.setAutoCommit(true);
                st.execute("SET TIME ZONE 'Asia/Kathmandu'");
                c.setAutoCommit(false);
                st.executeUpdate("INSERT INTO id_marks VALUES (4) /* id-later-tz */");
                proxy.dropReplyAfterCommit();
                c.commit();
                assertFalse(proxy.dropReplyArmed(), "the reply to COMMIT was dropped");
                assertEquals("Asia/Kathmandu", show(st, "TimeZone"));
            }
            assertEquals(1, physical.executions("/* id-later-tz */"), "never run again");
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM id_marks WHERE v = 4"));
        assertEquals(List.of(CommitOutcome.COMMITTED), outcomes());
    }

    @Test
    void aLostCommitOfAnAutocommitWriteInAnotherZoneIsResolvedCommittedWithItsCount() throws Exception {
        Properties p = new Properties();
        p.setProperty("retry.resolveAutocommitWrites", "true");
        RetryConfig config = RetryConfig.fromProperties(p, defaults());
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(config); Statement st = c.createStatement()) {
                // the first write reads the identity in the server's zone; the lookup's connection has the session's
                assertEquals(1, st.executeUpdate("INSERT INTO id_marks VALUES (9)"));
                st.execute("SET TIME ZONE 'America/New_York'");
                proxy.dropReplyAfterCommit();
                int count = st.executeUpdate("INSERT INTO id_marks SELECT g FROM generate_series(10, 12) g /* id-ac-tz */");
                assertFalse(proxy.dropReplyArmed(), "the reply to COMMIT was dropped");
                assertEquals(3, count, "the count of the write that committed");
                assertTrue(c.getAutoCommit());
                assertEquals("America/New_York", show(st, "TimeZone"));
            }
            assertEquals(1, physical.executions("/* id-ac-tz */"), "never run again");
        }
        assertEquals(3, pg.queryLong("SELECT count(*) FROM id_marks WHERE v BETWEEN 10 AND 12"));
        assertEquals(List.of(CommitOutcome.COMMITTED), outcomes());
    }

    /**
     * An operator resets shared statistics (monitoring scripts run it) after the transaction's
     * identity was captured and before its lost COMMIT is looked up: the same server run still.
     */
    @ParameterizedTest
    @ValueSource(strings = {"bgwriter", "wal", "archiver", "bgwriter wal"})
    void aHandResetOfSharedStatisticsBeforeTheLookupIsStillTheSameServerRun(String kinds) throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            AtomicBoolean resetOnNextDial = new AtomicBoolean();
            Dialer dialer = physical.dialer();
            Dialer resettingFirst = () -> {
                if (resetOnNextDial.getAndSet(false)) {
                    for (String kind : kinds.split(" ")) {
                        pg.sql("SELECT pg_stat_reset_shared('" + kind + "')");
                    }
                }
                return dialer.dial();
            };
            try (Connection c = RetryingConnections.open(resettingFirst, defaults()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.executeUpdate("INSERT INTO id_marks VALUES (5) /* id-reset */");
                proxy.dropReplyAfterCommit();
                resetOnNextDial.set(true);
                c.commit(); // no 08007: it committed, in this server run
                assertFalse(proxy.dropReplyArmed(), "the reply to COMMIT was dropped");
                assertFalse(resetOnNextDial.get(), "the statistics were reset before the lookup");
            }
            assertEquals(1, physical.executions("/* id-reset */"), "never run again");
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM id_marks WHERE v = 5"));
        assertEquals(List.of(CommitOutcome.COMMITTED), outcomes());
    }

    private List<CommitOutcome> outcomes() {
        return resolutions.outcomes.stream().map(Map.Entry::getValue).toList();
    }

    private static String show(Statement st, String setting) throws SQLException {
        try (ResultSet rs = st.executeQuery("SHOW " + setting)) {
            assertTrue(rs.next());
            return rs.getString(1);
        }
    }
}
