package io.retrying.jdbc.suite;

import io.retrying.jdbc.RetryingDriver;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * Stands in DriverManager for pgjdbc's driver: a {@code jdbc:postgresql:} URL connects through
 * {@code jdbc:retrying:postgresql:} with the same properties, the layer's defaults. The layer dials
 * pgjdbc's driver directly, never through DriverManager, so nothing comes back here.
 */
final class ThroughTheLayer implements Driver {

    private static final String PGJDBC = "jdbc:postgresql:";

    private final Driver layer = new RetryingDriver();

    static void install() {
        try {
            Class.forName("org.postgresql.Driver"); // registered now, so that it cannot register after us
            SuiteServer.deregisterPgjdbc();
            DriverManager.registerDriver(new ThroughTheLayer());
        } catch (ClassNotFoundException | SQLException e) {
            throw new IllegalStateException("cannot put the layer in pgjdbc's driver's place", e);
        }
    }

    private static String retrying(String url) {
        return "jdbc:retrying:" + url.substring("jdbc:".length());
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        return acceptsURL(url) ? layer.connect(retrying(url), info) : null;
    }

    @Override
    public boolean acceptsURL(String url) {
        return url != null && url.startsWith(PGJDBC);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
        return layer.getPropertyInfo(retrying(url), info);
    }

    @Override
    public int getMajorVersion() {
        return layer.getMajorVersion();
    }

    @Override
    public int getMinorVersion() {
        return layer.getMinorVersion();
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return layer.getParentLogger();
    }
}
