package io.retrying.jdbc.flyway;

import org.flywaydb.database.postgresql.PostgreSQLDatabaseType;

/**
 * Flyway's PostgreSQL support for URLs of the retrying layer. Flyway picks the driver for a URL
 * it is configured with (CLI, Maven and Gradle plugins, {@code spring.flyway.url}) from the
 * database types it finds as plugins, and its PostgreSQL type knows {@code jdbc:postgresql:}
 * and {@code jdbc:p6spy:postgresql:} only: {@code jdbc:retrying:postgresql:} got "No Flyway
 * database plugin found to handle ...". This type accepts the prefix and names
 * {@link io.retrying.jdbc.RetryingDriver}; everything else is Flyway's PostgreSQL type. Once
 * connected, Flyway chooses by {@code DatabaseMetaData.getDatabaseProductName()}, which is
 * PostgreSQL's, so the migration runs as on PostgreSQL, over a retrying connection.
 *
 * <p>Found by Flyway's plugin register through {@code META-INF/services/org.flywaydb.core.extensibility.Plugin}.
 */
public class RetryingPostgreSQLDatabaseType extends PostgreSQLDatabaseType {

    /** The URL prefix of the retrying layer's driver. */
    static final String PREFIX = "jdbc:retrying:postgresql:";

    @Override
    public String getName() {
        return "PostgreSQL (retrying)";
    }

    @Override
    public boolean handlesJDBCUrl(String url) {
        return url.startsWith(PREFIX);
    }

    @Override
    public String getDriverClass(String url, ClassLoader classLoader) {
        return "io.retrying.jdbc.RetryingDriver";
    }

    /**
     * Only by URL: once connected, Flyway's own PostgreSQL type answers for the product name, and
     * a plain {@code jdbc:postgresql:} application with this jar on its class path is unaffected.
     */
    @Override
    public boolean handlesDatabaseProductNameAndVersion(String databaseProductName, String databaseProductVersion,
            java.sql.Connection connection) {
        return false;
    }
}
