package io.retrying.jdbc.dropin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.PGStatement;
import org.postgresql.core.BaseStatement;
import org.postgresql.util.PSQLException;

/**
 * Behaviour pgjdbc's own tests check, compared with a bare pgjdbc connection to the same server:
 * toString of prepared statements, released savepoints, unwrap of a closed statement, and a
 * connection pgjdbc closes on purpose.
 */
@ExtendWith(PgExtension.class)
class PgjdbcBehaviourTest {

    private final PgServer pg;

    PgjdbcBehaviourTest(PgServer pg) {
        this.pg = pg;
    }

    private Connection open(String extra) throws SQLException {
        return DriverManager.getConnection(pg.jdbcUrl().replace("jdbc:postgresql:", "jdbc:retrying:postgresql:")
                + "&retry.tokenBucket=none" + extra);
    }

    static String chain(Throwable e) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            b.append(t.getClass().getSimpleName()).append(' ')
                    .append(t instanceof SQLException s ? s.getSQLState() : "").append(' ').append(t.getMessage()).append(" <- ");
        }
        return b.toString();
    }

    /** pgjdbc's PreparedStatementTest/LogServerMessagePropertyTest: toString is the SQL with its parameters. */
    @Test
    void preparedAndCallableStatementsRenderTheirSqlWithParametersAsPgjdbcDoes() throws SQLException {
        String sql = "SELECT ?::int, ?::text WHERE ? IS NOT NULL";
        try (Connection bare = pg.connect(); Connection c = open("");
                PreparedStatement expected = bare.prepareStatement(sql); PreparedStatement ps = c.prepareStatement(sql);
                CallableStatement expectedCall = bare.prepareCall("{? = call abs(?)}");
                CallableStatement cs = c.prepareCall("{? = call abs(?)}")) {
            assertEquals(expected.toString(), ps.toString());
            for (PreparedStatement s : new PreparedStatement[] {expected, ps}) {
                s.setInt(1, 42);
                s.setString(2, "it's");
                s.setNull(3, Types.INTEGER);
            }
            assertEquals(expected.toString(), ps.toString());
            assertTrue(ps.toString().contains("42") && ps.toString().contains("'it''s'"), ps.toString());
            for (CallableStatement s : new CallableStatement[] {expectedCall, cs}) {
                s.registerOutParameter(1, Types.INTEGER);
                s.setInt(2, -5);
            }
            assertEquals(expectedCall.toString(), cs.toString());
            assertTrue(cs.toString().contains("-5"), cs.toString());
        }
    }

    /** pgjdbc's SavepointTest: a released savepoint refuses its name and id with 3B000; a named one has no id (42809). */
    @Test
    void aReleasedSavepointRefusesItsNameAndIdAsPgjdbcs() throws SQLException {
        try (Connection bare = pg.connect(); Connection c = open("")) {
            for (Connection con : new Connection[] {bare, c}) {
                con.setAutoCommit(false);
                Savepoint named = con.setSavepoint("named");
                Savepoint unnamed = con.setSavepoint();
                assertEquals("named", named.getSavepointName());
                assertEquals("42809", assertThrows(PSQLException.class, named::getSavepointId).getSQLState());
                assertEquals("42809", assertThrows(PSQLException.class, unnamed::getSavepointName).getSQLState());
                unnamed.getSavepointId();
                con.releaseSavepoint(unnamed);
                con.releaseSavepoint(named);
                assertEquals("3B000", assertThrows(PSQLException.class, named::getSavepointName).getSQLState(), con.toString());
                assertEquals("3B000", assertThrows(PSQLException.class, named::getSavepointId).getSQLState());
                assertEquals("3B000", assertThrows(PSQLException.class, unnamed::getSavepointId).getSQLState());
                assertEquals("3B000", assertThrows(SQLException.class, () -> con.rollback(named)).getSQLState());
                con.rollback();
            }
        }
    }

    /** pgjdbc unwraps a closed statement (its unwrap checks nothing); the layer did throw 55000. */
    @Test
    void aClosedStatementStillUnwraps() throws SQLException {
        try (Connection c = open("")) {
            Statement st = c.createStatement();
            PreparedStatement ps = c.prepareStatement("SELECT 1");
            st.close();
            ps.close();
            assertSame(st, st.unwrap(PGStatement.class));
            assertTrue(st.isWrapperFor(BaseStatement.class));
            BaseStatement physical = ps.unwrap(BaseStatement.class);
            assertTrue(physical.isClosed());
            assertTrue(ps.isWrapperFor(PGStatement.class));
            assertEquals("55000", assertThrows(SQLException.class, () -> st.executeQuery("SELECT 1")).getSQLState());
        }
    }

    /**
     * pgjdbc's ParameterStatusTest/ConnectionTest: the server accepts a SET that pgjdbc refuses, and
     * pgjdbc closes its connection with 08006. That is pgjdbc's verdict, not a lost write: the
     * application gets pgjdbc's 08006 (not 08007), once, and a connection closed as pgjdbc's is.
     */
    @ParameterizedTest
    @ValueSource(strings = {"SET DateStyle = 'German'", "SET client_encoding = 'LATIN1'"})
    void aSetPgjdbcRefusesClosesTheConnectionWithPgjdbcs08006(String set) throws SQLException {
        SQLException expected;
        try (Connection bare = pg.connect(); Statement st = bare.createStatement()) {
            expected = assertThrows(SQLException.class, () -> st.execute(set));
            assertTrue(bare.isClosed());
        }
        try (Connection c = open("&ApplicationName=refused"); Statement st = c.createStatement()) {
            SQLException refused = assertThrows(SQLException.class, () -> st.execute(set));
            assertEquals("08006", refused.getSQLState(), chain(refused));
            assertEquals(expected.getMessage(), refused.getMessage());
            assertInstanceOf(PSQLException.class, refused);
            assertTrue(c.isClosed());
            assertTrue(st.isClosed());
            assertFalse(c.isValid(1));
            assertEquals("08003", assertThrows(SQLException.class, () -> st.executeQuery("SELECT 1")).getSQLState());
            assertEquals("08003", assertThrows(SQLException.class, c::createStatement).getSQLState());
            assertEquals(0, pg.queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'refused'"));
        }
    }

    /** Inside a transaction the same: pgjdbc's 08006, and no replay of the transaction. */
    @Test
    void aSetPgjdbcRefusesInsideATransactionIsNotReplayed() throws SQLException {
        pg.sql("DROP TABLE IF EXISTS refused_tx", "CREATE TABLE refused_tx (id int)");
        try (Connection c = open(""); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO refused_tx VALUES (1)");
            SQLException refused = assertThrows(SQLException.class, () -> st.execute("SET DateStyle = 'German'"));
            assertEquals("08006", refused.getSQLState(), chain(refused));
            assertTrue(c.isClosed());
        }
        assertEquals(0, pg.queryLong("SELECT count(*) FROM refused_tx"));
    }

    /**
     * pgjdbc's CopyTest#lockReleaseOnCancelFailure (issue 22, item 8): the backend of a COPY in
     * progress is terminated, writing to the COPY and cancelling it fail; rollback() then throws
     * pgjdbc's exception, as on bare pgjdbc (the layer used to drop the dead connection and return).
     * The loss then stands until acknowledged: a second rollback() returns, and the next statement
     * runs on a new connection.
     */
    @Test
    void rollbackAfterAFailedCopyCancelThrowsAsOnBarePgjdbc() throws Exception {
        pg.sql("DROP TABLE IF EXISTS copied", "CREATE TABLE copied (a int, b int, c int)");
        try (Connection bare = pg.connect(); Connection c = open("")) {
            String onBare = copyKilledThenRollback(bare);
            String through = copyKilledThenRollback(c);
            assertEquals(onBare, through);
            c.rollback(); // the acknowledgement
            try (Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery("SELECT 1")) {
                assertTrue(rs.next());
            }
        }
        assertEquals(0, pg.queryLong("SELECT count(*) FROM copied"));
    }

    /** The SQLState rollback() throws after the COPY's backend died and its cancel failed. */
    private String copyKilledThenRollback(Connection c) throws Exception {
        c.setAutoCommit(false);
        org.postgresql.copy.CopyIn copyIn = c.unwrap(org.postgresql.PGConnection.class).getCopyAPI()
                .copyIn("COPY copied FROM STDIN WITH DELIMITER ','");
        int pid = c.unwrap(org.postgresql.PGConnection.class).getBackendPID();
        pg.sql("SELECT pg_terminate_backend(" + pid + ")");
        while (pg.queryLong("SELECT count(*) FROM pg_stat_activity WHERE pid = " + pid) > 0) {
            Thread.sleep(10);
        }
        byte[] nulls = ",,\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        SQLException writing = assertThrows(SQLException.class, () -> {
            while (true) {
                copyIn.writeToCopy(nulls, 0, nulls.length);
            }
        });
        assertIoFailure(writing);
        if (copyIn.isActive()) {
            assertIoFailure(assertThrows(SQLException.class, copyIn::cancelCopy));
        }
        SQLException rollback = assertThrows(SQLException.class, c::rollback, "rollback() throws, as on bare pgjdbc");
        assertIoFailure(rollback);
        return rollback.getSQLState();
    }

    /** pgjdbc's CopyTest#acceptIOCause: a connection failure (08006, 08003) or an IOException cause. */
    private static void assertIoFailure(SQLException e) {
        assertTrue("08006".equals(e.getSQLState()) || "08003".equals(e.getSQLState())
                || e.getCause() instanceof java.io.IOException, () -> chain(e));
    }
}
