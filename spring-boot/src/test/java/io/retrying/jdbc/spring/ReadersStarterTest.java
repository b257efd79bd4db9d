package io.retrying.jdbc.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.hikari.RetryingHikariDataSource;
import io.retrying.jdbc.fixtures.PgServers;
import io.retrying.jdbc.fixtures.StreamingReplicas;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Issue 27: {@code retrying.jdbc.readers} through the starter. The auto-configured pool (the layer
 * under it) hands out connections that run on a standby while read-only, as
 * {@code @Transactional(readOnly = true)} makes them, and on the primary otherwise; HikariCP's reset
 * of read-only on return brings a connection back to the primary.
 */
class ReadersStarterTest {

    private static PgServer primary;
    private static StreamingReplicas replicas;

    @BeforeAll
    static void cluster() {
        primary = PgServers.start();
        replicas = StreamingReplicas.start(primary, 2);
    }

    @AfterAll
    static void stop() {
        primary.close();
    }

    private static boolean inRecovery(Connection c) throws Exception {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT pg_is_in_recovery()")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    /** The starter over the primary, as an application configures it; each test adds its readers. */
    private static ApplicationContextRunner starter() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        RetryingJdbcAutoConfiguration.class, AopAutoConfiguration.class))
                .withPropertyValues("spring.datasource.url=jdbc:postgresql://" + primary.host() + ":" + primary.port()
                                + "/" + primary.database(),
                        "spring.datasource.username=" + primary.user());
    }

    @Test
    void readOnlyConnectionsOfThePoolRunOnTheReaders() {
        starter()
                .withPropertyValues(
                        "spring.datasource.hikari.maximum-pool-size=1",
                        "retrying.jdbc.readers=" + replicas.standbyHosts())
                .run(ctx -> {
                    HikariDataSource pool = ctx.getBean(HikariDataSource.class);
                    try (Connection c = pool.getConnection()) {
                        assertThat(inRecovery(c)).as("read-write: the primary").isFalse();
                        c.setReadOnly(true);
                        c.setAutoCommit(false);
                        assertThat(inRecovery(c)).as("read-only: a reader").isTrue();
                        c.commit();
                    }
                    try (Connection c = pool.getConnection()) {
                        // the same pooled connection, read-only reset by HikariCP on its return
                        assertThat(c.isReadOnly()).isFalse();
                        assertThat(inRecovery(c)).isFalse();
                    }
                });
    }

    @Test
    void overThePoolTheReadersPoolHasHikarisMetersBesideTheWriters() {
        starter()
                .withConfiguration(AutoConfigurations.of(
                        org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration.class,
                        org.springframework.boot.micrometer.metrics.autoconfigure.export.simple
                                .SimpleMetricsExportAutoConfiguration.class))
                .withPropertyValues(
                        "retrying.jdbc.topology=over",
                        "retrying.jdbc.readers=" + replicas.standbyHosts())
                .run(ctx -> {
                    javax.sql.DataSource bean = ctx.getBean(javax.sql.DataSource.class);
                    try (Connection c = bean.getConnection()) {
                        c.setReadOnly(true);
                        assertThat(inRecovery(c)).isTrue();
                    }
                    io.micrometer.core.instrument.MeterRegistry registry =
                            ctx.getBean(io.micrometer.core.instrument.MeterRegistry.class);
                    String readers = ctx.getBean(RetryingHikariDataSource.class).readerPool().getPoolName();
                    assertThat(registry.find("hikaricp.connections").tag("pool", readers).gauge())
                            .as("HikariCP's meters of the readers' pool " + readers).isNotNull();
                    assertThat(registry.find("retrying.jdbc.reads.routed").tag("target", "standby").counter().count())
                            .isEqualTo(1.0);
                });
    }

    @Test
    void overThePoolReadOnlyConnectionsBorrowFromAPoolOfReaders() {
        starter()
                .withPropertyValues(
                        "spring.datasource.hikari.maximum-pool-size=2",
                        "retrying.jdbc.topology=over",
                        "retrying.jdbc.readers=" + replicas.standbyHosts())
                .run(ctx -> {
                    RetryingHikariDataSource ds = ctx.getBean(RetryingHikariDataSource.class);
                    javax.sql.DataSource bean = ctx.getBean(javax.sql.DataSource.class);
                    try (Connection c = bean.getConnection()) {
                        assertThat(inRecovery(c)).as("read-write: the primary").isFalse();
                        // DataSourceTransactionManager.doBegin for @Transactional(readOnly = true)
                        c.setReadOnly(true);
                        c.setAutoCommit(false);
                        assertThat(inRecovery(c)).as("read-only: a reader of the readers' pool").isTrue();
                        assertThat(ds.readerPool().getHikariPoolMXBean().getActiveConnections()).isEqualTo(1);
                        assertThat(ds.pool().getHikariPoolMXBean().getActiveConnections()).isZero();
                        c.commit();
                        c.setAutoCommit(true);
                        c.setReadOnly(false);
                        assertThat(inRecovery(c)).isFalse();
                    }
                    assertThat(ds.readerPool().getPoolName()).isEqualTo(ds.pool().getPoolName() + "-readers");
                    assertThat(ds.readerPool().getHikariPoolMXBean().getActiveConnections()).isZero();
                    assertThat(ds.pool().getHikariPoolMXBean().getActiveConnections()).isZero();
                    ctx.close();
                    assertThat(ds.isClosed()).as("the writer's pool closed with the context").isTrue();
                    assertThat(ds.readerPool().isClosed()).as("closed with the context").isTrue();
                });
    }
}
