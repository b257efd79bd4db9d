package io.retrying.jdbc.spring;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import io.retrying.jdbc.spring.app.BankApplication;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The bank application on one server for the whole JVM: every test class that extends this shares
 * one Spring context (Spring's test context cache), started once, configured with nothing but
 * {@code spring.datasource.url}, user and password (the schema by Hibernate).
 */
// ddl-auto=create, not create-drop: the throwaway server and Spring's context close in shutdown hooks
// that run at once, and a schema drop sent to a server already stopped waits out the reconnect window
@SpringBootTest(classes = {BankApplication.class, BankTestBase.Meters.class},
        properties = {"spring.jpa.hibernate.ddl-auto=create", "spring.jpa.open-in-view=false"})
abstract class BankTestBase {

    static final PgServer PG = PgServers.start();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(PG::close, "pg-server-stop"));
    }

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> "jdbc:postgresql://" + PG.host() + ":" + PG.port() + "/" + PG.database());
        registry.add("spring.datasource.username", PG::user);
        registry.add("spring.datasource.password", () -> "unused");
    }

    /** A registry, as Actuator would give: the starter binds its meters to it. */
    @TestConfiguration
    static class Meters {
        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }
    }

    @Autowired
    ApplicationContext context;
    @Autowired
    DataSource dataSource;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    MeterRegistry registry;
}
