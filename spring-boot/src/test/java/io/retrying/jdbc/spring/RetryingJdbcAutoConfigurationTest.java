package io.retrying.jdbc.spring;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.retrying.jdbc.Idempotent;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.hikari.RetryingExceptionOverride;
import io.retrying.jdbc.hikari.RetryingHikariDataSource;
import io.retrying.jdbc.internal.config.RetrySetting;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.health.actuate.endpoint.HealthDescriptor;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.actuate.endpoint.IndicatedHealthDescriptor;
import org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration;
import org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.annotation.Transactional;

/**
 * What the auto-configuration does with each switch, on Spring Boot's own DataSource
 * auto-configuration and a real server (the same JVM-wide one as the application tests): the
 * default under the pool, {@code topology=over}, {@code enabled=false}, the application's own data
 * source, the {@code @Idempotent} switch, the settings reaching the policy, a bad value's startup
 * message, and the metadata covering every {@code retry.*} setting.
 */
class RetryingJdbcAutoConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                    RetryingJdbcAutoConfiguration.class, AopAutoConfiguration.class))
            .withPropertyValues("spring.datasource.url=jdbc:postgresql://" + BankTestBase.PG.host() + ":"
                    + BankTestBase.PG.port() + "/" + BankTestBase.PG.database(),
                    "spring.datasource.username=" + BankTestBase.PG.user());

    private static int one(DataSource ds) throws Exception {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void byDefaultThePoolHoldsRetryingConnectionsWithTheOverrideAndTestQuery() {
        runner.run(ctx -> {
            HikariDataSource pool = ctx.getBean(HikariDataSource.class);
            assertThat(pool.getDataSource()).isInstanceOf(RetryingDataSource.class);
            assertThat(pool.getExceptionOverrideClassName()).isEqualTo(RetryingExceptionOverride.class.getName());
            assertThat(pool.getConnectionTestQuery()).isEqualTo("SELECT 1");
            assertThat(pool.getPoolName()).isEqualTo("dataSource");
            assertThat(one(pool)).isEqualTo(1);
            assertThat(ctx).hasSingleBean(IdempotentAdvisor.class);
        });
    }

    @Test
    void overThePoolTheDataSourceIsTheRetryingLayerOverHikari() {
        runner.withPropertyValues("retrying.jdbc.topology=over").run(ctx -> {
            DataSource ds = ctx.getBean(DataSource.class);
            assertThat(ds).isInstanceOf(RetryingHikariDataSource.class);
            assertThat(ds.unwrap(HikariDataSource.class).getDataSource()).isNull();
            assertThat(one(ds)).isEqualTo(1);
        });
    }

    @Test
    void disabledItLeavesEverythingAlone() {
        runner.withPropertyValues("retrying.jdbc.enabled=false").run(ctx -> {
            HikariDataSource pool = ctx.getBean(HikariDataSource.class);
            assertThat(pool.getDataSource()).isNull();
            assertThat(pool.getExceptionOverrideClassName()).isNull();
            assertThat(ctx).doesNotHaveBean(IdempotentAdvisor.class);
            assertThat(one(pool)).isEqualTo(1);
        });
    }

    @Test
    void theIdempotentAdviceCanBeTurnedOff() {
        runner.withPropertyValues("retrying.jdbc.idempotent.enabled=false").run(ctx -> {
            assertThat(ctx).doesNotHaveBean(IdempotentAdvisor.class);
            assertThat(ctx.getBean(HikariDataSource.class).getDataSource()).isInstanceOf(RetryingDataSource.class);
        });
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnDataSource {
        @Bean
        DataSource appDataSource() {
            PGSimpleDataSource pg = new PGSimpleDataSource();
            pg.setURL("jdbc:postgresql://" + BankTestBase.PG.host() + ":" + BankTestBase.PG.port() + "/"
                    + BankTestBase.PG.database() + "?user=" + BankTestBase.PG.user());
            return pg;
        }
    }

    @Test
    void anApplicationsOwnDataSourceIsLeftAloneUnlessAskedFor() {
        runner.withUserConfiguration(OwnDataSource.class).run(ctx ->
                assertThat(ctx.getBean(DataSource.class)).isInstanceOf(PGSimpleDataSource.class));
        runner.withUserConfiguration(OwnDataSource.class).withPropertyValues("retrying.jdbc.wrap-user-data-source=true")
                .run(ctx -> {
                    DataSource ds = ctx.getBean(DataSource.class);
                    assertThat(ds).isInstanceOf(RetryingDataSource.class);
                    assertThat(one(ds)).isEqualTo(1);
                });
    }

    @Test
    void theSettingsReachThePolicy() {
        runner.withPropertyValues("retrying.jdbc.max-attempts=30", "retrying.jdbc.base-delay=10ms",
                "retrying.jdbc.max-delay=1s", "retrying.jdbc.token-bucket=none", "retrying.jdbc.reconnect-window=45s",
                "retrying.jdbc.max-journal-bytes=1MB", "retrying.jdbc.resolve-commits=false").run(ctx -> {
                    RetryPolicy policy = ctx.getBean(RetryingJdbcBeans.POLICY, RetryPolicy.class);
                    assertThat(policy.maxAttempts()).isEqualTo(30);
                    assertThat(policy.tokenBucket()).isNull();
                    RetryingJdbcProperties p = ctx.getBean(RetryingJdbcProperties.class);
                    assertThat(p.getReconnectWindow().toSeconds()).isEqualTo(45);
                    assertThat(p.getMaxJournalBytes().toBytes()).isEqualTo(1024 * 1024);
                    assertThat(p.isResolveCommits()).isFalse();
                });
    }

    @Test
    void aBadValueFailsStartupNamingTheProperty() {
        for (String bad : new String[] {"max-attempts=0", "token-bucket=lots", "reconnect-window=soon",
                "max-journal-statements=-1"}) {
            String property = "retrying.jdbc." + bad.substring(0, bad.indexOf('='));
            runner.withPropertyValues("retrying.jdbc." + bad).run(ctx -> {
                assertThat(ctx).hasFailed();
                assertThat(ctx.getStartupFailure()).rootCause().isNotNull();
                assertThat(messages(ctx.getStartupFailure())).contains(property);
            });
        }
    }

    @Test
    void startingLogsNoWarningThatABeanMissedThePostProcessors() {
        // Spring's checker warns when a bean is made while the post-processors are being made: with
        // Micrometer's (Actuator's) MeterRegistryPostProcessor, the advisors are looked up then
        Logger checker = (Logger) LoggerFactory.getLogger(
                "org.springframework.context.support.PostProcessorRegistrationDelegate$BeanPostProcessorChecker");
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        checker.addAppender(logged);
        try {
            runner.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
                    SimpleMetricsExportAutoConfiguration.class)).run(ctx -> {
                        assertThat(ctx).hasNotFailed();
                        assertThat(ctx).hasSingleBean(IdempotentAdvisor.class);
                        assertThat(ctx).hasSingleBean(MeterRegistry.class);
                    });
        } finally {
            checker.detachAppender(logged);
        }
        assertThat(logged.list).extracting(ILoggingEvent::getFormattedMessage)
                .noneMatch(m -> m.contains("is not eligible for getting processed by all BeanPostProcessors"));
    }

    @Test
    void aRetryKeyInHikarisDataSourcePropertiesIsRefusedNamingTheStartersProperty() {
        runner.withPropertyValues("spring.datasource.hikari.data-source-properties.retry.maxAttempts=7").run(ctx -> {
            assertThat(ctx).hasFailed();
            assertThat(messages(ctx.getStartupFailure()))
                    .contains("spring.datasource.hikari.data-source-properties.retry.maxAttempts")
                    .contains("retrying.jdbc.max-attempts");
        });
        runner.withPropertyValues("spring.datasource.hikari.data-source-properties.retry.reconnectWindowMs=100")
                .run(ctx -> assertThat(messages(ctx.getStartupFailure())).contains("retrying.jdbc.reconnect-window"));
    }

    @Test
    void thePoolsMetersAreTaggedWithItsNameAsHikarisAreAndByName() {
        runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .withPropertyValues("spring.datasource.hikari.pool-name=orders").run(ctx -> {
                    HikariDataSource pool = ctx.getBean(HikariDataSource.class);
                    MeterRegistry registry = ctx.getBean(MeterRegistry.class);
                    ctx.getBean(RetryingJdbcMeterBinder.class).bindTo(registry);
                    assertThat(one(pool)).isEqualTo(1);
                    assertThat(registry.get("retrying.jdbc.calls").tags("pool", "orders", "name", "orders").counters())
                            .isNotEmpty();
                });
    }

    @Test
    void withActuatorTheHealthShowsEachServersBreakerAndTheBudget() {
        runner.withConfiguration(AutoConfigurations.of(HealthContributorAutoConfiguration.class,
                        HealthContributorRegistryAutoConfiguration.class, HealthEndpointAutoConfiguration.class))
                .withPropertyValues("management.endpoint.health.show-details=always").run(ctx -> {
                    assertThat(one(ctx.getBean(DataSource.class))).isEqualTo(1); // a dial: the server's breaker
                    HealthDescriptor retrying = ctx.getBean(HealthEndpoint.class).healthForPath("retrying");
                    assertThat(retrying).as("retrying in /actuator/health").isInstanceOf(IndicatedHealthDescriptor.class);
                    assertThat(retrying.getStatus()).isEqualTo(Status.UP);
                    Map<String, Object> details = ((IndicatedHealthDescriptor) retrying).getDetails();
                    String server = BankTestBase.PG.host() + ":" + BankTestBase.PG.port();
                    assertThat(details.get("circuits")).asInstanceOf(InstanceOfAssertFactories.MAP)
                            .containsEntry(server, Map.of("state", "CLOSED", "consecutiveFailures", 0));
                    // the default budget, which scales with the work
                    assertThat(details.get("budget")).asInstanceOf(InstanceOfAssertFactories.MAP)
                            .containsEntry("kind", "scaling").containsKeys("retriesAllowedNow", "state");
                });
        runner.withPropertyValues("management.health.retrying.enabled=false")
                .run(ctx -> assertThat(ctx).doesNotHaveBean(RetryingJdbcHealthIndicator.class));
    }

    /** An {@code @Idempotent @Transactional} bean under Spring's JDBC transaction manager. */
    static class Ledger {
        final JdbcTemplate jdbc;
        final AtomicInteger runs = new AtomicInteger();

        Ledger(JdbcTemplate jdbc) {
            this.jdbc = jdbc;
        }

        /** Through the proxy, whose own fields are not the target's. */
        public int runs() {
            return runs.get();
        }

        /** Closes its connection under the transaction (as HikariCP closes one it evicts), then fails. */
        @Idempotent
        @Transactional
        public void failLosingTheConnection(RuntimeException failure) throws java.sql.SQLException {
            runs.incrementAndGet();
            jdbc.queryForObject("SELECT 1", Integer.class);
            DataSourceUtils.getConnection(jdbc.getDataSource()).close();
            throw failure;
        }
    }

    @Test
    void whenTheRollbackFailsTooTheMethodsFailureReachesTheCallerWithTheRollbacksBesideIt() {
        runner.withConfiguration(AutoConfigurations.of(JdbcTemplateAutoConfiguration.class,
                        DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class))
                .withBean(Ledger.class).run(ctx -> {
                    Ledger ledger = ctx.getBean(Ledger.class);
                    IllegalStateException original = new IllegalStateException("the failure that matters");

                    RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
                            () -> ledger.failLosingTheConnection(original));

                    assertThat(e).as("the method's failure, not the rollback's").isSameAs(original);
                    assertThat(e.getSuppressed()).singleElement().isInstanceOf(TransactionSystemException.class);
                    assertThat(ledger.runs()).as("run once: the method's failure is FATAL").isEqualTo(1);
                });
    }

    private static String messages(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            b.append(c.getMessage()).append('\n');
        }
        return b.toString();
    }

    @Test
    void theMetadataCoversEveryRetrySetting() throws Exception {
        String metadata;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).as("the configuration processor's metadata").isNotNull();
            metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (RetrySetting s : RetrySetting.values()) {
            // retry.reconnectWindowMs -> retrying.jdbc.reconnect-window (a Duration: no unit in the name)
            String name = s.key().substring("retry.".length()).replaceAll("Ms$", "");
            String kebab = name.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
            assertThat(metadata).as("retry.%s is bound", name).contains("\"retrying.jdbc." + kebab + "\"");
        }
    }
}
