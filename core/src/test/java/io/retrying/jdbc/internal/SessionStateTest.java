package io.retrying.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.internal.SessionState.Change;
import io.retrying.jdbc.internal.SessionState.Change.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionStateTest {

    @Test
    void recognisesSetResetAndSetRoleAndIgnoresSetLocal() {
        assertEquals(new Change(Kind.SET, "search_path"), Change.of("SET search_path TO app, public"));
        assertEquals(new Change(Kind.SET, "search_path"), Change.of("set session search_path = app"));
        assertEquals(new Change(Kind.SET, "search_path"), Change.of("SET SCHEMA 'app'"));
        assertEquals(new Change(Kind.SET, "statement_timeout"), Change.of("SET statement_timeout=5000"));
        assertEquals(new Change(Kind.SET, "myapp.tenant"), Change.of("SET myapp.tenant = 'a'"));
        assertEquals(new Change(Kind.SET, "role"), Change.of("SET ROLE reporting"));
        assertEquals(new Change(Kind.REMOVE, "role"), Change.of("SET ROLE NONE"));
        assertEquals(new Change(Kind.REMOVE, "role"), Change.of("RESET ROLE"));
        assertEquals(new Change(Kind.SET, "timezone"), Change.of("SET TIME ZONE 'UTC'"));
        assertEquals(new Change(Kind.REMOVE, "work_mem"), Change.of("SET work_mem TO DEFAULT"));
        assertEquals(new Change(Kind.REMOVE, "work_mem"), Change.of("RESET work_mem"));
        assertEquals(new Change(Kind.CLEAR, null), Change.of("RESET ALL"));
        assertEquals(new Change(Kind.CLEAR, null), Change.of("DISCARD ALL"));
        assertEquals(Change.IGNORED, Change.of("SET LOCAL search_path TO x"));
        assertEquals(Change.IGNORED, Change.of("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE"));
        assertEquals(Change.IGNORED, Change.of("SET CONSTRAINTS ALL DEFERRED"));
    }

    @Test
    void keepsTheLatestSettingPerParameterInOrderOfChange() {
        SessionState s = new SessionState();
        s.sqlExecuted("SET search_path TO a", false);
        s.sqlExecuted("SET ROLE r; SET work_mem = '8MB'", false);
        s.sqlExecuted("SET LOCAL statement_timeout = 1", false);
        s.sqlExecuted("SET search_path TO b", false);
        assertEquals(List.of("SET ROLE r", "SET work_mem = '8MB'", "SET search_path TO b"), s.sqlSettings());
        s.sqlExecuted("RESET work_mem", false);
        s.sqlExecuted("SET ROLE NONE", false);
        assertEquals(List.of("SET search_path TO b"), s.sqlSettings());
        s.sqlExecuted("RESET ALL", false);
        assertEquals(List.of(), s.sqlSettings());
    }

    @Test
    void setsInsideATransactionCountOnlyOnceCommitted() {
        SessionState s = new SessionState();
        s.sqlExecuted("SET search_path TO a", true);
        assertEquals(List.of(), s.sqlSettings());
        s.rolledBack();
        s.committed();
        assertEquals(List.of(), s.sqlSettings());
        s.sqlExecuted("SET search_path TO b", true);
        s.committed();
        assertEquals(List.of("SET search_path TO b"), s.sqlSettings());
    }

    private static String config(SessionState s, String sql, boolean inTransaction) {
        return s.configExecuted(sql, SqlScan.analyze(sql), null, inTransaction);
    }

    @Test
    void aSessionSetConfigIsKeptUnderItsNameAndMeetsSetAndReset() {
        SessionState s = new SessionState();
        assertNull(config(s, "SELECT set_config('App.Tenant', 'a', false)", false));
        assertNull(config(s, "SELECT set_config('app.region', 'eu', true)", false)); // is_local: ends with its transaction
        assertEquals(List.of("SELECT set_config('App.Tenant', 'a', false)"), s.sqlSettings());
        s.sqlExecuted("SET app.tenant = 'b'", false); // the same setting: the later one replaces it
        assertEquals(List.of("SET app.tenant = 'b'"), s.sqlSettings());
        assertNull(config(s, "SELECT set_config('app.tenant', 'c', false), set_config('app.user', 'u', false)", false));
        assertEquals(2, s.sqlSettings().size(), "two names in one statement: kept by its text");
        s.sqlExecuted("RESET ALL", false);
        assertEquals(List.of(), s.sqlSettings());

        assertNull(config(s, "SELECT set_config('app.tenant', 'a', false)", true));
        s.rolledBack();
        assertEquals(List.of(), s.sqlSettings(), "rolled back: never took effect");
    }

    @Test
    void aSetConfigThatCannotRunAgainSaysWhy() {
        SessionState s = new SessionState();
        assertTrue(config(s, "SELECT set_config('app.t', 'a', ?)", false).contains("is_local"));
        assertTrue(config(s, "SELECT set_config('app.t', name, false) FROM tenants", false).contains("does more than set"));
        assertTrue(config(s, "SELECT set_config('app.t', 'a', false), nextval('s')", false).contains("does more than set"));
        assertTrue(config(s, "UPDATE t SET a = set_config('app.t', 'a', false)", false).contains("does more than set"));
        assertEquals(List.of(), s.sqlSettings());
    }
}
