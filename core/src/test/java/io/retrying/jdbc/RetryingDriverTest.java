package io.retrying.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.config.RetrySetting;
import io.retrying.jdbc.internal.config.RetryingUrl;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@ExtendWith(PgExtension.class)
class RetryingDriverTest {

    private final PgServer pg;

    RetryingDriverTest(PgServer pg) {
        this.pg = pg;
    }

    /** The server's URL with the retrying prefix. */
    private String retryingUrl() {
        return pg.jdbcUrl().replace("jdbc:postgresql:", "jdbc:retrying:postgresql:");
    }

    private static long selectOne(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 41 + 1")) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    @Test
    void isFoundByServiceLoader() {
        assertTrue(ServiceLoader.load(Driver.class).stream()
                .anyMatch(p -> p.type() == RetryingDriver.class));
    }

    @Test
    void isFoundByDriverManagerAndRunsAQueryOnARealServer() throws SQLException {
        // given a URL with retry settings; when connecting through DriverManager
        try (Connection c = DriverManager.getConnection(retryingUrl() + "&retry.maxAttempts=4&retry.tokenBucket=none")) {
            // then the query runs on the server
            assertEquals(42, selectOne(c));
            assertEquals("postgres", c.getMetaData().getUserName());
        }
        assertTrue(DriverManager.getDriver(retryingUrl()) instanceof RetryingDriver);
    }

    @Test
    void retrySettingsDoNotReachPgjdbc() throws SQLException {
        Properties info = new Properties();
        info.setProperty("retry.maxJournalBytes", "1000");
        info.setProperty("ApplicationName", "config-test");
        try (Connection c = DriverManager.getConnection(retryingUrl() + "&retry.maxAttempts=4", info)) {
            String physicalUrl = c.getMetaData().getURL();
            assertTrue(physicalUrl.startsWith("jdbc:postgresql://"), physicalUrl);
            assertFalse(physicalUrl.contains("retry."), physicalUrl);
            assertFalse(physicalUrl.contains("retrying"), physicalUrl);
            // and the other properties do reach it
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT current_setting('application_name')")) {
                rs.next();
                assertEquals("config-test", rs.getString(1));
            }
        }
    }

    @Test
    void otherUrlsAreLeftToOtherDrivers() throws SQLException {
        RetryingDriver d = new RetryingDriver();
        assertNull(d.connect(pg.jdbcUrl(), new Properties()));
        assertFalse(d.acceptsURL(pg.jdbcUrl()));
        assertTrue(d.acceptsURL(retryingUrl()));
        assertFalse(d.acceptsURL(null));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "retry.maxAttempts|-1|Invalid value for retry.maxAttempts: \"-1\" (must be an integer >= 1)",
            "retry.reconnectWindowMs|soon|Invalid value for retry.reconnectWindowMs: \"soon\" (must be an integer >= 0)",
            "retry.tokenBucket|0|Invalid value for retry.tokenBucket: \"0\" (must be 'shared', 'none' or an integer capacity >= 1)",
            "retry.maxJournalStatements|-2|Invalid value for retry.maxJournalStatements: \"-2\" (must be an integer >= 0)",
            "retry.maxJournalBytes|lots|Invalid value for retry.maxJournalBytes: \"lots\" (must be an integer >= 0)",
            "retry.resolveCommits|maybe|Invalid value for retry.resolveCommits: \"maybe\" (must be true or false)",
            "retry.baseDelayMs|-50|Invalid value for retry.baseDelayMs: \"-50\" (must be an integer >= 0)",
            "retry.maxDelayMs|1|Invalid value for retry.maxDelayMs: \"1\" (must be >= retry.baseDelayMs, 50)",
    })
    void aBadValueInTheUrlOrThePropertiesFailsAtConnectNamingKeyAndValue(String key, String value,
            String message) {
        SQLException viaUrl = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(retryingUrl() + "&" + key + "=" + value));
        assertEquals(message, viaUrl.getMessage());
        assertEquals("22023", viaUrl.getSQLState());

        Properties info = new Properties();
        info.setProperty(key, value);
        SQLException viaProps = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(retryingUrl(), info));
        assertEquals(message, viaProps.getMessage());
    }

    @Test
    void anUnknownRetryKeyFailsAtConnect() {
        SQLException viaUrl = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(retryingUrl() + "&retry.maxAtempts=3"));
        assertTrue(viaUrl.getMessage().startsWith("Unknown setting retry.maxAtempts (known: retry.maxAttempts,"),
                viaUrl.getMessage());
        Properties info = new Properties();
        info.setProperty("retry.window", "3");
        SQLException viaProps = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(retryingUrl(), info));
        assertTrue(viaProps.getMessage().startsWith("Unknown setting retry.window (known: "), viaProps.getMessage());
    }

    @Test
    void oneConfigurationAndOneBucketPerUrl() throws SQLException {
        String url = retryingUrl() + "&retry.tokenBucket=40";
        RetryConfig first = RetryingDriver.configFor(RetryingUrl.split(url, null));
        RetryConfig again = RetryingDriver.configFor(RetryingUrl.split(url, new Properties()));
        assertSame(first, again, "connections of one URL share one configuration");
        assertEquals(40.0, first.policy().tokenBucket().tokens());
        assertNotSame(TokenBucket.shared(), first.policy().tokenBucket());

        RetryConfig other = RetryingDriver.configFor(RetryingUrl.split(url + "&ApplicationName=x", null));
        assertNotSame(first.policy().tokenBucket(), other.policy().tokenBucket(), "another URL, another bucket");

        RetryConfig shared = RetryingDriver.configFor(RetryingUrl.split(retryingUrl(), null));
        assertSame(io.retrying.jdbc.RetryBudget.shared(), shared.policy().budget());
        assertEquals(3, shared.policy().maxAttempts());
    }

    @Test
    void propertyInfoListsTheRetryKeysWithDescriptionsAndPgjdbcs() throws SQLException {
        DriverPropertyInfo[] info = new RetryingDriver().getPropertyInfo(retryingUrl() + "&retry.maxAttempts=6", null);
        Map<String, DriverPropertyInfo> byName = Arrays.stream(info)
                .collect(Collectors.toMap(i -> i.name, i -> i, (a, b) -> a));
        for (RetrySetting s : RetrySetting.values()) {
            DriverPropertyInfo p = byName.get(s.key());
            assertNotNull(p, s.key());
            assertTrue(p.description != null && !p.description.isBlank(), s.key());
            assertFalse(p.required);
        }
        assertEquals("6", byName.get("retry.maxAttempts").value);
        assertEquals("30000", byName.get("retry.reconnectWindowMs").value);
        assertNotNull(byName.get("sslmode"), "pgjdbc's own properties follow");
    }

    @Test
    void theRestOfTheDriverContract() {
        RetryingDriver d = new RetryingDriver();
        assertFalse(d.jdbcCompliant());
        assertThrows(SQLFeatureNotSupportedException.class, d::getParentLogger);
        assertEquals(0, d.getMajorVersion());
    }
}
