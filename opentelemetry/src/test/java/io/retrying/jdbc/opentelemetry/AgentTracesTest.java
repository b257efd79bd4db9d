package io.retrying.jdbc.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.opentelemetry.AgentScenarios.Point;
import io.retrying.jdbc.opentelemetry.AgentScenarios.Setup;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The library under the OpenTelemetry Java agent (2.33.1 from Maven Central, fetched by this
 * module's build; a dependency of nothing), as a user runs it: {@link AgentScenarios} in a child JVM
 * with {@code -javaagent:} and the agent's OTLP JSON exporter on standard output, then once more
 * without the agent. Six set-ups, the backend killed before a read, before a write, in the middle of
 * a transaction and just before COMMIT (of a writing transaction, a read-only one, and one whose
 * write was a batch, so that the layer's own questions run outside any statement call, where the
 * agent would trace them). Asserted, for the library's set-ups:
 * <ul>
 *   <li>every JDBC span names PostgreSQL, the database and the server, as bare pgjdbc's do (the
 *       prefix {@code jdbc:retrying:postgresql:} hides nothing);</li>
 *   <li>each healed operation's trace carries the retry events, and its result and the rows are
 *       those of the run without the agent (every operation succeeds, nothing lost or doubled);</li>
 *   <li>none of the layer's own statements (proofs, the xid capture and lookup, the catalog walk)
 *       and none of the test's kills appears as a JDBC span; one span per application statement;</li>
 *   <li>no ERROR span under an operation that succeeded (the DataSource instrumentation on too).</li>
 * </ul>
 */
@ExtendWith(PgExtension.class)
class AgentTracesTest {

    private static final String JDBC_SCOPE = "io.opentelemetry.jdbc";

    /** OTLP's SpanKind CLIENT. */
    private static final int CLIENT = 3;

    /** The layer's own SQL and the test's, none of which may show as a span of the application. */
    private static final List<String> NOT_THE_APPLICATIONS = List.of("retrying-jdbc proof", "pg_current_xact_id",
            "pg_xact_status", "pg_catalog.pg_proc", "pg_terminate_backend", "begin read only", "pg_stat_activity",
            "pg_is_in_recovery", "pg_postmaster_start_time", "system_identifier");

    @Test
    void theAgentSeesPostgresqlTheRetriesAndOnlyTheApplicationsStatements(PgServer server) throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "agent-traces"));
        Child plain = run(server, dir, false);
        Child traced = run(server, dir, true);

        for (Setup setup : Setup.values()) {
            if (!setup.library()) {
                continue;
            }
            for (Point point : Point.values()) {
                String key = setup + " " + point;
                assertEquals("ok", plain.results.get(key), key + " without the agent");
                assertEquals("ok", traced.results.get(key), key + " under the agent");
            }
            // two adds in each writing transaction, one in autocommit, the reads none: nothing lost, nothing doubled
            assertEquals(7L, plain.rows.get(setup.name()), setup + ": rows without the agent");
            assertEquals(7L, traced.rows.get(setup.name()), setup + ": rows under the agent");
        }
        // the bare set-ups as well: the agent changes no outcome
        assertEquals(plain.rows, traced.rows, "rows with and without the agent");

        List<SpanData> spans = traced.spans;
        Map<String, SpanData> ops = new LinkedHashMap<>();
        for (SpanData s : spans) {
            if (s.name.equals("op") && s.scope.equals("agent-scenarios")) {
                ops.put(s.traceId, s);
            }
        }
        assertEquals(Setup.values().length * Point.values().length, ops.size(), "one trace per operation");

        for (SpanData op : ops.values()) {
            Setup setup = Setup.valueOf(op.attribute("test.setup"));
            Point point = Point.valueOf(op.attribute("test.point"));
            String where = setup + " " + point;
            List<SpanData> trace = spans.stream().filter(s -> s.traceId.equals(op.traceId)).collect(Collectors.toList());
            List<SpanData> jdbc = trace.stream().filter(s -> s.scope.startsWith(JDBC_SCOPE)).collect(Collectors.toList());
            for (SpanData s : jdbc) {
                assertEquals("postgresql", s.dbSystem(), where + ": " + s);
                assertEquals(server.database(), s.dbNamespace(), where + ": " + s);
                if (s.kind == CLIENT) {
                    assertEquals(server.host(), s.attribute("server.address"), where + ": " + s);
                }
                String text = s.queryText().toLowerCase(java.util.Locale.ROOT);
                for (String foreign : NOT_THE_APPLICATIONS) {
                    assertFalse(text.contains(foreign), where + ": the layer's or the test's statement as a span: " + s);
                }
            }
            if (!setup.library()) {
                continue;
            }
            assertEquals("ok", op.attribute("test.result"), where);
            for (SpanData s : trace) {
                assertTrue(s.statusCode != 2, where + ": an ERROR span under a success: " + s);
            }
            // the application's statements, one span each: the warm-up, then the point's own
            // (HikariCP's SELECT 1 liveness check under the pool is HikariCP's, not counted)
            long statements = jdbc.stream().filter(s -> s.kind == CLIENT && !s.queryText().equalsIgnoreCase("SELECT 1")).count();
            long expected = point == Point.MID_TRANSACTION || point == Point.BEFORE_COMMIT ? 3 : 2;
            assertEquals(expected, statements, where + ": JDBC spans " + jdbc);
            List<String> events = trace.stream().flatMap(s -> s.events.stream()).collect(Collectors.toList());
            if (point == Point.READ_ONLY_BEFORE_COMMIT) {
                // nothing to run again: the server proved that the transaction could not have written
                assertTrue(events.contains("retrying.jdbc.commit_resolution"), where + ": events " + events);
            } else {
                assertTrue(events.contains("retrying.jdbc.retry"), where + ": retry events " + events);
                assertTrue(events.contains("retrying.jdbc.recovered"), where + ": retry events " + events);
            }
            // the layer's own work under spans of its own, each a child in the operation's trace
            List<String> own = trace.stream().filter(s -> s.scope.equals(RetryingOpenTelemetry.SCOPE))
                    .map(s -> s.name).collect(Collectors.toList());
            if (point == Point.MID_TRANSACTION) {
                assertTrue(events.contains("retrying.jdbc.replay"), where + ": " + events);
                assertTrue(own.contains("replay"), where + ": " + own);
            }
            if (point == Point.READ_ONLY_BEFORE_COMMIT) {
                assertTrue(own.contains("retry COMMIT"), where + ": " + own);
            }
            if (point == Point.BEFORE_COMMIT) {
                assertTrue(events.contains("retrying.jdbc.commit_resolution"), where + ": " + events);
                assertTrue(own.contains("retry COMMIT") && own.contains("replay"), where + ": " + own);
            }
        }
    }

    /** One run of {@link AgentScenarios}: its results, its rows, the spans it exported. */
    private static final class Child {
        final Map<String, String> results = new LinkedHashMap<>();
        final Map<String, Long> rows = new LinkedHashMap<>();
        final List<SpanData> spans = new ArrayList<>();
    }

    private static Child run(PgServer server, Path dir, boolean agent) throws IOException, InterruptedException {
        String tag = agent ? "agent" : "plain";
        Path results = dir.resolve("results-" + tag + ".txt");
        Path out = dir.resolve("stdout-" + tag + ".txt");
        Path err = dir.resolve("stderr-" + tag + ".txt");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (agent) {
            String jar = System.getProperty("otel.javaagent.jar");
            assertTrue(jar != null && new File(jar).isFile(), "the agent jar (maven-dependency-plugin copy): " + jar);
            cmd.add("-javaagent:" + jar);
            cmd.add("-Dotel.traces.exporter=experimental-otlp/stdout");
            cmd.add("-Dotel.metrics.exporter=none");
            cmd.add("-Dotel.logs.exporter=none");
            cmd.add("-Dotel.service.name=retrying-jdbc-agent-test");
            // the DataSource instrumentation too: a pool's getConnection under the layer's reconnect
            cmd.add("-Dotel.instrumentation.jdbc-datasource.enabled=true");
        }
        cmd.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=info");
        cmd.add("-cp");
        String cp = System.getProperty("surefire.test.class.path");
        cmd.add(cp != null && !cp.isEmpty() ? cp : System.getProperty("java.class.path"));
        cmd.add(AgentScenarios.class.getName());
        cmd.add(server.jdbcUrl());
        cmd.add(results.toString());
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(240, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(tag + " run did not end in 240 s; see " + err);
        }
        assertEquals(0, p.exitValue(), tag + " run failed; see " + err);
        Child child = new Child();
        for (String line : Files.readAllLines(results)) {
            String[] w = line.split(" ", 4);
            if (w[0].equals("RESULT")) {
                child.results.put(w[1] + " " + w[2], w[3]);
            } else if (w[0].equals("ROW")) {
                child.rows.put(w[1], Long.parseLong(w[2]));
            }
        }
        for (String line : Files.readAllLines(out)) {
            if (line.startsWith("{\"resourceSpans\"")) {
                SpanData.read(Json.parse(line), child.spans);
            }
        }
        return child;
    }

    /** One exported span, as much of it as the assertions read. */
    static final class SpanData {
        final String traceId;
        final String spanId;
        final String parentSpanId;
        final String name;
        final String scope;
        final Map<String, String> attributes;
        final List<String> events;
        final int statusCode;
        final int kind;

        private SpanData(Map<String, Object> span, String scope) {
            this.traceId = (String) span.get("traceId");
            this.spanId = (String) span.get("spanId");
            this.parentSpanId = (String) span.getOrDefault("parentSpanId", "");
            this.name = (String) span.get("name");
            this.scope = scope;
            this.attributes = attributes(span.get("attributes"));
            List<String> names = new ArrayList<>();
            Object evs = span.get("events");
            if (evs instanceof List<?> list) {
                for (Object e : list) {
                    names.add((String) ((Map<?, ?>) e).get("name"));
                }
            }
            this.events = names;
            Object status = span.get("status");
            Object code = status instanceof Map<?, ?> m ? m.get("code") : null;
            this.statusCode = code instanceof Double d ? d.intValue() : 0;
            Object k = span.get("kind");
            this.kind = k instanceof Double d ? d.intValue() : 0;
        }

        @SuppressWarnings("unchecked")
        static void read(Object line, List<SpanData> into) {
            for (Object rs : (List<Object>) ((Map<String, Object>) line).get("resourceSpans")) {
                for (Object ss : (List<Object>) ((Map<String, Object>) rs).get("scopeSpans")) {
                    Map<String, Object> scopeSpans = (Map<String, Object>) ss;
                    String scope = (String) ((Map<String, Object>) scopeSpans.get("scope")).get("name");
                    for (Object span : (List<Object>) scopeSpans.get("spans")) {
                        into.add(new SpanData((Map<String, Object>) span, scope));
                    }
                }
            }
        }

        private static Map<String, String> attributes(Object list) {
            Map<String, String> m = new LinkedHashMap<>();
            if (list instanceof List<?> l) {
                for (Object o : l) {
                    Map<?, ?> kv = (Map<?, ?>) o;
                    Map<?, ?> value = (Map<?, ?>) kv.get("value");
                    Object v = value.isEmpty() ? null : value.values().iterator().next();
                    m.put((String) kv.get("key"), String.valueOf(v));
                }
            }
            return m;
        }

        String attribute(String key) {
            return attributes.get(key);
        }

        /** db.system.name under the stable conventions, db.system under the old ones (the agent's default). */
        String dbSystem() {
            String v = attributes.get("db.system.name");
            return v != null ? v : attributes.get("db.system");
        }

        String dbNamespace() {
            String v = attributes.get("db.namespace");
            return v != null ? v : attributes.get("db.name");
        }

        String queryText() {
            String v = attributes.get("db.query.text");
            if (v == null) {
                v = attributes.get("db.statement");
            }
            return v == null ? "" : v;
        }

        @Override
        public String toString() {
            return name + " [" + scope + "] status=" + statusCode + " " + attributes + " events=" + events;
        }
    }
}
