package io.retrying.jdbc.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A session setting follows PostgreSQL's transactional rules for settings: what a (sub)transaction
 * that aborts set is undone, {@code SET LOCAL} and {@code set_config(..., true)} end with their
 * transaction, a released savepoint keeps what it set. So after a real backend kill, the session
 * the layer gives the application must hold what a plain pgjdbc connection running the same
 * statements holds, whether the tenant was set by SQL the layer reads ({@code SET}) or inside a
 * function it names in {@code retry.sessionSettings}; and a row-level-security policy on the
 * tenant shows the same rows.
 *
 * <p>Each row is a script, run once on a plain pgjdbc connection (the control, where a kill step
 * does nothing) and once through the layer, with the backend terminated at each kill step; each
 * {@code observe} records the tenant and the rows the policy lets through, and the two records must
 * be equal.
 */
@ExtendWith(PgExtension.class)
class SessionSettingsFollowTransactionsTest {

    private static final String ROLE = "sv_app";
    private static final String VICTIM = "sv-victim";
    private static final RetryConfig NAMED = RetryConfig.defaults().withSessionSettings(List.of("app.tenant"));

    private final PgServer pg;

    SessionSettingsFollowTransactionsTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void schema(PgServer pg) {
        pg.createRole(ROLE); // not the owner: the policy applies
        pg.sql("CREATE TABLE sv_docs (tenant text, body text)",
                "INSERT INTO sv_docs VALUES ('a', 'for a'), ('b', 'for b'), ('c', 'for c')",
                "ALTER TABLE sv_docs ENABLE ROW LEVEL SECURITY",
                "CREATE POLICY sv_by_tenant ON sv_docs USING (tenant = current_setting('app.tenant', true))",
                "GRANT SELECT ON sv_docs TO " + ROLE,
                "CREATE FUNCTION sv_set_tenant(t text) RETURNS void LANGUAGE sql"
                        + " AS $$ SELECT set_config('app.tenant', t, false) $$",
                "CREATE FUNCTION sv_set_tenant_local(t text) RETURNS void LANGUAGE sql"
                        + " AS $$ SELECT set_config('app.tenant', t, true) $$",
                "GRANT EXECUTE ON FUNCTION sv_set_tenant(text), sv_set_tenant_local(text) TO " + ROLE,
                "CREATE TABLE sv_scratch (n int)",
                "GRANT ALL ON sv_scratch TO " + ROLE);
        pg.sql("CREATE ROLE sv_reader", "GRANT sv_reader TO " + ROLE, "GRANT SELECT ON sv_docs TO sv_reader",
                "CREATE FUNCTION sv_become_reader() RETURNS void LANGUAGE plpgsql AS $$ BEGIN SET ROLE sv_reader; END $$",
                "GRANT EXECUTE ON FUNCTION sv_become_reader() TO " + ROLE);
    }

    // ---- the scripts

    /** A tenant set inside a function the application names in retry.sessionSettings. */
    static Stream<Arguments> setInsideFunctions() {
        String a = "SELECT sv_set_tenant('a')";
        String b = "SELECT sv_set_tenant('b')";
        return Stream.of(
                row("rollback(savepoint) undoes the function's setting, then commit()",
                        sql(a), manual(), savepoint("s"), sql(b), rollbackTo("s"), commit(), kill(), observe()),
                row("ROLLBACK TO SAVEPOINT undoes it, then COMMIT as SQL",
                        sql(a), manual(), sql("SAVEPOINT s"), sql(b), sql("ROLLBACK TO SAVEPOINT s"), sql("COMMIT"),
                        kill(), observe()),
                row("in a transaction begun with SQL in autocommit",
                        sql(a), sql("BEGIN"), sql("SAVEPOINT s"), sql(b), sql("ROLLBACK TO s"), sql("COMMIT"),
                        kill(), observe()),
                row("set_config(..., true) inside a function ends with the transaction",
                        sql(a), manual(), sql("SELECT sv_set_tenant_local('b')"), observe(), commit(), kill(), observe()),
                row("SET LOCAL after the function's setting ends with the transaction",
                        sql(a), manual(), sql(b), sql("SET LOCAL app.tenant = 'c'"), observe(), commit(), kill(),
                        observe()),
                row("RELEASE SAVEPOINT keeps the function's setting",
                        sql(a), manual(), sql("SAVEPOINT s"), sql(b), sql("RELEASE SAVEPOINT s"), commit(), kill(),
                        observe()),
                row("nested: the inner savepoint rolled back, the outer released",
                        sql(a), manual(), sql("SAVEPOINT s1"), sql(b), sql("SAVEPOINT s2"), sql("SELECT sv_set_tenant('c')"),
                        sql("ROLLBACK TO s2"), observe(), sql("RELEASE s1"), commit(), kill(), observe()),
                row("nested: rolled back to the outer savepoint",
                        sql(a), manual(), savepoint("s1"), sql(b), savepoint("s2"), sql("SELECT sv_set_tenant('c')"),
                        release("s2"), rollbackTo("s1"), commit(), kill(), observe()),
                row("a savepoint rolled back after a statement failed, then commit()",
                        sql(a), manual(), sql("SAVEPOINT s"), sql(b), failing("SELECT 1/0"), sql("ROLLBACK TO s"), commit(),
                        kill(), observe()),
                row("a JDBC savepoint rolled back after a statement failed",
                        sql(a), manual(), savepoint("s"), sql(b), failing("SELECT 1/0"), rollbackTo("s"), commit(),
                        kill(), observe()),
                // (a journal with SQL savepoints is not replayed: JDBC's are)
                row("killed inside the transaction after the rollback to the savepoint: the replay",
                        sql(a), manual(), savepoint("s"), sql(b), rollbackTo("s"), kill(), observe(), commit(),
                        kill(), observe()),
                row("killed inside the transaction after a local setting: the replay gives it back, COMMIT ends it",
                        sql(a), manual(), sql("SELECT sv_set_tenant_local('b')"), kill(), observe(), commit(), kill(),
                        observe()),
                row("killed inside the transaction after the function's setting: kept once committed",
                        sql(a), manual(), sql(b), kill(), observe(), commit(), kill(), observe()),
                row("in one string in autocommit",
                        sql(a), sql("BEGIN; SAVEPOINT s; " + b + "; ROLLBACK TO s; COMMIT"), kill(), observe()),
                row("a role entered inside a function, undone by ROLLBACK TO SAVEPOINT",
                        sql(a), manual(), sql("SAVEPOINT s"), sql("SELECT sv_become_reader()"), observe(),
                        sql("ROLLBACK TO s"), commit(), kill(), observe()),
                row("a later transaction changes nothing",
                        sql(a), manual(), sql("SAVEPOINT s"), sql(b), sql("ROLLBACK TO s"), commit(), observe(), commit(),
                        kill(), observe()));
    }

    /** A tenant set by SQL the layer reads ({@code SET}), with and without named settings. */
    static Stream<Arguments> setBySql() {
        String a = "SET app.tenant = 'a'";
        String b = "SET app.tenant = 'b'";
        return Stream.of(
                row("SET undone by ROLLBACK TO SAVEPOINT, then COMMIT",
                        sql(a), manual(), sql("SAVEPOINT s"), sql(b), sql("ROLLBACK TO SAVEPOINT s"), commit(), kill(),
                        observe()),
                row("SET undone by rollback(savepoint)",
                        sql(a), manual(), savepoint("s"), sql(b), rollbackTo("s"), commit(), kill(), observe()),
                row("SET undone by rollback()",
                        sql(a), manual(), sql(b), rollback(), kill(), observe()),
                row("SET undone by ROLLBACK as SQL",
                        sql(a), manual(), sql(b), sql("ROLLBACK"), kill(), observe()),
                row("SET undone by ROLLBACK in a transaction begun with SQL",
                        sql(a), sql("BEGIN"), sql(b), sql("ROLLBACK"), kill(), observe()),
                row("SET kept by RELEASE SAVEPOINT",
                        sql(a), manual(), sql("SAVEPOINT s"), sql(b), sql("RELEASE s"), commit(), kill(), observe()),
                row("nested: the inner released into the outer, the outer rolled back",
                        sql(a), manual(), sql("SAVEPOINT s1"), sql(b), sql("SAVEPOINT s2"), sql("SET app.tenant = 'c'"),
                        sql("RELEASE s2"), sql("ROLLBACK TO s1"), commit(), kill(), observe()),
                row("a savepoint of the same name: the latest is the one rolled back to",
                        sql(a), manual(), sql("SAVEPOINT s"), sql(b), sql("SAVEPOINT s"), sql("SET app.tenant = 'c'"),
                        sql("ROLLBACK TO s"), commit(), kill(), observe()),
                row("SET then a failure, rolled back to the savepoint before the SET",
                        sql(a), manual(), sql("SAVEPOINT s"), sql(b), failing("SELECT 1/0"), sql("ROLLBACK TO s"), commit(),
                        kill(), observe()),
                row("SET LOCAL ends with the transaction, a SET before it holds",
                        sql(a), manual(), sql(b), sql("SET LOCAL app.tenant = 'c'"), commit(), kill(), observe()),
                row("set_config(..., true) ends with the transaction",
                        sql(a), manual(), sql("SELECT set_config('app.tenant', 'b', true)"), commit(), kill(), observe()),
                row("killed inside the transaction after rollback(savepoint): the replay",
                        sql(a), manual(), savepoint("s"), sql(b), rollbackTo("s"), kill(), observe(), commit(),
                        kill(), observe()));
    }

    static Stream<Arguments> setBySqlEitherWay() {
        return setBySql().flatMap(row -> Stream.of(
                Arguments.of(row.get()[0] + " (defaults)", row.get()[1], RetryConfig.defaults()),
                Arguments.of(row.get()[0] + " (named settings)", row.get()[1], NAMED)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("setInsideFunctions")
    void aNamedSettingSetInsideAFunctionIsHealedAsThePlainConnectionHoldsIt(String name, List<Step> script)
            throws Exception {
        assertSameAsPlain(name, script, NAMED);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("setBySqlEitherWay")
    void aSettingSetBySqlIsHealedAsThePlainConnectionHoldsIt(String name, List<Step> script, RetryConfig config)
            throws Exception {
        assertSameAsPlain(name, script, config);
    }

    @Test
    void aFunctionsSettingInATransactionRolledBackIsNeverGivenToTheNewSession() throws Exception {
        // The rollback undid the setting; what else the function left (a session lock) it does not
        // undo, and no read says: the next loss asks the catalogs, and the function is found.
        // Never tenant b's rows.
        for (Step end : List.of(rollback(), sql("ROLLBACK"))) {
            try (Connection c = open(NAMED); Statement st = c.createStatement()) {
                Run run = new Run(c, true);
                for (Step step : List.of(sql("SELECT sv_set_tenant('a')"), manual(), sql("SELECT sv_set_tenant('b')"), end)) {
                    step.on(run);
                }
                assertEquals(1, pg.terminateBackends(VICTIM));
                SQLException lost = assertThrows(SQLException.class, () -> observe(st));
                assertTrue(lost.getSQLState().startsWith("08") || lost.getSQLState().startsWith("57P"), () -> "got " + lost);
                SQLException refused = assertThrows(SQLException.class, () -> observe(st));
                assertEquals("08003", refused.getSQLState(), () -> "got " + refused);
                c.rollback();
                assertEquals(ROLE + "||", observe(st), "acknowledged: a new session with no tenant, no rows");
            }
        }
    }

    @Test
    void aRoleEnteredInsideAFunctionInACommittedTransactionIsNeverEnteredByTheLayer() throws Exception {
        // the values read after COMMIT say who the session runs as: a new session would not
        try (Connection c = open(NAMED); Statement st = c.createStatement()) {
            st.execute("SELECT sv_set_tenant('a')");
            c.setAutoCommit(false);
            st.execute("SAVEPOINT s");
            st.execute("SELECT sv_become_reader()");
            st.execute("RELEASE s");
            c.commit();
            assertEquals("sv_reader|a|for a", observe(st));
            assertEquals(1, pg.terminateBackends(VICTIM));
            SQLException lost = assertThrows(SQLException.class, () -> observe(st));
            assertTrue(lost.getSQLState().startsWith("08") || lost.getSQLState().startsWith("57P"), () -> "got " + lost);
            SQLException refused = assertThrows(SQLException.class, () -> observe(st));
            assertEquals("08003", refused.getSQLState(), () -> "got " + refused);
            c.rollback();
            assertEquals(ROLE + "||", observe(st), "acknowledged: a new session, as its login role, without what it lost");
        }
    }

    @Test
    void aTransactionWhoseLostCommitIsResolvedCommittedOnANewSessionNeverGoesOnWithoutWhatItsFunctionSet()
            throws Exception {
        // The COMMIT reached the server and its reply was lost: the lookup on a new session says
        // committed. What the function set in it (for the session, or only for the transaction) is
        // not knowable from there: the new session was given the values the transaction began with,
        // so the connection goes on only after rollback(), never as tenant b nor silently as a.
        pg.sql("TRUNCATE sv_scratch");
        for (String set : List.of("SELECT sv_set_tenant_local('b')", "SELECT sv_set_tenant('b')")) {
            try (FaultProxy proxy = FaultProxy.start(pg);
                 Connection c = new Physical(proxy.jdbcUrl(ROLE) + "&ApplicationName=" + VICTIM).open(NAMED);
                 Statement st = c.createStatement()) {
                st.execute("SELECT sv_set_tenant('a')");
                c.setAutoCommit(false);
                st.executeUpdate("INSERT INTO sv_scratch VALUES (1)");
                st.execute(set);
                proxy.dropReplyAfterCommit();
                c.commit(); // resolved: committed
                assertFalse(proxy.dropReplyArmed(), "the fault fired");
                SQLException refused = assertThrows(SQLException.class, () -> observe(st), set);
                assertEquals("08003", refused.getSQLState(), () -> "got " + refused);
                assertTrue(refused.getMessage().contains("rollback()"), refused::getMessage);
                c.rollback();
                assertEquals(ROLE + "|a|for a", observe(st), "acknowledged: the session as it was before the transaction");
            }
        }
        assertEquals(2, pg.queryLong("SELECT count(*) FROM sv_scratch"), "each transaction committed once");
    }

    // ---- running a script

    private void assertSameAsPlain(String name, List<Step> script, RetryConfig config) throws Exception {
        List<String> plain;
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(ROLE))) {
            plain = runOn(new Run(c, false), script);
        }
        assertFalse(plain.isEmpty());
        List<String> layered;
        try (Connection c = open(config)) {
            layered = runOn(new Run(c, true), script);
        }
        assertEquals(plain, layered, name + ": user|tenant|rows at each observation, plain pgjdbc then the layer");
    }

    private List<String> runOn(Run run, List<Step> script) throws SQLException {
        for (Step step : script) {
            step.on(run);
        }
        return run.seen;
    }

    private Connection open(RetryConfig config) throws SQLException {
        return new Physical(pg.jdbcUrl(ROLE) + "&ApplicationName=" + VICTIM).open(config);
    }

    /** The connection a script runs on: plain (a kill does nothing) or the layer's. */
    private final class Run {
        final Connection c;
        final boolean killed;
        final Map<String, Savepoint> savepoints = new HashMap<>();
        final List<String> seen = new ArrayList<>();

        Run(Connection c, boolean killed) {
            this.c = c;
            this.killed = killed;
        }

        void kill() {
            if (killed) {
                assertEquals(1, pg.terminateBackends(VICTIM), "one backend to terminate");
            }
        }
    }

    @FunctionalInterface
    interface Step {
        void on(Run run) throws SQLException;
    }

    private static Arguments row(String name, Step... script) {
        return Arguments.of(name, List.of(script));
    }

    private static Step sql(String sql) {
        return run -> {
            try (Statement st = run.c.createStatement()) {
                st.execute(sql);
            }
        };
    }

    /** A statement the server refuses (the transaction is then aborted). */
    private static Step failing(String sql) {
        return run -> {
            try (Statement st = run.c.createStatement()) {
                SQLException e = assertThrows(SQLException.class, () -> st.execute(sql));
                assertEquals("22012", e.getSQLState(), () -> "got " + e);
            }
        };
    }

    private static Step manual() {
        return run -> run.c.setAutoCommit(false);
    }

    private static Step commit() {
        return run -> run.c.commit();
    }

    private static Step rollback() {
        return run -> run.c.rollback();
    }

    private static Step savepoint(String name) {
        return run -> run.savepoints.put(name, run.c.setSavepoint(name));
    }

    private static Step rollbackTo(String name) {
        return run -> run.c.rollback(run.savepoints.get(name));
    }

    private static Step release(String name) {
        return run -> run.c.releaseSavepoint(run.savepoints.remove(name));
    }

    private static Step kill() {
        return Run::kill;
    }

    private static Step observe() {
        return run -> {
            try (Statement st = run.c.createStatement()) {
                run.seen.add(observe(st));
            }
        };
    }

    /** Who the session runs as, the tenant and the rows the policy shows, as "user|tenant|rows". */
    private static String observe(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT current_user || '|' || coalesce(current_setting('app.tenant', true), '') || '|'"
                + " || coalesce((SELECT string_agg(body, ',' ORDER BY body) FROM sv_docs), '')")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
