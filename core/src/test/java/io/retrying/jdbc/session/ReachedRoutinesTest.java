package io.retrying.jdbc.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.session.CalledCode;
import io.retrying.jdbc.internal.session.StatefulRoutines;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A heal is refused (08003 until rollback()) only when a routine that may leave state on the session
 * is in what the session's statements reached, as the server reads them: a function of the database's
 * that the application never calls (Pagila's {@code rewards_report()}, which makes a temporary table)
 * does not refuse the heal of a session that called another one, and an {@code INSERT INTO t (col, ...)}
 * is no call of a function {@code t}. Both directions, each with a real backend kill on the defaults.
 */
@ExtendWith(PgExtension.class)
class ReachedRoutinesTest {

    private static final String VICTIM = "rr-victim";
    private final PgServer pg;

    ReachedRoutinesTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void schema(PgServer pg) {
        pg.createRole("rr_app");
        pg.sql("CREATE ROLE rr_reader",
                "GRANT rr_reader TO rr_app",
                // a rental shop's tables, as Pagila has them: serial keys, a last_update trigger, a foreign key
                "CREATE TABLE rr_rental (rental_id serial PRIMARY KEY, item int NOT NULL, note text,"
                        + " last_update timestamptz NOT NULL DEFAULT now())",
                "CREATE FUNCTION rr_last_updated() RETURNS trigger LANGUAGE plpgsql"
                        + " AS $$ BEGIN NEW.last_update = CURRENT_TIMESTAMP; RETURN NEW; END $$",
                "CREATE TRIGGER rr_last_updated BEFORE UPDATE ON rr_rental FOR EACH ROW EXECUTE FUNCTION rr_last_updated()",
                "CREATE TABLE rr_payment (payment_id serial PRIMARY KEY, rental_id int REFERENCES rr_rental (rental_id),"
                        + " amount numeric(5,2))",
                "CREATE FUNCTION in_stock(p_item int) RETURNS boolean LANGUAGE plpgsql"
                        + " AS $$ BEGIN RETURN NOT EXISTS (SELECT 1 FROM rr_rental r WHERE r.item = p_item); END $$",
                "CREATE FUNCTION stock_count(p_item int) RETURNS bigint LANGUAGE sql"
                        + " BEGIN ATOMIC SELECT count(*) FROM rr_rental r WHERE r.item = p_item; END",
                // never called by the application: makes a temporary table, as Pagila's rewards_report() does
                "CREATE FUNCTION rewards_report() RETURNS SETOF int LANGUAGE plpgsql AS $$ BEGIN"
                        + " CREATE TEMPORARY TABLE tmp_rewards (n int); RETURN QUERY SELECT n FROM tmp_rewards;"
                        + " DROP TABLE tmp_rewards; END $$",
                // the same tenant helpers as the state-set-inside-functions tests, and one that calls one
                "CREATE TABLE rr_docs (tenant text, body text)",
                "INSERT INTO rr_docs VALUES ('a', 'for a'), ('b', 'for b')",
                "ALTER TABLE rr_docs ENABLE ROW LEVEL SECURITY",
                "CREATE POLICY rr_closed ON rr_docs USING (tenant = current_setting('app.tenant', true))",
                "CREATE FUNCTION set_tenant(t text) RETURNS void LANGUAGE sql AS $$ SELECT set_config('app.tenant', t, false) $$",
                "CREATE FUNCTION enter_shop(t text) RETURNS boolean LANGUAGE plpgsql"
                        + " AS $$ BEGIN PERFORM set_tenant(t); RETURN true; END $$",
                "CREATE FUNCTION become_reader() RETURNS void LANGUAGE plpgsql AS $$ BEGIN SET ROLE rr_reader; END $$",
                "CREATE FUNCTION grab(k int) RETURNS void LANGUAGE sql AS $$ SELECT pg_advisory_lock(k) $$",
                // an overload: which one a statement reaches depends on the types it is bound with
                // (a parameter the server must guess the type of is taken for text: the harmless one)
                "CREATE FUNCTION shelf(k text) RETURNS int LANGUAGE sql AS $$ SELECT 0 $$",
                "CREATE FUNCTION shelf(k int) RETURNS int LANGUAGE plpgsql AS $$ BEGIN PERFORM set_config('app.tenant', 'b', false);"
                        + " RETURN k; END $$",
                "CREATE TABLE rr_audited (n int)",
                "GRANT SELECT ON rr_docs TO rr_app",
                "GRANT ALL ON rr_rental, rr_payment, rr_audited TO rr_app",
                "GRANT USAGE ON SEQUENCE rr_rental_rental_id_seq, rr_payment_payment_id_seq TO rr_app");
    }

    @BeforeEach
    void clean() {
        pg.sql("TRUNCATE rr_payment, rr_rental, rr_audited RESTART IDENTITY");
    }

    // ---- not reached: healed

    @Test
    void aFunctionTheSessionNeverCalledDoesNotRefuseTheHealOfOneThatCalledAnother() throws Exception {
        try (Connection c = open(); PreparedStatement inStock = c.prepareStatement("SELECT in_stock(?)");
             PreparedStatement count = c.prepareStatement("SELECT stock_count(?)")) {
            assertEquals(true, inStock(inStock, 7));
            count.setInt(1, 7);
            count.executeQuery().close();
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertEquals(true, inStock(inStock, 7), "healed: neither function reaches rewards_report()");
            try (Statement st = c.createStatement()) {
                st.executeUpdate("INSERT INTO rr_rental (item, note) VALUES (7, 'after the heal')");
            }
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM rr_rental WHERE item = 7"));
    }

    @Test
    void aFunctionThatReachesNothingStatefulHealsThroughTheDataSource() throws Exception {
        PGSimpleDataSource plain = new PGSimpleDataSource();
        plain.setUrl(pg.jdbcUrl("rr_app") + "&ApplicationName=" + VICTIM);
        DataSource ds = RetryingDataSource.wrap(plain);
        try (Connection c = ds.getConnection(); PreparedStatement inStock = c.prepareStatement("SELECT in_stock(?)")) {
            assertEquals(true, inStock(inStock, 3));
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertEquals(true, inStock(inStock, 3), "healed");
        }
    }

    @Test
    void aTransactionOfInsertsWithColumnListsReplaysAfterAKill() throws Exception {
        try (Connection c = open()) {
            c.setAutoCommit(false);
            try (PreparedStatement rent = c.prepareStatement("INSERT INTO rr_rental (item, note) VALUES (?, ?)");
                 Statement st = c.createStatement()) {
                rent.setInt(1, 1);
                rent.setString(2, "first");
                assertEquals(1, rent.executeUpdate());
                assertEquals(1, st.executeUpdate("INSERT INTO public.\"rr_payment\" (\"rental_id\", amount)"
                        + " SELECT max(rental_id), 2.99 FROM rr_rental ON CONFLICT (payment_id) DO NOTHING"));
                assertEquals(1, pg.terminateBackends(VICTIM));
                rent.setInt(1, 2);
                rent.setString(2, "second");
                assertEquals(1, rent.executeUpdate(), "replayed onto a new session, then run");
            }
            c.commit();
            // the session ran those inserts: a later loss in autocommit asks what they reached
            c.setAutoCommit(true);
            assertEquals(1, pg.terminateBackends(VICTIM));
            try (Statement st = c.createStatement()) {
                assertEquals(1, st.executeUpdate("UPDATE rr_rental SET note = 'healed' WHERE note = 'second'"), "healed");
            }
        }
        assertEquals(2, pg.queryLong("SELECT count(*) FROM rr_rental"));
        assertEquals(1, pg.queryLong("SELECT count(*) FROM rr_rental WHERE note = 'healed'"));
        assertEquals(1, pg.queryLong("SELECT count(*) FROM rr_payment"));
    }

    @Test
    void aTransactionThatCalledTheApplicationsFunctionReplaysWhenNothingStatefulIsReached() throws Exception {
        try (Connection c = open()) {
            c.setAutoCommit(false);
            try (PreparedStatement inStock = c.prepareStatement("SELECT in_stock(?)");
                 PreparedStatement rent = c.prepareStatement("INSERT INTO rr_rental (item, note) VALUES (?, 'rent')")) {
                assertEquals(true, inStock(inStock, 5));
                rent.setInt(1, 5);
                rent.executeUpdate();
                assertEquals(1, pg.terminateBackends(VICTIM));
                assertEquals(false, inStock(inStock, 5), "replayed: the rent is in the new transaction");
            }
            c.commit();
            c.setAutoCommit(true);
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertEquals(false, inStock(c, 5), "healed in autocommit after the transaction that called it");
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM rr_rental WHERE item = 5"));
    }

    // ---- reached: refused until rollback()

    @Test
    void aTenantSetByAFunctionThatTheCalledFunctionCallsIsNeverLostToAHeal() throws Exception {
        try (Connection c = open(); Statement st = c.createStatement()) {
            assertEquals(true, inStock(c, 1));
            st.execute("SELECT enter_shop('a')");
            assertEquals(List.of("for a"), bodies(st));
            assertEquals(1, pg.terminateBackends(VICTIM));
            String why = assertLostUntilRollback(() -> bodies(st));
            assertTrue(why.contains("enter_shop") || why.contains("set_tenant"), why);
            c.rollback();
            assertEquals(List.of(), bodies(st), "a new session without the tenant, once acknowledged");
        }
    }

    @Test
    void aRoleOrALockTakenInsideAReachedFunctionIsNeverLostToAHeal() throws Exception {
        try (Connection c = open(); Statement st = c.createStatement()) {
            assertEquals(true, inStock(c, 1));
            st.execute("SELECT become_reader()");
            assertEquals("rr_reader", currentUser(st));
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertLostUntilRollback(() -> currentUser(st));
            c.rollback();
            assertEquals("rr_app", currentUser(st));

            st.execute("SELECT grab(42)");
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertLostUntilRollback(() -> st.execute("SELECT 1"));
        }
    }

    @Test
    void aTriggerThatSetsStateIsReachedByAnInsertThatNamesNoFunction() throws Exception {
        // a trigger that sets state: reached by any statement that writes, whatever it names (only the
        // statements that call code by name are kept to be asked about, so any statement counts here)
        pg.sql("CREATE FUNCTION rr_audit() RETURNS trigger LANGUAGE plpgsql"
                        + " AS $$ BEGIN PERFORM set_config('app.tenant', 'b', false); RETURN NEW; END $$",
                "CREATE TRIGGER rr_audit BEFORE INSERT ON rr_audited FOR EACH ROW EXECUTE FUNCTION rr_audit()");
        try (Connection c = open(); Statement st = c.createStatement()) {
            st.executeUpdate("INSERT INTO rr_audited (n) VALUES (1)");
            assertEquals(List.of("for b"), bodies(st));
            assertEquals(1, pg.terminateBackends(VICTIM));
            String why = assertLostUntilRollback(() -> bodies(st));
            assertTrue(why.contains("rr_audit()"), why);
        } finally {
            pg.sql("DROP FUNCTION rr_audit() CASCADE");
        }
    }

    @Test
    void anOverloadThatSetsStateCountsWhateverTypesTheStatementWasBoundWith() throws Exception {
        try (Connection c = open(); PreparedStatement shelf = c.prepareStatement("SELECT shelf(?)")) {
            shelf.setInt(1, 4);
            shelf.executeQuery().close();
            assertEquals(List.of("for b"), bodies(c.createStatement()), "the int overload ran");
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertLostUntilRollback(() -> {
                shelf.setInt(1, 4);
                return shelf.executeQuery();
            });
        }
    }

    @Test
    void aTenantSetBeforeATransactionRefusesItsReplay() throws Exception {
        try (Connection c = open(); Statement st = c.createStatement()) {
            st.execute("SELECT set_tenant('a')");
            c.setAutoCommit(false);
            st.executeUpdate("INSERT INTO rr_rental (item, note) VALUES (9, 'x')");
            assertEquals(List.of("for a"), bodies(st));
            assertEquals(1, pg.terminateBackends(VICTIM));
            assertLostUntilRollback(() -> bodies(st));
            c.rollback();
            assertEquals(List.of(), bodies(st), "a new session without the tenant, once acknowledged");
        }
        assertEquals(0, pg.queryLong("SELECT count(*) FROM rr_rental"));
    }

    // ---- the question itself, asked of a plain connection

    @Test
    void theServerSaysWhichStatefulRoutineTheStatementsCall() throws Exception {
        try (Connection c = pg.connect()) {
            assertEquals(null, StatefulRoutines.first(c, calls("SELECT in_stock(?)", "SELECT stock_count(?)",
                    "UPDATE rr_rental SET note = 'x' WHERE in_stock(item) AND item = ?")), "none reached");
            assertEquals("enter_shop(text)", StatefulRoutines.first(c, calls("SELECT in_stock(?)", "SELECT enter_shop(?)")),
                    "reached through the closure: enter_shop calls set_tenant");
            assertEquals("shelf(integer)", StatefulRoutines.first(c, calls("SELECT shelf(?)")),
                    "an unbound parameter is taken for text, yet every overload of the name counts");
            assertEquals(null, StatefulRoutines.first(c, null), "nothing called, nothing reached unnamed");
            // a statement the server does not take into a body: any routine counts, as careful as before
            String careful = StatefulRoutines.first(c, calls("SELECT in_stock(?)", "SHOW work_mem"));
            assertTrue(careful != null, "unknown: some stateful routine is named");
            assertEquals(0, pg.queryLong("SELECT count(*) FROM pg_proc WHERE proname LIKE 'retrying_jdbc_proof%'"),
                    "nothing left behind");
        }
    }

    private static CalledCode calls(String... prepared) {
        CalledCode called = new CalledCode();
        for (String sql : prepared) {
            called.called(sql, sql.contains("?"));
        }
        return called;
    }

    // ---- helpers

    private Connection open() throws SQLException {
        return new Physical(pg.jdbcUrl("rr_app") + "&ApplicationName=" + VICTIM).open(RetryConfig.defaults());
    }

    private static boolean inStock(PreparedStatement ps, int item) throws SQLException {
        ps.setInt(1, item);
        try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private static boolean inStock(Connection c, int item) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT in_stock(?)")) {
            return inStock(ps, item);
        }
    }

    private interface Call {
        Object run() throws SQLException;
    }

    /** As in the state-set-inside-functions tests: the loss, then 08003 until rollback(); the messages of the refusal. */
    private static String assertLostUntilRollback(Call call) {
        SQLException first = assertThrows(SQLException.class, call::run, "not healed onto a session without the state");
        assertTrue(first.getSQLState().startsWith("08") || first.getSQLState().startsWith("57P"), () -> "got " + first);
        SQLException then = assertThrows(SQLException.class, call::run, "refused until rollback()");
        assertEquals("08003", then.getSQLState(), () -> "got " + then);
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

    private static List<String> bodies(Statement st) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT body FROM rr_docs ORDER BY body")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
