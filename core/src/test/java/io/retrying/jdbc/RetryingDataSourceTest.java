package io.retrying.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.beans.IntrospectionException;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.beans.PropertyEditor;
import java.beans.PropertyEditorManager;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.postgresql.ds.PGSimpleDataSource;

@ExtendWith(PgExtension.class)
class RetryingDataSourceTest {

    private final PgServer pg;

    RetryingDataSourceTest(PgServer pg) {
        this.pg = pg;
    }

    private PGSimpleDataSource pgDataSource() {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(pg.jdbcUrl());
        return ds;
    }

    private static long selectOne(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 41 + 1")) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    // ------------------------------------------------------------- wrap and builder

    @Test
    void wrapConnectsAndRunsAQuery() throws SQLException {
        DataSource ds = RetryingDataSource.wrap(pgDataSource());
        try (Connection c = ds.getConnection()) {
            assertEquals(42, selectOne(c));
        }
    }

    @Test
    void theBuilderTakesEverySettingAndConnects() throws SQLException {
        RetryListener listener = new RetryListener() {};
        DataSource ds = RetryingDataSource.builder(pgDataSource())
                .policy(RetryPolicy.builder().maxAttempts(5).build())
                .reconnectWindow(Duration.ofSeconds(2))
                .tokenBucket(new TokenBucket(30))
                .listener(listener)
                .initializer(c -> { })
                .maxJournalStatements(10)
                .maxJournalBytes(4096)
                .resolveCommits(false)
                .build();
        try (Connection c = ds.getConnection()) {
            assertEquals(42, selectOne(c));
        }
    }

    @Test
    void getConnectionWithUserAndPasswordGoesToTheTarget() throws SQLException {
        pg.createRole("config_other");
        PGSimpleDataSource target = new PGSimpleDataSource();
        target.setServerNames(new String[] {pg.host()});
        target.setPortNumbers(new int[] {pg.port()});
        target.setDatabaseName(pg.database());
        target.setSslMode("disable");
        try (Connection c = RetryingDataSource.wrap(target).getConnection("config_other", "config_other")) {
            assertEquals("config_other", c.getMetaData().getUserName());
            assertEquals(42, selectOne(c));
        }
    }

    @Test
    void builderErrorsByKind() {
        RetryingDataSource.Builder b = RetryingDataSource.builder(pgDataSource());
        assertThrows(NullPointerException.class, () -> RetryingDataSource.builder(null));
        assertThrows(NullPointerException.class, () -> RetryingDataSource.wrap(null));
        assertThrows(NullPointerException.class, () -> b.policy(null));
        assertThrows(NullPointerException.class, () -> b.reconnectWindow(null));
        assertThrows(NullPointerException.class, () -> b.tokenBucket(null));
        assertThrows(NullPointerException.class, () -> b.listener(null));
        assertThrows(NullPointerException.class, () -> b.initializer(null));
        IllegalArgumentException window = assertThrows(IllegalArgumentException.class,
                () -> b.reconnectWindow(Duration.ofMillis(-1)));
        assertTrue(window.getMessage().contains("reconnectWindow"), window.getMessage());
        IllegalArgumentException statements = assertThrows(IllegalArgumentException.class,
                () -> b.maxJournalStatements(-1));
        assertTrue(statements.getMessage().contains("maxJournalStatements"), statements.getMessage());
        IllegalArgumentException bytes = assertThrows(IllegalArgumentException.class, () -> b.maxJournalBytes(-1));
        assertTrue(bytes.getMessage().contains("maxJournalBytes"), bytes.getMessage());
    }

    @Test
    void aBuiltDataSourceCannotBeReconfiguredThroughItsSetters() {
        RetryingDataSource ds = RetryingDataSource.wrap(pgDataSource());
        assertThrows(IllegalStateException.class, () -> ds.setMaxAttempts(4));
        assertThrows(IllegalStateException.class, () -> ds.setUrl(pg.jdbcUrl()));
    }

    @Test
    void unwrapReachesTheTarget() throws SQLException {
        PGSimpleDataSource target = pgDataSource();
        RetryingDataSource ds = RetryingDataSource.wrap(target);
        assertSame(target, ds.unwrap(PGSimpleDataSource.class));
        assertSame(ds, ds.unwrap(RetryingDataSource.class));
        assertTrue(ds.isWrapperFor(PGSimpleDataSource.class));
        assertFalse(ds.isWrapperFor(Runnable.class));
        assertThrows(SQLException.class, () -> ds.unwrap(Runnable.class));
    }

    @Test
    void loginTimeoutAndLogWriterGoToTheTarget() throws SQLException {
        PGSimpleDataSource target = pgDataSource();
        RetryingDataSource ds = RetryingDataSource.wrap(target);
        ds.setLoginTimeout(7);
        assertEquals(7, target.getLoginTimeout());
        assertEquals(7, ds.getLoginTimeout());

        RetryingDataSource bean = new RetryingDataSource();
        bean.setUrl(pg.jdbcUrl());
        bean.setLoginTimeout(9);
        assertEquals(9, bean.getLoginTimeout());
        bean.getConnection().close();
        assertEquals(9, bean.unwrap(PGSimpleDataSource.class).getLoginTimeout(),
                "kept for the target until it was made");
    }

    @Test
    void toStringNamesTheTarget() {
        RetryingDataSource ds = RetryingDataSource.wrap(pgDataSource());
        assertTrue(ds.toString().matches("RetryingDataSource@[0-9a-f]+ wrapping PGSimpleDataSource\\[127\\.0\\.0\\.1:"
                + pg.port() + "/postgres]"), ds.toString());
        DataSource other = new PGSimpleDataSource() {
            @Override
            public String toString() {
                return "MyPool";
            }
        };
        assertTrue(RetryingDataSource.wrap(new ForwardingDataSource(other)).toString().endsWith(" wrapping MyPool"));
    }

    // ------------------------------------------------------------- JavaBean form

    @Test
    void theJavaBeanFormBuildsFromPropertiesAndConnects() throws Exception {
        // given what a container (Spring Boot binding, JNDI's BeanFactory) would do: set properties by name
        Map<String, String> config = new LinkedHashMap<>();
        config.put("url", "jdbc:postgresql://" + pg.host() + ":" + pg.port() + "/" + pg.database() + "?sslmode=disable");
        config.put("username", pg.user());
        config.put("password", "unused-with-trust-auth");
        config.put("maxAttempts", "5");
        config.put("reconnectWindowMs", "2000");
        config.put("tokenBucket", "25");
        config.put("maxJournalStatements", "100");
        config.put("maxJournalBytes", "65536");
        config.put("resolveCommits", "false");
        config.put("baseDelayMs", "10");
        config.put("maxDelayMs", "500");
        RetryingDataSource ds = new RetryingDataSource();
        bind(ds, config);
        // when a connection is asked for; then it works
        try (Connection c = ds.getConnection()) {
            assertEquals(42, selectOne(c));
            assertEquals(pg.user(), c.getMetaData().getUserName());
        }
    }

    /** Sets JavaBean properties from strings, as a container does. */
    private static void bind(Object bean, Map<String, String> values)
            throws IntrospectionException, ReflectiveOperationException {
        Map<String, PropertyDescriptor> props = new LinkedHashMap<>();
        for (PropertyDescriptor p : Introspector.getBeanInfo(bean.getClass()).getPropertyDescriptors()) {
            props.put(p.getName(), p);
        }
        for (Map.Entry<String, String> e : values.entrySet()) {
            PropertyDescriptor p = props.get(e.getKey());
            assertTrue(p != null && p.getWriteMethod() != null, "no JavaBean setter for " + e.getKey());
            PropertyEditor editor = PropertyEditorManager.findEditor(p.getPropertyType());
            editor.setAsText(e.getValue());
            try {
                p.getWriteMethod().invoke(bean, editor.getValue());
            } catch (InvocationTargetException ex) {
                throw (RuntimeException) ex.getCause();
            }
        }
    }

    @Test
    void everyRetryKeyHasASetterOfTheSameName() throws IntrospectionException {
        Map<String, PropertyDescriptor> props = new LinkedHashMap<>();
        for (PropertyDescriptor p : Introspector.getBeanInfo(RetryingDataSource.class).getPropertyDescriptors()) {
            props.put(p.getName(), p);
        }
        for (io.retrying.jdbc.internal.config.RetrySetting s : io.retrying.jdbc.internal.config.RetrySetting.values()) {
            PropertyDescriptor p = props.get(s.propertyName());
            assertTrue(p != null && p.getWriteMethod() != null, "no setter for " + s.key());
        }
        for (String target : new String[] {"url", "user", "username", "password", "properties",
                "targetDataSource", "dataSource", "retryListener", "connectionInitializer"}) {
            assertTrue(props.containsKey(target) && props.get(target).getWriteMethod() != null, target);
        }
    }

    @Test
    void theJavaBeanFormTakesARetryingUrlAndPropertiesToo() throws SQLException {
        RetryingDataSource ds = new RetryingDataSource();
        ds.setUrl(pg.jdbcUrl().replace("jdbc:postgresql:", "jdbc:retrying:postgresql:") + "&retry.maxAttempts=2");
        Properties props = new Properties();
        props.setProperty("ApplicationName", "bean-test");
        props.setProperty("retry.resolveCommits", "false");
        ds.setProperties(props);
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT current_setting('application_name')")) {
            rs.next();
            assertEquals("bean-test", rs.getString(1));
            assertFalse(c.getMetaData().getURL().contains("retry."), c.getMetaData().getURL());
        }
    }

    @Test
    void theJavaBeanFormOverATargetDataSource() throws SQLException {
        RetryingDataSource ds = new RetryingDataSource();
        ds.setTargetDataSource(pgDataSource());
        ds.setMaxAttempts(2);
        try (Connection c = ds.getConnection()) {
            assertEquals(42, selectOne(c));
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "maxAttempts|-1|Invalid value for retry.maxAttempts: \"-1\" (must be an integer >= 1)",
            "reconnectWindowMs|-1|Invalid value for retry.reconnectWindowMs: \"-1\" (must be an integer >= 0)",
            "tokenBucket|lots|Invalid value for retry.tokenBucket: \"lots\" (must be 'shared', 'none' or an integer capacity >= 1)",
            "maxJournalStatements|-1|Invalid value for retry.maxJournalStatements: \"-1\" (must be an integer >= 0)",
            "maxJournalBytes|-1|Invalid value for retry.maxJournalBytes: \"-1\" (must be an integer >= 0)",
            "baseDelayMs|-1|Invalid value for retry.baseDelayMs: \"-1\" (must be an integer >= 0)",
            "maxDelayMs|5|Invalid value for retry.maxDelayMs: \"5\" (must be >= retry.baseDelayMs, 50)",
    })
    void aBadSetterValueFailsTheFirstGetConnectionNamingKeyAndValue(String property, String value, String message)
            throws Exception {
        RetryingDataSource ds = new RetryingDataSource();
        ds.setUrl(pg.jdbcUrl());
        bind(ds, Map.of(property, value));
        SQLException e = assertThrows(SQLException.class, ds::getConnection);
        assertEquals(message, e.getMessage());
        assertEquals("22023", e.getSQLState());
    }

    @Test
    void aBadSettingCanBeFixedBeforeTheFirstConnection() throws SQLException {
        RetryingDataSource ds = new RetryingDataSource();
        ds.setUrl(pg.jdbcUrl());
        ds.setMaxAttempts(0);
        assertThrows(SQLException.class, ds::getConnection);
        ds.setMaxAttempts(2);
        try (Connection c = ds.getConnection()) {
            assertEquals(42, selectOne(c));
        }
        assertThrows(IllegalStateException.class, () -> ds.setMaxAttempts(3), "fixed once in use");
    }

    @Test
    void anUnknownRetryKeyInThePropertiesFailsGetConnection() {
        RetryingDataSource ds = new RetryingDataSource();
        ds.setUrl(pg.jdbcUrl());
        Properties props = new Properties();
        props.setProperty("retry.maxAtempts", "3");
        ds.setProperties(props);
        SQLException e = assertThrows(SQLException.class, ds::getConnection);
        assertTrue(e.getMessage().startsWith("Unknown setting retry.maxAtempts (known: "), e.getMessage());
    }

    @Test
    void aDataSourceWithoutTargetSaysSo() {
        SQLException e = assertThrows(SQLException.class, () -> new RetryingDataSource().getConnection());
        assertTrue(e.getMessage().contains("setUrl or setTargetDataSource"), e.getMessage());
    }

    @Test
    void urlAndTargetDataSourceConflict() {
        RetryingDataSource a = new RetryingDataSource();
        a.setUrl(pg.jdbcUrl());
        assertThrows(IllegalStateException.class, () -> a.setTargetDataSource(pgDataSource()));
        RetryingDataSource b = new RetryingDataSource();
        b.setTargetDataSource(pgDataSource());
        assertThrows(IllegalStateException.class, () -> b.setUrl(pg.jdbcUrl()));
    }

    @Test
    void anInvalidUrlIsRefusedWithoutQuotingIt() {
        RetryingDataSource ds = new RetryingDataSource();
        ds.setUrl("jdbc:mysql://h/db?password=S3cr3t-Pa55");
        SQLException e = assertThrows(SQLException.class, ds::getConnection);
        assertTrue(e.getMessage().startsWith("RetryingDataSource url is not a valid PostgreSQL JDBC URL"),
                e.getMessage());
        assertFalse(e.getMessage().contains("S3cr3t"), e.getMessage());
    }

    @Test
    void concurrentFirstConnectionsShareOneConfiguration() throws Exception {
        RetryingDataSource ds = new RetryingDataSource();
        ds.setUrl(pg.jdbcUrl());
        ds.setTokenBucket("20");
        Thread[] threads = new Thread[4];
        SQLException[] failures = new SQLException[threads.length];
        for (int i = 0; i < threads.length; i++) {
            int n = i;
            threads[i] = new Thread(() -> {
                try (Connection c = ds.getConnection()) {
                    selectOne(c);
                } catch (SQLException e) {
                    failures[n] = e;
                }
            });
            threads[i].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        for (SQLException f : failures) {
            if (f != null) {
                throw f;
            }
        }
        assertThrows(IllegalStateException.class, () -> ds.setTokenBucket("none"));
    }

    // ------------------------------------------------------------- listener and initializer reach the connections

    private static String applicationName(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT current_setting('application_name')")) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void theInitializerRunsOnTheNewConnection() throws SQLException {
        ConnectionInitializer init = c -> {
            try (Statement s = c.createStatement()) {
                s.execute("SET application_name = 'from-initializer'");
            }
        };
        try (Connection c = RetryingDataSource.builder(pgDataSource()).initializer(init).build().getConnection()) {
            assertEquals("from-initializer", applicationName(c));
        }
        RetryingDataSource bean = new RetryingDataSource();
        bean.setUrl(pg.jdbcUrl());
        bean.setConnectionInitializer(init);
        try (Connection c = bean.getConnection()) {
            assertEquals("from-initializer", applicationName(c));
        }
    }

    /** Records what a listener hears. */
    private static final class Recording implements RetryListener {
        final List<String> heard = new CopyOnWriteArrayList<>();

        @Override
        public void onRetry(RetryEvent e) {
            heard.add("retry " + e.sqlState() + " " + e.recovery());
        }

        @Override
        public void onGiveUp(RetryEvent e) {
            heard.add("give up " + e.sqlState());
        }
    }

    private static PGSimpleDataSource nobodyListening() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL("jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres&sslmode=disable");
        return ds;
    }

    @Test
    void theListenerAndTheReconnectWindowReachTheConnections() throws Exception {
        // given a builder-made data source over a port nobody listens on
        Recording builderListener = new Recording();
        DataSource built = RetryingDataSource.builder(nobodyListening())
                .reconnectWindow(Duration.ofMillis(300)).noTokenBucket().listener(builderListener).build();
        // when a connection is asked for, then it fails once the window is spent, and the listener heard it all
        SQLException e = assertThrows(SQLException.class, built::getConnection);
        assertTrue(e instanceof RetriesExhaustedException, String.valueOf(e));
        assertEquals("retry 08001 RECONNECT", builderListener.heard.get(0));
        assertEquals("give up 08001", builderListener.heard.get(builderListener.heard.size() - 1));

        // the same through the JavaBean form
        Recording beanListener = new Recording();
        RetryingDataSource bean = new RetryingDataSource();
        bean.setTargetDataSource(nobodyListening());
        bean.setReconnectWindowMs(300);
        bean.setTokenBucket("none");
        bean.setRetryListener(beanListener);
        assertThrows(RetriesExhaustedException.class, bean::getConnection);
        assertEquals("retry 08001 RECONNECT", beanListener.heard.get(0));
        assertEquals("give up 08001", beanListener.heard.get(beanListener.heard.size() - 1));
    }

    /** A DataSource that is not pgjdbc's, as a pool would be. */
    private static final class ForwardingDataSource implements DataSource {
        private final DataSource target;

        ForwardingDataSource(DataSource target) {
            this.target = target;
        }

        @Override public Connection getConnection() throws SQLException { return target.getConnection(); }
        @Override public Connection getConnection(String u, String p) throws SQLException { return target.getConnection(u, p); }
        @Override public java.io.PrintWriter getLogWriter() throws SQLException { return target.getLogWriter(); }
        @Override public void setLogWriter(java.io.PrintWriter out) throws SQLException { target.setLogWriter(out); }
        @Override public void setLoginTimeout(int seconds) throws SQLException { target.setLoginTimeout(seconds); }
        @Override public int getLoginTimeout() throws SQLException { return target.getLoginTimeout(); }
        @Override public java.util.logging.Logger getParentLogger() { return java.util.logging.Logger.getGlobal(); }
        @Override public <T> T unwrap(Class<T> iface) throws SQLException { throw new SQLException("no"); }
        @Override public boolean isWrapperFor(Class<?> iface) { return false; }
        @Override public String toString() { return target.toString(); }
    }

}
