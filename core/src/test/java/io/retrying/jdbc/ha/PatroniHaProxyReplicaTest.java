package io.retrying.jdbc.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.retrying.jdbc.CommitOutcomeUnknownException;
import io.retrying.jdbc.Commits;
import io.retrying.jdbc.ReadRoute;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.HaProxy;
import io.retrying.jdbc.fixtures.PatroniCluster;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Issue 27 item 4: Patroni behind HAProxy as Patroni's documentation sets it up ({@link HaProxy}: a
 * primary port checked with {@code /primary}, a replica port checked with {@code /replica}), and the
 * application using both ports through the library, on its defaults. Writers move money between
 * accounts in transactions on the primary port; readers run plain reads and read-only transactions
 * on the replica port, checking what they read (the bank's total, which transfers never change, and
 * a catalog written once). The readers come two ways: a second data source on the replica port, and
 * the writers' own data source with {@code retry.readers} naming the replica port (its readers put
 * their connections in {@code setReadOnly(true)}). Beside them, the same workload on plain pgjdbc,
 * which dials again after each failure, gives the comparison figures
 * ({@code target/patroni-haproxy-replica-figures.md}).
 *
 * <p>The faults, each on its own, one cluster for all: a replica restarted ({@code patronictl
 * restart}: its sessions end with 57P01), a replica taken out of HAProxy's read pool (Patroni's
 * {@code noloadbalance} tag: {@code /replica} answers 503, HAProxy marks the node down after three
 * checks and cuts its sessions), a switchover and a kill -9 of the leader's postmaster (a replica is
 * promoted and leaves the replica port, the old primary rejoins it). What must hold: no read or
 * read-only transaction reaches the application as an error, nor a transfer (but, for the kill -9, a
 * COMMIT lost with the primary: 08007 with its xid, as in {@link PatroniFailoverTest}); every read saw
 * the opening total and the whole catalog; no transfer applied twice or missing, money conserved and
 * every balance what the recorded transfers make it; the first write after a failover within the
 * bound {@link PatroniHaProxyTest} holds.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PatroniHaProxyReplicaTest {

    private static final Logger LOG = LoggerFactory.getLogger(PatroniHaProxyReplicaTest.class);
    private static final Duration HEAL = Duration.ofSeconds(90);
    private static final Duration FIRST_WRITE_BOUND = PatroniCluster.TTL.plus(PatroniCluster.LOOP_WAIT).plusSeconds(2);
    /** As {@link PatroniHaProxyTest#slackBehindPlain()}: HAProxy's checks may find the new primary one interval after plain's tight loop. */
    private static final Duration SLACK_BEHIND_PLAIN = Duration.ofSeconds(2).plus(HaProxy.CHECK_INTERVAL);
    /** How long the work may take to go on after a fault (a read on a standby may wait for replay: {@code max_standby_streaming_delay}, 30 s). */
    private static final Duration AFTER = Duration.ofSeconds(45);
    private static final Path FIGURES = Path.of("target", "patroni-haproxy-replica-figures.md");
    private static final String REPLICA_PORT_APP = "r2-replica-port";
    private static final String READERS_APP = "r2-readers";
    private static PatroniCluster cluster;
    private static HaProxy haproxy;

    @BeforeAll
    static void start() throws Exception {
        // CI installs Patroni, etcd and HAProxy (.ci/run) and never skips; a developer's machine may lack them
        assumeTrue((PatroniCluster.available() && HaProxy.available()) || System.getenv("CI") != null,
                "patroni, etcd or haproxy is not installed");
        cluster = PatroniCluster.start();
        haproxy = HaProxy.start(cluster);
        // HAProxy starts every server up and marks the replicas down on the primary port only after
        // three checks: until then some dials there reach a replica, on both sides (no fault's doing)
        awaitOnlyThePrimary(Duration.ofSeconds(30));
        Files.createDirectories(FIGURES.getParent());
        Files.writeString(FIGURES, "| fault | plain pgjdbc: exceptions (reads, transfers) | retrying-jdbc: exceptions"
                + " (reads, transfers) | longest pause in reads, plain / retrying | first write after, plain / retrying |\n"
                + "|---|---|---|---|---|\n", StandardCharsets.UTF_8);
    }

    @AfterAll
    static void stop() {
        if (haproxy != null) {
            haproxy.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void aReplicaRestarted() throws Exception {
        run("`patronictl restart` of a replica", "rrs_", false, sides -> {
            PatroniCluster.Node replica = replicaWithTheMostReaders(sides);
            sides.faultNow();
            cluster.restart(replica);
        });
    }

    @Test
    @Order(2)
    void aReplicaTakenOutOfHaProxysReadPool() throws Exception {
        run("a replica tagged `noloadbalance` (HAProxy marks it down, cuts its sessions)", "rlb_", false, sides -> {
            PatroniCluster.Node replica = replicaWithTheMostReaders(sides);
            sides.faultNow();
            cluster.loadBalance(replica, false);
            try {
                // HAProxy's three failed checks, then its cut: the replica port's sessions there are gone
                awaitNoReplicaPortReaders(replica, Duration.ofSeconds(30));
                awaitReads(sides.replicaPort, "after the cut");
                awaitReads(sides.readers, "after the cut");
            } finally {
                cluster.loadBalance(replica, true);
            }
        });
    }

    @Test
    @Order(3)
    void patronictlSwitchover() throws Exception {
        run("`patronictl switchover`", "rsw_", true, sides -> {
            sides.faultNow();
            awaitPromotedReplicaLeavesTheReplicaPort(cluster.switchover(), sides);
        });
    }

    @Test
    @Order(4)
    void killOfTheLeadersPostmaster() throws Exception {
        run("kill -9 of the leader's postmaster", "rkl_", true, sides -> {
            sides.faultNow();
            awaitPromotedReplicaLeavesTheReplicaPort(cluster.killLeader(), sides);
        });
    }

    /**
     * The replica promoted in {@code old}'s place answers 503 to {@code /replica} from then on:
     * HAProxy marks it down on the replica port after three checks and cuts the sessions the replica
     * port's readers hold there, who go on on the other replica. The fault lasts until then.
     */
    private static void awaitPromotedReplicaLeavesTheReplicaPort(PatroniCluster.Node old, Sides sides) throws Exception {
        PatroniCluster.Node promoted = cluster.awaitNewLeader(old, Duration.ofSeconds(40));
        awaitNoReplicaPortReaders(promoted, Duration.ofSeconds(30));
        awaitReads(sides.replicaPort, "after the cut");
    }

    @FunctionalInterface
    private interface Fault {
        void cause(Sides sides) throws Exception;
    }

    /** Both sides' work, run together through the same fault. */
    private static final class Sides {
        BankWorkload layerBank;
        BankWorkload plainBank;
        /** The second data source's readers, on the replica port. */
        StandbyReads replicaPort;
        /** The writers' data source's readers, routed by {@code retry.readers}. */
        StandbyReads readers;
        StandbyReads plainReads;
        volatile long faultAt;

        List<StandbyReads> layerReads() {
            return List.of(replicaPort, readers);
        }

        void faultNow() {
            long now = System.nanoTime();
            faultAt = now;
            layerBank.faultNow(now);
            plainBank.faultNow(now);
        }
    }

    private void run(String fault, String prefix, boolean failover, Fault cause) throws Exception {
        PatroniCluster.Node leader = cluster.awaitHealthy(HEAL);
        haproxy.awaitPrimary(Duration.ofSeconds(30));
        haproxy.awaitReplicas(2, Duration.ofSeconds(30));
        String primaryPort = haproxy.jdbcUrl("&targetServerType=primary&connectTimeout=2").substring("jdbc:".length());
        String replicaPort = haproxy.replicaJdbcUrl("&connectTimeout=2").substring("jdbc:".length());
        // the library's defaults: no tuned budget, window or attempts
        RetryingDataSource writers = new RetryingDataSource();
        writers.setUrl("jdbc:retrying:" + primaryPort + "&ApplicationName=" + READERS_APP + "&retry.readers=127.0.0.1:"
                + haproxy.replicaPort());
        // where the routed reads went (issue 27 item 3): by target and reason
        Map<String, java.util.concurrent.atomic.AtomicInteger> routes = new java.util.concurrent.ConcurrentHashMap<>();
        writers.setRetryListener(new RetryListener() {
            @Override
            public void onReadRouted(ReadRoute route) {
                routes.computeIfAbsent(route.target() + "/" + route.reason(), k -> new java.util.concurrent.atomic.AtomicInteger())
                        .incrementAndGet();
            }
        });
        RetryingDataSource replicas = new RetryingDataSource();
        replicas.setUrl("jdbc:retrying:" + replicaPort + "&ApplicationName=" + REPLICA_PORT_APP);
        Sides sides = new Sides();
        Thread watch = null;
        try {
            try (Connection admin = leader.connect()) {
                StandbyReads.createCatalog(admin, prefix + "layer_");
                StandbyReads.createCatalog(admin, prefix + "plain_");
                sides.layerBank = BankWorkload.start(admin, prefix + "layer_", writers::getConnection, false, 0, 0, 3);
                sides.plainBank = BankWorkload.start(admin, prefix + "plain_", () -> DriverManager.getConnection("jdbc:" + primaryPort),
                        true, 0, 0, 3);
            }
            // the standbys have the tables before anybody reads them there
            awaitReplayed(leader);
            sides.replicaPort = new StandbyReads("replica-port", prefix + "layer_", replicas::getConnection, false, false, 1, 1);
            sides.readers = new StandbyReads("readers", prefix + "layer_", writers::getConnection, false, true, 1, 1);
            sides.plainReads = new StandbyReads("plain", prefix + "plain_", () -> DriverManager.getConnection("jdbc:" + replicaPort),
                    true, false, 1, 1);

            assertTrue(sides.layerBank.awaitProgress(10, Duration.ofSeconds(20)), "before the fault: " + sides.layerBank);
            for (StandbyReads r : sides.layerReads()) {
                assertTrue(r.awaitProgress(10, Duration.ofSeconds(20)), "before the fault: " + r.name + " " + r);
            }
            assertTrue(sides.plainReads.awaitProgress(10, Duration.ofSeconds(20)), "before the fault: plain " + sides.plainReads);

            watch = watchStalls(sides);
            cause.cause(sides);

            assertTrue(sides.layerBank.awaitProgress(10, AFTER), fault + ", after: " + sides.layerBank
                    + "; first failures " + sides.layerBank.failures().stream().limit(5).toList() + "\n" + cluster.logTails());
            for (StandbyReads r : sides.layerReads()) {
                awaitReads(r, fault);
            }
            sides.plainBank.awaitProgress(10, Duration.ofSeconds(10));
            sides.plainReads.awaitProgress(10, Duration.ofSeconds(10));
        } finally {
            if (watch != null) {
                watch.interrupt();
            }
            // every thread this run started ends with it, however it ended
            for (AutoCloseable work : new AutoCloseable[] {sides.replicaPort, sides.readers, sides.plainReads, sides.layerBank,
                    sides.plainBank}) {
                if (work != null) {
                    work.close();
                }
            }
        }
        List<StandbyReads> layerReads = sides.layerReads();
        PatroniCluster.Node finalLeader;
        try {
            finalLeader = cluster.awaitHealthy(HEAL);
        } catch (IllegalStateException unhealthy) {
            throw new AssertionError(fault + ": the cluster did not heal\n" + cluster.logTails(), unhealthy);
        }
        BankWorkload.Audit audit;
        try (Connection c = finalLeader.connect()) {
            audit = sides.layerBank.audit(c);
        }
        List<Workers.Failure> layerReadFailures = new ArrayList<>();
        layerReads.forEach(r -> layerReadFailures.addAll(r.failures()));
        List<Workers.Failure> layerTransfers = sides.layerBank.failures();
        Duration layerFirst = sides.layerBank.faultToFirstWrite();
        Duration plainFirst = sides.plainBank.faultToFirstWrite();
        Duration layerPause = layerReads.stream().map(r -> r.longestPause(sides.faultAt)).max(Comparator.naturalOrder()).orElseThrow();
        String row = "| " + fault + " | " + (sides.plainReads.failures().size() + sides.plainBank.failures().size()) + " ("
                + sides.plainReads.failures().size() + ", " + sides.plainBank.failures().size() + ") | "
                + (layerReadFailures.size() + layerTransfers.size()) + " (" + layerReadFailures.size() + ", " + layerTransfers.size()
                + ") | " + seconds(sides.plainReads.longestPause(sides.faultAt)) + " / " + seconds(layerPause) + " | "
                + (failover ? seconds(plainFirst) + " / " + seconds(layerFirst) : "-") + " |";
        Files.writeString(FIGURES, row + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        LOG.info("{}: {}; replica port {}, readers {} (routed {}), bank {}, audit {}; plain reads {}, plain bank {}; plain's first"
                + " failures {}", fault, row, sides.replicaPort, sides.readers, routes, sides.layerBank, audit, sides.plainReads,
                sides.plainBank, java.util.stream.Stream.concat(sides.plainReads.failures().stream(),
                        sides.plainBank.failures().stream()).limit(4).toList());
        LOG.info("{}: haproxy's last lines\n{}", fault, haproxy.logTail(8));

        assertEquals(List.of(), layerReadFailures.stream().map(f -> f + causes(f.error())).toList(),
                fault + ": reads that reached the application as an error");
        for (StandbyReads r : layerReads) {
            assertEquals(List.of(), List.copyOf(r.wrong), fault + ": " + r.name + " read what was never there");
        }
        assertEquals(List.of(), unexpected(layerTransfers, fault.startsWith("kill")), fault + ": transfers that reached the application");
        // the writers' data source sent its readers' connections to the replica port: one route each at least
        int toStandbys = routes.getOrDefault("STANDBY/READ_ONLY", new java.util.concurrent.atomic.AtomicInteger()).get();
        assertTrue(toStandbys >= 2, fault + ": reads routed " + routes);
        assertEquals(Map.of(), audit.twice(), fault + ": transfers applied twice");
        assertEquals(List.of(), audit.missing(), fault + ": acknowledged transfers missing on the final leader " + finalLeader);
        assertEquals(BankWorkload.ACCOUNTS * BankWorkload.OPENING_BALANCE, audit.total(), fault + ": money conserved");
        assertEquals(Map.of(), audit.wrongBalances(), fault + ": balances the recorded transfers do not explain");
        if (failover) {
            assertNotNull(layerFirst, fault + ": no write after the fault");
            Duration afterPlain = plainFirst == null ? Duration.ZERO : plainFirst.plus(SLACK_BEHIND_PLAIN);
            Duration bound = afterPlain.compareTo(FIRST_WRITE_BOUND) > 0 ? afterPlain : FIRST_WRITE_BOUND;
            assertTrue(layerFirst.compareTo(bound) <= 0, fault + ": first write " + layerFirst.toMillis() + " ms after the fault (bound "
                    + bound.toMillis() + " ms; plain pgjdbc's " + (plainFirst == null ? "none" : plainFirst.toMillis() + " ms") + ")");
        }
    }

    /**
     * Transfers that failed, but for a kill -9 a COMMIT lost with the primary (08007 with its xid: a
     * crash can take the commit with it, and the new primary's history cannot always say).
     */
    private static List<String> unexpected(List<Workers.Failure> transfers, boolean crash) {
        List<String> out = new ArrayList<>();
        for (Workers.Failure f : transfers) {
            boolean lostCommit = f.error() instanceof CommitOutcomeUnknownException u && u.xid() != Commits.NO_XID;
            if (!crash || !lostCommit) {
                out.add(f + causes(f.error()));
            }
        }
        return out;
    }

    /** Until a row of dials through HAProxy's primary port all reach the primary. */
    private static void awaitOnlyThePrimary(Duration max) throws Exception {
        long deadline = System.nanoTime() + max.toNanos();
        int inARow = 0;
        while (inARow < 8) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("HAProxy's primary port still reaches replicas after " + max);
            }
            try (Connection c = DriverManager.getConnection(haproxy.jdbcUrl("&connectTimeout=2&socketTimeout=5"));
                    Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT pg_is_in_recovery()")) {
                rs.next();
                inARow = rs.getBoolean(1) ? 0 : inARow + 1;
            } catch (SQLException e) {
                inARow = 0;
            }
            if (inARow == 0) {
                Thread.sleep(200);
            }
        }
    }

    /** The replica (not the leader) holding the most of the layer's reader sessions, which must be at least one. */
    private static PatroniCluster.Node replicaWithTheMostReaders(Sides sides) throws SQLException {
        PatroniCluster.Node leader = cluster.leader().orElseThrow();
        PatroniCluster.Node best = null;
        int most = 0;
        for (PatroniCluster.Node n : cluster.nodes()) {
            if (n == leader) {
                continue;
            }
            int here = readerSessions(n);
            if (best == null || here > most) {
                best = n;
                most = here;
            }
        }
        assertTrue(most > 0, "no reader of the layer's is on a replica: " + sides.replicaPort + " " + sides.readers);
        LOG.info("the fault's replica: {}, {} of the layer's reader sessions", best, most);
        return best;
    }

    /**
     * Until each of {@code reads}' threads completed more: on failure, where its threads are (a read
     * stuck in a statement or a dial) and HAProxy's view.
     */
    private static void awaitReads(StandbyReads reads, String when) throws InterruptedException {
        if (!reads.awaitProgress(10, AFTER)) {
            throw new AssertionError(when + ": " + reads.name + " made no progress in " + AFTER + ": " + reads + "\n"
                    + reads.stacks() + "\n--- haproxy ---\n" + haproxy.logTail(30));
        }
    }

    /** The layer's reader sessions on a replica (on a replica, the writers' data source has its readers only). */
    private static int readerSessions(PatroniCluster.Node n) throws SQLException {
        return sessions(n, "'" + REPLICA_PORT_APP + "', '" + READERS_APP + "'");
    }

    private static int sessions(PatroniCluster.Node n, String applications) throws SQLException {
        try (Connection c = n.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name IN (" + applications + ")")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** Until HAProxy cut the sessions the replica port's data source holds on {@code n}. */
    private static void awaitNoReplicaPortReaders(PatroniCluster.Node n, Duration max) throws Exception {
        long deadline = System.nanoTime() + max.toNanos();
        int before = sessions(n, "'" + REPLICA_PORT_APP + "'");
        while (sessions(n, "'" + REPLICA_PORT_APP + "'") > 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("HAProxy did not cut the replica port's sessions on " + n + " within " + max);
            }
            Thread.sleep(200);
        }
        LOG.info("HAProxy cut the replica port's sessions on {} ({} when the wait began)", n, before);
    }

    /** Waits until every replica has replayed what the leader has written so far. */
    private static void awaitReplayed(PatroniCluster.Node leader) throws Exception {
        String lsn;
        try (Connection c = leader.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT pg_current_wal_lsn()")) {
            rs.next();
            lsn = rs.getString(1);
        }
        for (PatroniCluster.Node n : cluster.nodes()) {
            if (n == leader) {
                continue;
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (true) {
                try (Connection c = n.connect(); Statement st = c.createStatement();
                        ResultSet rs = st.executeQuery("SELECT pg_last_wal_replay_lsn() >= '" + lsn + "'::pg_lsn")) {
                    if (rs.next() && rs.getBoolean(1)) {
                        break;
                    }
                } catch (SQLException e) {
                    // a standby may end a session in its startup on a conflict with recovery (FATAL 40001): ask again
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(n + " has not replayed up to " + lsn);
                }
                Thread.sleep(50);
            }
        }
    }

    private static String causes(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (Throwable c = t; c != null && sb.length() < 1500; c = c.getCause()) {
            if (c != t) {
                sb.append(" <- ").append(c);
            }
            for (Throwable s : c.getSuppressed()) {
                sb.append(" [suppressed ").append(s).append(s.getCause() == null ? "" : " <- " + s.getCause()).append(']');
            }
        }
        return sb.toString();
    }

    /**
     * Logs, once a second, each reader thread of the layer's that has been in one read for more than
     * 5 s: its stack, and what the sessions on each node wait for (a read on a standby can wait for
     * replay, or replay for it), so that a long pause in the figures says where it was.
     */
    private static Thread watchStalls(Sides sides) {
        Thread watch = new Thread(() -> {
            java.util.Set<String> told = new java.util.HashSet<>();
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
                for (StandbyReads r : sides.layerReads()) {
                    r.stalled(Duration.ofSeconds(5)).forEach((thread, where) -> {
                        // once per thread and place
                        if (told.add(thread + where.lines().skip(1).findFirst().orElse(""))) {
                            LOG.info("stalled {}: {}\n{}", thread, where, sessionsNow());
                        }
                    });
                }
            }
        }, "stall-watch");
        watch.setDaemon(true);
        watch.start();
        return watch;
    }

    /** The test's sessions and the startup process on each node, with what they wait for. */
    private static String sessionsNow() {
        StringBuilder sb = new StringBuilder();
        for (PatroniCluster.Node n : cluster.nodes()) {
            sb.append(n).append(':');
            try (Connection c = DriverManager.getConnection(n.jdbcUrl() + "&loginTimeout=2");
                    Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT application_name, state,"
                            + " wait_event_type, wait_event, left(query, 50), (now() - query_start)::text,"
                            + " (SELECT count(*) FROM pg_locks l WHERE l.pid = a.pid AND NOT l.granted) FROM pg_stat_activity a"
                            + " WHERE application_name LIKE 'r2-%' OR backend_type = 'startup'")) {
                while (rs.next()) {
                    sb.append("\n    ").append(rs.getString(1)).append(' ').append(rs.getString(2)).append(' ')
                            .append(rs.getString(3)).append('/').append(rs.getString(4)).append(" '").append(rs.getString(5))
                            .append("' for ").append(rs.getString(6)).append(", locks waited ").append(rs.getInt(7));
                }
            } catch (SQLException e) {
                sb.append(' ').append(e.getSQLState()).append(' ').append(e.getMessage());
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String seconds(Duration d) {
        return d == null ? "none" : String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }
}
