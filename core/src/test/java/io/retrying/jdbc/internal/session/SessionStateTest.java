package io.retrying.jdbc.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.internal.session.SettingStatements.Change;
import io.retrying.jdbc.internal.session.SettingStatements.Kind;
import io.retrying.jdbc.internal.sql.SqlScan;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionStateTest {

    private static Change one(String sql) {
        List<Change> changes = SettingStatements.of(sql);
        assertEquals(1, changes.size(), sql + ": " + changes);
        return changes.get(0);
    }

    private static void reads(String sql, Kind kind, String key) {
        Change c = one(sql);
        assertTrue(c.is(kind, key), sql + " read as " + c.kind() + " " + c.key());
    }

    @Test
    void readsSetAndResetAsTheGrammarHasThem() {
        reads("SET search_path TO app, public", Kind.SET, "search_path");
        reads("set session search_path = app", Kind.SET, "search_path");
        reads("SET SCHEMA 'app'", Kind.SET, "search_path");
        reads("SET statement_timeout=5000", Kind.SET, "statement_timeout");
        reads("SET myapp.tenant = 'a'", Kind.SET, "myapp.tenant");
        reads("SET \"MyApp\".tenant = 'a'", Kind.UNREADABLE, "SET \"MyApp\".tenant = 'a'");
        reads("SET ROLE reporting", Kind.SET, "role");
        reads("SET SESSION ROLE reporting", Kind.SET, "role");
        reads("SET ROLE NONE", Kind.REMOVE, "role");
        reads("RESET ROLE", Kind.REMOVE, "role");
        reads("SET TIME ZONE 'UTC'", Kind.SET, "timezone");
        reads("SET TIME ZONE LOCAL", Kind.REMOVE, "timezone");
        reads("SET work_mem TO DEFAULT", Kind.REMOVE, "work_mem");
        reads("SET work_mem TO 'default'", Kind.SET, "work_mem");
        reads("RESET work_mem", Kind.REMOVE, "work_mem");
        reads("RESET ALL", Kind.RESET_ALL, null);
        reads("DISCARD ALL", Kind.DISCARD_ALL, null);
        reads("DISCARD PLANS", Kind.IGNORE, null);
        reads("SET SESSION AUTHORIZATION alice", Kind.SESSION_AUTHORIZATION, "session_authorization");
        reads("SET SESSION AUTHORIZATION DEFAULT", Kind.SESSION_AUTHORIZATION, "session_authorization");
        assertNull(one("RESET SESSION AUTHORIZATION").restore(), "back to the login user");
        reads("SET LOCAL search_path TO x", Kind.IGNORE, null);
        reads("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE", Kind.IGNORE, null);
        reads("SET transaction_isolation = 'serializable'", Kind.IGNORE, null);
        reads("SET CONSTRAINTS ALL DEFERRED", Kind.IGNORE, null);
        assertEquals(List.of(), SettingStatements.of("SELECT 1"));
    }

    @Test
    void aCommentBeforeTheSetDoesNotHideIt() { // issue 13 case 4
        reads("/* tag */ SET search_path = tenant_a", Kind.SET, "search_path");
        reads("-- tenant\nSET /* inner /* nested */ */ search_path = tenant_a", Kind.SET, "search_path");
        SessionState s = new SessionState();
        assertNull(s.sqlExecuted("/* tag */ SET search_path = tenant_a", false));
        assertEquals(List.of("/* tag */ SET search_path = tenant_a"), s.sqlSettings());
    }

    @Test
    void sessionCharacteristicsAreOneSettingPerMode() { // issue 13 case 5
        List<Change> changes = SettingStatements.of("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
        assertEquals(2, changes.size());
        assertTrue(changes.get(0).is(Kind.SET, "default_transaction_isolation"));
        assertTrue(changes.get(1).is(Kind.SET, "default_transaction_read_only"));

        SessionState s = new SessionState();
        s.sqlExecuted("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL REPEATABLE READ", false);
        s.sqlExecuted("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY", false);
        assertEquals(List.of("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL REPEATABLE READ",
                "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"), s.sqlSettings());
        s.sqlExecuted("SET SESSION CHARACTERISTICS AS TRANSACTION NOT DEFERRABLE ISOLATION LEVEL SERIALIZABLE", false);
        s.sqlExecuted("RESET default_transaction_read_only", false);
        assertEquals(List.of("SET SESSION CHARACTERISTICS AS TRANSACTION NOT DEFERRABLE",
                "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL SERIALIZABLE"), s.sqlSettings());
    }

    @Test
    void theSetterAndTheSqlAreOneSettingAndTheLaterWins() { // issue 13 case 6
        SessionState s = new SessionState();
        s.isolation(Connection.TRANSACTION_SERIALIZABLE);
        s.sqlExecuted("SET default_transaction_isolation = 'read committed'", false);
        assertEquals(List.of("SET default_transaction_isolation = 'read committed'"), s.sqlSettings());
        s.sqlExecuted("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL REPEATABLE READ", false);
        s.isolation(Connection.TRANSACTION_SERIALIZABLE);
        assertEquals(List.of("setTransactionIsolation(8)"), s.sqlSettings());

        s.schema("a", false);
        s.sqlExecuted("SET search_path TO b", false);
        s.clientInfo("ApplicationName", "x", false);
        s.sqlExecuted("SET application_name = 'y'", false);
        assertEquals(List.of("setTransactionIsolation(8)", "SET search_path TO b", "SET application_name = 'y'"),
                s.sqlSettings());
        s.schema(null, false);
        assertEquals(List.of("setTransactionIsolation(8)", "SET application_name = 'y'"), s.sqlSettings());
    }

    @Test
    void resetAllKeepsTheRoleAndTheSessionAuthorization() { // issue 13 case 1
        SessionState s = new SessionState();
        s.sqlExecuted("SET search_path TO a", false);
        s.sqlExecuted("SET ROLE r; SET work_mem = '8MB'", false);
        s.isolation(Connection.TRANSACTION_SERIALIZABLE);
        s.readOnly(true);
        s.sqlExecuted("RESET ALL", false);
        assertEquals(List.of("SET ROLE r", "setReadOnly(true)"), s.sqlSettings(),
                "the role stays, the isolation setter is reset with its setting, pgjdbc's read-only flag stays");
        s.sqlExecuted("DISCARD ALL", false);
        assertEquals(List.of("setReadOnly(true)"), s.sqlSettings());
    }

    @Test
    void sessionAuthorizationResetsTheRole() { // issue 13 case 2
        SessionState s = new SessionState();
        s.sqlExecuted("SET ROLE alice", false);
        s.sqlExecuted("SET SESSION AUTHORIZATION DEFAULT", false);
        assertEquals(List.of(), s.sqlSettings());
        s.sqlExecuted("SET SESSION AUTHORIZATION bob; SET ROLE alice", false);
        assertEquals(List.of("SET SESSION AUTHORIZATION bob", "SET ROLE alice"), s.sqlSettings());
        s.sqlExecuted("SET SESSION AUTHORIZATION carol", false);
        assertEquals(List.of("SET SESSION AUTHORIZATION carol"), s.sqlSettings());
        s.sqlExecuted("RESET SESSION AUTHORIZATION", false);
        assertEquals(List.of(), s.sqlSettings());
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
        // BEGIN ... COMMIT / ROLLBACK in one string
        s.sqlExecuted("BEGIN; SET work_mem = '1MB'; ROLLBACK; SET statement_timeout = 5", false);
        assertEquals(List.of("SET search_path TO b", "SET statement_timeout = 5"), s.sqlSettings());
    }

    @Test
    void aRollbackToASavepointUndoesWhatCameAfterIt() { // issue 13 case 3
        SessionState s = new SessionState();
        Object sp = new Object();
        s.sqlExecuted("SET work_mem = '1MB'", true);
        s.savepoint(sp, null);
        s.sqlExecuted("SET search_path TO tenant_b", true);
        s.rollbackTo(sp, null);
        s.sqlExecuted("SET statement_timeout = 5", true);
        s.committed();
        assertEquals(List.of("SET work_mem = '1MB'", "SET statement_timeout = 5"), s.sqlSettings());

        // a released savepoint keeps what came after it; SQL savepoints by name, the latest of a name
        SessionState t = new SessionState();
        t.sqlExecuted("SAVEPOINT a; SET work_mem = '1MB'; SAVEPOINT b; SET search_path TO x; RELEASE SAVEPOINT b", true);
        t.sqlExecuted("SAVEPOINT a; SET statement_timeout = 5; ROLLBACK TO SAVEPOINT a; SET timezone = 'UTC'", true);
        t.sqlExecuted("COMMIT", true);
        assertEquals(List.of("SET work_mem = '1MB'", "SET search_path TO x", "SET timezone = 'UTC'"), t.sqlSettings());
    }

    @Test
    void aSetterInsideATransactionIsPendingWithIt() {
        SessionState s = new SessionState();
        s.schema("tenant_a", true);
        s.clientInfo("ApplicationName", "a", true);
        s.rolledBack();
        assertEquals(List.of(), s.sqlSettings());
        s.clientInfo("Other", "ignored by pgjdbc", false);
        assertEquals(List.of(), s.sqlSettings());
    }

    @Test
    void aSessionStatementThatCannotBeReadPins() {
        SessionState s = new SessionState();
        assertNotNull(s.sqlExecuted("SET SESSION CHARACTERISTICS AS TRANSACTION SOMETHING NEW", false));
        assertNotNull(s.sqlExecuted("DISCARD SOMETHING", false));
        assertNotNull(s.sqlExecuted("SET 'quoted' = 1", false));
        assertEquals(List.of(), s.sqlSettings());
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
        String two = "SELECT set_config('app.tenant', 'c', false), set_config('app.user', 'u', false)";
        assertNull(config(s, two, false));
        assertEquals(List.of(two), s.sqlSettings(), "two names in one statement: it runs once");
        s.sqlExecuted("RESET app.tenant", false);
        assertEquals(List.of(two, "RESET app.tenant"), s.sqlSettings(), "it still sets app.user, so app.tenant is reset after it");
        assertNull(config(s, "SELECT set_config('role', 'r', false), set_config('app.x', '1', false)", false));
        s.sqlExecuted("RESET ALL", false);
        assertEquals(List.of("SELECT set_config('role', 'r', false), set_config('app.x', '1', false)", "RESET ALL"),
                s.sqlSettings(), "the role's statement set app.x too: RESET ALL again after it");
        s.sqlExecuted("DISCARD ALL", false);
        assertEquals(List.of(), s.sqlSettings());

        assertNull(config(s, "SELECT set_config('app.tenant', 'a', false)", true));
        s.rolledBack();
        assertEquals(List.of(), s.sqlSettings(), "rolled back: never took effect");
    }

    @Test
    void aSetConfigThatCannotRunAgainSaysWhy() {
        SessionState s = new SessionState();
        assertTrue(config(s, "SELECT set_config('app.t', 'a', ?)", false).contains("is_local"));
        assertTrue(config(s, "SELECT set_config(?, 'a', false)", false).contains("not a literal"));
        assertTrue(config(s, "SELECT set_config('app.t', name, false) FROM tenants", false).contains("does more than set"));
        assertTrue(config(s, "SELECT set_config('app.t', 'a', false), nextval('s')", false).contains("does more than set"));
        assertTrue(config(s, "UPDATE t SET a = set_config('app.t', 'a', false)", false).contains("does more than set"));
        assertEquals(List.of(), s.sqlSettings());
    }
}
