package io.retrying.jdbc.flyway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import db.dropin.V3__RecordConnection;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.flywaydb.database.postgresql.PostgreSQLDatabaseType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Flyway configured by URL, as its CLI, its Maven and Gradle plugins and {@code spring.flyway.url}
 * do: with {@code jdbc:retrying:postgresql:} it refused "No Flyway database plugin found"; with
 * this module on the class path it migrates a real server, over a retrying connection.
 */
@ExtendWith(PgExtension.class)
class FlywayByUrlTest {

    @Test
    void aMigrationByUrlRunsOverARetryingConnection(PgServer pg) {
        pg.sql("DROP TABLE IF EXISTS flyway_accounts", "DROP TABLE IF EXISTS flyway_schema_history");
        String url = pg.jdbcUrl().replace("jdbc:postgresql:", "jdbc:retrying:postgresql:");

        MigrateResult result = Flyway.configure().dataSource(url, null, null)
                .locations("classpath:db/dropin").load().migrate();

        assertTrue(result.success);
        assertEquals(3, result.migrationsExecuted);
        assertEquals(3, pg.queryLong("SELECT count(*) FROM flyway_accounts"));
        assertEquals(3, pg.queryLong("SELECT count(*) FROM flyway_schema_history WHERE success"));
        assertEquals("io.retrying.jdbc.internal.jdbc.RetryingConnection", V3__RecordConnection.connectionClass);
    }

    /** Why the module exists: Flyway's own PostgreSQL type does not take the prefix. */
    @Test
    void onlyThisTypeTakesTheRetryingPrefix() {
        String url = "jdbc:retrying:postgresql://localhost/db";
        assertFalse(new PostgreSQLDatabaseType().handlesJDBCUrl(url));
        assertTrue(new RetryingPostgreSQLDatabaseType().handlesJDBCUrl(url));
        assertFalse(new RetryingPostgreSQLDatabaseType().handlesJDBCUrl("jdbc:postgresql://localhost/db"));
        assertEquals("io.retrying.jdbc.RetryingDriver", new RetryingPostgreSQLDatabaseType().getDriverClass(url, null));
    }
}
