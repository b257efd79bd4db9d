package io.retrying.jdbc.spring;

import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.RetryPolicy;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Role;
import org.springframework.core.env.Environment;

/**
 * The retrying-jdbc starter: the data sources' connections retry what is safe to retry
 * ({@link RetryingDataSourcePostProcessor}), {@code @Idempotent} bean methods run again
 * ({@link IdempotentAdvisor}), and the meters go to the application's {@code MeterRegistry}
 * ({@link RetryingJdbcMeterBinder}), retries are events on the current span when the OpenTelemetry
 * API is present ({@link RetryingJdbcTracing}), {@code retrying} joins {@code /actuator/health}
 * ({@link RetryingJdbcHealthIndicator}), all configured by {@code retrying.jdbc.*}
 * ({@link RetryingJdbcProperties}). {@code retrying.jdbc.enabled=false} turns it all off.
 */
@AutoConfiguration(before = DataSourceAutoConfiguration.class)
@ConditionalOnClass(javax.sql.DataSource.class)
@ConditionalOnBooleanProperty(name = "retrying.jdbc.enabled", matchIfMissing = true)
@EnableConfigurationProperties(RetryingJdbcProperties.class)
public class RetryingJdbcAutoConfiguration {

    /** The policy of {@code retrying.jdbc.*}: one object, so one token bucket, for the data sources and the advice. */
    @Bean(RetryingJdbcBeans.POLICY)
    RetryPolicy retryingJdbcPolicy(RetryingJdbcProperties properties) {
        return properties.policy();
    }

    /** Static, as post-processors must be: it looks up what it needs when a data source arrives. */
    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static RetryingDataSourcePostProcessor retryingJdbcDataSourcePostProcessor() {
        return new RetryingDataSourcePostProcessor();
    }

    @Bean
    RetryingJdbcMeterBinder retryingJdbcMeterBinder() {
        return new RetryingJdbcMeterBinder();
    }

    /**
     * {@code retrying} in {@code /actuator/health} (the bean's name less "HealthIndicator"), when
     * Actuator brings Spring Boot's health support; {@code management.health.retrying.enabled=false}
     * leaves it out.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
    @ConditionalOnEnabledHealthIndicator("retrying")
    static class Health {

        @Bean
        RetryingJdbcHealthIndicator retryingHealthIndicator(ObjectProvider<RetryPolicy> policy) {
            return new RetryingJdbcHealthIndicator(policy::getObject);
        }
    }

    /**
     * Tracing, when the application has the OpenTelemetry API: retrying-jdbc-opentelemetry (a
     * dependency of the starter) already reports every connection's retries on the current span and
     * keeps the layer's own statements out of the traces; this hands it the application's
     * {@code OpenTelemetry} bean, where there is one, for the layer's own spans ({@code replay},
     * {@code retry COMMIT}), since Spring Boot does not set the global one.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"io.opentelemetry.api.OpenTelemetry",
            "io.retrying.jdbc.opentelemetry.RetryingOpenTelemetry"})
    static class Tracing {

        @Bean
        RetryingJdbcTracing retryingJdbcTracing(ObjectProvider<io.opentelemetry.api.OpenTelemetry> openTelemetry) {
            return new RetryingJdbcTracing(openTelemetry.getIfUnique());
        }
    }

    /** The {@code @Idempotent} advice; {@code retrying.jdbc.idempotent.enabled=false} leaves it out. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.aop.support.AbstractPointcutAdvisor")
    @ConditionalOnBooleanProperty(name = "retrying.jdbc.idempotent.enabled", matchIfMissing = true)
    static class IdempotentAdvice {

        @Bean
        @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
        static IdempotentAdvisor retryingJdbcIdempotentAdvisor(Environment environment,
                ObjectProvider<RetryPolicy> policy, ObjectProvider<RetryingJdbcMeterBinder> meters) {
            // resolved at the first call, so that making the advisor (early: every bean is matched
            // against it) pulls in no data source; the order is bound now, from the environment, not
            // read from the RetryingJdbcProperties bean: an advisor is made while the post-processors
            // are being registered, and a bean it pulled in then would miss them (Spring warns that it
            // "is not eligible for getting processed by all BeanPostProcessors")
            IdempotentInterceptor interceptor = new IdempotentInterceptor(
                    () -> policy.getObject(), () -> {
                        RetryListener only = meters.getObject().only();
                        return only;
                    });
            int order = Binder.get(environment).bind("retrying.jdbc.idempotent.order", Integer.class)
                    .orElse(new RetryingJdbcProperties().getIdempotent().getOrder());
            return new IdempotentAdvisor(interceptor, order);
        }
    }
}
