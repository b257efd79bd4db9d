package io.retrying.jdbc.demo;

import java.time.Duration;
import java.util.Locale;

/**
 * The demo's command line, parsed and checked.
 *
 * @param duration how long each side runs transfers
 * @param threads worker threads per side (also each side's pool size)
 * @param accounts bank accounts per side
 * @param seed seeds the transfers (the same on both sides) and the chaos schedule
 * @param chaos whether the chaos schedule runs
 * @param url a user's server ({@code jdbc:postgresql://...}) instead of an embedded one; null for embedded
 * @param json machine-readable result on stdout, progress and text on stderr
 * @param help print the usage and stop
 */
record DemoOptions(Duration duration, int threads, int accounts, long seed, boolean chaos, String url,
        boolean json, boolean help, boolean ha) {

    static final Duration DEFAULT_DURATION = Duration.ofSeconds(20);
    /** With --ha: room for the four failover manager faults, 15 to 20 s each with their healing. */
    static final Duration DEFAULT_HA_DURATION = Duration.ofSeconds(80);
    static final int DEFAULT_THREADS = 4;
    static final int DEFAULT_ACCOUNTS = 100;
    static final long DEFAULT_SEED = 42;
    private static final Duration MIN_DURATION = Duration.ofSeconds(1);
    private static final Duration MAX_DURATION = Duration.ofHours(1);
    /** Two pools of this many connections must fit in the embedded server's 100 (3 kept for superusers). */
    private static final int MAX_THREADS = 32;
    private static final int MAX_ACCOUNTS = 1_000_000;

    static final String USAGE = String.join("\n",
            "usage: ./demo.sh [options]",
            "",
            "Runs a bank-transfer workload twice at the same time, with the same seed and the same chaos:",
            "through plain HikariCP + pgjdbc, and through retrying-jdbc over HikariCP. Then it checks",
            "both databases: is the money conserved, was any transfer applied twice?",
            "",
            "options:",
            "  --duration D     how long the workload runs, e.g. 20, 20s, 1m, 1500ms (default 20s)",
            "  --threads N      worker threads per side, 1-" + MAX_THREADS + "; also the pool size (default "
                    + DEFAULT_THREADS + ")",
            "  --accounts N     accounts per side, 2-" + MAX_ACCOUNTS + " (default " + DEFAULT_ACCOUNTS + ")",
            "  --seed N         seeds the transfers and the chaos schedule (default " + DEFAULT_SEED + ")",
            "  --chaos on|off   kill backends, restart the server, fill the connection limit, drop",
            "                   COMMIT replies (default on)",
            "  --url URL        use your server (jdbc:postgresql://host:port/db?user=...) instead of a",
            "                   throwaway embedded one; the demo creates schemas demo_plain and",
            "                   demo_retrying there. Chaos is then limited to what SQL can do:",
            "                   pg_terminate_backend",
            "  --ha             run on a Patroni cluster instead (etcd and three PostgreSQL nodes in",
            "                   synchronous mode, started for the run; needs the patroni and etcd-server",
            "                   packages) under its faults: kill -9 of the leader, patronictl switchover,",
            "                   the leader frozen past the ttl, etcd restarted (default duration "
                    + DEFAULT_HA_DURATION.toSeconds() + "s)",
            "  --json           print the result as JSON on stdout (progress goes to stderr)",
            "  --help           print this help",
            "",
            "exit status: 0 when the run completed, 1 when it could not run, 2 for a bad option");

    /**
     * Parses {@code --name value} and {@code --name=value} options.
     *
     * @throws UsageException naming the bad option or value
     */
    static DemoOptions parse(String... args) throws UsageException {
        Duration duration = DEFAULT_DURATION;
        int threads = DEFAULT_THREADS;
        int accounts = DEFAULT_ACCOUNTS;
        long seed = DEFAULT_SEED;
        boolean chaos = true;
        String url = null;
        boolean json = false;
        boolean help = false;
        boolean ha = false;
        boolean durationGiven = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("--")) {
                throw new UsageException("unexpected argument '" + arg + "' (options start with --)");
            }
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg : arg.substring(0, eq);
            String inline = eq < 0 ? null : arg.substring(eq + 1);
            switch (name) {
                case "--help", "-h" -> help = true;
                case "--ha" -> {
                    if (inline != null) {
                        throw new UsageException("--ha takes no value");
                    }
                    ha = true;
                }
                case "--json" -> {
                    if (inline != null) {
                        throw new UsageException("--json takes no value");
                    }
                    json = true;
                }
                case "--duration", "--threads", "--accounts", "--seed", "--chaos", "--url" -> {
                    String value = inline;
                    if (value == null) {
                        if (i + 1 >= args.length || args[i + 1].startsWith("--")) {
                            throw new UsageException(name + " needs a value");
                        }
                        value = args[++i];
                    }
                    switch (name) {
                        case "--duration" -> {
                            duration = duration(value);
                            durationGiven = true;
                        }
                        case "--threads" -> threads = intIn(name, value, 1, MAX_THREADS);
                        case "--accounts" -> accounts = intIn(name, value, 2, MAX_ACCOUNTS);
                        case "--seed" -> seed = seed(value);
                        case "--chaos" -> chaos = onOff(value);
                        default -> url = url(value);
                    }
                }
                default -> throw new UsageException("unknown option '" + name + "'");
            }
        }
        if (ha && url != null) {
            throw new UsageException("--ha and --url exclude each other (--ha starts a Patroni cluster of its own)");
        }
        if (ha && !durationGiven) {
            duration = DEFAULT_HA_DURATION;
        }
        return new DemoOptions(duration, threads, accounts, seed, chaos, url, json, help, ha);
    }

    private static Duration duration(String value) throws UsageException {
        String v = value.trim().toLowerCase(Locale.ROOT);
        Duration d;
        try {
            if (v.endsWith("ms")) {
                d = Duration.ofMillis(Long.parseLong(v.substring(0, v.length() - 2)));
            } else if (v.endsWith("s")) {
                d = Duration.ofSeconds(Long.parseLong(v.substring(0, v.length() - 1)));
            } else if (v.endsWith("m")) {
                d = Duration.ofMinutes(Long.parseLong(v.substring(0, v.length() - 1)));
            } else {
                d = Duration.ofSeconds(Long.parseLong(v));
            }
        } catch (NumberFormatException e) {
            throw new UsageException("bad value for --duration: '" + value + "' (seconds, or a number with ms, s or m)");
        }
        if (d.compareTo(MIN_DURATION) < 0 || d.compareTo(MAX_DURATION) > 0) {
            throw new UsageException("bad value for --duration: '" + value + "' (from 1s to 1h)");
        }
        return d;
    }

    private static int intIn(String name, String value, int min, int max) throws UsageException {
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("bad value for " + name + ": '" + value + "' (a whole number from " + min + " to "
                + max + ")");
    }

    private static long seed(String value) throws UsageException {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("bad value for --seed: '" + value + "' (a whole number)");
        }
    }

    private static boolean onOff(String value) throws UsageException {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "on", "true", "yes" -> true;
            case "off", "false", "no" -> false;
            default -> throw new UsageException("bad value for --chaos: '" + value + "' (on or off)");
        };
    }

    private static String url(String value) throws UsageException {
        // the value is not echoed: a URL may carry a password
        if (!value.startsWith("jdbc:postgresql:")) {
            throw new UsageException("bad value for --url: it must start with jdbc:postgresql://"
                    + (value.startsWith("jdbc:retrying:") ? " (the demo adds the retrying layer itself)" : ""));
        }
        return value;
    }

    /** A bad command line: the message names the option or value. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }
}
