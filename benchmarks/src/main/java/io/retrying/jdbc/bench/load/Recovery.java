package io.retrying.jdbc.bench.load;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Issue 8, item 3: what the application sees while the server fails, with the retrying layer
 * (over and under HikariCP) and with plain HikariCP: a server restart, a
 * {@code pg_terminate_backend} of every backend, and a 700 ms outage. Each run: a fresh pool of
 * {@value #CLIENTS}, as many clients running the workload back to back, the fault injected
 * {@code bench.repeats} times, {@code bench.tailSeconds} apart.
 *
 * <p>The outage is measured, not assumed: it starts when the fault is injected and ends when a
 * probe (a plain pgjdbc connection, tried every 5 ms once the fault call has returned) first gets
 * in (the start of that successful attempt). The requests still waiting at that moment are the ones
 * the outage held up; their <i>latency beyond the outage</i> is how long after its end they
 * completed. The report gives every error the application saw, and p50/p99/max of that latency
 * over the waiting requests that succeeded.
 *
 * <p>Knobs: {@code -Dbench.repeats} (3), {@code -Dbench.tailSeconds} (2), {@code -Dbench.outageMs} (700);
 * {@code -Dbench.faults=OUTAGE,RESTART}, {@code -Dbench.workloads=READ_WRITE},
 * {@code -Dbench.variants=OVER} run a part.
 */
public final class Recovery {

    static final int CLIENTS = 8;

    enum Fault {
        RESTART("server restart") {
            @Override
            void inject(PgServer server) {
                server.restart();
            }
        },
        TERMINATE("pg_terminate_backend (all)") {
            @Override
            void inject(PgServer server) {
                server.terminateBackends();
            }
        },
        OUTAGE("outage (stopFor)") {
            @Override
            void inject(PgServer server) {
                server.stopFor(Settings.millis("outageMs", 700));
            }
        };

        final String label;

        Fault(String label) {
            this.label = label;
        }

        abstract void inject(PgServer server);
    }

    public static void main(String[] args) throws Exception {
        Duration tail = Settings.seconds("tailSeconds", 2);
        int repeats = Settings.integer("repeats", 3);
        System.out.println(Stats.f("# recovery: %d clients; each fault %d times per run, %.1f s apart; outage %d ms;"
                + " start: %s", CLIENTS, repeats, tail.toMillis() / 1000.0, Settings.millis("outageMs", 700).toMillis(),
                Settings.load()));
        List<String> table = new ArrayList<>();
        try (PgServer server = PgServers.start()) {
            Workload.createTable(server);
            for (Fault fault : Settings.pick("faults", Fault.class, List.of(Fault.values()))) {
                for (Workload workload : Settings.pick("workloads", Workload.class, List.of(Workload.values()))) {
                    for (Variant variant : Settings.pick("variants", Variant.class, Variant.MAIN)) {
                        table.add(scenario(server, fault, workload, variant, tail, repeats));
                    }
                }
            }
        }
        System.out.println();
        System.out.println("| fault | workload | variant | outage ms (median) | requests | errors seen by the app |"
                + " requests waiting at the outage's end | beyond the outage p50 ms | p99 ms | max ms | errors (SQLState x count) |");
        System.out.println("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|");
        table.forEach(System.out::println);
        System.out.println();
        FIRST_MESSAGES.forEach((state, message) -> System.out.println("- first " + state + ": " + message));
        System.out.println();
        System.out.println("# end: " + Settings.load());
    }

    /** The first message seen per SQLState, so that the report says what the errors were. */
    private static final Map<String, String> FIRST_MESSAGES = new java.util.concurrent.ConcurrentSkipListMap<>();

    private static String scenario(PgServer server, Fault fault, Workload workload, Variant variant, Duration tail,
            int repeats) throws Exception {
        awaitUp(server);
        List<List<long[]>> records = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            records.add(new ArrayList<>());
        }
        Map<String, AtomicLong> errors = new ConcurrentHashMap<>();
        long[] outageEnds = new long[repeats];
        double[] outages = new double[repeats];
        try (Variant.Pool pool = variant.open(server, CLIENTS)) {
            var ds = pool.dataSource();
            Clients.countFor(CLIENTS, Duration.ofMillis(500), () -> workload.run(ds)); // warm-up
            Clients clients = Clients.start("recovery", CLIENTS, Duration.ZERO, () -> workload.run(ds),
                    (client, start, end, failure) -> {
                        records.get(client).add(new long[] {start, end, failure == null ? 1 : 0});
                        if (failure != null) {
                            errors.computeIfAbsent(describe(failure), k -> new AtomicLong()).incrementAndGet();
                        }
                    });
            for (int i = 0; i < repeats; i++) {
                Thread.sleep(i == 0 ? 1000 : tail.toMillis());
                long faultStart = System.nanoTime();
                fault.inject(server);
                outageEnds[i] = awaitUp(server);
                outages[i] = (outageEnds[i] - faultStart) / 1e6;
            }
            Thread.sleep(tail.toMillis());
            clients.stop();
        }
        long requests = 0;
        long failed = 0;
        List<Double> beyond = new ArrayList<>();
        for (List<long[]> list : records) {
            for (long[] r : list) {
                requests++;
                if (r[2] == 0) {
                    failed++;
                    continue;
                }
                for (long outageEnd : outageEnds) {
                    if (r[0] < outageEnd && r[1] > outageEnd) {
                        beyond.add((r[1] - outageEnd) / 1e6);
                    }
                }
            }
        }
        double[] b = beyond.stream().mapToDouble(Double::doubleValue).toArray();
        String line = Stats.f("| %s | %s | %s | %.0f | %d | %d | %d | %.1f | %.1f | %.1f | %s |", fault.label,
                workload.label, variant.label(), Stats.median(outages), requests, failed, b.length, Stats.quantile(b, 0.5),
                Stats.quantile(b, 0.99), Stats.max(b), errorSummary(errors));
        System.out.println("  " + line);
        return line;
    }

    /**
     * Blocks until a plain pgjdbc connection gets in; returns when that successful attempt began
     * (nanoTime): the server was accepting then, and the dial's own time is not outage.
     */
    static long awaitUp(PgServer server) throws InterruptedException {
        org.postgresql.Driver driver = new org.postgresql.Driver();
        String url = server.jdbcUrl() + "&connectTimeout=2&ApplicationName=bench-probe";
        long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            long attempt = System.nanoTime();
            try (Connection c = driver.connect(url, new Properties())) {
                return attempt;
            } catch (SQLException e) {
                if (System.nanoTime() > giveUp) {
                    throw new IllegalStateException("the server did not come back within 60 s", e);
                }
                Thread.sleep(5);
            }
        }
    }

    private static String describe(Exception e) {
        String state = Classifier.sqlState(e);
        String key = state == null ? e.getClass().getSimpleName() : state;
        FIRST_MESSAGES.putIfAbsent(key, e.getClass().getSimpleName() + ": " + e.getMessage());
        return key;
    }

    private static String errorSummary(Map<String, AtomicLong> errors) {
        if (errors.isEmpty()) {
            return "-";
        }
        StringBuilder sb = new StringBuilder();
        new TreeMap<>(errors).forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append(" x").append(v));
        return sb.toString();
    }
}
