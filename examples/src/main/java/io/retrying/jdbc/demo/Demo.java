package io.retrying.jdbc.demo;

import io.retrying.jdbc.fixtures.PatroniCluster;
import io.retrying.jdbc.fixtures.PgServers;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The README's main command ({@code ./demo.sh}): a bank-transfer workload under chaos, run at the
 * same time through plain HikariCP + pgjdbc and through retrying-jdbc over HikariCP, followed by an
 * audit of both databases. See {@link DemoOptions#USAGE} for the options.
 *
 * <p>Both sides run concurrently against one server, each as its own role in its own schema and
 * through its own fault proxy: every fault hits both at the same instant, with the same transfers
 * (same seed), and the run takes one duration instead of two.
 */
public final class Demo {
    static final String LOG_FILE_PROPERTY = "org.slf4j.simpleLogger.logFile";

    private final DemoOptions options;
    private final PrintStream text;
    private final boolean tty;
    private final int columns;
    /** When the workload started ({@link System#nanoTime()}): chaos events count from here. */
    private long startNanos;

    /**
     * For one fault of {@code --ha}: how long after it each side committed its first transfer past
     * the outage (null: none in the event's window).
     */
    record FirstWrite(ChaosRunner.Applied applied, Duration plain, Duration retrying) {}

    private Demo(DemoOptions options, PrintStream text, boolean tty, int columns) {
        this.options = options;
        this.text = text;
        this.tty = tty;
        this.columns = columns;
    }

    /** Runs the demo and exits with its status: 0 run completed, 1 could not run, 2 bad option. */
    public static void main(String[] args) {
        if (System.getProperty(LOG_FILE_PROPERTY) == null) {
            // a line per retry would drown the progress line: the log goes to a file
            System.setProperty(LOG_FILE_PROPERTY,
                    Path.of(System.getProperty("java.io.tmpdir"), "retrying-jdbc-demo.log").toString());
        }
        System.exit(run(args, System.out, System.err, Terminal.detect()));
    }

    /**
     * Runs the demo.
     *
     * @return the exit status: 0 run completed, 1 could not run, 2 bad option
     */
    static int run(String[] args, PrintStream out, PrintStream err, Terminal terminal) {
        DemoOptions options;
        try {
            options = DemoOptions.parse(args);
        } catch (DemoOptions.UsageException e) {
            err.println("demo: " + e.getMessage());
            err.println();
            err.println(DemoOptions.USAGE);
            return 2;
        }
        if (options.help()) {
            out.println(DemoOptions.USAGE);
            return 0;
        }
        PrintStream text = options.json() ? err : out;
        boolean tty = options.json() ? terminal.stderr() : terminal.stdout();
        try {
            Map<String, Object> result = new Demo(options, text, tty, terminal.columns()).execute();
            if (options.json()) {
                out.println(Json.write(result));
            }
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("demo: interrupted");
            return 1;
        } catch (Exception e) {
            err.println("demo: could not run: " + e);
            return 1;
        }
    }

    private Map<String, Object> execute() throws Exception {
        text.println("retrying-jdbc demo: bank transfers under chaos, with and without retrying-jdbc");
        text.println(options.ha() ? "starting a Patroni cluster (etcd and three PostgreSQL nodes) ..."
                : options.url() == null ? "starting a throwaway PostgreSQL server ..." : "connecting ...");
        text.flush();
        try (Target target = options.ha() ? new PatroniTarget(PatroniCluster.start())
                : options.url() == null ? new EmbeddedTarget(PgServers.start()) : new UrlTarget(options.url())) {
            Bank bank = new Bank(options.accounts());
            List<Side> sides = new ArrayList<>();
            try {
                sides.add(Sides.plain(prepare(target, Sides.PLAIN, bank), options.threads()));
                sides.add(Sides.retrying(prepare(target, Sides.RETRYING, bank), options.threads()));
                ChaosSchedule schedule = options.chaos()
                        ? ChaosSchedule.plan(options.duration(), options.seed(), target.chaosKinds())
                        : ChaosSchedule.none();
                String server = target.describe();
                header(server, target, sides, schedule);
                List<ChaosRunner.Applied> applied = play(target, sides, schedule);
                target.heal();
                List<SideResult> results = new ArrayList<>();
                for (Side side : sides) {
                    try (Connection c = target.connectDirect(side.name())) {
                        results.add(SideResult.of(side, bank.audit(c, side.stats().failedKeys())));
                    }
                }
                List<FirstWrite> firstWrites = options.ha() ? firstWrites(sides, applied) : List.of();
                footer(results, applied, firstWrites);
                return json(server, target, applied, results, firstWrites);
            } finally {
                sides.forEach(Side::close);
            }
        }
    }

    private static String prepare(Target target, String side, Bank bank) throws SQLException {
        String url = target.prepare(side);
        try (Connection c = target.connectDirect(side)) {
            bank.create(c);
        }
        return url;
    }

    private List<ChaosRunner.Applied> play(Target target, List<Side> sides, ChaosSchedule schedule)
            throws InterruptedException {
        List<Workload> workloads = new ArrayList<>();
        for (Side side : sides) {
            workloads.add(new Workload(side, options.threads(), options.accounts(), options.seed()));
        }
        ChaosRunner chaos = new ChaosRunner(schedule, target);
        long start = System.nanoTime();
        startNanos = start;
        Progress progress = new Progress(text, tty, columns, () -> progressLine(start, sides, chaos));
        workloads.forEach(w -> w.start(start, options.duration()));
        chaos.start(start);
        progress.start();
        try {
            for (Workload w : workloads) {
                w.await();
            }
        } finally {
            chaos.close();
            progress.close();
        }
        return chaos.applied();
    }

    private void header(String server, Target target, List<Side> sides, ChaosSchedule schedule) {
        text.println("  server     " + server);
        text.println("  workload   per side: " + options.threads() + " threads for " + seconds(options.duration())
                + ", " + options.accounts() + " accounts, seed " + options.seed() + ";");
        text.println("             a transfer = one transaction: INSERT its row (with an idempotency key),"
                + " 2 UPDATEs, COMMIT;");
        text.println("             the application never retries: a transfer that throws counts as failed");
        for (Side s : sides) {
            text.println(String.format("  %-10s %s, pool of %d, connectionTimeout %s", s.name(), s.title(),
                    options.threads(), seconds(Side.CONNECTION_TIMEOUT)));
        }
        text.println("  how        both sides run at the same time against the same server, each in its own schema"
                + (target instanceof EmbeddedTarget ? "," : ":"));
        if (target instanceof EmbeddedTarget) {
            text.println("             as its own role, through its own fault proxy:");
        }
        text.println("             the same transfers, and every fault hits both sides at the same moment");
        if (!options.chaos()) {
            text.println("  chaos      off (--chaos off)");
        } else {
            String first = "  chaos      ";
            for (ChaosSchedule.Event e : schedule.events()) {
                text.println(first + String.format(Locale.ROOT, "at %5.1fs  %-17s %s%s", e.at().toMillis() / 1000.0,
                        e.kind().id(), e.kind().description(),
                        e.length().isZero() ? "" : ", " + seconds(e.length()) + " in all"));
                first = "             ";
            }
            if (schedule.isEmpty()) {
                text.println(first + "none fits in " + seconds(options.duration()));
            }
            if (target.chaosLimits() != null) {
                text.println("             note: " + target.chaosLimits());
            }
        }
        String log = System.getProperty(LOG_FILE_PROPERTY);
        if (log != null && !log.equals("System.err") && !log.equals("System.out")) {
            text.println("  retry log  " + log + " (a DEBUG line per retry, INFO per recovery, WARN when one gives up)");
        }
        text.println();
        text.flush();
    }

    private String progressLine(long start, List<Side> sides, ChaosRunner chaos) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%5.1fs",
                (System.nanoTime() - start) / 1e9));
        ChaosSchedule.Event now = chaos.current();
        // first: on a terminal the line is cut to its width
        sb.append(String.format(" %-19s", now == null ? "" : "[" + now.kind().id() + "]"));
        for (Side side : sides) {
            SideStats s = side.stats();
            sb.append(sb.charAt(sb.length() - 1) == ' ' ? "| " : " | ").append(side.name()).append(' ').append(Report.n(s.committed())).append(" ok ")
                    .append(Report.n(s.failed())).append(" failed");
            Map<String, Long> states = s.failuresByState();
            if (!states.isEmpty()) {
                sb.append(" (").append(counts(states)).append(')');
            }
            RetryCounter r = side.retries();
            if (r != null) {
                sb.append(", retries ").append(Report.n(r.totalRetries()));
                Map<String, Long> byClass = new LinkedHashMap<>();
                r.retries().forEach((k, v) -> {
                    if (v > 0) {
                        byClass.put(k.name(), v);
                    }
                });
                if (!byClass.isEmpty()) {
                    sb.append(" (").append(counts(byClass)).append(')');
                }
            }
        }
        return sb.toString();
    }

    private static String counts(Map<String, Long> m) {
        return m.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }

    /** The time to the first write after each fault that ran, for each side. */
    private List<FirstWrite> firstWrites(List<Side> sides, List<ChaosRunner.Applied> applied) {
        List<FirstWrite> out = new ArrayList<>();
        for (ChaosRunner.Applied a : applied) {
            if (a.startedMs() < 0) {
                continue;
            }
            long at = startNanos + Duration.ofMillis(a.startedMs()).toNanos();
            long until = at + a.event().length().toNanos();
            Duration plain = null;
            Duration retrying = null;
            for (Side side : sides) {
                Duration d = side.stats().firstCommitAfter(at, until);
                if (side.name().equals(Sides.PLAIN)) {
                    plain = d;
                } else {
                    retrying = d;
                }
            }
            out.add(new FirstWrite(a, plain, retrying));
        }
        return out;
    }

    private void footer(List<SideResult> results, List<ChaosRunner.Applied> applied, List<FirstWrite> firstWrites) {
        text.println();
        List<String> notes = applied.stream().filter(a -> !a.outcome().equals("ok"))
                .map(a -> String.format(Locale.ROOT, "at %.1fs %s: %s",
                        (a.startedMs() >= 0 ? a.startedMs() : a.event().at().toMillis()) / 1000.0,
                        a.event().kind().id(), a.outcome()))
                .toList();
        if (!notes.isEmpty()) {
            text.println("chaos events that did not run as planned:");
            notes.forEach(n -> text.println("  " + n));
            text.println();
        }
        text.print(Report.table(results, options.duration()));
        text.println();
        if (!firstWrites.isEmpty()) {
            text.println("first transfer committed after each fault (the end of the longest pause in commits):");
            for (FirstWrite f : firstWrites) {
                text.println(String.format(Locale.ROOT, "  at %5.1fs  %-14s plain %-8s retrying %s",
                        f.applied().startedMs() / 1000.0, f.applied().event().kind().id(), secondsOrNone(f.plain()),
                        secondsOrNone(f.retrying())));
            }
            text.println();
        }
        for (SideResult r : results) {
            if (r.retries()) {
                text.println(Report.verdict(r));
            }
        }
        text.flush();
    }

    private Map<String, Object> json(String server, Target target, List<ChaosRunner.Applied> applied,
            List<SideResult> results, List<FirstWrite> firstWrites) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("server", server);
        m.put("mode", "concurrent");
        m.put("durationMs", options.duration().toMillis());
        m.put("threads", options.threads());
        m.put("accounts", options.accounts());
        m.put("seed", options.seed());
        m.put("chaos", options.chaos());
        m.put("chaosLimits", target.chaosLimits());
        List<Object> events = new ArrayList<>();
        for (ChaosRunner.Applied a : applied) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("kind", a.event().kind().id());
            e.put("plannedAtMs", a.event().at().toMillis());
            e.put("startedAtMs", a.startedMs());
            e.put("lengthMs", a.event().length().toMillis());
            e.put("outcome", a.outcome());
            for (FirstWrite f : firstWrites) {
                if (f.applied() == a) {
                    Map<String, Object> first = new LinkedHashMap<>();
                    first.put(Sides.PLAIN, f.plain() == null ? -1L : f.plain().toMillis());
                    first.put(Sides.RETRYING, f.retrying() == null ? -1L : f.retrying().toMillis());
                    e.put("firstWriteAfterMs", first);
                }
            }
            events.add(e);
        }
        m.put("chaosEvents", events);
        Map<String, Object> sides = new LinkedHashMap<>();
        results.forEach(r -> sides.put(r.name(), r.toJson()));
        m.put("sides", sides);
        return m;
    }

    private static String secondsOrNone(Duration d) {
        return d == null ? "none" : String.format(Locale.ROOT, "%.1fs", d.toMillis() / 1000.0);
    }

    private static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + "s" : String.format(Locale.ROOT, "%.1fs", ms / 1000.0);
    }
}
