package io.retrying.jdbc.demo;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumSet;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import org.postgresql.Driver;

/**
 * The user's own server ({@code --url}). The demo gets no control of the server process there, so
 * the only fault is the one SQL can cause: {@code pg_terminate_backend} on the sides' own
 * connections. Each side works in a schema of its own; the URL's user is used throughout. The URL
 * may hold a password: it is never printed.
 */
final class UrlTarget implements Target {
    private final String url;
    private final Set<String> sides = new CopyOnWriteArraySet<>();

    UrlTarget(String url) {
        this.url = url;
    }

    @Override
    public String describe() {
        Properties p = Driver.parseURL(url, null);
        String where = p == null ? "(unparsable URL)"
                : p.getProperty("PGHOST", "localhost") + ":" + p.getProperty("PGPORT", "5432") + "/"
                        + p.getProperty("PGDBNAME", "");
        String version;
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW server_version")) {
            rs.next();
            version = rs.getString(1);
        } catch (SQLException e) {
            version = "?";
        }
        return "your PostgreSQL " + version + " at " + where + " (--url)";
    }

    @Override
    public String prepare(String side) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA IF NOT EXISTS " + Target.schema(side));
        }
        sides.add(side);
        return withSideParameters(Target.applicationName(side), side);
    }

    @Override
    public Connection connectDirect(String side) throws SQLException {
        return DriverManager.getConnection(withSideParameters("retrying-demo-admin", side));
    }

    private String withSideParameters(String applicationName, String side) {
        // pgjdbc takes the last value of a repeated parameter: these win over the user's own
        return url + (url.indexOf('?') < 0 ? "?" : "&") + "ApplicationName=" + applicationName
                + "&currentSchema=" + Target.schema(side);
    }

    @Override
    public Set<ChaosKind> chaosKinds() {
        return EnumSet.of(ChaosKind.KILL_BACKENDS);
    }

    @Override
    public String chaosLimits() {
        return "--url gives no control of the server: chaos is limited to what SQL can do: pg_terminate_backend"
                + " (no restarts, no held connection limit, no dropped COMMIT replies)";
    }

    @Override
    public void inject(ChaosSchedule.Event event) throws SQLException {
        if (event.kind() != ChaosKind.KILL_BACKENDS) {
            throw new UnsupportedOperationException(event.kind().id() + " needs control of the server");
        }
        try (Connection admin = DriverManager.getConnection(url)) {
            Backends.terminate(admin, sides.stream().map(Target::applicationName).toList());
        }
    }

    @Override
    public void heal() {
        // nothing to undo: a killed backend is simply gone
    }

    @Override
    public void close() {
        // not ours to stop; the schemas stay for inspection
    }
}
