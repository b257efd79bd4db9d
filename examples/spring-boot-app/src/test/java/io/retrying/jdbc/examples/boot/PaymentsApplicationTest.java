package io.retrying.jdbc.examples.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The example application, as shipped, on a real server whose backends are killed while it records payments. */
@SpringBootTest(classes = {PaymentsApplication.class, PaymentsApplicationTest.Registry.class})
class PaymentsApplicationTest {

    static final PgServer PG = PgServers.start();

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> "jdbc:postgresql://" + PG.host() + ":" + PG.port() + "/" + PG.database());
        registry.add("spring.datasource.username", PG::user);
    }

    @AfterAll
    static void stop() {
        PG.close();
    }

    @TestConfiguration
    static class Registry {
        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }
    }

    @Autowired
    PaymentService payments;
    @Autowired
    MeterRegistry registry;

    @Test
    void paymentsAreRecordedOnceWhileBackendsAreKilled() {
        int terminated = 0;
        for (int i = 0; i < 60; i++) {
            payments.record("order-" + i, 100);
            payments.record("order-" + i, 100); // a client's retry: recorded once
            if (i % 10 == 5) {
                terminated += PG.terminateBackends();
            }
        }
        assertEquals(60 * 100, payments.totalCents());
        assertTrue(terminated > 0);
        double retries = registry.find("retrying.jdbc.retries").counters().stream().mapToDouble(c -> c.count()).sum();
        assertTrue(retries >= 1, "the meters saw the retries: " + retries);
    }
}
