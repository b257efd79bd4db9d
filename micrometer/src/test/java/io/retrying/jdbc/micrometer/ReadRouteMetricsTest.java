package io.retrying.jdbc.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.retrying.jdbc.ReadRoute;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.StreamingReplicas;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 27 item 3, "meters say where reads went": {@code retrying.jdbc.reads.routed{target,reason}}
 * counts the physical connections a data source with reader hosts dialed for reads, on a real
 * primary with two streaming standbys: once per connection routed, not per statement nor per switch
 * back to a parked connection; to the primary, with its reason, when no standby is up; nothing for a
 * data source without readers.
 */
@ExtendWith(PgExtension.class)
class ReadRouteMetricsTest {

    private static StreamingReplicas replicas;

    @BeforeAll
    static void cluster(PgServer primary) {
        primary.sql("CREATE TABLE rm_items (id int PRIMARY KEY)", "INSERT INTO rm_items SELECT generate_series(1, 5)");
        replicas = StreamingReplicas.start(primary, 2);
    }

    /** The metrics, and every route as the listener heard it. */
    private static final class Heard implements RetryListener {
        final RetryingMetrics metrics;
        final List<ReadRoute> routes = new CopyOnWriteArrayList<>();

        Heard(RetryingMetrics metrics) {
            this.metrics = metrics;
        }

        @Override
        public void onReadRouted(ReadRoute route) {
            routes.add(route);
            metrics.onReadRouted(route);
        }
    }

    private static RetryingDataSource dataSource(String app, Heard heard, boolean readers) {
        RetryingDataSource ds = new RetryingDataSource();
        ds.setUrl(replicas.primary().jdbcUrl() + "&ApplicationName=" + app);
        if (readers) {
            ds.setReaders(replicas.standbyHosts());
        }
        ds.setRetryListener(heard);
        return ds;
    }

    private static double routed(MeterRegistry registry, String name, String target, String reason) {
        var counter = registry.find("retrying.jdbc.reads.routed").tag("name", name).tag("target", target).tag("reason", reason)
                .counter();
        return counter == null ? 0 : counter.count();
    }

    private static int count(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM rm_items")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void eachConnectionRoutedToAStandbyIsCountedOnce() throws Exception {
        MeterRegistry registry = new SimpleMeterRegistry();
        RetryingMetrics metrics = RetryingMetrics.of("routed");
        metrics.bindTo(registry);
        Heard heard = new Heard(metrics);
        RetryingDataSource ds = dataSource("rm-standby", heard, true);
        for (int i = 0; i < 3; i++) {
            try (Connection c = ds.getConnection()) {
                assertEquals(5, count(c)); // read-write: the primary, nothing routed
                c.setReadOnly(true);
                for (int n = 0; n < 4; n++) {
                    assertEquals(5, count(c)); // statements are not routes
                }
                c.setReadOnly(false);
                c.setReadOnly(true); // the parked standby connection taken back: not routed again
                assertEquals(5, count(c));
            }
        }
        assertEquals(3, routed(registry, "routed", "standby", "read_only"));
        assertEquals(0, routed(registry, "routed", "primary", "no_standby_usable"));
        Set<String> standbys = replicas.standbys().stream().map(s -> s.host() + ":" + s.port()).collect(Collectors.toSet());
        assertEquals(3, heard.routes.size(), "one route a connection: " + heard.routes);
        for (ReadRoute r : heard.routes) {
            assertEquals(ReadRoute.Target.STANDBY, r.target());
            assertEquals(ReadRoute.Reason.READ_ONLY, r.reason());
            assertTrue(standbys.contains(r.server()), r.server() + " is one of " + standbys);
        }
    }

    @Test
    void readsThatFallBackToThePrimaryAreCountedWithTheirReason() throws Exception {
        MeterRegistry registry = new SimpleMeterRegistry();
        RetryingMetrics metrics = RetryingMetrics.of("fallback");
        metrics.bindTo(registry);
        Heard heard = new Heard(metrics);
        RetryingDataSource ds = dataSource("rm-fallback", heard, true);
        replicas.standby(0).stop();
        replicas.standby(1).stop();
        try (Connection c = ds.getConnection()) {
            c.setReadOnly(true);
            assertEquals(5, count(c));
        } finally {
            replicas.standby(0).start();
            replicas.standby(1).start();
            replicas.awaitStreaming();
        }
        assertEquals(1, routed(registry, "fallback", "primary", "no_standby_usable"));
        assertEquals(0, routed(registry, "fallback", "standby", "read_only"));
        PgServer primary = replicas.primary();
        assertEquals(List.of(new ReadRoute(ReadRoute.Target.PRIMARY, primary.host() + ":" + primary.port(),
                ReadRoute.Reason.NO_STANDBY_USABLE)), heard.routes);
    }

    @Test
    void aDataSourceWithoutReadersRoutesNothing() throws Exception {
        MeterRegistry registry = new SimpleMeterRegistry();
        RetryingMetrics metrics = RetryingMetrics.of("plain");
        metrics.bindTo(registry);
        Heard heard = new Heard(metrics);
        try (Connection c = dataSource("rm-plain", heard, false).getConnection()) {
            c.setReadOnly(true);
            assertEquals(5, count(c));
        }
        assertEquals(List.of(), heard.routes);
        assertEquals(List.of(), registry.find("retrying.jdbc.reads.routed").counters().stream().toList());
    }
}
