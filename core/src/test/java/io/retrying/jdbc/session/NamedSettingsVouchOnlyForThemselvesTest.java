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
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 36, "a session handed on is the session the application would get": with
 * {@code retry.sessionSettings}, the layer reads the named values after a statement that calls
 * code, and a heal restores them. That read vouches only for what it read: a session advisory
 * lock, a role or a setting not named, left by the same code, must still stop a heal (08003
 * until rollback(), as without named settings), never be silently dropped while the application
 * carries on. Real backend kills; a function that only sets a named setting still heals.
 */
@ExtendWith(PgExtension.class)
class NamedSettingsVouchOnlyForThemselvesTest {

    private static final String VICTIM = "nv-victim";
    private static final RetryConfig NAMED = RetryConfig.defaults().withSessionSettings(List.of("app.tenant"));
    private final PgServer pg;

    NamedSettingsVouchOnlyForThemselvesTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void schema(PgServer pg) {
        pg.createRole("nv_app");
        pg.sql("CREATE ROLE nv_reader",
                "GRANT nv_reader TO nv_app",
                "CREATE FUNCTION nv_grab(k int) RETURNS void LANGUAGE sql AS $$ SELECT pg_advisory_lock(k) $$",
                "CREATE FUNCTION nv_enter(t text, k int) RETURNS void LANGUAGE plpgsql"
                        + " AS $$ BEGIN PERFORM set_config('app.tenant', t, false); PERFORM pg_advisory_lock(k); END $$",
                "CREATE FUNCTION nv_set_tenant(t text) RETURNS void LANGUAGE sql"
                        + " AS $$ SELECT set_config('app.tenant', t, false) $$",
                "CREATE FUNCTION nv_become(r text) RETURNS void LANGUAGE plpgsql"
                        + " AS $$ BEGIN EXECUTE 'SET ROLE ' || r; END $$",
                "CREATE FUNCTION nv_tune() RETURNS void LANGUAGE plpgsql AS $$ BEGIN SET work_mem = '7MB'; END $$",
                "GRANT EXECUTE ON FUNCTION nv_grab(int), nv_enter(text, int), nv_set_tenant(text), nv_become(text),"
                        + " nv_tune() TO nv_app");
    }

    @Test
    void aSessionLockTakenInsideAFunctionStopsAHealDespiteNamedSettings() throws Exception {
        try (Connection c = open(); Statement st = c.createStatement()) {
            st.execute("SELECT nv_grab(42)");
            assertEquals(1, lockHolders(42), "the function took the session lock");
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertLostUntilRollback(() -> st.execute("SELECT 1"));
            assertEquals(0, lockHolders(42), "the lock died with its session, and the application was told");
            c.rollback();
            assertEquals(1, one(st, "SELECT 1"), "acknowledged: a new session, without the lock");
        }
    }

    @Test
    void aFunctionSettingANamedSettingAndALockStopsAHeal() throws Exception {
        try (Connection c = open(); Statement st = c.createStatement()) {
            st.execute("SELECT nv_enter('a', 43)");
            assertEquals(1, lockHolders(43));
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertLostUntilRollback(() -> tenant(st));
            assertEquals(0, lockHolders(43));
        }
    }

    @Test
    void aFunctionSettingOnlyANamedSettingStillHeals() throws Exception {
        try (Connection c = open(); Statement st = c.createStatement()) {
            st.execute("SELECT nv_set_tenant('a')");
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertEquals("a", tenant(st), "healed, the tenant restored");
        }
    }

    @Test
    void aRoleSetByExecuteInsideAFunctionStopsAHeal() throws Exception {
        try (Connection c = open(); Statement st = c.createStatement()) {
            st.execute("SELECT nv_become('nv_reader')");
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertLostUntilRollback(() -> one(st, "SELECT 1"));
            c.rollback();
            try (ResultSet rs = st.executeQuery("SELECT current_user")) {
                rs.next();
                assertEquals("nv_app", rs.getString(1));
            }
        }
    }

    @Test
    void aSettingNotNamedSetInsideAFunctionStopsAHeal() throws Exception {
        try (Connection c = open(); Statement st = c.createStatement()) {
            st.execute("SELECT nv_tune()");
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertLostUntilRollback(() -> one(st, "SELECT 1"));
        }
    }

    private Connection open() throws SQLException {
        return new Physical(pg.jdbcUrl("nv_app") + "&ApplicationName=" + VICTIM).open(NAMED);
    }

    /** How many sessions hold the advisory lock {@code key}: asked on another connection. */
    private int lockHolders(int key) throws SQLException {
        try (Connection admin = pg.connect(); Statement st = admin.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted"
                     + " AND objid = " + key)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private interface Call {
        Object run() throws SQLException;
    }

    /** The loss reaches the application, and every later call gets 08003 until rollback(). */
    private static void assertLostUntilRollback(Call call) {
        SQLException first = assertThrows(SQLException.class, call::run, "not healed onto a session without the state");
        assertTrue(first.getSQLState().startsWith("08") || first.getSQLState().startsWith("57P"), () -> "got " + first);
        SQLException then = assertThrows(SQLException.class, call::run, "refused until rollback()");
        assertEquals("08003", then.getSQLState(), () -> "got " + then);
        assertTrue(String.valueOf(then.getMessage()).contains("rollback()"), then::getMessage);
    }

    private static String tenant(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT current_setting('app.tenant', true)")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static int one(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
