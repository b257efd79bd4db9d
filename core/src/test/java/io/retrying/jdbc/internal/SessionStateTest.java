package io.retrying.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
