package io.retrying.jdbc.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.RetryingDriver;
import io.retrying.jdbc.hikari.RetryingExceptionOverride;
import java.sql.Connection;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * A {@code spring.datasource.url} in the {@code jdbc:retrying:postgresql:} form starts without a
 * driver class name (plain Spring Boot fails: "Failed to determine a suitable driver class"), and
 * the pool keeps the retrying driver with the exception override and test query.
 */
class RetryingUrlStartupTest {

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({DataSourceAutoConfiguration.class, RetryingJdbcAutoConfiguration.class})
    static class App {
    }

    @Test
    void aRetryingUrlNeedsNoDriverClassName() throws Exception {
        String url = "jdbc:retrying:postgresql://" + BankTestBase.PG.host() + ":" + BankTestBase.PG.port() + "/"
                + BankTestBase.PG.database() + "?retry.maxAttempts=5";
        try (ConfigurableApplicationContext ctx = new SpringApplicationBuilder(App.class)
                .web(WebApplicationType.NONE)
                .properties("spring.datasource.url=" + url, "spring.datasource.username=" + BankTestBase.PG.user())
                .run()) {
            HikariDataSource pool = ctx.getBean(HikariDataSource.class);
            assertEquals(RetryingDriver.class.getName(), pool.getDriverClassName());
            assertNull(pool.getDataSource(), "the driver makes the connections");
            assertEquals(RetryingExceptionOverride.class.getName(), pool.getExceptionOverrideClassName());
            assertEquals("SELECT 1", pool.getConnectionTestQuery());
            try (Connection c = pool.getConnection()) {
                assertEquals(true, c.isValid(1));
            }
        }
    }
}
