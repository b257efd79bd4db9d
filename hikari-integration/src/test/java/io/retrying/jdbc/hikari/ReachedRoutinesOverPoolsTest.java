package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Under and over a HikariCP pool, on the defaults: a database that holds a routine leaving state on the
 * session (one making a temporary table, as Pagila's {@code rewards_report()}, and a tenant helper) heals
 * a session that called only other functions and inserted with column lists after its backend is
 * killed; a session that called the tenant helper gets 08003 until rollback(), and then runs without
 * the tenant.
 */
@ExtendWith(PgExtension.class)
class ReachedRoutinesOverPoolsTest {

    private final PgServer pg;

    ReachedRoutinesOverPoolsTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void schema(PgServer pg) {
        pg.createRole("rp_app");
        pg.sql("CREATE TABLE rp_rental (rental_id serial PRIMARY KEY, item int NOT NULL, note text)",
                "CREATE FUNCTION rp_in_stock(p_item int) RETURNS boolean LANGUAGE plpgsql"
                        + " AS $$ BEGIN RETURN NOT EXISTS (SELECT 1 FROM rp_rental r WHERE r.item = p_item); END $$",
                "CREATE FUNCTION rewards_report() RETURNS SETOF int LANGUAGE plpgsql AS $$ BEGIN"
                        + " CREATE TEMPORARY TABLE tmp_rewards (n int); RETURN QUERY SELECT n FROM tmp_rewards;"
                        + " DROP TABLE tmp_rewards; END $$",
                "CREATE TABLE rp_docs (tenant text, body text)",
                "INSERT INTO rp_docs VALUES ('a', 'for a'), ('b', 'for b')",
                "ALTER TABLE rp_docs ENABLE ROW LEVEL SECURITY",
                "CREATE POLICY rp_closed ON rp_docs USING (tenant = current_setting('app.tenant', true))",
                "CREATE FUNCTION rp_set_tenant(t text) RETURNS void LANGUAGE sql AS $$ SELECT set_config('app.tenant', t, false) $$",
                "GRANT SELECT ON rp_docs TO rp_app",
                "GRANT ALL ON rp_rental TO rp_app",
                "GRANT USAGE ON SEQUENCE rp_rental_rental_id_seq TO rp_app");
    }

    private HikariConfig config(String app) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(pg.jdbcUrl("rp_app") + "&ApplicationName=" + app);
        config.setPoolName(app);
        config.setMaximumPoolSize(1);
        config.setMinimumIdle(1);
        return config;
    }

    @Test
    void underThePoolAFunctionNobodyCallsRefusesNoHeal() throws Exception {
        try (HikariDataSource ds = RetryingHikari.under(config("rp-under"))) {
            healsWhenNothingStatefulIsReached(ds, "rp-under", 1);
            refusedWhenTheTenantHelperWasCalled(ds, "rp-under");
        }
    }

    @Test
    void overThePoolAFunctionNobodyCallsRefusesNoHeal() throws Exception {
        try (RetryingHikariDataSource ds = RetryingHikari.over(config("rp-over"))) {
            healsWhenNothingStatefulIsReached(ds, "rp-over", 100);
            refusedWhenTheTenantHelperWasCalled(ds, "rp-over");
        }
    }

    private void healsWhenNothingStatefulIsReached(DataSource ds, String app, int item) throws Exception {
        try (Connection c = ds.getConnection()) {
            // autocommit: a read through a function of the application's
            assertEquals(true, inStock(c, item));
            assertEquals(1, pg.terminateBackends(app));
            assertEquals(true, inStock(c, item), "healed: the function reaches nothing that leaves state");

            // a transaction with an insert that names its columns, killed before its COMMIT: replayed
            c.setAutoCommit(false);
            try (PreparedStatement rent = c.prepareStatement("INSERT INTO rp_rental (item, note) VALUES (?, ?)")) {
                assertEquals(true, inStock(c, item));
                rent.setInt(1, item);
                rent.setString(2, "rent");
                rent.executeUpdate();
                assertEquals(1, pg.terminateBackends(app));
                assertEquals(false, inStock(c, item), "replayed: the rent is there");
            }
            c.commit();
            c.setAutoCommit(true);
            // a loss after the transaction asks about what it ran too
            assertEquals(1, pg.terminateBackends(app));
            assertEquals(false, inStock(c, item), "healed in autocommit");
        }
        assertEquals(1, pg.queryLong("SELECT count(*) FROM rp_rental WHERE item = " + item));
    }

    private void refusedWhenTheTenantHelperWasCalled(DataSource ds, String app) throws Exception {
        try (Connection c = ds.getConnection(); Statement st = c.createStatement()) {
            st.execute("SELECT rp_set_tenant('a')");
            assertEquals(List.of("for a"), bodies(st));
            assertEquals(1, pg.terminateBackends(app));
            SQLException first = assertThrows(SQLException.class, () -> bodies(st), "not healed without the tenant");
            assertTrue(first.getSQLState().startsWith("08") || first.getSQLState().startsWith("57P"), () -> "got " + first);
            SQLException then = assertThrows(SQLException.class, () -> bodies(st), "refused until rollback()");
            assertEquals("08003", then.getSQLState(), () -> "got " + then);
            if (!c.isClosed()) {
                c.rollback(); // under the pool, HikariCP evicted what did not heal (RetryingExceptionOverride)
                assertEquals(List.of(), bodies(st), "after the acknowledgement: a session without the tenant");
            }
        }
        try (Connection next = ds.getConnection(); Statement st = next.createStatement()) {
            assertEquals(List.of(), bodies(st), "the next borrower: a session without the tenant");
        }
    }

    private static boolean inStock(Connection c, int item) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT rp_in_stock(?)")) {
            ps.setInt(1, item);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    private static List<String> bodies(Statement st) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT body FROM rp_docs ORDER BY body")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
