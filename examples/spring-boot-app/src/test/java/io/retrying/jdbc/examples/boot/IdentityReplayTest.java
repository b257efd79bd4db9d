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
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * JPA's {@code GenerationType.IDENTITY}: an order and its line inserted in one transaction (the
 * line holds the order's generated id), the backend killed after the line's insert, before COMMIT.
 * The commit returns normally: the library replays the transaction with the ids JPA handed out.
 */
@SpringBootTest(classes = {PaymentsApplication.class, IdentityReplayTest.Registry.class})
class IdentityReplayTest {

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
    CustomerOrderRepository orders;
    @Autowired
    OrderLineRepository lines;
    @Autowired
    PlatformTransactionManager transactions;

    @Test
    void anOrderAndItsLineKeepTheirIdentityIdsWhenTheBackendIsKilledBeforeCommit() {
        long[] ids = new long[2];
        new TransactionTemplate(transactions).executeWithoutResult(status -> {
            CustomerOrder order = orders.save(new CustomerOrder("tent"));
            OrderLine line = lines.saveAndFlush(new OrderLine(order, 2));
            ids[0] = order.getId();
            ids[1] = line.getId();
            assertTrue(PG.terminateBackends() > 0);
        });
        assertEquals(1, PG.queryLong("SELECT count(*) FROM customer_order"));
        assertEquals(1, PG.queryLong("SELECT count(*) FROM customer_order WHERE id = " + ids[0] + " AND item = 'tent'"));
        assertEquals(1, PG.queryLong("SELECT count(*) FROM order_line"));
        assertEquals(1, PG.queryLong("SELECT count(*) FROM order_line WHERE id = " + ids[1]
                + " AND customer_order_id = " + ids[0] + " AND quantity = 2"));
    }
}
