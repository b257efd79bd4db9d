package io.retrying.jdbc.micrometer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.retrying.jdbc.RetryingDataSource;
import java.net.ServerSocket;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A server nobody listens on: the data source's dials open its circuit breaker, and the gauge
 * {@code retrying.jdbc.circuit.state{host}} says so (2, open, or 1 while a probe is in flight).
 */
class CircuitMetricsTest {

    @Test
    void theBreakerOfAServerThatIsDownIsSeenOpen() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        MeterRegistry registry = new SimpleMeterRegistry();
        RetryingMetrics metrics = RetryingMetrics.of("down");
        metrics.bindTo(registry);
        PGSimpleDataSource target = new PGSimpleDataSource();
        target.setURL("jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres");
        RetryingDataSource ds = RetryingDataSource.builder(target).reconnectWindow(Duration.ofMillis(600))
                .noTokenBucket().listener(metrics).build();
        try {
            ds.getConnection().close();
        } catch (SQLException expected) {
            // nobody there: the window ran out
        }
        String host = "127.0.0.1:" + port;
        double state = registry.get("retrying.jdbc.circuit.state").tag("name", "down").tag("host", host).gauge().value();
        assertTrue(state >= 1, "open or half-open: " + state);
        assertTrue(registry.get("retrying.jdbc.circuit.transitions").tag("host", host).tag("to", "open")
                .counter().count() >= 1, "the opening was counted");
    }
}
