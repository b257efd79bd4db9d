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
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Issue 26: autocommit writers on a data source with {@code retry.resolveAutocommitWrites=true},
 * beside {@link BankWorkload}'s, through the same fault. Each thread holds one connection and never
 * retries, and alternates an INSERT of a key of its own (a table without a unique key, so that a
 * write applied twice shows) with an UPDATE adding one to its own counter row (a doubled or lost
 * update shows in the sum). What the final leader holds is then counted exactly against what the
 * application was told.
 */
final class ResolvedWriters implements AutoCloseable {

    final String prefix;
    final Workers writers;
    /** Keys of INSERTs the application saw succeed. */
    private final Set<String> inserted = ConcurrentHashMap.newKeySet();
    /** Keys of INSERTs that failed: unknown whether applied. */
    private final Set<String> insertsFailed = ConcurrentHashMap.newKeySet();
    /** Per thread: UPDATEs acknowledged, and UPDATEs that failed. */
    private final Map<Integer, AtomicLong> updated = new ConcurrentHashMap<>();
    private final Map<Integer, AtomicLong> updatesFailed = new ConcurrentHashMap<>();
    private final AtomicInteger threadIds = new AtomicInteger();

    /** Creates the tables on {@code admin} (the leader), then starts {@code threads} writers dialing through {@code dial}. */
    static ResolvedWriters start(Connection admin, String prefix, BankWorkload.Dial dial, int threads) throws SQLException {
        try (Statement st = admin.createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + prefix + "writes, " + prefix + "counters");
            st.execute("CREATE TABLE " + prefix + "writes (k text NOT NULL)");
            st.execute("CREATE TABLE " + prefix + "counters (id int PRIMARY KEY, n bigint NOT NULL)");
            st.execute("INSERT INTO " + prefix + "counters SELECT g, 0 FROM generate_series(1, " + threads + ") g");
        }
        return new ResolvedWriters(prefix, dial, threads);
    }

    private ResolvedWriters(String prefix, BankWorkload.Dial dial, int threads) {
        this.prefix = prefix;
        writers = Workers.start(prefix + "autocommit", threads, () -> {
            int id = threadIds.incrementAndGet();
            updated.put(id, new AtomicLong());
            updatesFailed.put(id, new AtomicLong());
            Connection c = dial.open(); // the layer's: held for good, in autocommit
            AtomicLong seq = new AtomicLong();
            return () -> {
                long n = seq.incrementAndGet();
                if (n % 2 == 0) {
                    try (PreparedStatement ps = c.prepareStatement("UPDATE " + prefix + "counters SET n = n + 1 WHERE id = ?")) {
                        ps.setInt(1, id);
                        if (ps.executeUpdate() != 1) {
                            throw new SQLException("the counter row " + id + " is gone");
                        }
                    } catch (SQLException e) {
                        updatesFailed.get(id).incrementAndGet();
                        throw e;
                    }
                    updated.get(id).incrementAndGet();
                } else {
                    String key = "r" + id + "-" + n;
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + prefix + "writes (k) VALUES (?)")) {
                        ps.setString(1, key);
                        if (ps.executeUpdate() != 1) {
                            throw new SQLException("the INSERT of " + key + " counted no row");
                        }
                    } catch (SQLException e) {
                        insertsFailed.add(key);
                        throw e;
                    }
                    inserted.add(key);
                }
            };
        });
    }

    boolean awaitProgress(long more, Duration max) throws InterruptedException {
        return writers.awaitProgress(more, max);
    }

    List<Workers.Failure> failures() {
        return writers.failures();
    }

    @Override
    public void close() throws InterruptedException {
        writers.close();
    }

    /**
     * What {@code server} holds against what the application was told: each acknowledged INSERT's
     * key exactly once, no other key but failed ones (at most once each), each counter exactly its
     * acknowledged UPDATEs (plus at most its failed ones).
     */
    record Audit(Map<String, Integer> twice, Set<String> missing, Set<String> unexplained, Map<Integer, String> wrongCounters,
            long rows, long acknowledged) {
        boolean exact() {
            return twice.isEmpty() && missing.isEmpty() && unexplained.isEmpty() && wrongCounters.isEmpty();
        }
    }

    Audit audit(Connection server) throws SQLException {
        Map<String, Integer> counts = new HashMap<>();
        Map<Integer, String> wrong = new TreeMap<>();
        long rows = 0;
        try (Statement st = server.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT k FROM " + prefix + "writes")) {
                while (rs.next()) {
                    counts.merge(rs.getString(1), 1, Integer::sum);
                    rows++;
                }
            }
            try (ResultSet rs = st.executeQuery("SELECT id, n FROM " + prefix + "counters ORDER BY id")) {
                while (rs.next()) {
                    int id = rs.getInt(1);
                    long n = rs.getLong(2);
                    long acked = updated.getOrDefault(id, new AtomicLong()).get();
                    long unknown = updatesFailed.getOrDefault(id, new AtomicLong()).get();
                    if (n < acked || n > acked + unknown) {
                        wrong.put(id, n + " (acknowledged " + acked + ", failed " + unknown + ")");
                    }
                }
            }
        }
        Map<String, Integer> twice = new TreeMap<>();
        counts.forEach((k, n) -> {
            if (n > 1) {
                twice.put(k, n);
            }
        });
        Set<String> missing = new TreeSet<>();
        for (String k : inserted) {
            if (!counts.containsKey(k)) {
                missing.add(k);
            }
        }
        Set<String> unexplained = new TreeSet<>();
        for (String k : counts.keySet()) {
            if (!inserted.contains(k) && !insertsFailed.contains(k)) {
                unexplained.add(k);
            }
        }
        long acknowledged = inserted.size() + updated.values().stream().mapToLong(AtomicLong::get).sum();
        return new Audit(twice, missing, unexplained, wrong, rows, acknowledged);
    }

    @Override
    public String toString() {
        return writers.toString();
    }
}
