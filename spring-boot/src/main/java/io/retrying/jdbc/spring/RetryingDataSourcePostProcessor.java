package io.retrying.jdbc.spring;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.hikari.RetryingExceptionOverride;
import io.retrying.jdbc.hikari.RetryingHikari;
import io.retrying.jdbc.micrometer.RetryingMetrics;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.DefaultSingletonBeanRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.core.Ordered;
import org.springframework.core.type.MethodMetadata;

/**
 * Makes the data sources retrying, after Spring Boot has built and bound them (so that every
 * {@code spring.datasource.hikari.*} setting is in): the auto-configured one always, the
 * application's own only with {@code retrying.jdbc.wrap-user-data-source=true}.
 *
 * <p><b>Under the pool</b> (the default): the {@link HikariDataSource} stays the bean, so Spring
 * Boot's health indicator, HikariCP's metrics and anything injecting {@code HikariDataSource} work
 * as before. It gets a {@link RetryingDataSource} over pgjdbc's data source (the URL, the
 * {@code data-source-properties}) as the source of its connections, HikariCP's user and password
 * still applying, plus {@link RetryingExceptionOverride} and the test query {@code SELECT 1}, as
 * {@link RetryingHikari#under} sets them; the pool name, when none is set, becomes the bean name,
 * so that the meters and HikariCP's own carry the same name. A URL already
 * {@code jdbc:retrying:postgresql:...} keeps the retrying driver (its {@code retry.*} parameters
 * configure it, and the meters cannot hear it).
 *
 * <p><b>Over the pool</b>: the bean becomes {@link RetryingHikari#over}'s data source, which
 * unwraps to the pool and closes it with the context; with {@code retrying.jdbc.readers}, beside a
 * second pool, of readers, made from the same settings with the reader hosts, which read-only
 * connections borrow from.
 *
 * <p>A data source that is not PostgreSQL's, or whose pool already started, is left as it is (and
 * said so in the log).
 */
final class RetryingDataSourcePostProcessor implements BeanPostProcessor, BeanFactoryAware, Ordered {

    private static final Logger log = LoggerFactory.getLogger(RetryingDataSourcePostProcessor.class);
    private static final String PG_PREFIX = "jdbc:postgresql:";
    private static final String RETRYING_PREFIX = "jdbc:retrying:postgresql:";
    private static final String BOOT = "org.springframework.boot.";

    private ConfigurableListableBeanFactory beanFactory;

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.beanFactory = (ConfigurableListableBeanFactory) beanFactory;
    }

    /** Late, after Boot's own post-processors have set the URL and credentials. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE - 10;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) throws BeansException {
        if (!(bean instanceof DataSource dataSource) || bean instanceof RetryingDataSource
                || bean.getClass().getName().startsWith("io.retrying.jdbc.")) {
            return bean;
        }
        boolean autoConfigured = autoConfigured(beanName);
        RetryingJdbcProperties properties = beanFactory.getBean(RetryingJdbcProperties.class);
        if (!autoConfigured && !properties.isWrapUserDataSource()) {
            return bean;
        }
        RetryPolicy policy = beanFactory.getBean(RetryingJdbcBeans.POLICY, RetryPolicy.class);
        if (dataSource instanceof HikariDataSource hikari) {
            return hikari(hikari, beanName, properties, policy);
        }
        if (!autoConfigured) {
            // the application's own, not a pool we can set up: the layer over it, with its settings
            RetryingMetrics metrics = metrics(beanName, false, policy);
            RetryingDataSource.Builder b = properties.dataSource(dataSource, policy);
            return (metrics == null ? b : b.listener(metrics)).build();
        }
        log.info("retrying-jdbc: data source '{}' is a {}, not HikariCP; left as it is", beanName,
                bean.getClass().getName());
        return bean;
    }

    private Object hikari(HikariDataSource hikari, String beanName, RetryingJdbcProperties properties, RetryPolicy policy) {
        String url = hikari.getJdbcUrl();
        if (hikari.isRunning() || hikari.getDataSource() != null || hikari.getDataSourceClassName() != null
                || url == null || !(url.startsWith(PG_PREFIX) || url.startsWith(RETRYING_PREFIX))) {
            log.info("retrying-jdbc: data source '{}' is not a PostgreSQL jdbcUrl pool that has yet to start; left as it is",
                    beanName);
            return hikari;
        }
        if (hikari.getPoolName() == null) {
            hikari.setPoolName(beanName);
        }
        String name = hikari.getPoolName();
        if (properties.getTopology() == RetryingJdbcProperties.Topology.OVER) {
            if (url.startsWith(RETRYING_PREFIX)) {
                throw new IllegalStateException("retrying.jdbc.topology=over: spring.datasource.url must be a plain "
                        + PG_PREFIX + " URL (the layer goes over the pool, not into it)");
            }
            RetryingMetrics metrics = metrics(name, true, policy);
            UnaryOperator<RetryingDataSource.Builder> settings = b -> {
                RetryingDataSource.Builder configured = properties.configure(b, policy);
                return metrics == null ? configured : configured.listener(metrics);
            };
            if (properties.getReaders().isBlank()) {
                return RetryingHikari.over(hikari, settings);
            }
            HikariDataSource readers = readerPool(hikari, properties.getReaders());
            if (metrics != null) {
                // no bean, so Boot binds no HikariCP meters to it: the starter's binder does
                beanFactory.getBean(RetryingJdbcMeterBinder.class).addPool(readers);
            }
            if (beanFactory instanceof DefaultSingletonBeanRegistry registry) {
                // Spring destroys the bean it made (the writer's pool), not what a post-processor returned
                registry.registerDisposableBean(beanName + ".retryingReaders", readers::close);
            }
            return RetryingHikari.over(hikari, readers, settings);
        }
        if (hikari.getExceptionOverride() == null && hikari.getExceptionOverrideClassName() == null) {
            hikari.setExceptionOverrideClassName(RetryingExceptionOverride.class.getName());
        }
        if (hikari.getConnectionTestQuery() == null) {
            hikari.setConnectionTestQuery("SELECT 1");
        }
        if (url.startsWith(RETRYING_PREFIX)) {
            hikari.setDriverClassName(io.retrying.jdbc.RetryingDriver.class.getName());
            log.info("retrying-jdbc: pool '{}' uses the retrying driver of its URL; its retry.* parameters configure it"
                    + " and no meters are registered for it (use a jdbc:postgresql: URL for both)", name);
            return hikari;
        }
        PGSimpleDataSource pg = new PGSimpleDataSource();
        pg.setURL(url);
        for (var e : hikari.getDataSourceProperties().entrySet()) {
            String key = String.valueOf(e.getKey());
            if (key.startsWith("retry.")) {
                // pgjdbc would refuse it as unknown; the layer under the pool is configured by retrying.jdbc.*
                throw new IllegalStateException("spring.datasource.hikari.data-source-properties." + key
                        + " is not read: the retrying layer is configured by " + springProperty(key)
                        + " (retrying.jdbc.*), not by data-source properties");
            }
            try {
                pg.setProperty(String.valueOf(e.getKey()), String.valueOf(e.getValue()));
            } catch (java.sql.SQLException bad) {
                throw new IllegalStateException("spring.datasource.hikari.data-source-properties." + e.getKey()
                        + " is not a setting pgjdbc knows", bad);
            }
        }
        RetryingMetrics metrics = metrics(name, true, policy);
        RetryingDataSource.Builder b = properties.dataSource(pg, policy);
        hikari.setDataSource((metrics == null ? b : b.listener(metrics)).build());
        return hikari;
    }

    /**
     * The pool of readers beside {@code hikari} ({@code retrying.jdbc.readers} over the pool): its
     * settings with the reader hosts ({@link RetryingHikari#readers}); started, as Boot's own pool,
     * at its first borrow.
     */
    private static HikariDataSource readerPool(HikariDataSource hikari, String readers) {
        HikariDataSource pool = new HikariDataSource();
        RetryingHikari.readers(hikari, readers).copyStateTo(pool);
        log.info("retrying-jdbc: pool '{}' reads from the pool '{}' of readers {} while read-only", hikari.getPoolName(),
                pool.getPoolName(), readers);
        return pool;
    }

    /**
     * The meters for this data source, when the application has a registry to put them in; a pool's
     * are tagged {@code pool} too, as HikariCP's own.
     */
    private RetryingMetrics metrics(String name, boolean pool, RetryPolicy policy) {
        if (beanFactory.getBeanNamesForType(MeterRegistry.class, true, false).length == 0) {
            return null; // no registry: no listener at all, so the happy path does not even count
        }
        RetryingMetrics metrics = pool ? RetryingMetrics.ofPool(name, policy) : RetryingMetrics.of(name, policy);
        beanFactory.getBean(RetryingJdbcMeterBinder.class).add(metrics);
        return metrics;
    }

    /**
     * {@code retry.maxAttempts} as Spring Boot spells it: {@code retrying.jdbc.max-attempts};
     * {@code retry.reconnectWindowMs} is {@code retrying.jdbc.reconnect-window} (a Duration: no unit).
     */
    static String springProperty(String retryKey) {
        String name = retryKey.substring("retry.".length()).replaceAll("Ms$", "");
        return "retrying.jdbc." + name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
    }

    /** Whether the bean is Spring Boot's own (its factory method is declared in a Boot class). */
    private boolean autoConfigured(String beanName) {
        if (!beanFactory.containsBeanDefinition(beanName)) {
            return false;
        }
        BeanDefinition definition = beanFactory.getBeanDefinition(beanName);
        if (definition instanceof AnnotatedBeanDefinition annotated && annotated.getFactoryMethodMetadata() != null) {
            MethodMetadata factory = annotated.getFactoryMethodMetadata();
            return factory.getDeclaringClassName().startsWith(BOOT);
        }
        if (beanFactory.getMergedBeanDefinition(beanName) instanceof RootBeanDefinition root
                && root.getResolvedFactoryMethod() != null) {
            return root.getResolvedFactoryMethod().getDeclaringClass().getName().startsWith(BOOT);
        }
        return false;
    }
}
