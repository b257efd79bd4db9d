package io.retrying.jdbc.bench.trace;

import io.retrying.jdbc.bench.trace.Scenarios.Scenario;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Issue 24's "following a failure from the statement to the application's exception enters each
 * file at most twice", measured: starts a throwaway PostgreSQL, runs each {@link Scenarios scenario}
 * in a child JVM under the JDK's debugger ({@link MethodTrace}), and prints, as Markdown, how many
 * times control entered each of the library's source files from another while the failing call
 * ran ({@link PathReport}). Not a test and not in CI: {@code ./bench.sh trace} builds and runs it.
 *
 * <p>Knobs: {@code -Dbench.scenarios=A,C} runs a part; {@code -Dbench.traceDir} (default
 * {@code benchmarks/target/results}) receives each scenario's whole sequence,
 * {@code trace-<letter>.txt}. The child gets this JVM's class path and its {@code bench.*} and
 * {@code org.slf4j.*} system properties (but the log file: its output comes to this JVM's stderr).
 */
public final class FailurePathTrace {

    public static void main(String[] args) throws Exception {
        List<Scenario> scenarios = pick(System.getProperty("bench.scenarios"));
        Path dir = Path.of(System.getProperty("bench.traceDir", "benchmarks/target/results"));
        Files.createDirectories(dir);
        List<String> options = new ArrayList<>();
        System.getProperties().stringPropertyNames().stream().sorted()
                .filter(k -> k.startsWith("bench.") || k.startsWith("org.slf4j."))
                .filter(k -> !k.equals("org.slf4j.simpleLogger.logFile")) // the child's log comes here, on stderr
                .forEach(k -> options.add("-D" + k + "=" + System.getProperty(k)));
        List<PathReport> reports = new ArrayList<>();
        Map<String, String> titles = new LinkedHashMap<>();
        Map<String, String> faults = new LinkedHashMap<>();
        Map<String, String> untraced = new LinkedHashMap<>();
        try (PgServer server = PgServers.start()) {
            server.sql("CREATE TABLE trace_t (id int PRIMARY KEY, v bigint NOT NULL)",
                    "INSERT INTO trace_t VALUES (1, 0)");
            for (Scenario s : scenarios) {
                System.err.println("trace: scenario " + s + " (" + s.title + ")");
                MethodTrace trace = new MethodTrace();
                trace.run(System.getProperty("java.class.path"), options, Scenarios.class.getName(),
                        List.of(server.jdbcUrl(), s.name()), System.err);
                if (trace.windows().size() != 1) {
                    throw new IllegalStateException("scenario " + s + " gave " + trace.windows().size()
                            + " traced windows");
                }
                PathReport report = new PathReport(trace.windows().get(0));
                reports.add(report);
                titles.put(s.name(), s.title);
                faults.put(s.name(), s.fault);
                untraced.put(s.name(), trace.untracedOutcome(s.name()));
                Path sequence = dir.resolve("trace-" + s.name() + ".txt");
                Files.writeString(sequence, "# " + s + ". " + s.title + ": " + s.fault
                        + "\n# " + report.window.outcome() + "\n# => entry from another file, =) one that does not move the control (a read, through"
                        + " pgjdbc), -> entry from the same file, <- a normal return\n" + report.sequence());
                System.err.println("trace: " + s + ": " + report.methodEntries + " entries; sequence in " + sequence);
            }
        }
        System.out.print(PathReport.markdown(reports, titles, faults, untraced));
    }

    private static List<Scenario> pick(String names) {
        if (names == null || names.isBlank()) {
            return List.of(Scenario.values());
        }
        List<Scenario> picked = new ArrayList<>();
        for (String name : names.split(",")) {
            picked.add(Scenario.valueOf(name.trim().toUpperCase(Locale.ROOT)));
        }
        return picked;
    }

    private FailurePathTrace() {
    }
}
