package io.retrying.jdbc.bench.load;

import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Issue 8, item 2: requests per second on a loopback PostgreSQL server, plain HikariCP against the
 * retrying layer over and under it, for a point select and a short read-write transaction, at 1
 * and 8 client threads (pool size = threads); the transaction also with commit resolution off
 * ({@code retry.resolveCommits=false}). The variants run in interleaved rounds (plain, over,
 * under, plain, over, under, ...), so that a change in the machine's load hits all three alike;
 * each ratio is taken within a round, and the report gives the median over the rounds and their
 * range.
 *
 * <p>Knobs: {@code -Dbench.rounds} (10), {@code -Dbench.roundSeconds} (1.5), {@code -Dbench.warmupSeconds} (2).
 * Many short rounds rather than a few long ones: on a shared machine the other processes' bursts
 * then fall on every variant alike.
 */
public final class Throughput {

    public static void main(String[] args) throws Exception {
        int rounds = Settings.integer("rounds", 10);
        Duration round = Settings.seconds("roundSeconds", 1.5);
        Duration warmup = Settings.seconds("warmupSeconds", 2);
        int[] threadCounts = {1, 8};
        System.out.println(Stats.f("# throughput: %d rounds x %.1f s per variant, warm-up %.1f s; start: %s",
                rounds, round.toMillis() / 1000.0, warmup.toMillis() / 1000.0, Settings.load()));
        List<String> table = new ArrayList<>();
        try (PgServer server = PgServers.start()) {
            Workload.createTable(server);
            for (Workload workload : Settings.pick("workloads", Workload.class,
                    List.of(Workload.POINT_SELECT, Workload.READ_WRITE, Workload.AUTOCOMMIT_UPDATE))) {
                // a transaction that writes pays for the xid capture: measure it without, and the hand-written floor
                List<Variant> variants = workload == Workload.READ_WRITE ? Variant.READ_WRITE
                        : workload == Workload.AUTOCOMMIT_UPDATE ? Variant.AUTOCOMMIT : Variant.MAIN;
                List<Variant> picked = Settings.pick("variants", Variant.class, variants);
                variants = variants.stream().filter(picked::contains).toList();
                for (int threads : threadCounts) {
                    table.addAll(measure(server, workload, variants, threads, rounds, round, warmup));
                }
            }
        }
        System.out.println();
        System.out.println("| workload | threads | variant | ops/s (median of rounds) | ratio to plain: median (range over rounds)"
                + " | ratio to the hand-written floor | client CPU µs/op | vs plain: median (range) | JVM CPU µs/op | vs plain: median (range) | errors |");
        System.out.println("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        table.forEach(System.out::println);
        System.out.println();
        System.out.println("# end: " + Settings.load());
    }

    private static List<String> measure(PgServer server, Workload workload, List<Variant> variants, int threads,
            int rounds, Duration round, Duration warmup) throws Exception {
        Map<Variant, Variant.Pool> pools = new EnumMap<>(Variant.class);
        Map<Variant, double[]> rates = new EnumMap<>(Variant.class);
        // client threads' CPU per request (µs), and the whole JVM's (GC and JIT included), per round
        Map<Variant, double[]> cpu = new EnumMap<>(Variant.class);
        Map<Variant, double[]> jvmCpu = new EnumMap<>(Variant.class);
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        Map<Variant, Long> errors = new EnumMap<>(Variant.class);
        try {
            for (Variant v : variants) {
                pools.put(v, v.open(server, threads));
                rates.put(v, new double[rounds]);
                cpu.put(v, new double[rounds]);
                jvmCpu.put(v, new double[rounds]);
                errors.put(v, 0L);
            }
            for (Variant v : variants) {
                var ds = pools.get(v).dataSource();
                Workload w = v.workload(workload);
                Clients.countFor(threads, warmup, () -> w.run(ds));
            }
            for (int r = 0; r < rounds; r++) {
                for (Variant v : variants) {
                    var ds = pools.get(v).dataSource();
                    Workload w = v.workload(workload);
                    long jvmBefore = os.getProcessCpuTime();
                    long[] counts = Clients.countFor(threads, round, () -> w.run(ds));
                    long jvmUsed = os.getProcessCpuTime() - jvmBefore;
                    rates.get(v)[r] = counts[0] * 1000.0 / round.toMillis();
                    cpu.get(v)[r] = counts[2] / 1000.0 / Math.max(1, counts[3]);
                    jvmCpu.get(v)[r] = jvmUsed / 1000.0 / Math.max(1, counts[0] + counts[1]);
                    errors.merge(v, counts[1], Long::sum);
                    System.out.println(Stats.f("  %s, %d threads, round %d, %s: %.0f ops/s, %.1f µs client CPU/op, %.1f µs JVM CPU/op%s",
                            workload.label, threads, r + 1, v.label(), rates.get(v)[r], cpu.get(v)[r], jvmCpu.get(v)[r],
                            counts[1] > 0 ? " (" + counts[1] + " errors)" : ""));
                }
            }
        } finally {
            pools.values().forEach(Variant.Pool::close);
        }
        double[] plain = rates.get(Variant.PLAIN);
        double[] floor = rates.get(Variant.FLOOR);
        List<String> lines = new ArrayList<>();
        for (Variant v : variants) {
            boolean base = v == Variant.PLAIN;
            lines.add(Stats.f("| %s | %d | %s | %.0f | %s | %s | %.1f | %s | %.1f | %s | %d |", workload.label, threads, v.label(),
                    Stats.median(rates.get(v)), base ? "1" : ratio(rates.get(v), plain),
                    floor == null || v == Variant.FLOOR || base ? "-" : ratio(rates.get(v), floor),
                    Stats.median(cpu.get(v)), base ? "-" : difference(cpu.get(v), cpu.get(Variant.PLAIN)),
                    Stats.median(jvmCpu.get(v)), base ? "-" : difference(jvmCpu.get(v), jvmCpu.get(Variant.PLAIN)),
                    errors.get(v)));
        }
        return lines;
    }

    /** The median of the per-round differences to plain (µs), and their range. */
    private static String difference(double[] variant, double[] plain) {
        double[] d = new double[plain.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = variant[i] - plain[i];
        }
        return Stats.f("**%+.1f** (%+.1f to %+.1f)", Stats.median(d), Stats.min(d), Stats.max(d));
    }

    /** The median of the per-round ratios, and their range. */
    private static String ratio(double[] variant, double[] plain) {
        double[] r = new double[plain.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = variant[i] / plain[i];
        }
        return Stats.f("**%.3f** (%.3f-%.3f)", Stats.median(r), Stats.min(r), Stats.max(r));
    }
}
