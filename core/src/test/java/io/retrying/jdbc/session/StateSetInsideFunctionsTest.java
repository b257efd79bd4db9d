package io.retrying.jdbc.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 28 and issue 22 items 4 and 5: what a function, a procedure or a DO block leaves on a
 * session is invisible to the layer's model, and PostgreSQL 15 reports neither the role nor custom
 * settings. A heal after a backend kill must never change who the statements run as, the tenant
 * they see, or drop a lock the application holds: the loss surfaces as 08003 until rollback(),
 * unless a ConnectionInitializer re-establishes the session. Each scenario on the defaults; each
 * ran the next statement on a new session as someone else before.
 */
@ExtendWith(PgExtension.class)
class StateSetInsideFunctionsTest {

    private static final String VICTIM = "sf-victim";
    private final PgServer pg;

    StateSetInsideFunctionsTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void schema(PgServer pg) {
        pg.createRole("sf_app");
        pg.sql("CREATE ROLE sf_reader",
                "GRANT sf_reader TO sf_app",
                "CREATE TABLE sf_docs (tenant text, body text)",
                "INSERT INTO sf_docs VALUES ('a', 'for a'), ('b', 'for b')",
                "ALTER TABLE sf_docs ENABLE ROW LEVEL SECURITY",
                "CREATE TABLE sf_open (tenant text, body text)",
                "INSERT INTO sf_open VALUES ('a', 'for a'), ('b', 'for b')",
                "ALTER TABLE sf_open ENABLE ROW LEVEL SECURITY",
                // fails closed: an unset tenant sees nothing
                "CREATE POLICY sf_closed ON sf_docs USING (tenant = current_setting('app.tenant', true))",
                // fails open: an unset tenant sees every row
                "CREATE POLICY sf_lenient ON sf_open USING (coalesce(current_setting('app.tenant', true), '') = ''"
                        + " OR tenant = current_setting('app.tenant', true))",
                "GRANT SELECT ON sf_docs, sf_open TO sf_app",
                "CREATE FUNCTION become_reader() RETURNS void LANGUAGE plpgsql AS $$ BEGIN SET ROLE sf_reader; END $$",
                "CREATE FUNCTION set_tenant(t text) RETURNS void LANGUAGE sql"
                        + " AS $$ SELECT set_config('app.tenant', t, false) $$",
                "CREATE PROCEDURE enter_tenant(t text) LANGUAGE plpgsql AS $$ BEGIN PERFORM set_config('app.tenant', t, false); END $$",
                "CREATE FUNCTION grab(k int) RETURNS void LANGUAGE sql AS $$ SELECT pg_advisory_lock(k) $$",
                "GRANT EXECUTE ON FUNCTION become_reader(), set_tenant(text), grab(int) TO sf_app",
                "GRANT EXECUTE ON PROCEDURE enter_tenant(text) TO sf_app",
                "CREATE TABLE sf_scratch (n int)",
                "GRANT ALL ON sf_scratch TO sf_app");
    }

    @BeforeEach
    void clean() {
        pg.sql("TRUNCATE sf_scratch");
    }

    @Test
    void aRoleSetInsideAFunctionIsNeverLostToAHeal() throws Exception {
        try (Connection c = open(RetryConfig.defaults()); Statement st = c.createStatement()) {
            st.execute("SELECT become_reader()");
            assertEquals("sf_reader", currentUser(st));
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertLostUntilRollback(() -> currentUser(st));
            c.rollback();
            assertEquals("sf_app", currentUser(st), "after the acknowledgement: a new session, as its login role");
        }
    }

    @Test
    void aTenantSetInsideAFunctionIsNeverLostToAHealUnderEitherPolicy() throws Exception {
        for (String table : List.of("sf_docs", "sf_open")) {
            try (Connection c = open(RetryConfig.defaults()); Statement st = c.createStatement()) {
                st.execute("SELECT set_tenant('a')");
                assertEquals(List.of("for a"), bodies(st, table));
                assertEquals(1, pg.terminateBackends(VICTIM));
                assertLostUntilRollback(() -> bodies(st, table));
            }
        }
    }

    @Test
    void aProcedureAndADoBlockThatSetStateAreNeverLostToAHeal() throws Exception {
        try (Connection c = open(RetryConfig.defaults()); Statement st = c.createStatement()) {
            st.execute("CALL enter_tenant('a')");
            assertEquals(List.of("for a"), bodies(st, "sf_docs"));
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertLostUntilRollback(() -> bodies(st, "sf_docs"));
            c.rollback();

            st.execute("DO $$ BEGIN PERFORM set_config('app.tenant', 'b', false); END $$");
            assertEquals(List.of("for b"), bodies(st, "sf_docs"));
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertLostUntilRollback(() -> bodies(st, "sf_docs"));
        }
    }

    @Test
    void aTenantSetInAnEarlierTransactionIsNeverLostToALaterTransactionsReplay() throws Exception {
        // the replay of a later transaction dials a new session: refused once, it must stay refused
        // (a second dial of the replay's retry used to go through, and the fail-open policy then
        // showed every tenant's rows)
        try (Connection c = open(RetryConfig.defaults()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("SELECT set_tenant('a')");
            c.commit();
            assertEquals(List.of("for a"), bodies(st, "sf_open"));
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertLostUntilRollback(() -> bodies(st, "sf_open"));
        }
    }

    @Test
    void anAdvisoryLockTakenInsideAFunctionIsNeverDroppedByAHeal() throws Exception {
        try (Connection c = open(RetryConfig.defaults()); Statement st = c.createStatement()) {
            st.execute("SELECT grab(42)");
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertLostUntilRollback(() -> st.execute("SELECT 1"));
        }
    }

    @Test
    void anInitializerThatReEstablishesTheTenantKeepsReconnectsTransparent() throws Exception {
        RetryConfig config = RetryConfig.defaults().withInitializer(physical -> {
            try (Statement st = physical.createStatement()) {
                st.execute("SELECT set_tenant('a')");
            }
        });
        try (Connection c = open(config); Statement st = c.createStatement()) {
            assertEquals(List.of("for a"), bodies(st, "sf_docs"));
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertEquals(List.of("for a"), bodies(st, "sf_docs"), "healed, and still the tenant's rows");
            assertEquals(List.of("for a"), bodies(st, "sf_open"));
        }
    }

    @Test
    void aRoleSetInsideAFunctionIsNeverLostEvenWhenTheApplicationVouchesForItsSession() throws Exception {
        // an initializer, or named settings, lets a heal go on after code ran: who the session runs as
        // is still the server's to compare, and never set again by the layer
        for (RetryConfig config : List.of(RetryConfig.defaults().withInitializer(physical -> { }),
                RetryConfig.defaults().withSessionSettings(List.of("app.tenant")))) {
            try (Connection c = open(config); Statement st = c.createStatement()) {
                st.execute("SELECT become_reader()");
                assertEquals("sf_reader", currentUser(st));
                assertEquals(1, pg.terminateBackends(VICTIM));
                String why = assertLostUntilRollback(() -> currentUser(st));
                assertTrue(why.contains("current_user"), why);
                c.rollback();
                assertEquals("sf_app", currentUser(st));
            }
        }
    }

    @Test
    void aTenantSetInsideAFunctionIsKeptWhenTheApplicationNamesTheSetting() throws Exception {
        RetryConfig config = RetryConfig.defaults().withSessionSettings(List.of("app.tenant"));
        try (Connection c = open(config); Statement st = c.createStatement()) {
            st.execute("SELECT set_tenant('a')");
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertEquals(List.of("for a"), bodies(st, "sf_open"), "healed, fail-open policy: still only the tenant's rows");
            assertEquals(List.of("for a"), bodies(st, "sf_docs"), "fail-closed policy: the tenant's rows, not none");

            st.execute("CALL enter_tenant('b')");
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertEquals(List.of("for b"), bodies(st, "sf_open"), "a procedure's setting kept too");
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertEquals(List.of("for b"), bodies(st, "sf_docs"), "and on the next new connection");
        }
        try (Connection c = open(config); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("SELECT set_tenant('a')");
            c.rollback(); // the transaction's setting is undone with it: the layer does not keep it either
            assertEquals(List.of(), bodies(st, "sf_docs"));
            assertEquals(1, pg.terminateBackends(VICTIM));
            SQLException e = assertThrows(SQLException.class, () -> bodies(st, "sf_docs"));
            assertTrue(e.getSQLState().startsWith("08"), () -> "got " + e);
        }
    }

    @Test
    void aTenantChangedWhereNoStatementNamesAFunctionIsNeverHealedWithTheValueReadBefore() throws Exception {
        // the values are read after statements that name code; a view that calls it is found by the
        // server at the swap (the catalogs), never taken for unchanged
        pg.sql("CREATE VIEW sf_switch_b AS SELECT count(*) AS t FROM (SELECT set_tenant('b')) s", "GRANT SELECT ON sf_switch_b TO sf_app");
        try (Connection c = open(RetryConfig.defaults().withSessionSettings(List.of("app.tenant")));
             Statement st = c.createStatement()) {
            st.execute("SELECT set_tenant('a')");
            st.executeQuery("SELECT * FROM sf_switch_b").close();
            assertEquals(List.of("for b"), bodies(st, "sf_docs"));
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertLostUntilRollback(() -> bodies(st, "sf_open"));
        } finally {
            pg.sql("DROP VIEW sf_switch_b");
        }
    }

    @Test
    void anInitializerThatGivesAnotherTenantThanTheSessionHadSurfacesTheSettingsNameOnly() throws Exception {
        RetryConfig config = RetryConfig.defaults().withSessionSettings(List.of("app.tenant")).withInitializer(physical -> {
            try (Statement st = physical.createStatement()) {
                st.execute("SELECT set_tenant('b')");
            }
        });
        try (Connection c = open(config); Statement st = c.createStatement()) {
            st.execute("SELECT set_tenant('a')");
            assertEquals(List.of("for a"), bodies(st, "sf_docs"));
            assertEquals(1, pg.terminateBackends(VICTIM));
            String why = assertLostUntilRollback(() -> bodies(st, "sf_docs"));
            assertTrue(why.contains("app.tenant"), why);
            assertTrue(!why.contains("'a'") && !why.contains("'b'") && !why.contains("for a"), why);
            c.rollback();
            assertEquals(List.of("for b"), bodies(st, "sf_docs"), "the initializer's tenant, once acknowledged");
        }
    }

    @Test
    void aSessionSettingThatIsNotASettingsNameIsRefusedNamingIt() {
        java.util.Properties props = new java.util.Properties();
        props.setProperty("retry.sessionSettings", "app.tenant, x'); drop table t; --");
        SQLException e = assertThrows(SQLException.class, () -> RetryConfig.fromProperties(props, RetryConfig.defaults()));
        assertEquals("22023", e.getSQLState());
        assertTrue(e.getMessage().contains("retry.sessionSettings") && e.getMessage().contains("x')"), e::getMessage);
    }

    @Test
    void aTableMadeInPgTempWithoutTempPinsTheConnection() throws Exception {
        for (String create : List.of("CREATE TABLE pg_temp.sf_scratch (n int)",
                "SET search_path = pg_temp, public; CREATE TABLE sf_scratch (n int)")) {
            try (Connection c = open(RetryConfig.defaults()); Statement st = c.createStatement()) {
                st.execute(create);
                st.execute("INSERT INTO sf_scratch VALUES (1)");
                assertEquals(1, pg.terminateBackends(VICTIM));
                // the next insert must not land in the permanent public.sf_scratch on a new connection
                assertLostUntilRollback(() -> st.execute("INSERT INTO sf_scratch VALUES (2)"));
            }
            assertEquals(0, pg.queryLong("SELECT count(*) FROM public.sf_scratch"), create);
        }
    }

    @Test
    void aSetConfigIsRestoredOnlyAsItResolvedWhenTheApplicationRanIt() throws Exception {
        // a schema of the application's with its own set_config, ahead of pg_catalog in the search_path
        pg.sql("CREATE SCHEMA IF NOT EXISTS tenancy", "GRANT USAGE ON SCHEMA tenancy TO sf_app",
                "CREATE OR REPLACE FUNCTION tenancy.set_config(k text, v text, l boolean) RETURNS text LANGUAGE sql"
                        + " AS $$ SELECT pg_catalog.set_config(k, 'tenant_' || v, l) $$",
                "GRANT EXECUTE ON FUNCTION tenancy.set_config(text, text, boolean) TO sf_app");
        // an initializer: the application vouches for its session, so the layer restores what it saw
        RetryConfig config = RetryConfig.defaults().withInitializer(physical -> { });
        try (Connection c = open(config); Statement st = c.createStatement()) {
            st.execute("SET search_path = tenancy, pg_catalog, public");
            st.execute("SELECT set_config('app.tenant', 'acme', false)");
            st.execute("SET search_path = public");
            assertEquals("tenant_acme", tenant(st));
            assertEquals(1, pg.terminateBackends(VICTIM));
            // run again under today's search_path it would set 'acme': under its own it reaches the
            // application's function, which the server does not prove only sets, so it is not run
            SQLException e = assertThrows(SQLException.class, () -> tenant(st));
            assertEquals("08003", e.getSQLState(), () -> "got " + e);
            assertTrue(e.getMessage().contains("app.tenant"), e::getMessage);
            c.rollback();
            assertEquals("", tenant(st), "a new session without the setting, once acknowledged");
        } finally {
            pg.sql("DROP SCHEMA tenancy CASCADE");
        }
    }

    // ---- helpers

    private static String tenant(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT coalesce(current_setting('app.tenant', true), '')")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private Connection open(RetryConfig config) throws SQLException {
        return new Physical(pg.jdbcUrl("sf_app") + "&ApplicationName=" + VICTIM).open(config);
    }

    private interface Call {
        Object run() throws SQLException;
    }

    /**
     * The loss reaches the application (the statement that found it fails: the loss itself, or 08003
     * when the new session was refused) and every later call gets 08003 until rollback(): nothing ran
     * on a session without the state.
     */
    /** ... and returns the messages of the refusal and its causes, which say why. */
    private static String assertLostUntilRollback(Call call) {
        SQLException first = assertThrows(SQLException.class, call::run, "not healed onto a session without the state");
        assertTrue(first.getSQLState().startsWith("08") || first.getSQLState().startsWith("57P"), () -> "got " + first);
        SQLException then = assertThrows(SQLException.class, call::run, "refused until rollback()");
        assertEquals("08003", then.getSQLState(), () -> "got " + then);
        assertTrue(String.valueOf(then.getMessage()).contains("rollback()"), then::getMessage);
        StringBuilder why = new StringBuilder();
        for (Throwable t = then; t != null; t = t.getCause()) {
            why.append(t.getMessage()).append(" / ");
        }
        return why.toString();
    }

    private static String currentUser(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT current_user")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static List<String> bodies(Statement st, String table) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT body FROM " + table + " ORDER BY body")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
