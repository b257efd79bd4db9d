package io.retrying.jdbc.ha;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bank under a failover: transfers (a transaction moving money between two accounts and
 * recording itself under a key of its own), autocommit writes with unique keys, and reads of the
 * total, which must never change. Each thread keeps one connection, as an application holding a
 * connection does; the application never retries. Where it gets its connection from is the
 * {@link Dial}: the retrying driver (dialed once per thread), or plain pgjdbc, which the
 * application has to dial again after each failure, in a tight loop, as a plain application does.
 *
 * <p>Each side has tables of its own ({@code prefix}), so that both can run side by side on one
 * cluster through the same fault.
 */
final class BankWorkload implements AutoCloseable {

    static final int ACCOUNTS = 20;
    static final long OPENING_BALANCE = 1_000;

    /** How the application gets a connection. */
    @FunctionalInterface
    interface Dial {
        Connection open() throws SQLException;
    }

    final String prefix;
    final Workers readers;
    final Workers autocommitWriters;
    final Workers transfers;
    /** Keys of writes the application saw succeed. */
    final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    /** Keys of writes that failed: in the tables at most once. */
    final Set<String> failed = ConcurrentHashMap.newKeySet();
    /** When a dial by the application (plain side) or by the layer (its listener) failed. */
    final Queue<Long> failedDials = new ConcurrentLinkedQueue<>();
    /** Reads that saw another total than the opening one. */
    final Queue<Long> wrongTotals = new ConcurrentLinkedQueue<>();
    /** When each acknowledged write completed. */
    private final Queue<Long> writesDoneAt = new ConcurrentLinkedQueue<>();
    private final AtomicLong faultAt = new AtomicLong();
    private final AtomicInteger threadIds = new AtomicInteger();

    /** Creates the side's tables on {@code admin} (the leader), then starts its threads. */
    static BankWorkload start(Connection admin, String prefix, Dial dial, boolean redialAfterFailure,
            int readerThreads, int autocommitThreads, int transferThreads) throws SQLException {
        try (Statement st = admin.createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + prefix + "accounts, " + prefix + "transfers, " + prefix + "writes");
            st.execute("CREATE TABLE " + prefix + "accounts (id int PRIMARY KEY, balance bigint NOT NULL)");
            // no unique keys: a write applied twice must be visible
            st.execute("CREATE TABLE " + prefix + "transfers (k text NOT NULL, from_id int NOT NULL, to_id int NOT NULL, amount bigint NOT NULL)");
            st.execute("CREATE TABLE " + prefix + "writes (k text NOT NULL)");
            st.execute("INSERT INTO " + prefix + "accounts SELECT g, " + OPENING_BALANCE + " FROM generate_series(1, " + ACCOUNTS + ") g");
        }
        return new BankWorkload(prefix, dial, redialAfterFailure, readerThreads, autocommitThreads, transferThreads);
    }

    private BankWorkload(String prefix, Dial dial, boolean redial, int readerThreads, int autocommitThreads, int transferThreads) {
        this.prefix = prefix;
        readers = Workers.start(prefix + "reader", readerThreads, () -> {
            HeldConnection held = held(dial, redial, false);
            return () -> held.run(c -> {
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT sum(balance) FROM " + prefix + "accounts")) {
                    rs.next();
                    if (rs.getLong(1) != ACCOUNTS * OPENING_BALANCE) {
                        wrongTotals.add(rs.getLong(1));
                    }
                }
            });
        });
        autocommitWriters = Workers.start(prefix + "autocommit", autocommitThreads, () -> {
            HeldConnection held = held(dial, redial, false);
            String keys = "a" + threadIds.incrementAndGet() + "-";
            AtomicLong seq = new AtomicLong();
            return () -> {
                String key = keys + seq.incrementAndGet();
                long started = System.nanoTime();
                try {
                    held.run(c -> {
                        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + prefix + "writes (k) VALUES (?)")) {
                            ps.setString(1, key);
                            ps.executeUpdate();
                        }
                    });
                } catch (SQLException e) {
                    failed.add(key);
                    throw e;
                }
                wrote(started, key);
            };
        });
        transfers = Workers.start(prefix + "transfer", transferThreads, () -> {
            HeldConnection held = held(dial, redial, true);
            String keys = "t" + threadIds.incrementAndGet() + "-";
            AtomicLong seq = new AtomicLong();
            return () -> {
                String key = keys + seq.incrementAndGet();
                ThreadLocalRandom random = ThreadLocalRandom.current();
                int from = 1 + random.nextInt(ACCOUNTS);
                int to = 1 + (from + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
                long amount = 1 + random.nextInt(10);
                long started = System.nanoTime();
                try {
                    held.run(c -> {
                        try {
                            // in id order: two transfers never wait for each other in a cycle
                            try (PreparedStatement ps = c.prepareStatement("UPDATE " + prefix + "accounts SET balance = balance + ? WHERE id = ?")) {
                                boolean fromFirst = from < to;
                                ps.setLong(1, fromFirst ? -amount : amount);
                                ps.setInt(2, fromFirst ? from : to);
                                ps.executeUpdate();
                                ps.setLong(1, fromFirst ? amount : -amount);
                                ps.setInt(2, fromFirst ? to : from);
                                ps.executeUpdate();
                            }
                            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + prefix + "transfers VALUES (?, ?, ?, ?)")) {
                                ps.setString(1, key);
                                ps.setInt(2, from);
                                ps.setInt(3, to);
                                ps.setLong(4, amount);
                                ps.executeUpdate();
                            }
                            c.commit();
                        } catch (SQLException e) {
                            try {
                                c.rollback(); // the application's acknowledgement of a failed transaction
                            } catch (SQLException ignored) {
                                // the next transaction will tell
                            }
                            throw e;
                        }
                    });
                } catch (SQLException e) {
                    failed.add(key);
                    throw e;
                }
                wrote(started, key);
            };
        });
    }

    private HeldConnection held(Dial dial, boolean redial, boolean transactional) {
        return new HeldConnection(dial, redial, c -> c.setAutoCommit(!transactional), () -> failedDials.add(System.nanoTime()));
    }

    private void wrote(long started, String key) {
        acknowledged.add(key);
        writesDoneAt.add(System.nanoTime());
    }

    /** Marks the moment of the fault: the time to the first write runs from here. */
    void faultNow(long nanos) {
        faultAt.set(nanos);
    }

    /**
     * The outage the fault caused: the longest stretch without a successful write in the minute
     * after the fault (writes may still succeed for a moment after it, on backends that have not
     * noticed yet, or before a switchover's shutdown). {@code [start, end]} in nanos; null when no
     * write succeeded after the fault.
     */
    private long[] outage() {
        long fault = faultAt.get();
        long[] done = writesDoneAt.stream().mapToLong(Long::longValue).filter(t -> t >= fault && t < fault + 60_000_000_000L)
                .sorted().toArray();
        long previous = fault;
        long[] best = null;
        for (long t : done) {
            if (best == null || t - previous > best[1] - best[0]) {
                best = new long[] {previous, t};
            }
            previous = t;
        }
        return best;
    }

    /** From the fault to the first write after its outage; null if none. */
    Duration faultToFirstWrite() {
        long[] outage = outage();
        return outage == null ? null : Duration.ofNanos(outage[1] - faultAt.get());
    }

    /** Failed dials a second during the outage (no primary to be found). */
    double failedDialsPerSecond() {
        long[] outage = outage();
        if (outage == null || outage[1] <= outage[0]) {
            return 0;
        }
        long n = failedDials.stream().filter(t -> t >= outage[0] && t <= outage[1]).count();
        return n / ((outage[1] - outage[0]) / 1e9);
    }

    /** The outage's length and the failed dials in it, for the log. */
    String outageDials() {
        long[] outage = outage();
        if (outage == null) {
            return "no outage";
        }
        long n = failedDials.stream().filter(t -> t >= outage[0] && t <= outage[1]).count();
        return n + " failed dials in the " + (outage[1] - outage[0]) / 1_000_000 + " ms without a write";
    }

    boolean awaitProgress(long more, Duration max) throws InterruptedException {
        return readers.awaitProgress(more, max) && autocommitWriters.awaitProgress(more, max) && transfers.awaitProgress(more, max);
    }

    List<Workers.Failure> failures() {
        return java.util.stream.Stream.of(readers, autocommitWriters, transfers).flatMap(w -> w.failures().stream()).toList();
    }

    @Override
    public void close() throws InterruptedException {
        readers.close();
        autocommitWriters.close();
        transfers.close();
    }

    /** What the tables on {@code server} say, checked against what the application saw. */
    record Audit(Map<String, Integer> twice, List<String> missing, long total, Map<Integer, Long> wrongBalances, long failedButApplied) {}

    Audit audit(Connection server) throws SQLException {
        Map<String, Integer> counts = new HashMap<>();
        Map<Integer, Long> expected = new HashMap<>();
        for (int id = 1; id <= ACCOUNTS; id++) {
            expected.put(id, OPENING_BALANCE);
        }
        try (Statement st = server.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT k FROM " + prefix + "writes")) {
                while (rs.next()) {
                    counts.merge(rs.getString(1), 1, Integer::sum);
                }
            }
            try (ResultSet rs = st.executeQuery("SELECT k, from_id, to_id, amount FROM " + prefix + "transfers")) {
                while (rs.next()) {
                    counts.merge(rs.getString(1), 1, Integer::sum);
                    expected.merge(rs.getInt(2), -rs.getLong(4), Long::sum);
                    expected.merge(rs.getInt(3), rs.getLong(4), Long::sum);
                }
            }
            Map<Integer, Long> wrong = new HashMap<>();
            long total = 0;
            try (ResultSet rs = st.executeQuery("SELECT id, balance FROM " + prefix + "accounts")) {
                while (rs.next()) {
                    total += rs.getLong(2);
                    // a transfer's updates applied once per recorded transfer, no more, no less
                    if (rs.getLong(2) != expected.get(rs.getInt(1))) {
                        wrong.put(rs.getInt(1), rs.getLong(2) - expected.get(rs.getInt(1)));
                    }
                }
            }
            Map<String, Integer> twice = new HashMap<>();
            counts.forEach((k, n) -> {
                if (n > 1) {
                    twice.put(k, n);
                }
            });
            List<String> missing = acknowledged.stream().filter(k -> !counts.containsKey(k)).sorted().toList();
            long failedButApplied = failed.stream().filter(counts::containsKey).count();
            return new Audit(twice, missing, total, wrong, failedButApplied);
        }
    }

    @Override
    public String toString() {
        return readers + " " + autocommitWriters + " " + transfers;
    }
}
