package io.retrying.jdbc.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.StreamingReplicas;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The module with the OpenTelemetry SDK and no agent: found by the core on its own (no listener
 * configured here), it records a healed call's retries on the application's span, and gives a lost
 * COMMIT's resolution and the replay spans of their own under it, with nothing left in ERROR; a
 * give-up only where the layer had a stake in it.
 */
@ExtendWith(PgExtension.class)
class TracingRetryListenerTest {

    private static final String APP = "otel-listener-test";

    private final InMemorySpanExporter exported = InMemorySpanExporter.create();
    private OpenTelemetrySdk sdk;

    @BeforeEach
    void sdk() {
        sdk = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exported)).build())
                .build();
        RetryingOpenTelemetry.use(sdk);
    }

    @AfterEach
    void close() {
        RetryingOpenTelemetry.use(null);
        sdk.close();
    }

    private static DataSource dataSource(PgServer pg) {
        PGSimpleDataSource target = new PGSimpleDataSource();
        target.setURL(pg.jdbcUrl() + "&ApplicationName=" + APP);
        return RetryingDataSource.wrap(target); // no listener: the module's provider adds its own
    }

    @Test
    void aReadHealedAfterAKillCarriesItsRetryOnTheApplicationsSpan(PgServer pg) throws Exception {
        DataSource ds = dataSource(pg);
        Span op = sdk.getTracer("test").spanBuilder("op").startSpan();
        try (Scope ignored = op.makeCurrent(); Connection c = ds.getConnection()) {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("select 1")) {
                rs.next();
            }
            pg.terminateBackends(APP);
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("select 2")) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(1));
            }
        } finally {
            op.end();
        }
        SpanData span = only("op");
        List<String> events = names(span);
        assertTrue(events.contains("retrying.jdbc.retry"), events.toString());
        assertTrue(events.contains("retrying.jdbc.recovered"), events.toString());
        EventData retry = event(span, "retrying.jdbc.retry");
        assertEquals("postgresql", retry.getAttributes().get(TracingRetryListener.DB_SYSTEM_NAME));
        assertEquals("reconnect", retry.getAttributes().get(TracingRetryListener.RECOVERY));
        assertEquals(1L, retry.getAttributes().get(TracingRetryListener.ATTEMPT));
        assertNotNull(retry.getAttributes().get(TracingRetryListener.DELAY_MS));
        assertNotNull(retry.getAttributes().get(TracingRetryListener.REASON));
        assertEquals(Boolean.TRUE, span.getAttributes().get(TracingRetryListener.HEALED));
        assertEquals(StatusCode.UNSET, span.getStatus().getStatusCode());
    }

    @Test
    void aTransactionKilledBeforeCommitIsResolvedAndReplayedUnderSpansOfTheLayersOwn(PgServer pg) throws Exception {
        pg.sql("drop table if exists otel_t", "create table otel_t(id int primary key, n int not null)",
                "insert into otel_t values (1, 0)");
        DataSource ds = dataSource(pg);
        Span op = sdk.getTracer("test").spanBuilder("op").startSpan();
        try (Scope ignored = op.makeCurrent(); Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            for (int i = 0; i < 2; i++) {
                try (PreparedStatement ps = c.prepareStatement("update otel_t set n = n + 1 where id = ?")) {
                    ps.setInt(1, 1);
                    assertEquals(1, ps.executeUpdate());
                }
            }
            pg.terminateBackends(APP);
            c.commit();
        } finally {
            op.end();
        }
        assertEquals(2L, pg.queryLong("select n from otel_t where id = 1"), "committed once");
        SpanData opSpan = only("op");
        List<String> events = names(opSpan);
        assertTrue(events.contains("retrying.jdbc.recovered"), events.toString());
        for (SpanData s : exported.getFinishedSpanItems()) {
            assertFalse(s.getStatus().getStatusCode() == StatusCode.ERROR, "an ERROR span under a success: " + s);
            if (!s.getName().equals("op")) {
                assertEquals(opSpan.getTraceId(), s.getTraceId(), s.toString());
                assertEquals("postgresql", s.getAttributes().get(TracingRetryListener.DB_SYSTEM_NAME), s.toString());
                assertEquals(RetryingOpenTelemetry.SCOPE, s.getInstrumentationScopeInfo().getName());
            }
        }
        List<String> own = exported.getFinishedSpanItems().stream().map(SpanData::getName)
                .filter(n -> !n.equals("op")).collect(Collectors.toList());
        assertTrue(own.contains("replay") || own.contains("retry COMMIT"), "the layer's own spans: " + own);
        if (events.contains("retrying.jdbc.commit_resolution")) {
            EventData resolution = event(opSpan, "retrying.jdbc.commit_resolution");
            assertNotNull(resolution.getAttributes().get(AttributeKey.stringKey("retrying.jdbc.commit.outcome")));
            assertTrue(own.contains("retry COMMIT"), own.toString());
        }
    }

    @Test
    void whereReadsWentIsRecordedOnTheApplicationsSpan(PgServer pg) throws Exception {
        StreamingReplicas replicas = StreamingReplicas.start(pg, 1);
        PGSimpleDataSource target = new PGSimpleDataSource();
        target.setURL(pg.jdbcUrl() + "&ApplicationName=" + APP);
        // a standby, then a reader that is down: the reads fall back to the primary
        for (String readers : new String[] {replicas.standbyHosts(), "127.0.0.1:1"}) {
            DataSource ds = RetryingDataSource.builder(target).readers(readers).build();
            Span op = sdk.getTracer("test").spanBuilder("op " + readers).startSpan();
            try (Scope ignored = op.makeCurrent(); Connection c = ds.getConnection()) {
                c.setReadOnly(true);
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("select pg_is_in_recovery()")) {
                    rs.next();
                    assertEquals(readers.equals(replicas.standbyHosts()), rs.getBoolean(1));
                }
            } finally {
                op.end();
            }
        }
        EventData standby = event(only("op " + replicas.standbyHosts()), "retrying.jdbc.read_routed");
        assertEquals("postgresql", standby.getAttributes().get(TracingRetryListener.DB_SYSTEM_NAME));
        assertEquals("standby", standby.getAttributes().get(TracingRetryListener.READ_TARGET));
        assertEquals("read_only", standby.getAttributes().get(TracingRetryListener.READ_REASON));
        EventData primary = event(only("op 127.0.0.1:1"), "retrying.jdbc.read_routed");
        assertEquals("primary", primary.getAttributes().get(TracingRetryListener.READ_TARGET));
        assertEquals("no_standby_usable", primary.getAttributes().get(TracingRetryListener.READ_REASON));
        assertFalse(standby.getAttributes().asMap().values().stream().anyMatch(v -> String.valueOf(v).contains("127.0.0.1")),
                "no host in an event");
    }

    @Test
    void aGiveUpIsRecordedWhereTheLayerHadAStakeInIt() {
        Span op = sdk.getTracer("test").spanBuilder("op").startSpan();
        try (Scope ignored = op.makeCurrent()) {
            TracingRetryListener listener = TracingRetryListener.instance();
            // a syntax error at the first attempt: the application's own, already on its span
            listener.onGiveUp(new RetryEvent("42601", Retryability.FATAL, 1, 3, Duration.ZERO, "rc-1", Duration.ZERO,
                    "not retryable", new SQLException("syntax", "42601")));
            // a lost connection after two attempts: the layer gave up
            listener.onGiveUp(new RetryEvent("08006", Retryability.RECONNECT, 3, 3, Duration.ZERO, "rc-1",
                    Duration.ofMillis(300), "no attempt left", new SQLException("gone", "08006")));
        } finally {
            op.end();
        }
        SpanData span = only("op");
        assertEquals(List.of("retrying.jdbc.give_up"), names(span));
        EventData giveUp = event(span, "retrying.jdbc.give_up");
        assertEquals("08006", giveUp.getAttributes().get(TracingRetryListener.ERROR_TYPE));
        assertEquals("08006", giveUp.getAttributes().get(TracingRetryListener.DB_STATUS_CODE));
        assertEquals("reconnect", giveUp.getAttributes().get(TracingRetryListener.RECOVERY));
        assertEquals(3L, giveUp.getAttributes().get(TracingRetryListener.ATTEMPT));
    }

    @Test
    void theSystemPropertyTurnsTheProviderOff() {
        System.setProperty(RetryingOpenTelemetry.ENABLED_PROPERTY, "false");
        try {
            assertThrows(IllegalStateException.class, RetryingOpenTelemetry::new);
        } finally {
            System.clearProperty(RetryingOpenTelemetry.ENABLED_PROPERTY);
        }
        assertNotNull(new RetryingOpenTelemetry().listener());
    }

    private SpanData only(String name) {
        List<SpanData> found = exported.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name))
                .collect(Collectors.toList());
        assertEquals(1, found.size(), exported.getFinishedSpanItems().toString());
        return found.get(0);
    }

    private static List<String> names(SpanData span) {
        return span.getEvents().stream().map(EventData::getName).collect(Collectors.toList());
    }

    private static EventData event(SpanData span, String name) {
        return span.getEvents().stream().filter(e -> e.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no event " + name + " in " + span));
    }
}
