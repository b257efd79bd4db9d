package io.retrying.jdbc.internal.sql;

import static io.retrying.jdbc.internal.sql.SqlScan.CALLS;
import static io.retrying.jdbc.internal.sql.SqlScan.MULTI;
import static io.retrying.jdbc.internal.sql.SqlScan.PINS;
import static io.retrying.jdbc.internal.sql.SqlScan.READ_CANDIDATE;
import static io.retrying.jdbc.internal.sql.SqlScan.SESSION;
import static io.retrying.jdbc.internal.sql.SqlScan.TX_BEGIN;
import static io.retrying.jdbc.internal.sql.SqlScan.TX_CONTROL;
import static io.retrying.jdbc.internal.sql.SqlScan.TX_END;
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
        assertTrue(has("SELECT \"my func\"(1)", CALLS));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT set_config('app.tenant', ?, false)", "select pg_catalog.set_config('a.b', 'it''s', FALSE);",
            "SELECT set_config('a.b', $1::text, false), set_config('a.c', 'x', 'false'::boolean)",
    })
    void onlySetsIsReadOnlyFromThePlainestForm(String sql) {
        assertTrue(ConfigCalls.onlySetsConfig(sql, SqlScan.analyze(sql)), sql);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT set_config('a.b', x, false) FROM t", "SELECT set_config('a.b', 'x', false), audit /* c */ ('y')",
            "SELECT set_config('a.b', 'x' ### 'y', false)", "SELECT set_config /* c */ ('a.b', 'x', false)",
            "SELECT set_config('a.b', E'x', false)", "SELECT set_config('a.b', 'x\\', false)",
            "SELECT set_config('a.b', lower('X'), false)", "SELECT \"set_config\"('a.b', 'x', false)",
            "SELECT set_config('a.b', 'x', false); SELECT 1", "SELECT set_config('a.b', 'x', false) -- c",
            "SELECT set_config('a.b', ?, false), p.greeted", "SELECT myschema.set_config('a.b', 'x', false)",
    })
    void anythingElseIsNotOnlySetting(String sql) {
        assertFalse(ConfigCalls.onlySetsConfig(sql, SqlScan.analyze(sql)), sql);
    }

    @Test
    void aSetConfigCallIsFoundThroughACommentAndTheWordAloneFlagsIt() {
        assertEquals(List.of(new ConfigCalls.ConfigCall("a.b", false)),
                ConfigCalls.configCalls("SELECT set_config /* c */ ('a.b', 'x', false)"));
        assertTrue(has("SELECT \"set_config\"('a.b', 'x', false)", SqlScan.CONFIG));
        assertTrue(has("SELECT set_config /* c */ ('a.b', 'x', false)", SqlScan.CONFIG));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "CREATE TEMP TABLE x (a int)", "create temporary table x (a int)", "CREATE GLOBAL TEMPORARY TABLE x (a int)",
            "SELECT * INTO TEMP x FROM t", "LISTEN ch", "PREPARE p AS SELECT 1", "DECLARE c CURSOR WITH HOLD FOR SELECT 1",
            "SELECT pg_advisory_lock(1)", "SELECT pg_try_advisory_lock_shared(1)", "COPY t FROM STDIN",
            "SELECT lo_creat(-1)", "SELECT 1; LISTEN ch", "SELECT pg_advisory_lock /* c */ (1)",
            "SELECT \"pg_advisory_lock\"(1)", "SELECT lo_creat -- c\n(-1)", "SELECT f(pg_advisory_lock)",
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
        assertEquals(List.of(new ConfigCalls.ConfigCall("a.b", false)),
                ConfigCalls.configCalls("SELECT set_config('a.b', coalesce(?, 'x,y'), false)"));
        assertEquals(List.of(new ConfigCalls.ConfigCall("it's", true), new ConfigCalls.ConfigCall(null, null)),
                ConfigCalls.configCalls("SELECT set_config('it''s', f(1, 2), 't'), set_config(?, ?, ?)"));
        assertTrue(ConfigCalls.onlySetsConfig("SELECT set_config('a.b', ?, false)", SqlScan.analyze("SELECT set_config('a.b', ?, false)")));
        String fromTable = "SELECT set_config('a.b', x, false) FROM t";
        assertFalse(ConfigCalls.onlySetsConfig(fromTable, SqlScan.analyze(fromTable)));
    }

    @Test
    void theMemoOfRecentTextsAnswersAsTheScanDoesForEveryText() {
        // texts that share a memo slot (same hash modulo the slot count), texts equal in content but
        // not the same object, and texts whose flags differ: a remembered answer is never another text's
        List<String> texts = new java.util.ArrayList<>(List.of("SELECT 1", "UPDATE t SET a = 1", "SET search_path = x",
                "SELECT pg_advisory_lock(1)", "BEGIN", "COMMIT", "SELECT f(1)", "LISTEN ch", "INSERT INTO t VALUES (1)"));
        texts.add("SELECT 1 /*" + "x".repeat(5000) + "*/"); // too long to be kept: scanned each time
        texts.add("UPDATE t SET a = 1 /*" + "x".repeat(5000) + "*/");
        for (int i = 0; i < 200; i++) {
            texts.add((i % 3 == 0 ? "SELECT v FROM t" : i % 3 == 1 ? "DELETE FROM t" : "SELECT now()") + " WHERE id = " + i);
        }
        for (int round = 0; round < 3; round++) {
            for (String sql : texts) {
                String copy = new String(sql.toCharArray());
                assertEquals(SqlScan.scan(sql), SqlScan.analyze(sql), sql);
                assertEquals(SqlScan.scan(sql), SqlScan.analyze(copy), sql + " (an equal text, another object)");
            }
        }
    }

    /**
     * A relation's column list is not a call of a function named after the relation: Hibernate's and
     * Spring's {@code SimpleJdbcInsert}'s inserts name their columns, and each such insert used to mark the
     * session as having called the application's code.
     */
    @ParameterizedTest
    @ValueSource(strings = {
            "INSERT INTO t (a, b) VALUES (1, 2)", "insert into s.t(a) values (?)", "INSERT INTO \"T\" (\"a\") VALUES ($1)",
            "INSERT INTO public.\"rental\" (rental_date, inventory_id) VALUES (now(), ?) RETURNING rental_id",
            "INSERT INTO \"s\".\"t\" (a) SELECT max(a) FROM u", "INSERT INTO /* target */ t /* cols */ (a) VALUES (1)",
            "INSERT INTO t (id, n) VALUES (1, 2) ON CONFLICT (id) DO UPDATE SET n = excluded.n",
            "INSERT INTO t (id) VALUES (1) ON CONFLICT ((lower(id))) DO NOTHING",
            "MERGE INTO t (a) USING s ON t.a = s.a WHEN MATCHED THEN DELETE",
            "COPY t (a, b) FROM STDIN", "COPY s.t (a) TO STDOUT",
            "CREATE TABLE t (id int REFERENCES u (id), n int)", "CREATE TEMP TABLE IF NOT EXISTS x.t (a int)",
            "CREATE OR REPLACE VIEW v (a, b) AS SELECT 1, 2", "CREATE INDEX i ON t (a)", "CREATE INDEX IF NOT EXISTS i ON ONLY t (a)",
            "ALTER TABLE t ADD FOREIGN KEY (a) REFERENCES s.u (id)",
    })
    void aColumnListIsNoCallOfTheApplicationsCode(String sql) {
        assertFalse(has(sql, SqlScan.APPLICATION_CALL), sql);
    }

    /** ... but a word this reading is not sure of stays a call: the layer is only ever more careful. */
    @ParameterizedTest
    @ValueSource(strings = {
            "INSERT INTO t (a) VALUES (f(1))", "INSERT INTO t (a) SELECT g(x) FROM u",
            "INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = h(excluded.a)",
            "SELECT * FROM a JOIN b ON conflict(a.x)", "SELECT * FROM a JOIN b ON conflict(a.x) WHERE true",
            "SELECT * FROM a JOIN b ON (conflict(a.x)) ORDER BY 1", "INSERT INTO if (a) VALUES (1)",
            "INSERT INTO t SELECT * FROM a JOIN b ON conflict(a.x) ON CONFLICT DO NOTHING",
            "SELECT f(1) INTO t", "SELECT * FROM t WHERE a IN (SELECT my_func(b) FROM u)", "CALL p()",
            "CREATE INDEX i ON t (my_index_func(a))", "UPDATE t SET a = f(a)", "DELETE FROM t WHERE g(a)",
            "SELECT * FROM t, u(1)", "COPY (SELECT f(1)) TO STDOUT", "INSERT INTO t (a) VALUES (1); SELECT f()",
    })
    void aCallNextToAColumnListStillCounts(String sql) {
        assertTrue(has(sql, SqlScan.APPLICATION_CALL), sql);
    }
}
