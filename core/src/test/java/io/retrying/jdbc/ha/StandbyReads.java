package io.retrying.jdbc.ha;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The reading half of an application whose reads go to hot standbys: plain reads in autocommit and
 * read-only transactions, each thread on a connection of its own, checking what it read. The data:
 * the bank's accounts (a {@link BankWorkload} moves money between them meanwhile: their total never
 * changes) and a catalog written once ({@code prefix + "catalog"}: row {@code id} holds
 * {@code id * 7}). What is read is the same in every snapshot, so that a transaction replayed after a
 * lost connection, verified against what the application saw, reads the same again.
 *
 * <p>Where the connection comes from is the {@link BankWorkload.Dial}: a data source on HAProxy's
 * replica port, or one on the primary port with {@code retry.readers} (each thread then puts its
 * connection in {@code setReadOnly(true)}, the routing's signal), or plain pgjdbc, which dials again
 * after each failure. The application never retries.
 */
final class StandbyReads implements AutoCloseable {

    static final int CATALOG_ROWS = 50;

    final String name;
    final Workers plain;
    final Workers transactions;
    /** What a read saw that it should not have: a total other than the opening one, a catalog row out of place. */
    final Queue<String> wrong = new ConcurrentLinkedQueue<>();
    /** When each thread's read in progress started (absent between reads), for {@link #stalled}. */
    private final Map<String, Long> startedAt = new ConcurrentHashMap<>();
    /** When each read or read-only transaction completed, by thread. */
    private final Map<String, Queue<Long>> doneAt = new ConcurrentHashMap<>();

    /** Creates the catalog {@code bank} reads beside its accounts, on {@code admin} (the leader). */
    static void createCatalog(Connection admin, String prefix) throws SQLException {
        try (Statement st = admin.createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + prefix + "catalog");
            st.execute("CREATE TABLE " + prefix + "catalog (id int PRIMARY KEY, v int NOT NULL)");
            st.execute("INSERT INTO " + prefix + "catalog SELECT g, g * 7 FROM generate_series(1, " + CATALOG_ROWS + ") g");
        }
    }

    /**
     * Starts {@code plainThreads} threads of autocommit reads and {@code transactionThreads} of
     * read-only transactions on {@code prefix}'s tables; {@code setReadOnly} puts each connection in
     * read-only mode before its first use.
     */
    StandbyReads(String name, String prefix, BankWorkload.Dial dial, boolean redial, boolean setReadOnly, int plainThreads,
            int transactionThreads) {
        this.name = name;
        String total = "SELECT sum(balance), count(*) FROM " + prefix + "accounts";
        String catalog = "SELECT id, v FROM " + prefix + "catalog ORDER BY id";
        plain = Workers.start(name + "-read", plainThreads, () -> {
            HeldConnection held = held(dial, redial, setReadOnly, true);
            return () -> held.run(c -> {
                started();
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(total)) {
                    checkTotal(rs);
                }
                done();
            });
        });
        transactions = Workers.start(name + "-rotx", transactionThreads, () -> {
            HeldConnection held = held(dial, redial, true, false);
            return () -> held.run(c -> {
                started();
                try {
                    try (Statement st = c.createStatement()) {
                        try (ResultSet rs = st.executeQuery(total)) {
                            checkTotal(rs);
                        }
                        try (ResultSet rs = st.executeQuery(catalog)) {
                            checkCatalog(rs);
                        }
                        try (ResultSet rs = st.executeQuery(total)) {
                            checkTotal(rs);
                        }
                    }
                    c.commit();
                    done();
                } catch (SQLException e) {
                    try {
                        c.rollback();
                    } catch (SQLException ignored) {
                        // the next transaction will tell
                    }
                    throw e;
                }
            });
        });
    }

    private void checkTotal(ResultSet rs) throws SQLException {
        rs.next();
        long sum = rs.getLong(1);
        int accounts = rs.getInt(2);
        if (sum != BankWorkload.ACCOUNTS * BankWorkload.OPENING_BALANCE || accounts != BankWorkload.ACCOUNTS) {
            wrong.add("total " + sum + " over " + accounts + " accounts");
        }
    }

    private void checkCatalog(ResultSet rs) throws SQLException {
        int expected = 1;
        while (rs.next()) {
            if (rs.getInt(1) != expected || rs.getInt(2) != expected * 7) {
                wrong.add("catalog row " + rs.getInt(1) + " = " + rs.getInt(2) + " where " + expected + " was due");
            }
            expected++;
        }
        if (expected != CATALOG_ROWS + 1) {
            wrong.add("catalog of " + (expected - 1) + " rows, not " + CATALOG_ROWS);
        }
    }

    /** A thread's connection, set up as its kind of read wants it. */
    private static HeldConnection held(BankWorkload.Dial dial, boolean redial, boolean readOnly, boolean autoCommit) {
        return new HeldConnection(dial, redial, c -> {
            c.setReadOnly(readOnly);
            c.setAutoCommit(autoCommit);
            if (!autoCommit) {
                c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            }
        }, () -> { });
    }

    boolean awaitProgress(long more, Duration max) throws InterruptedException {
        return plain.awaitProgress(more, max) && transactions.awaitProgress(more, max);
    }

    List<Workers.Failure> failures() {
        return java.util.stream.Stream.of(plain, transactions).flatMap(w -> w.failures().stream()).toList();
    }

    /**
     * The longest stretch one thread went without completing a read (a plain one or a transaction),
     * in the minute from {@code fromNanos}.
     */
    Duration longestPause(long fromNanos) {
        long longest = 0;
        for (Queue<Long> thread : doneAt.values()) {
            long[] done = thread.stream().mapToLong(Long::longValue).filter(t -> t >= fromNanos && t < fromNanos + 60_000_000_000L)
                    .sorted().toArray();
            long previous = fromNanos;
            for (long t : done) {
                longest = Math.max(longest, t - previous);
                previous = t;
            }
        }
        return Duration.ofNanos(longest);
    }

    /** Where each of the threads is now, for a failure message. */
    String stacks() {
        StringBuilder sb = new StringBuilder();
        Thread.getAllStackTraces().forEach((t, stack) -> {
            if (t.getName().startsWith(name + "-")) {
                sb.append(t.getName()).append(":\n");
                for (int i = 0; i < Math.min(stack.length, 25); i++) {
                    sb.append("    at ").append(stack[i]).append('\n');
                }
            }
        });
        return sb.toString();
    }

    private void started() {
        startedAt.put(Thread.currentThread().getName(), System.nanoTime());
    }

    private void done() {
        startedAt.remove(Thread.currentThread().getName());
        doneAt.computeIfAbsent(Thread.currentThread().getName(), k -> new ConcurrentLinkedQueue<>()).add(System.nanoTime());
    }

    /** The threads whose read in progress started more than {@code longer} ago, with where they are now. */
    Map<String, String> stalled(Duration longer) {
        Map<String, String> out = new java.util.TreeMap<>();
        long now = System.nanoTime();
        Thread.getAllStackTraces().forEach((t, stack) -> {
            Long since = startedAt.get(t.getName());
            if (since != null && now - since > longer.toNanos()) {
                StringBuilder sb = new StringBuilder().append((now - since) / 1_000_000).append(" ms in this read:");
                for (int i = 0; i < Math.min(stack.length, 18); i++) {
                    sb.append("\n    at ").append(stack[i]);
                }
                out.put(t.getName(), sb.toString());
            }
        });
        return out;
    }

    @Override
    public void close() throws InterruptedException {
        plain.close();
        transactions.close();
    }

    @Override
    public String toString() {
        return plain + " " + transactions;
    }
}
