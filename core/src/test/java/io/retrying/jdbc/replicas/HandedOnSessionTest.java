package io.retrying.jdbc.replicas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import io.retrying.jdbc.fixtures.StreamingReplicas;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A physical connection the layer takes back into use starts from the state a fresh one has, then
 * gets the session the application holds now. With {@code retry.readers} a role switch parks the
 * other role's connection; taken back, it must not keep what the application has reset meanwhile
 * on the other server (a role, a tenant, a search path). And the routing follows only a
 * {@code setReadOnly} pgjdbc accepted: one it refused inside a transaction moves nothing, not even
 * the heal of a connection lost later.
 *
 * <p>Each case is checked against a plain pgjdbc connection that ran the same statements.
 */
class HandedOnSessionTest {

    private static PgServer primary;
    private static StreamingReplicas replicas;

    @BeforeAll
    static void cluster() {
        primary = PgServers.start();
        primary.createRole("ho_app");
        primary.sql("CREATE ROLE ho_alice NOLOGIN",
                "GRANT ho_alice TO ho_app",
                "CREATE SCHEMA tenant_a",
                "CREATE SCHEMA tenant_b",
                "CREATE TABLE tenant_a.items (id int PRIMARY KEY, who text)",
                "CREATE TABLE tenant_b.items (id int PRIMARY KEY, who text)",
                "GRANT USAGE ON SCHEMA tenant_a, tenant_b TO ho_app, ho_alice",
                "GRANT SELECT, INSERT ON tenant_a.items, tenant_b.items TO ho_app, ho_alice",
                // the login role's own default: what RESET search_path gives back
                "ALTER ROLE ho_app SET search_path = tenant_b");
        replicas = StreamingReplicas.start(primary, 2);
    }

    @AfterAll
    static void stop() {
        primary.close();
    }

    private static String url(String app) {
        return primary.jdbcUrl("ho_app").replace("jdbc:postgresql:", "jdbc:retrying:postgresql:")
                + "&ApplicationName=" + app + "&retry.readers=" + replicas.standbyHosts();
    }

    private static String first(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static void run(Connection c, String... sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            for (String s : sql) {
                st.execute(s);
            }
        }
    }

    /** What a plain pgjdbc connection answers {@code question} with after {@code statements}. */
    private static String plain(String question, String... statements) throws SQLException {
        try (Connection c = DriverManager.getConnection(primary.jdbcUrl("ho_app"))) {
            run(c, statements);
            return first(c, question);
        }
    }

    // given SET then read-only, RESET on the standby, then read-write again: the parked writer is taken back
    private static String afterSwitchBack(String app, String set, String reset, String question) throws SQLException {
        try (Connection c = DriverManager.getConnection(url(app))) {
            run(c, set);
            String setOnPrimary = first(c, question);
            c.setReadOnly(true);
            assertEquals("t", first(c, "SELECT pg_is_in_recovery()"), "read-only: a standby");
            assertEquals(setOnPrimary, first(c, question), "the session went with the switch: " + set);
            run(c, reset);
            c.setReadOnly(false);
            assertEquals("f", first(c, "SELECT pg_is_in_recovery()"), "read-write: the primary");
            return first(c, question);
        }
    }

    @Test
    void aRoleResetOnTheStandbyIsResetOnTheParkedWriterToo() throws Exception {
        String expected = plain("SELECT current_user", "SET ROLE ho_alice", "RESET ROLE");
        assertEquals("ho_app", expected);
        assertEquals(expected, afterSwitchBack("ho-role", "SET ROLE ho_alice", "RESET ROLE", "SELECT current_user"));
    }

    @Test
    void aTenantResetOnTheStandbyIsResetOnTheParkedWriterToo() throws Exception {
        String question = "SELECT current_setting('app.tenant', true)";
        String expected = plain(question, "SET app.tenant = 'acme'", "RESET app.tenant");
        assertEquals(expected, afterSwitchBack("ho-tenant", "SET app.tenant = 'acme'", "RESET app.tenant", question));
    }

    @Test
    void aResetAllOnTheStandbyIsResetOnTheParkedWriterToo() throws Exception {
        String question = "SELECT current_setting('app.tenant', true)";
        String expected = plain(question, "SET app.tenant = 'acme'", "RESET ALL");
        assertEquals(expected, afterSwitchBack("ho-all", "SET app.tenant = 'acme'", "RESET ALL", question));
    }

    @Test
    void aSearchPathResetOnTheStandbyPutsTheNextInsertWhereThePlainDriverPutsIt() throws Exception {
        try (Connection c = DriverManager.getConnection(url("ho-path"))) {
            run(c, "SET search_path = tenant_a");
            c.setReadOnly(true);
            assertEquals("tenant_a", first(c, "SHOW search_path"));
            run(c, "RESET search_path");
            c.setReadOnly(false);
            run(c, "INSERT INTO items VALUES (1, 'after the reset')");
        }
        // the login role's default (tenant_b), as on plain pgjdbc after the same RESET
        assertEquals(1, primary.queryLong("SELECT count(*) FROM tenant_b.items WHERE id = 1"));
        assertEquals(0, primary.queryLong("SELECT count(*) FROM tenant_a.items"));
    }

    @Test
    void aRoleResetOnThePrimaryIsResetOnTheParkedReaderToo() throws Exception {
        try (Connection c = DriverManager.getConnection(url("ho-reader"))) {
            c.setReadOnly(true);
            c.setReadOnly(false);
            run(c, "SET ROLE ho_alice");
            c.setReadOnly(true); // the parked reader: given the role
            assertEquals("ho_alice", first(c, "SELECT current_user"));
            c.setReadOnly(false);
            run(c, "RESET ROLE");
            c.setReadOnly(true); // taken back again: without it
            assertEquals("t", first(c, "SELECT pg_is_in_recovery()"));
            assertEquals("ho_app", first(c, "SELECT current_user"));
        }
    }

    @Test
    void aSetReadOnlyPgjdbcRefusedInATransactionRoutesNothingEvenAtTheHeal() throws Exception {
        try (Connection c = DriverManager.getConnection(url("ho-refused"))) {
            c.setAutoCommit(false);
            assertEquals("0", first(c, "SELECT count(*) FROM tenant_b.items WHERE id = 2"));
            SQLException refused = assertThrows(SQLException.class, () -> c.setReadOnly(true));
            assertEquals("25001", refused.getSQLState(), "pgjdbc: not in the middle of a transaction");
            assertFalse(c.isReadOnly());

            // the backend, idle in the transaction, is terminated
            assertEquals(1, primary.terminateBackends("ho-refused"));
            run(c, "INSERT INTO tenant_b.items VALUES (2, 'after the kill')");
            assertEquals("f", first(c, "SELECT pg_is_in_recovery()"), "healed on the primary");
            c.commit();
            assertFalse(c.isReadOnly());
        }
        assertEquals(1, primary.queryLong("SELECT count(*) FROM tenant_b.items WHERE id = 2"));
        assertTrue(primary.queryLong("SELECT count(*) FROM tenant_a.items WHERE id = 2") == 0);
    }

    @Test
    void aRoleResetInATransactionWhoseCommitReplyIsLostIsResetOnTheConnectionThatResolvedIt() throws Exception {
        String expected = plain("SELECT current_user", "SET ROLE ho_alice", "BEGIN", "RESET ROLE", "COMMIT");
        assertEquals("ho_app", expected);
        try (FaultProxy proxy = FaultProxy.start(primary)) {
            String url = proxy.jdbcUrl("ho_app").replace("jdbc:postgresql:", "jdbc:retrying:postgresql:")
                    + "&password=ho_app&ApplicationName=ho-commit";
            try (Connection c = DriverManager.getConnection(url)) {
                run(c, "SET ROLE ho_alice");
                c.setAutoCommit(false);
                run(c, "RESET ROLE", "INSERT INTO tenant_b.items VALUES (3, current_user)");
                proxy.dropReplyAfterCommit();
                c.commit(); // resolved committed on a new connection, given the session from before the transaction
                assertFalse(proxy.dropReplyArmed(), "the reply to COMMIT was dropped");
                assertEquals(expected, first(c, "SELECT current_user"), "the committed RESET ROLE holds");
                c.commit();
            }
        }
        assertEquals("ho_app", primary.queryString("SELECT who FROM tenant_b.items WHERE id = 3"));
    }
}
