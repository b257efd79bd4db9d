package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Issue 23: BenchBase's error handling after the layer gave up inside a transaction, on every
 * topology and on the defaults. The handler asks {@code isClosed()}; a connection that is open
 * answers {@code isReadOnly()} and {@code getAutoCommit()} and is rolled back; a closed one (as
 * pgjdbc's is after a FATAL) is replaced. Either way the next transaction runs. Before, the lost
 * connection answered {@code isClosed()} false and then refused {@code isReadOnly()} with 08003,
 * which killed BenchBase's terminal thread.
 */
@ExtendWith(PgExtension.class)
class GiveUpHandlerTest {

    enum Topology { DRIVER, DATA_SOURCE, UNDER_THE_POOL, OVER_THE_POOL, URL_PREFIX_UNDER_PLAIN_HIKARI }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Topology.class)
    void afterAGiveUpInsideATransactionTheHandlerLooksRollsBackAndCarriesOn(Topology topology, PgServer pg)
            throws Exception {
        pg.sql("CREATE TABLE IF NOT EXISTS handled (k text)");
        String app = "handler-" + topology.ordinal();
        String url = pg.jdbcUrl() + "&ApplicationName=" + app;
        String retryingUrl = "jdbc:retrying:" + url.substring("jdbc:".length());
        HikariDataSource pool = null;
        DataSource ds;
        switch (topology) {
            case DRIVER -> ds = null;
            case DATA_SOURCE -> {
                PGSimpleDataSource plain = new PGSimpleDataSource();
                plain.setURL(url);
                ds = RetryingDataSource.wrap(plain);
            }
            case UNDER_THE_POOL -> ds = pool = RetryingHikari.under(config(url));
            case OVER_THE_POOL -> ds = RetryingDataSource.wrap(pool = new HikariDataSource(config(url)));
            case URL_PREFIX_UNDER_PLAIN_HIKARI -> ds = pool = new HikariDataSource(config(retryingUrl));
            default -> throw new AssertionError(topology);
        }
        try {
            Connection c = ds == null ? DriverManager.getConnection(retryingUrl) : ds.getConnection();
            // given a transaction the layer cannot replay (it holds a temp table), whose backend dies
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TEMP TABLE scratch AS SELECT 1 AS id");
                st.execute("INSERT INTO handled VALUES ('lost')");
            }
            assertTrue(pg.terminateBackends(app) >= 1);
            SQLException gaveUp = assertThrows(SQLException.class, () -> {
                try (Statement st = c.createStatement()) {
                    st.execute("SELECT count(*) FROM scratch");
                }
            });
            assertEquals("57P01", gaveUp.getSQLState());

            // when the application's handler looks at the connection as BenchBase's does
            Connection next = c;
            if (c.isClosed()) {
                next = ds == null ? DriverManager.getConnection(retryingUrl) : ds.getConnection();
            } else {
                assertFalse(c.isReadOnly());
                assertFalse(c.getAutoCommit());
                c.rollback();
            }
            // then it carries on: the next transaction runs and commits
            next.setAutoCommit(false);
            try (PreparedStatement ps = next.prepareStatement("INSERT INTO handled VALUES (?)")) {
                ps.setString(1, topology.name());
                ps.executeUpdate();
            }
            next.commit();
            next.close();
            if (next != c) {
                c.close();
            }
            assertEquals(1, pg.queryLong("SELECT count(*) FROM handled WHERE k = '" + topology.name() + "'"));
            assertEquals(0, pg.queryLong("SELECT count(*) FROM handled WHERE k = 'lost'"));
        } finally {
            if (pool != null) {
                pool.close();
            }
        }
    }

    private static HikariConfig config(String url) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(2);
        return config;
    }

    @SuppressWarnings("unused")
    private static long count(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
