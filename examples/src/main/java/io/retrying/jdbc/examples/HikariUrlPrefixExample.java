package io.retrying.jdbc.examples;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.hikari.RetryingExceptionOverride;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * The URL prefix under HikariCP: the pool stays a plain {@code HikariDataSource} (Spring Boot's
 * auto-configuration, HikariCP's metrics and health checks as they are) and only its settings
 * change. Each pooled connection heals itself: when its server connection dies, it dials another and
 * runs the statement again, and HikariCP is told not to evict it. In {@code application.properties}:
 *
 * <pre>
 * spring.datasource.url=jdbc:retrying:postgresql://db:5432/app?retry.maxAttempts=4
 * spring.datasource.hikari.exception-override-class-name=io.retrying.jdbc.hikari.RetryingExceptionOverride
 * </pre>
 *
 * ({@code RetryingHikari.under(config)} makes the same changes to a {@code HikariConfig} in code.)
 */
public final class HikariUrlPrefixExample {
    private HikariUrlPrefixExample() {
    }

    /** The pool, from a plain {@code jdbc:postgresql://...} URL. */
    public static HikariDataSource pool(String pgjdbcUrl) {
        HikariConfig config = new HikariConfig();
        // jdbc:postgresql://host/db?user=app  ->  jdbc:retrying:postgresql://host/db?user=app&retry.maxAttempts=4
        config.setJdbcUrl("jdbc:retrying:" + pgjdbcUrl.substring("jdbc:".length())
                + (pgjdbcUrl.contains("?") ? "&" : "?") + "retry.maxAttempts=4");
        config.setExceptionOverrideClassName(RetryingExceptionOverride.class.getName());
        config.setMaximumPoolSize(2);
        return new HikariDataSource(config);
    }

    /** Application code, unaware of retrying: counts a page view and returns the new total. */
    public static long countView(DataSource ds, String page) throws SQLException {
        try (Connection c = ds.getConnection()) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS page_views (page text PRIMARY KEY, views bigint NOT NULL)");
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO page_views VALUES (?, 1)"
                    + " ON CONFLICT (page) DO UPDATE SET views = page_views.views + 1 RETURNING views")) {
                ps.setString(1, page);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        }
    }

    public static void main(String[] args) throws SQLException {
        try (ExampleServer server = ExampleServer.from(args); HikariDataSource pool = pool(server.url())) {
            System.out.println("views of /home: " + countView(pool, "/home"));
        }
    }
}
