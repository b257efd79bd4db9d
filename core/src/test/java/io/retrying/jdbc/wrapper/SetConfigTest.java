package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code set_config(name, value, false)}: the way an application gives row-level security its
 * tenant from a parameter. A new connection must get it back, or the application's next query
 * silently sees another set of rows.
 */
@ExtendWith(PgExtension.class)
class SetConfigTest {

    private static final String ROLE = "tenant_app";

    private final PgServer pg;

    SetConfigTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void schema(PgServer pg) {
        pg.sql("CREATE TABLE invoices (tenant text, amount int)",
                "INSERT INTO invoices VALUES ('acme', 10), ('acme', 20), ('globex', 99)",
                "ALTER TABLE invoices ENABLE ROW LEVEL SECURITY",
                "CREATE POLICY by_tenant ON invoices USING (tenant = current_setting('app.tenant', true))",
                // writers a set_config statement can reach without our reading of its text seeing a call
                "CREATE TABLE audit (v text)",
                "CREATE FUNCTION audit_write(text) RETURNS text VOLATILE LANGUAGE sql AS"
                        + " $$ INSERT INTO audit VALUES ($1) RETURNING $1 $$",
                "CREATE FUNCTION audited(text, text) RETURNS text VOLATILE LANGUAGE sql AS"
                        + " $$ INSERT INTO audit VALUES ($2) RETURNING $1 $$",
                "CREATE OPERATOR ### (LEFTARG = text, RIGHTARG = text, FUNCTION = audited)");
        pg.createRole(ROLE); // not the owner, not a superuser: the policy applies
    }

    @Test
    void aTenantSetWithAParameterSurvivesAReconnectAndTheQuerySeesTheSameRows() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl(ROLE));
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            try (PreparedStatement set = c.prepareStatement("SELECT set_config('app.tenant', ?, false)")) {
                set.setString(1, "acme");
                set.executeQuery().close();
            }
            assertEquals(30, total(st));
            int pid = ServerFaultsTest.backendPid(st);

            pg.terminateBackends();

            assertEquals(30, total(st), "the new connection has the tenant: the same rows, not none");
            assertNotEquals(pid, ServerFaultsTest.backendPid(st));
            assertEquals("acme", setting(st, "app.tenant"));
        }
        // the set_config ran again on the new connection, with its parameter
        assertEquals(2, physical.executions("SELECT set_config('app.tenant', ?, false)"));
    }

    @Test
    void theLatestValueWinsAndResetForgetsIt() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl(ROLE));
        try (Connection c = physical.open(); Statement st = c.createStatement();
                PreparedStatement set = c.prepareStatement("SELECT pg_catalog.set_config('app.tenant', ?, false)")) {
            set.setString(1, "acme");
            set.executeQuery().close();
            set.setString(1, "globex");
            set.executeQuery().close();
            pg.terminateBackends();
            assertEquals(99, total(st));

            st.execute("RESET app.tenant");
            pg.terminateBackends();
            assertEquals(0, total(st), "not restored after RESET");
            String tenant = setting(st, "app.tenant");
            assertTrue(tenant == null || tenant.isEmpty(), tenant);
        }
    }

    @Test
    void insideATransactionASessionSettingHoldsAfterCommitAndALocalOneEndsWithIt() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl(ROLE));
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.executeQuery("SELECT set_config('app.tenant', 'globex', false)").close();
            st.executeQuery("SELECT set_config('app.region', 'eu', true)").close();
            assertEquals(99, total(st));
            c.commit();
            c.setAutoCommit(true);

            pg.terminateBackends();

            assertEquals(99, total(st));
            assertEquals("globex", setting(st, "app.tenant"));
            assertNull(setting(st, "app.region"), "an is_local setting ended with its transaction");

            // one that never committed is not restored either
            c.setAutoCommit(false);
            st.executeQuery("SELECT set_config('app.tenant', 'acme', false)").close();
            c.rollback();
            c.setAutoCommit(true);
            pg.terminateBackends();
            assertEquals("globex", setting(st, "app.tenant"));
        }
    }

    @Test
    void aSetConfigThatCannotRunAgainPinsTheConnectionSoTheLossSurfaces() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            // the value comes from a table: running it again might not set the same
            st.executeQuery("SELECT set_config('app.tenant', min(tenant), false) FROM invoices").close();
            pg.terminateBackends();

            SQLException lost = assertThrows(SQLException.class, () -> total(st));
            assertEquals(Retryability.RECONNECT, Classifier.retryability(lost));
            c.rollback(); // the acknowledgement: a new connection, without the setting
            assertNull(setting(st, "app.tenant"));
        }
    }

    @Test
    void aSetConfigBesideAWriteOurReadingCannotSeePinsSoTheWriteRunsOnce() throws Exception {
        // a call hidden from the text by a comment, and a writing operator, beside a set_config that
        // (before) the layer read as "only sets" and so ran again on every new connection
        for (String sql : List.of("SELECT set_config('app.tenant', 'acme', false), audit_write /* why */ ('comment')",
                "SELECT set_config('app.tenant', 'acme' ### 'operator', false)")) {
            pg.sql("TRUNCATE audit");
            Physical physical = new Physical(pg.jdbcUrl());
            try (Connection c = physical.open(); Statement st = c.createStatement()) {
                st.executeQuery(sql).close();
                pg.terminateBackends();

                SQLException lost = assertThrows(SQLException.class, () -> setting(st, "app.tenant"), sql);
                assertEquals(Retryability.RECONNECT, Classifier.retryability(lost), sql);
                c.rollback();
                assertNull(setting(st, "app.tenant"), sql);
            }
            assertEquals(1, pg.queryLong("SELECT count(*) FROM audit"), "written once: " + sql);
        }
    }

    @Test
    void aSetConfigTheServerCannotProveOnlySetsIsNotRunAgainAndTheSessionSaysSo() throws Exception {
        pg.sql("TRUNCATE audit",
                // a function that changes the session, named as a built-in is: while it exists every loss of a
                // session surfaces (StatefulRoutines), so only this test has it
                "CREATE SCHEMA shadow",
                "CREATE FUNCTION shadow.set_config(text, text, boolean) RETURNS text VOLATILE LANGUAGE sql AS"
                        + " $$ INSERT INTO audit VALUES ($2); SELECT pg_catalog.set_config($1, $2, $3) $$");
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            // given: a set_config of another schema first in search_path, which writes; the text is
            // the plain one that the layer restores
            st.execute("SET search_path = shadow, pg_catalog, public");
            try (PreparedStatement set = c.prepareStatement("SELECT set_config('app.tenant', ?, false)")) {
                set.setString(1, "acme");
                set.executeQuery().close();
            }
            assertEquals(1, pg.queryLong("SELECT count(*) FROM audit"));
            pg.terminateBackends();

            // when: the next call needs a new connection, the server refuses to prove the setting
            // harmless to run again: it is not run, and the application is told its session lost it
            SQLException refused = assertThrows(SQLException.class, () -> setting(st, "app.tenant"));
            assertEquals("08003", refused.getSQLState());
            assertTrue(refused.getMessage().contains("setting app.tenant only sets"), refused.getMessage());
            assertFalse(refused.getMessage().contains("acme"), "no value in the message: " + refused.getMessage());
            assertThrows(SQLException.class, () -> setting(st, "app.tenant"), "refused until rollback()");
            c.rollback();
            assertNull(setting(st, "app.tenant"), "a new connection without the setting");
            assertEquals("shadow, pg_catalog, public", setting(st, "search_path"), "the rest of the session holds");
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM audit"), "the writer ran once");
        pg.sql("DROP SCHEMA shadow CASCADE");
    }

    private static long total(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT coalesce(sum(amount), 0) FROM invoices")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String setting(Statement st, String name) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT current_setting('" + name + "', true)")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
