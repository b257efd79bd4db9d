package io.retrying.jdbc.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 36, found by the session-state matrix: a transaction calls the application's code that
 * changes the session (a role, a tenant), its COMMIT reply is lost, and the lookup says it
 * committed. The session the application holds now has that change on the server it lost; the
 * new connection must not silently run without it. Without {@code retry.sessionSettings} the layer
 * cannot give it back: 08003 until rollback(), as at a heal. With the tenant named, the value read
 * before the transaction holds on the resolving connection. State only the lost connection held
 * (a LISTEN, a session authorization set by set_config) is refused the same way.
 */
@ExtendWith(PgExtension.class)
class CodeChangesAtCommitResolutionTest {

    private static PgServer server;
    private static FaultProxy proxy;

    @BeforeAll
    static void schema(PgServer pg) {
        server = pg;
        pg.sql("CREATE ROLE ccr_bob NOLOGIN",
                "CREATE TABLE ccr_marks (run text)", "GRANT ALL ON ccr_marks TO PUBLIC",
                "CREATE FUNCTION ccr_setting(name text, value text) RETURNS void LANGUAGE plpgsql"
                        + " AS $$ BEGIN PERFORM set_config(name, value, false); END $$");
        proxy = FaultProxy.start(pg);
    }

    @AfterAll
    static void close() {
        proxy.close();
    }

    @Test
    void aRoleSetByCodeInTheResolvedTransactionIsRefusedNotDropped() throws Exception {
        try (Connection c = new Physical(proxy.jdbcUrl()).open(RetryConfig.defaults())) {
            c.setAutoCommit(false);
            query(c, "SELECT ccr_setting('role', 'ccr_bob')");
            update(c, "INSERT INTO ccr_marks VALUES ('role')");
            proxy.dropReplyAfterCommit();
            c.commit(); // committed: the lookup says so
            SQLException refused = assertThrows(SQLException.class, () -> query(c, "SELECT current_user"));
            assertEquals("08003", refused.getSQLState(), refused.toString());
            c.rollback();
            assertEquals(server.user(), query(c, "SELECT current_user"));
        } finally {
            proxy.passThrough();
        }
        assertEquals("1", adminQuery("SELECT count(*) FROM ccr_marks WHERE run = 'role'"));
    }

    @Test
    void aRoleSetByCodeBeforeTheResolvedTransactionIsRefusedNotDropped() throws Exception {
        try (Connection c = new Physical(proxy.jdbcUrl()).open(RetryConfig.defaults())) {
            query(c, "SELECT ccr_setting('role', 'ccr_bob')");
            c.setAutoCommit(false);
            update(c, "INSERT INTO ccr_marks VALUES ('before')");
            proxy.dropReplyAfterCommit();
            c.commit(); // committed: the lookup says so, on a connection that cannot be the session
            SQLException refused = assertThrows(SQLException.class, () -> query(c, "SELECT current_user"));
            assertEquals("08003", refused.getSQLState(), refused.toString());
            c.rollback();
            assertEquals(server.user(), query(c, "SELECT current_user"));
        } finally {
            proxy.passThrough();
        }
        assertEquals("1", adminQuery("SELECT count(*) FROM ccr_marks WHERE run = 'before'"));
    }

    @Test
    void aListenOfTheResolvedTransactionIsRefusedNotDropped() throws Exception {
        try (Connection c = new Physical(proxy.jdbcUrl()).open(RetryConfig.defaults())) {
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                st.execute("LISTEN ccr_channel");
            }
            update(c, "INSERT INTO ccr_marks VALUES ('listen')");
            proxy.dropReplyAfterCommit();
            c.commit(); // committed, and the LISTEN with it, on the connection that is gone
            SQLException refused = assertThrows(SQLException.class, () -> query(c, "SELECT 1"));
            assertEquals("08003", refused.getSQLState(), refused.toString());
            c.rollback();
            assertEquals("1", query(c, "SELECT 1"));
        } finally {
            proxy.passThrough();
        }
        assertEquals("1", adminQuery("SELECT count(*) FROM ccr_marks WHERE run = 'listen'"));
    }

    @Test
    void aNamedTenantSetByCodeBeforeTheTransactionHoldsOnTheResolvingConnection() throws Exception {
        RetryConfig named = RetryConfig.defaults().withSessionSettings(List.of("app.tenant"));
        try (Connection c = new Physical(proxy.jdbcUrl()).open(named)) {
            query(c, "SELECT ccr_setting('app.tenant', 'a')");
            c.setAutoCommit(false);
            update(c, "INSERT INTO ccr_marks VALUES ('tenant')");
            proxy.dropReplyAfterCommit();
            c.commit();
            c.setAutoCommit(true);
            assertEquals("a", query(c, "SELECT current_setting('app.tenant', true)"));
        } finally {
            proxy.passThrough();
        }
        assertEquals("1", adminQuery("SELECT count(*) FROM ccr_marks WHERE run = 'tenant'"));
    }

    private static String adminQuery(String sql) throws SQLException {
        try (Connection a = server.connect()) {
            return query(a, sql);
        }
    }

    private static String query(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static void update(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.executeUpdate(sql);
        }
    }
}
