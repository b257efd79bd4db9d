package io.retrying.jdbc.spring;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;

/**
 * Which pgjdbc and HikariCP the starter's tests run on: this project's versions in the default
 * run, the versions Spring Boot 4.0's dependency management pins in the second run
 * ({@code boot-managed-versions} in this module's pom), so that both are tested, not assumed.
 */
class DriverVersionsTest {

    @Test
    void theTestsRunOnTheVersionsThisRunNames() {
        String pgjdbc = System.getProperty("expected.pgjdbc.version");
        String hikari = System.getProperty("expected.hikaricp.version");
        String pgJar = org.postgresql.Driver.class.getProtectionDomain().getCodeSource().getLocation().toString();
        String hikariJar = HikariDataSource.class.getProtectionDomain().getCodeSource().getLocation().toString();
        assertTrue(pgjdbc != null && pgJar.endsWith("postgresql-" + pgjdbc + ".jar"), pgJar + ", expected " + pgjdbc);
        assertTrue(hikari != null && hikariJar.endsWith("HikariCP-" + hikari + ".jar"), hikariJar + ", expected " + hikari);
    }
}
