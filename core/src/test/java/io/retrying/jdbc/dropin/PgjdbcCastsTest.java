package io.retrying.jdbc.dropin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.postgresql.PGResultSetMetaData;
import org.postgresql.PGStatement;
import org.postgresql.copy.CopyManager;
import org.postgresql.largeobject.LargeObject;
import org.postgresql.largeobject.LargeObjectManager;

/**
 * What pgjdbc's own tests (CopyTest, BlobTest, NotifyTest, PreparedStatementTest) and
 * applications do with pgjdbc's public interfaces, through {@code jdbc:retrying:postgresql:}:
 * cast the connection to {@code PGConnection} and the statements to {@code PGStatement}. The
 * casts work, and what is done through them pins the connection as through {@code unwrap}.
 */
@ExtendWith(PgExtension.class)
class PgjdbcCastsTest {

    private final PgServer pg;

    PgjdbcCastsTest(PgServer pg) {
        this.pg = pg;
    }

    private Connection open(String appName) throws SQLException {
        return DriverManager.getConnection(pg.jdbcUrl().replace("jdbc:postgresql:", "jdbc:retrying:postgresql:")
                + "&ApplicationName=" + appName + "&retry.tokenBucket=none");
    }

    @Test
    void theConnectionAndItsStatementsAreWhatPgjdbcsAre() throws SQLException {
        try (Connection c = open("casts"); Statement st = c.createStatement();
                PreparedStatement ps = c.prepareStatement("SELECT ?::int AS answer");
                CallableStatement cs = c.prepareCall("{call abs(?)}")) {
            assertInstanceOf(PGConnection.class, c);
            assertTrue(c.isWrapperFor(PGConnection.class));
            assertSame(c, c.unwrap(PGConnection.class));
            assertInstanceOf(PGStatement.class, st);
            assertInstanceOf(PGStatement.class, ps);
            assertInstanceOf(PGStatement.class, cs);
            assertTrue(ps.isWrapperFor(PGStatement.class));
            assertSame(ps, ps.unwrap(PGStatement.class));
            assertTrue(((PGConnection) c).getBackendPID() > 0);
            assertEquals("UTF8", ((PGConnection) c).getParameterStatus("client_encoding"));
            assertEquals("\"a b\"", ((PGConnection) c).escapeIdentifier("a b"));

            ps.setInt(1, 42);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                PGResultSetMetaData md = (PGResultSetMetaData) rs.getMetaData();
                assertEquals("", md.getBaseTableName(1));
                assertEquals(42, rs.getInt(1));
            }
        }
    }

    /** pgjdbc's CopyTest: copyIn and copyOut through the cast; COPY pins the connection. */
    @Test
    void copyInAndCopyOutThroughTheCastAndCopyPinsTheConnection() throws Exception {
        pg.sql("DROP TABLE IF EXISTS copytest", "CREATE TABLE copytest (id int, name text)");
        try (Connection c = open("copy"); Statement st = c.createStatement()) {
            CopyManager copy = ((PGConnection) c).getCopyAPI();
            long in = copy.copyIn("COPY copytest FROM STDIN", new StringReader("1\tone\n2\ttwo\n3\tthree\n"));
            assertEquals(3, in);
            StringWriter out = new StringWriter();
            assertEquals(3, copy.copyOut("COPY (SELECT * FROM copytest ORDER BY id) TO STDOUT", out));
            assertEquals("1\tone\n2\ttwo\n3\tthree\n", out.toString());
            assertEquals(3, pg.queryLong("SELECT count(*) FROM copytest"));

            // COPY is work the layer cannot see: losing this connection is not healed behind the application's back
            pg.terminateBackends("copy");
            assertNotHealed(st);
        }
    }

    /**
     * The loss of a pinned connection surfaces (the server's 57P01 here) instead of being healed on
     * a new connection, and later calls are refused until rollback() acknowledges it.
     */
    private static void assertNotHealed(Statement st) {
        SQLException lost = assertThrows(SQLException.class, () -> st.executeQuery("SELECT 1"));
        assertTrue(lost.getSQLState().equals("57P01") || lost.getSQLState().startsWith("08"), lost.getSQLState());
        assertEquals("08003", assertThrows(SQLException.class, () -> st.executeQuery("SELECT 1")).getSQLState());
    }

    /** pgjdbc's NotifyTest: LISTEN, a NOTIFY from another session, getNotifications through the cast. */
    @Test
    void notificationsArriveThroughTheCast() throws SQLException {
        try (Connection c = open("listen"); Statement st = c.createStatement()) {
            st.execute("LISTEN dropin_channel");
            pg.sql("NOTIFY dropin_channel, 'hello'");
            PGNotification[] notifications = ((PGConnection) c).getNotifications(10_000);
            assertNotNull(notifications);
            assertEquals(1, notifications.length);
            assertEquals("dropin_channel", notifications[0].getName());
            assertEquals("hello", notifications[0].getParameter());
        }
    }

    /** pgjdbc's BlobTest: a large object written and read back through the cast, in a transaction. */
    @Test
    void largeObjectsThroughTheCast() throws SQLException {
        byte[] data = "drop-in large object".getBytes(StandardCharsets.UTF_8);
        long oid;
        try (Connection c = open("lo")) {
            c.setAutoCommit(false);
            LargeObjectManager lom = ((PGConnection) c).getLargeObjectAPI();
            oid = lom.createLO(LargeObjectManager.READWRITE);
            try (LargeObject lo = lom.open(oid, LargeObjectManager.WRITE)) {
                lo.write(data);
            }
            c.commit();
            try (LargeObject lo = lom.open(oid, LargeObjectManager.READ)) {
                assertArrayEquals(data, lo.read(data.length));
            }
            lom.delete(oid);
            c.commit();
        }
        assertEquals(0, pg.queryLong("SELECT count(*) FROM pg_largeobject_metadata WHERE oid = " + oid));
    }

    /**
     * pgjdbc's PreparedStatementTest: {@code ((PGStatement) ps).setPrepareThreshold(...)}. The
     * setting is the statement's, recorded like setFetchSize: a statement re-created on a new
     * connection after a loss still has it.
     */
    @Test
    void setPrepareThresholdThroughTheCastHoldsOnAStatementReCreatedAfterALoss() throws SQLException {
        try (Connection c = open("threshold"); PreparedStatement ps = c.prepareStatement("SELECT ?::int")) {
            PGStatement pgs = (PGStatement) ps;
            pgs.setPrepareThreshold(1);
            pgs.setAdaptiveFetch(true);
            assertEquals(1, pgs.getPrepareThreshold());
            ps.setInt(1, 7);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
            }
            assertTrue(pgs.isUseServerPrepare());

            pg.terminateBackends("threshold");
            ps.setInt(1, 8);
            try (ResultSet rs = ps.executeQuery()) { // a read in autocommit: healed on a new connection
                assertTrue(rs.next());
                assertEquals(8, rs.getInt(1));
            }
            assertEquals(1, pgs.getPrepareThreshold());
            assertTrue(pgs.getAdaptiveFetch());
            assertTrue(pgs.isUseServerPrepare());
        }
    }

    /** A connection-level pgjdbc setting a new connection would not have pins, as through unwrap. */
    @Test
    void aConnectionLevelSettingThroughTheCastPinsTheConnection() throws SQLException {
        try (Connection c = open("pinned"); Statement st = c.createStatement()) {
            ((PGConnection) c).setDefaultFetchSize(10);
            assertEquals(10, ((PGConnection) c).getDefaultFetchSize());
            pg.terminateBackends("pinned");
            assertNotHealed(st);
        }
    }
}
