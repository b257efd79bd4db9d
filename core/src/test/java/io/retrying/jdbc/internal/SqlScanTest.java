package io.retrying.jdbc.internal;

import static io.retrying.jdbc.internal.SqlScan.CALLS;
import static io.retrying.jdbc.internal.SqlScan.MULTI;
import static io.retrying.jdbc.internal.SqlScan.PINS;
import static io.retrying.jdbc.internal.SqlScan.READ_CANDIDATE;
import static io.retrying.jdbc.internal.SqlScan.SESSION;
import static io.retrying.jdbc.internal.SqlScan.TX_BEGIN;
import static io.retrying.jdbc.internal.SqlScan.TX_CONTROL;
import static io.retrying.jdbc.internal.SqlScan.TX_END;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SqlScanTest {

    private static boolean has(String sql, int flag) {
        return (SqlScan.analyze(sql) & flag) != 0;
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT 1", "  select * from t where a = 'INSERT'", "WITH x AS (SELECT 1) SELECT * FROM x",
            "VALUES (1), (2)", "SHOW search_path", "TABLE t", "/* DELETE */ SELECT 1 -- UPDATE\n",
            "SELECT $$ delete $$", "SELECT 1; SELECT 2", "SELECT \"update\" FROM t",
            "SELECT E'it\\'s; DELETE' AS x",
    })
    void readOnlyCandidates(String sql) {
        assertTrue(has(sql, READ_CANDIDATE), sql);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "INSERT INTO t VALUES (1)", "UPDATE t SET a = 1", "DELETE FROM t",
            "WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d", "SELECT * FROM t FOR UPDATE",
            "SELECT * FROM t FOR KEY SHARE", "SELECT * INTO t2 FROM t", "SELECT 1; DELETE FROM t",
            "EXPLAIN ANALYZE SELECT 1", "SELECT 1 WHERE 'a' LIKE'a\\'; DELETE FROM t", "CALL p()", "DO $$ BEGIN END $$", "MERGE INTO t USING s ON true WHEN MATCHED THEN DELETE",
    })
    void notReadOnlyCandidates(String sql) {
        assertFalse(has(sql, READ_CANDIDATE), sql);
    }

    @Test
    void functionCallsAreFoundOutsideLiteralsAndKeywords() {
        assertFalse(has("SELECT a FROM t WHERE b IN (1, 2) AND EXISTS (SELECT 1)", CALLS));
        assertFalse(has("SELECT 'now()' AS x", CALLS));
        assertTrue(has("SELECT now()", CALLS));
        assertEquals(List.of("count", "lower", "my func", "now"),
                SqlScan.references("SELECT count(*), lower ( name ), \"my func\"(1), pg_catalog.now() FROM t").functions());
    }

    @Test
    void referencesHoldTheWordsAndOperatorsTheServerMustJudge() {
        SqlScan.References refs = SqlScan.references(
                "SELECT a, \"Odd View\".b FROM s.v JOIN \"Odd View\" ON a=-1 AND b <-> 'x' WHERE c ### d -- e ~~ f\n/* g !! h */");
        assertEquals(List.of(), refs.functions());
        // words are lower-cased unless quoted (the server filters them down to views and row-secured tables)
        assertTrue(refs.words().containsAll(List.of("a", "Odd View", "b", "s", "v", "c", "d")), refs.words().toString());
        assertFalse(refs.words().contains("x"), "a literal is no name");
        assertFalse(refs.words().contains("e") || refs.words().contains("g"), "comments are skipped");
        // "=-" is PostgreSQL's "=" and a prefix "-"; both readings are looked up
        assertEquals(List.of("=-", "-", "=", "<->", "###"), refs.operators());
        assertEquals(List.of("~~+"), SqlScan.references("SELECT a ~~+ b").operators(), "a trailing + stays with ~");
        assertEquals(List.of("*", "/"), SqlScan.references("SELECT 2*3/4").operators());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "CREATE TEMP TABLE x (a int)", "create temporary table x (a int)", "CREATE GLOBAL TEMPORARY TABLE x (a int)",
            "SELECT * INTO TEMP x FROM t", "LISTEN ch", "PREPARE p AS SELECT 1", "DECLARE c CURSOR WITH HOLD FOR SELECT 1",
            "SELECT pg_advisory_lock(1)", "SELECT pg_try_advisory_lock_shared(1)", "COPY t FROM STDIN",
            "SELECT lo_creat(-1)", "SELECT 1; LISTEN ch",
    })
    void pinningStatements(String sql) {
        assertTrue(has(sql, PINS), sql);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT temp FROM weather", "SELECT pg_advisory_xact_lock(1)", "DECLARE c CURSOR FOR SELECT 1",
            "SELECT 'LISTEN'", "CREATE TABLE temp (a int)", "UPDATE t SET temp = 1",
    })
    void nonPinningStatements(String sql) {
        assertFalse(has(sql, PINS), sql);
    }

    @Test
    void sessionAndTransactionControl() {
        assertTrue(has("SET search_path TO a", SESSION));
        assertTrue(has("reset all", SESSION));
        assertTrue(has("SELECT 1; SET x.y = 1", SESSION | MULTI));
        assertFalse(has("UPDATE t SET a = 1", SESSION));
        assertTrue(has("BEGIN", TX_BEGIN));
        assertTrue(has("COMMIT", TX_END));
        assertTrue(has("ROLLBACK", TX_END));
        assertFalse(has("ROLLBACK TO SAVEPOINT s", TX_END));
        assertTrue(has("ROLLBACK TO SAVEPOINT s", TX_CONTROL));
    }

    @Test
    void statementsSplitAtTopLevelSemicolons() {
        assertEquals(List.of("SET a = ';'", "SET b = 2"), SqlScan.statements("SET a = ';'; SET b = 2;"));
    }

    @Test
    void setConfigCallsAreFoundWithWhatTheirTextSays() {
        assertTrue(has("SELECT set_config('a.b', ?, false)", SqlScan.CONFIG));
        assertTrue(has("select PG_CATALOG.SET_CONFIG('a.b', 'x', true)", SqlScan.CONFIG));
        assertFalse(has("SELECT 'set_config(1)'", SqlScan.CONFIG));
        assertEquals(List.of(new SqlScan.ConfigCall("a.b", false)),
                SqlScan.configCalls("SELECT set_config('a.b', coalesce(?, 'x,y'), false)"));
        assertEquals(List.of(new SqlScan.ConfigCall("it's", true), new SqlScan.ConfigCall(null, null)),
                SqlScan.configCalls("SELECT set_config('it''s', f(1, 2), 't'), set_config(?, ?, ?)"));
        assertTrue(SqlScan.onlySetsConfig("SELECT set_config('a.b', ?, false)", SqlScan.analyze("SELECT set_config('a.b', ?, false)")));
        String fromTable = "SELECT set_config('a.b', x, false) FROM t";
        assertFalse(SqlScan.onlySetsConfig(fromTable, SqlScan.analyze(fromTable)));
    }
}
