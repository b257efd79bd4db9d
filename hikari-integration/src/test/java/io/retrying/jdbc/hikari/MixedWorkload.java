package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;

/**
 * Many threads borrowing connections for reads, autocommit writes and short transfers between
 * accounts (two updates and a commit), as fast as they can. Transfers keep the total balance
 * constant, so a half-applied transaction shows in {@link #totalBalance}.
 *
 * <p>Transactions are replayed by the layer beneath, so no failure of any kind is allowed.
 */
final class MixedWorkload {
    static final int ACCOUNTS = 100;
    static final long START_BALANCE = 1_000;

    record Result(long reads, long writes, long transfers, List<Throwable> errors,
                  List<SQLException> transactionFailures) {
        Map<String, Integer> transactionFailuresByState() {
            Map<String, Integer> byState = new TreeMap<>();
            for (SQLException e : transactionFailures) {
                byState.merge(String.valueOf(e.getSQLState()), 1, Integer::sum);
            }
            return byState;
        }

        /** Transactions are replayed by the layer beneath: none may fail. */
        void assertNoTransactionFailures() {
            assertTrue(transactionFailures.isEmpty(), () -> "transaction failures: " + transactionFailures);
        }

        @Override
        public String toString() {
            return reads + " reads, " + writes + " autocommit writes, " + transfers + " transfers committed, "
                    + errors.size() + " errors, transaction failures " + transactionFailuresByState();
        }
    }

    private final DataSource ds;
    private final LongAdder reads = new LongAdder();
    private final LongAdder writes = new LongAdder();
    private final LongAdder transfers = new LongAdder();
    private final ConcurrentLinkedQueue<Throwable> errors = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<SQLException> transactionFailures = new ConcurrentLinkedQueue<>();

    private MixedWorkload(DataSource ds) {
        this.ds = ds;
    }

    static void createSchema(PgServer server) {
        server.sql("DROP TABLE IF EXISTS accounts, events",
                "CREATE TABLE accounts (id int PRIMARY KEY, balance bigint NOT NULL)",
                "INSERT INTO accounts SELECT g, " + START_BALANCE + " FROM generate_series(1, " + ACCOUNTS + ") g",
                "CREATE TABLE events (id bigserial PRIMARY KEY, account int NOT NULL)");
    }

    static long totalBalance(PgServer server) {
        return server.queryLong("SELECT sum(balance) FROM accounts");
    }

    /** Runs {@code threads} workers against {@code ds} for {@code length}; returns when all have stopped. */
    static Result run(DataSource ds, int threads, Duration length) throws InterruptedException {
        MixedWorkload w = new MixedWorkload(ds);
        long deadline = System.nanoTime() + length.toNanos();
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> w.work(deadline), "worker-" + i);
            workers.add(t);
            t.start();
        }
        for (Thread t : workers) {
            // a worker may be inside a reconnect window (10 s) when the run ends
            t.join(length.toMillis() + 30_000);
            if (t.isAlive()) {
                throw new AssertionError(t.getName() + " is still running");
            }
        }
        return new Result(w.reads.sum(), w.writes.sum(), w.transfers.sum(), List.copyOf(w.errors),
                List.copyOf(w.transactionFailures));
    }

    private void work(long deadline) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        while (System.nanoTime() < deadline) {
            int account = 1 + random.nextInt(ACCOUNTS);
            try {
                switch (random.nextInt(4)) {
                    case 0, 1 -> read(account);
                    case 2 -> write(account);
                    default -> transfer(account, 1 + random.nextInt(ACCOUNTS));
                }
            } catch (SQLException | RuntimeException e) {
                if (errors.isEmpty()) {
                    // the first error's whole trace (suppressed failures included): which path let it through
                    e.printStackTrace(System.out);
                }
                errors.add(e);
            }
        }
    }

    private void read(int account) throws SQLException {
        try (Connection c = ds.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT balance FROM accounts WHERE id = ?")) {
            ps.setInt(1, account);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalStateException("account " + account + " is missing");
                }
            }
        }
        reads.increment();
    }

    private void write(int account) throws SQLException {
        try (Connection c = ds.getConnection();
             PreparedStatement ps = c.prepareStatement("INSERT INTO events (account) VALUES (?)")) {
            ps.setInt(1, account);
            ps.executeUpdate();
        }
        writes.increment();
    }

    /** Moves 1 from one account to another; rows are locked in id order, so transfers never deadlock. */
    private void transfer(int from, int to) throws SQLException {
        if (from == to) {
            return;
        }
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("UPDATE accounts SET balance = balance + ? WHERE id = ?")) {
                int first = Math.min(from, to);
                int second = Math.max(from, to);
                ps.setLong(1, first == from ? -1 : 1);
                ps.setInt(2, first);
                ps.executeUpdate();
                ps.setLong(1, second == from ? -1 : 1);
                ps.setInt(2, second);
                ps.executeUpdate();
                c.commit();
                transfers.increment();
            } catch (SQLException e) {
                if (transactionFailures.isEmpty()) {
                    e.printStackTrace(System.out);
                }
                transactionFailures.add(e);
                c.rollback(); // ends the failed transaction; on a lost connection it heals it
            }
        }
    }
}
