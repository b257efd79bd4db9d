package io.retrying.jdbc.internal.config;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class RetryingUrlTest {

    @Test
    void acceptsOnlyItsOwnPrefix() {
        assertTrue(RetryingUrl.accepts("jdbc:retrying:postgresql://h/db"));
        assertTrue(RetryingUrl.accepts("jdbc:retrying:postgresql:db"));
        assertFalse(RetryingUrl.accepts("jdbc:postgresql://h/db"));
        assertFalse(RetryingUrl.accepts("jdbc:retrying:mysql://h/db"));
        assertFalse(RetryingUrl.accepts(null));
    }

    @Test
    void retryParametersAreTakenOutAndTheRestKeptVerbatim() throws SQLException {
        RetryingUrl split = RetryingUrl.split("jdbc:retrying:postgresql://h1:5432,h2:5433/app"
                + "?user=app&retry.maxAttempts=5&options=-c%20search_path%3Dx&retry.tokenBucket=none", null);
        assertEquals("jdbc:postgresql://h1:5432,h2:5433/app?user=app&options=-c%20search_path%3Dx",
                split.pgUrl());
        assertEquals("5", split.retryProps().getProperty("retry.maxAttempts"));
        assertEquals("none", split.retryProps().getProperty("retry.tokenBucket"));
        assertEquals(2, split.retryProps().size());
        assertTrue(split.pgProps().isEmpty());
    }

    @Test
    void noQuestionMarkIsLeftWhenEveryParameterWasOurs() throws SQLException {
        assertEquals("jdbc:postgresql://h/db",
                RetryingUrl.split("jdbc:retrying:postgresql://h/db?retry.maxAttempts=2", null).pgUrl());
        assertEquals("jdbc:postgresql:db", RetryingUrl.split("jdbc:retrying:postgresql:db", null).pgUrl());
    }

    @Test
    void propertiesAreSplitTooAndTheUrlWins() throws SQLException {
        Properties info = new Properties();
        info.setProperty("user", "app");
        info.setProperty("password", "pw");
        info.setProperty("retry.maxAttempts", "7");
        info.setProperty("retry.resolveCommits", "false");
        RetryingUrl split = RetryingUrl.split("jdbc:retrying:postgresql://h/db?retry.maxAttempts=2", info);
        assertEquals("2", split.retryProps().getProperty("retry.maxAttempts"), "URL wins, as in pgjdbc");
        assertEquals("false", split.retryProps().getProperty("retry.resolveCommits"));
        assertEquals("app", split.pgProps().getProperty("user"));
        assertEquals("pw", split.pgProps().getProperty("password"));
        assertFalse(split.pgProps().containsKey("retry.maxAttempts"));
        assertEquals(2, info.size() - 2, "the caller's properties are not modified");
    }

    @Test
    void retryValuesAreUrlDecoded() throws SQLException {
        assertEquals("shared", RetryingUrl.split(
                "jdbc:retrying:postgresql://h/db?retry.tokenBucket=%73hared", null)
                .retryProps().getProperty("retry.tokenBucket"));
    }

    @Test
    void aBadlyEncodedRetryValueNamesTheKey() {
        SQLException e = assertThrows(SQLException.class, () -> RetryingUrl.split(
                "jdbc:retrying:postgresql://h/db?retry.maxAttempts=%zz", null));
        assertEquals("Invalid value for retry.maxAttempts: \"%zz\" (not URL-encoded correctly)", e.getMessage());
    }

    @Test
    void theTargetIsDescribedWithoutCredentials() {
        Properties props = new Properties();
        props.setProperty("password", "S3cr3t-Pa55");
        PgTarget t = PgTarget.of("jdbc:postgresql://db.example:6543/app?user=alice&password=S3cr3t-Pa55", props);
        assertEquals("db.example:6543/app", t.description());
        assertFalse(t.multiHostPrimary());
    }

    @Test
    void severalHostsWithTargetServerTypePrimaryAreRecorded() {
        assertTrue(PgTarget.of("jdbc:postgresql://h1,h2:5433/app?targetServerType=primary", new Properties())
                .multiHostPrimary());
        assertEquals("h1:5432,h2:5433/app",
                PgTarget.of("jdbc:postgresql://h1,h2:5433/app?targetServerType=primary", new Properties())
                        .description());
        Properties viaProps = new Properties();
        viaProps.setProperty("targetServerType", "primary");
        assertTrue(PgTarget.of("jdbc:postgresql://h1,h2/app", viaProps).multiHostPrimary());
        assertFalse(PgTarget.of("jdbc:postgresql://h1/app?targetServerType=primary", new Properties())
                .multiHostPrimary(), "one host: a read-only error is not a failover");
        assertFalse(PgTarget.of("jdbc:postgresql://h1,h2/app", new Properties()).multiHostPrimary());
    }

    /** Has HikariDataSource's {@code getJdbcUrl()}. */
    public static final class PoolLike extends org.postgresql.ds.PGSimpleDataSource {
        // not a pgjdbc BaseDataSource through isWrapperFor, so only getJdbcUrl describes it
        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }

        public String getJdbcUrl() {
            return "jdbc:retrying:postgresql://p1:6000,p2:6001/pooled?targetServerType=primary&password=x";
        }
    }

    @Test
    void dataSourcesAreDescribedFromTheirSettings() {
        org.postgresql.ds.PGSimpleDataSource pg = new org.postgresql.ds.PGSimpleDataSource();
        pg.setServerNames(new String[] {"h1", "h2"});
        pg.setPortNumbers(new int[] {5433, 5434});
        pg.setDatabaseName("app");
        pg.setPassword("S3cr3t-Pa55");
        assertEquals(new PgTarget("h1:5433,h2:5434/app", false), PgTarget.of(pg));
        pg.setTargetServerType("primary");
        assertEquals(new PgTarget("h1:5433,h2:5434/app", true), PgTarget.of(pg));

        assertEquals(new PgTarget("p1:6000,p2:6001/pooled", true),
                PgTarget.of((javax.sql.DataSource) new PoolLike()));
    }
}
