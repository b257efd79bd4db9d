package io.retrying.jdbc.bench.load;

import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What one read-write transaction costs in all, client and server: one application thread, and
 * (run by {@code ./bench.sh cost}) the JVM and the server it starts pinned to one CPU, so the
 * time per transaction is the whole work of both, without the cross-CPU wake-ups whose cost on
 * this machine's virtual CPUs swings by 2x from minute to minute and made the two-CPU throughput
 * ratios move by ±0.08 between runs of the same code (issue 16). The variants alternate every
 * {@code bench.batch} transactions (20), so a change in the machine hits all of them alike.
 *
 * <p>Then, when {@code pgbench} is on the machine, the floor under any capture: the same
 * transaction from pgbench's C client, with nothing, {@code SELECT 1}, the capture as the layer
 * appends it, and the capture with the server identity, appended to the UPDATE in its pipeline
 * (one Sync), chosen at random per transaction in one run (pgbench's per-script latency).
 */
public final class TransactionCost {

    private TransactionCost() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = Settings.integer("rounds", 1000);
        int batch = Settings.integer("batch", 20);
        Workload workload = Settings.pick("workload", Workload.class, List.of(Workload.READ_WRITE)).get(0);
        List<Variant> variants = Settings.pick("variants", Variant.class,
                workload == Workload.AUTOCOMMIT_UPDATE ? Variant.AUTOCOMMIT : Variant.READ_WRITE);
        if (variants.get(0) != Variant.PLAIN) {
            throw new IllegalArgumentException("bench.variants must start with plain, the baseline");
        }
        System.out.println(Stats.f("# %s cost: %d rounds x %d per variant, one thread, %s",
                workload.label, rounds, batch, Settings.load()));
        try (PgServer server = PgServers.start()) {
            Workload.createTable(server);
            javaClient(server, workload, variants, rounds, batch);
            if (workload == Workload.READ_WRITE) {
                pgbench(server, Settings.integer("pgbenchSeconds", 40));
            }
        }
        System.out.println();
        System.out.println("# end: " + Settings.load());
    }

    private static void javaClient(PgServer server, Workload workload, List<Variant> variants, int rounds, int batch)
            throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<Variant, Variant.Pool> pools = new EnumMap<>(Variant.class);
        Map<Variant, long[]> totals = new EnumMap<>(Variant.class); // wall ns, client CPU ns, transactions
        try {
            for (Variant v : variants) {
                pools.put(v, v.open(server, 1));
                totals.put(v, new long[3]);
            }
            for (int r = -rounds / 10; r < rounds; r++) { // the first tenth warms up
                for (Variant v : variants) {
                    var ds = pools.get(v).dataSource();
                    Workload w = v.workload(workload);
                    long cpu = threads.getCurrentThreadCpuTime();
                    long start = System.nanoTime();
                    for (int i = 0; i < batch; i++) {
                        w.run(ds);
                    }
                    long wall = System.nanoTime() - start;
                    cpu = threads.getCurrentThreadCpuTime() - cpu;
                    if (r >= 0) {
                        long[] t = totals.get(v);
                        t[0] += wall;
                        t[1] += cpu;
                        t[2] += batch;
                    }
                }
            }
        } finally {
            pools.values().forEach(Variant.Pool::close);
        }
        System.out.println();
        System.out.println("| variant | µs per op | vs plain | throughput vs plain | throughput vs floor | client thread CPU µs"
                + " | vs plain | vs floor |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        long[] plain = totals.get(Variant.PLAIN);
        long[] floor = totals.get(Variant.FLOOR);
        double plainWall = plain[0] / 1000.0 / plain[2];
        double plainCpu = plain[1] / 1000.0 / plain[2];
        double floorWall = floor == null ? Double.NaN : floor[0] / 1000.0 / floor[2];
        double floorCpu = floor == null ? Double.NaN : floor[1] / 1000.0 / floor[2];
        for (Variant v : variants) {
            long[] t = totals.get(v);
            double wall = t[0] / 1000.0 / t[2];
            double cpu = t[1] / 1000.0 / t[2];
            boolean vsFloor = floor != null && v != Variant.PLAIN && v != Variant.FLOOR;
            System.out.println(Stats.f("| %s | %.1f | %+.1f | %.3f | %s | %.1f | %+.1f | %s |", v.label(), wall, wall - plainWall,
                    plainWall / wall, vsFloor ? Stats.f("**%.3f**", floorWall / wall) : "-", cpu, cpu - plainCpu,
                    vsFloor ? Stats.f("**%+.1f**", cpu - floorCpu) : "-"));
        }
    }

    /** The scripts of the pgbench run: the transaction, and what rides in the UPDATE's pipeline. */
    private static final String[][] SCRIPTS = {
        {"plain", ""},
        {"select-1", "SELECT 1;\n"},
        // as TransactionId appends it (RIDE, with CommitResolver.POSITION_SQL)
        {"capture", "select pg_current_xact_id_if_assigned()::text::bigint as retrying_jdbc_xid, case when"
                + " pg_current_xact_id_if_assigned() is null then null else pg_current_wal_insert_lsn()::text end;\n"},
        // and with the identity (CommitResolver.IDENTITY_SQL), once per physical connection
        {"capture+identity", "select pg_current_xact_id_if_assigned()::text::bigint as retrying_jdbc_xid, case when"
                + " pg_current_xact_id_if_assigned() is null then null else pg_current_wal_insert_lsn()::text end,"
                + " case when pg_current_xact_id_if_assigned() is null then null else case when pg_is_in_recovery()"
                + " then null else substr(pg_walfile_name(pg_current_wal_insert_lsn()), 1, 8) || chr(32)"
                + " || pg_postmaster_start_time()::text end end;\n"},
    };

    private static void pgbench(PgServer server, int seconds) throws IOException, InterruptedException {
        Optional<Path> pgbench = findPgbench();
        System.out.println();
        if (pgbench.isEmpty() || seconds <= 0) {
            System.out.println("(pgbench not found, or bench.pgbenchSeconds=0: no C-client floor)");
            return;
        }
        Path dir = Files.createTempDirectory("retrying-pgbench");
        List<String> command = new ArrayList<>(List.of(pgbench.get().toString(), "-h", server.host(),
                "-p", String.valueOf(server.port()), "-U", server.user(), "-n", "-M", "prepared", "-c", "1", "-j", "1",
                "-T", String.valueOf(seconds)));
        for (String[] script : SCRIPTS) {
            Path file = dir.resolve(script[0] + ".sql");
            Files.writeString(file, "\\set r random(1, " + Workload.ROWS / 2 + ")\n\\set w random(" + (Workload.ROWS / 2 + 1)
                    + ", " + Workload.ROWS + ")\n\\startpipeline\nBEGIN;\nSELECT v FROM bench_kv WHERE id = :r;\n\\endpipeline\n"
                    + "\\startpipeline\nUPDATE bench_kv SET v = v + 1 WHERE id = :w;\n" + script[1] + "\\endpipeline\nCOMMIT;\n",
                    StandardCharsets.UTF_8);
            command.add("-f");
            command.add(file + "@1");
        }
        command.add(server.database());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(seconds + 60L, TimeUnit.SECONDS) || p.exitValue() != 0) {
            System.out.println("(pgbench failed: " + out.strip().lines().reduce((a, b) -> b).orElse("") + ")");
            return;
        }
        System.out.println("| pgbench script (appended to the UPDATE, one Sync) | latency µs | vs plain |");
        System.out.println("|---|---:|---:|");
        double plain = -1;
        String script = null;
        for (String line : out.lines().toList()) {
            if (line.startsWith("SQL script")) {
                script = line.substring(line.indexOf(':') + 1).trim().replace(".sql", "");
                script = script.substring(script.lastIndexOf('/') + 1);
            } else if (script != null && line.contains("latency average")) {
                double us = Double.parseDouble(line.replaceAll("[^0-9.]", "")) * 1000;
                if (plain < 0) {
                    plain = us;
                }
                System.out.println(Stats.f("| %s | %.1f | %+.1f (%+.1f%%) |", script, us, us - plain, (us - plain) * 100 / plain));
                script = null;
            }
        }
    }

    private static Optional<Path> findPgbench() throws IOException {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path p = Path.of(dir, "pgbench");
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        Path debian = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(debian)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(debian)) {
            return versions.map(v -> v.resolve("bin/pgbench")).filter(Files::isExecutable)
                    .max((a, b) -> Double.compare(version(a), version(b)));
        }
    }

    private static double version(Path pgbench) {
        try {
            return Double.parseDouble(pgbench.getParent().getParent().getFileName().toString());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
