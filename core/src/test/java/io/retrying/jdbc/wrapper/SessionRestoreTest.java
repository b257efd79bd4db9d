package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 13 A: what a new connection is given after a killed backend is what the old session held,
 * as PostgreSQL keeps it: who the session runs as, what it reads, its isolation.
 */
@ExtendWith(PgExtension.class)
class SessionRestoreTest {

    private final PgServer pg;

    SessionRestoreTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void schema(PgServer pg) {
        pg.sql("CREATE ROLE tenant_reader NOLOGIN", "CREATE ROLE alice NOLOGIN", "CREATE ROLE bob NOLOGIN",
                "GRANT alice TO bob",
                // only the login user (the owner) may read the secrets; the tenant reader reads its orders
                "CREATE TABLE secrets (v text)", "INSERT INTO secrets VALUES ('s3cr3t')",
                "CREATE TABLE orders (tenant text)", "INSERT INTO orders VALUES ('public')",
                "CREATE SCHEMA tenant_a", "CREATE TABLE tenant_a.orders (tenant text)", "INSERT INTO tenant_a.orders VALUES ('a')",
                "CREATE SCHEMA tenant_b", "CREATE TABLE tenant_b.orders (tenant text)", "INSERT INTO tenant_b.orders VALUES ('b')",
                "GRANT SELECT ON orders TO tenant_reader");
    }

    @Test
    void resetAllKeepsTheRoleSoTheNewConnectionRunsAsItAndCannotReadWhatItCouldNot() throws Exception { // case 1
        try (Connection c = new Physical(pg.jdbcUrl()).open(); Statement st = c.createStatement()) {
            st.execute("SET ROLE tenant_reader");
            st.execute("RESET ALL");
            assertEquals("tenant_reader/postgres", users(st));
            assertEquals("42501", denied(st));
            int pid = ServerFaultsTest.backendPid(st);

            pg.terminateBackends();

            assertEquals("tenant_reader/postgres", users(st));
            assertNotEquals(pid, ServerFaultsTest.backendPid(st));
            assertEquals("42501", denied(st), "the new connection reads no more than the old one could");
            assertEquals("public", first(st, "SELECT tenant FROM orders"));
        }
    }

    @Test
    void sessionAuthorizationResetsTheRoleAndTheNewConnectionDoesNotSetItAgain() throws Exception { // case 2
        try (Connection c = new Physical(pg.jdbcUrl()).open(); Statement st = c.createStatement()) {
            st.execute("SET ROLE alice");
            st.execute("SET SESSION AUTHORIZATION DEFAULT");
            assertEquals("postgres/postgres", users(st));
            pg.terminateBackends();
            assertEquals("postgres/postgres", users(st));

            // and a role set after a session authorization comes back after it
            st.execute("SET SESSION AUTHORIZATION bob");
            st.execute("SET ROLE alice");
            pg.terminateBackends();
            assertEquals("alice/bob", users(st));
            st.execute("SET SESSION AUTHORIZATION bob");
            pg.terminateBackends();
            assertEquals("bob/bob", users(st));
        }
    }

    @Test
    void aSearchPathUndoneByARollbackToASavepointIsNotRestored() throws Exception { // case 3
        try (Connection c = new Physical(pg.jdbcUrl()).open(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("SET search_path = tenant_a");
            Savepoint sp = c.setSavepoint();
            st.execute("SET search_path = tenant_b");
            c.rollback(sp);
            c.commit();
            assertEquals("a", first(st, "SELECT tenant FROM orders"));
            c.setAutoCommit(true);

            pg.terminateBackends();

            assertEquals("tenant_a", first(st, "SHOW search_path"));
            assertEquals("a", first(st, "SELECT tenant FROM orders"));
        }
    }

    @Test
    void aSetAfterACommentIsRestored() throws Exception { // case 4
        try (Connection c = new Physical(pg.jdbcUrl()).open(); Statement st = c.createStatement()) {
            st.execute("/* tag */ SET search_path = tenant_a");
            pg.terminateBackends();
            assertEquals("a", first(st, "SELECT tenant FROM orders"), "not public.orders");
        }
    }

    @Test
    void eachSessionCharacteristicIsASettingOfItsOwn() throws Exception { // case 5
        try (Connection c = new Physical(pg.jdbcUrl()).open(); Statement st = c.createStatement()) {
            st.execute("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL REPEATABLE READ");
            st.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY");
            pg.terminateBackends();
            assertEquals("repeatable read", first(st, "SHOW transaction_isolation"));
            assertEquals("on", first(st, "SHOW transaction_read_only"));
            assertEquals(Connection.TRANSACTION_REPEATABLE_READ, c.getTransactionIsolation());
        }
    }

    @Test
    void theSetterAndTheSqlAreRestoredInTheOrderTheyWereMade() throws Exception { // case 6
        try (Connection c = new Physical(pg.jdbcUrl()).open(); Statement st = c.createStatement()) {
            c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
            st.execute("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ COMMITTED");
            pg.terminateBackends();
            assertEquals("read committed", first(st, "SHOW transaction_isolation"));

            st.execute("SET default_transaction_isolation = 'repeatable read'");
            c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
            pg.terminateBackends();
            assertEquals("serializable", first(st, "SHOW transaction_isolation"));
        }
    }

    @Test
    void aSessionStatementTheLayerCannotReadPinsTheConnection() throws Exception {
        try (Connection c = new Physical(pg.jdbcUrl()).open(); Statement st = c.createStatement()) {
            st.execute("SET \"MyApp\".tenant = 'a'"); // a quoted part of a dotted name: which setting is not read
            pg.terminateBackends();

            SQLException lost = assertThrows(SQLException.class, () -> first(st, "SHOW search_path"));
            assertEquals(Retryability.RECONNECT, Classifier.retryability(lost));
            assertEquals("08003", assertThrows(SQLException.class, () -> first(st, "SELECT 1")).getSQLState());
            c.rollback();
            assertEquals("1", first(st, "SELECT 1"));
        }
    }

    @Test
    void whatTheServerReportsAFunctionChangedIsGivenBackOrTheLossSurfaces() throws Exception {
        pg.sql("CREATE OR REPLACE FUNCTION tokyo_please() RETURNS text LANGUAGE sql AS "
                        + "$$ SELECT set_config('TimeZone', 'Asia/Tokyo', false) $$",
                "CREATE OR REPLACE FUNCTION become_alice() RETURNS text LANGUAGE sql AS "
                        + "$$ SELECT set_config('role', 'alice', false) $$");
        try (Connection c = new Physical(pg.jdbcUrl()).open(); Statement st = c.createStatement()) {
            // on the defaults a function that may change the session is a loss the application hears of (issue 28)
            first(st, "SELECT tokyo_please()");
            pg.terminateBackends();
            assertEquals("08003", assertThrows(SQLException.class, () -> first(st, "SHOW TimeZone")).getSQLState());
            c.rollback();
        }
        // an initializer: the application vouches for re-establishing its session, and what the server reported
        // is checked on the new one
        RetryConfig vouched = RetryConfig.defaults().withPolicy(Physical.FAST).withInitializer(physical -> { });
        try (Connection c = new Physical(pg.jdbcUrl()).open(vouched); Statement st = c.createStatement()) {
            // a setting changed inside a function: the layer's reading cannot see it, the server reports it
            first(st, "SELECT tokyo_please()");
            pg.terminateBackends();
            assertEquals("Asia/Tokyo", first(st, "SHOW TimeZone"), "set again from what the server reported");

            // a role changed inside a function: the server reports only that the session is no longer a
            // superuser's, so the new connection would run as someone else: the loss surfaces
            first(st, "SELECT become_alice()");
            assertEquals("alice/postgres", users(st));
            pg.terminateBackends();
            SQLException unseen = assertThrows(SQLException.class, () -> users(st));
            assertEquals("08003", unseen.getSQLState());
            assertEquals("08003", assertThrows(SQLException.class, () -> users(st)).getSQLState());
            c.rollback();
            assertEquals("postgres/postgres", users(st));
            assertEquals("Asia/Tokyo", first(st, "SHOW TimeZone"));
        }
    }

    private static String users(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT current_user, session_user")) {
            rs.next();
            return rs.getString(1) + "/" + rs.getString(2);
        }
    }

    private static String denied(Statement st) {
        return assertThrows(SQLException.class, () -> first(st, "SELECT v FROM secrets")).getSQLState();
    }

    static String first(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
