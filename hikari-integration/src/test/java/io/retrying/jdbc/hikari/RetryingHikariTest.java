package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariConfigMXBean;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.SQLExceptionOverride;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.RetryingDriver;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;

/** The set-ups {@link RetryingHikari} makes, and the settings it refuses. */
@ExtendWith(PgExtension.class)
class RetryingHikariTest {

    private static HikariConfig config(String url) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(1);
        return config;
    }

    @Test
    void underSetsUpTheRetryingDriverAndLeavesTheGivenConfigurationAlone(PgServer server) throws Exception {
        HikariConfig mine = config(server.jdbcUrl());
        try (HikariDataSource ds = RetryingHikari.under(mine)) {
            assertTrue(ds.getJdbcUrl().startsWith("jdbc:retrying:postgresql://"), "jdbcUrl");
            assertEquals(RetryingDriver.class.getName(), ds.getDriverClassName());
            assertInstanceOf(RetryingExceptionOverride.class, ds.getExceptionOverride());
            assertEquals("SELECT 1", ds.getConnectionTestQuery());
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                s.execute("SELECT 1");
                assertTrue(c.isWrapperFor(Connection.class));
            }
        }
        assertEquals(server.jdbcUrl(), mine.getJdbcUrl());
        assertNull(mine.getExceptionOverride());
        assertNull(mine.getConnectionTestQuery());
    }

    @Test
    void underKeepsWhatIsAlreadyRight(PgServer server) {
        HikariConfig mine = config("jdbc:retrying:postgresql:" + server.jdbcUrl().substring("jdbc:postgresql:".length()));
        mine.setDriverClassName("org.postgresql.Driver");
        mine.setExceptionOverrideClassName(RetryingExceptionOverride.class.getName());
        mine.setConnectionTestQuery("SELECT 2");
        try (HikariDataSource ds = RetryingHikari.under(mine)) {
            assertEquals(mine.getJdbcUrl(), ds.getJdbcUrl());
            assertEquals(RetryingDriver.class.getName(), ds.getDriverClassName());
            assertEquals("SELECT 2", ds.getConnectionTestQuery());
        }
    }

    @Test
    void underRefusesWhatCannotWork() {
        assertThrows(NullPointerException.class, () -> RetryingHikari.under(null));
        assertThrows(IllegalArgumentException.class, () -> RetryingHikari.under(new HikariConfig()));
        IllegalArgumentException notPostgres = assertThrows(IllegalArgumentException.class,
                () -> RetryingHikari.under(config("jdbc:mysql://db/app?user=app&password=s3cret")));
        assertFalse(notPostgres.getMessage().contains("s3cret"), notPostgres.getMessage());

        HikariConfig dataSource = new HikariConfig();
        dataSource.setDataSource(new PGSimpleDataSource());
        assertThrows(IllegalStateException.class, () -> RetryingHikari.under(dataSource));

        HikariConfig otherOverride = config("jdbc:postgresql://db/app");
        otherOverride.setExceptionOverride(new SQLExceptionOverride() {});
        IllegalStateException conflict = assertThrows(IllegalStateException.class,
                () -> RetryingHikari.under(otherOverride));
        assertTrue(conflict.getMessage().contains("exception override"), conflict.getMessage());
    }

    @Test
    void overOwnsThePoolAndUnwrapsToIt(PgServer server) throws Exception {
        HikariConfig config = config(server.jdbcUrl() + "&password=s3cret");
        RetryingHikariDataSource ds = RetryingHikari.over(config, RetryPolicy.defaults());
        try (ds) {
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                s.execute("SELECT 1");
            }
            assertSame(ds.pool(), ds.unwrap(HikariDataSource.class));
            assertSame(ds.pool(), ds.unwrap(HikariConfigMXBean.class));
            assertSame(ds.retrying(), ds.unwrap(RetryingDataSource.class));
            assertTrue(ds.isWrapperFor(HikariDataSource.class));
            assertFalse(ds.toString().contains("s3cret"), ds.toString());
            assertFalse(ds.isClosed());
        }
        assertTrue(ds.isClosed());
        assertTrue(ds.pool().isClosed());
    }

    @Test
    void overClosesThePoolWhenItsSettingsFail(PgServer server) {
        HikariDataSource pool = new HikariDataSource(config(server.jdbcUrl()));
        assertThrows(NullPointerException.class, () -> RetryingHikari.over(pool, b -> null));
        assertTrue(pool.isClosed());

        HikariDataSource another = new HikariDataSource(config(server.jdbcUrl()));
        assertThrows(IllegalArgumentException.class,
                () -> RetryingHikari.over(another, b -> b.maxJournalStatements(-1)));
        assertTrue(another.isClosed());

        assertThrows(NullPointerException.class, () -> RetryingHikari.over((HikariConfig) null));
        assertThrows(NullPointerException.class, () -> RetryingHikari.over(config(server.jdbcUrl()), (RetryPolicy) null));
    }
}
