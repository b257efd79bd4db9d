package io.retrying.jdbc.examples;

import io.retrying.jdbc.RetryingDataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * retrying-jdbc as a {@code DataSource} bean, configured by setters the way a container builds it
 * from configuration (a Spring {@code @Bean}, a Jakarta EE resource). The application code below it
 * is plain JDBC: a restarting server makes {@code getConnection()} slower, not failed, because the
 * data source dials again within its reconnect window.
 *
 * <pre>{@code
 * ./demo.sh is the big demo; this one runs on its own with
 * java -cp "examples/target/classes:examples/target/lib/*" io.retrying.jdbc.examples.DataSourceBeanExample [jdbc:postgresql://...]
 * }</pre>
 */
public final class DataSourceBeanExample {
    private DataSourceBeanExample() {
    }

    /** The bean. Every {@code retry.*} setting has a setter; the URL is any pgjdbc URL. */
    public static DataSource dataSource(String jdbcUrl) {
        RetryingDataSource ds = new RetryingDataSource();
        ds.setUrl(jdbcUrl);               // or setTargetDataSource(pool), setUser, setPassword
        ds.setMaxAttempts(4);             // the first try counts
        ds.setReconnectWindowMs(15_000);  // how long to keep dialling a server that is down or full
        return ds;
    }

    /** Application code, unaware of retrying: records a visit and returns how many there are. */
    public static long recordVisit(DataSource ds) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS visits (at timestamptz NOT NULL DEFAULT now())");
            s.executeUpdate("INSERT INTO visits DEFAULT VALUES");
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM visits")) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    public static void main(String[] args) throws SQLException {
        try (ExampleServer server = ExampleServer.from(args)) {
            DataSource ds = dataSource(server.url());
            System.out.println("visits: " + recordVisit(ds));
        }
    }
}
