package io.retrying.jdbc.ha;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * What an application does while its database fails over: reads, autocommit writes and short
 * transactions, each thread on its own retrying connection. Every write carries a key of its own
 * and is remembered as acknowledged (the application saw it succeed) or not, so that afterwards
 * the new primary can be checked: nothing twice, nothing acknowledged missing.
 */
final class FailoverWorkload implements AutoCloseable {

    static final String TABLE = "ha_writes";
    static final String CREATE_TABLE = "CREATE TABLE " + TABLE + " (k text NOT NULL, kind text NOT NULL)"; // no unique key: a duplicate must be visible

    final Workers readers;
    final Workers autocommitWriters;
    final Workers transactionWriters;
    /** Keys of writes the application saw succeed. */
    final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    /** Keys of writes that failed: they may or may not be in the table, but at most once. */
    final Set<String> failed = ConcurrentHashMap.newKeySet();
    private final AtomicLong faultAt = new AtomicLong();
    private final AtomicLong firstWriteAfterFault = new AtomicLong();
    private final AtomicInteger threadIds = new AtomicInteger();

    FailoverWorkload(DataSource ds, int readerThreads, int autocommitThreads, int transactionThreads) {
        readers = Workers.start("reader", readerThreads, () -> {
            Connection c = ds.getConnection();
            PreparedStatement read = c.prepareStatement("SELECT count(*) FROM " + TABLE + " WHERE kind = ?");
            return () -> {
                read.setString(1, "auto");
                try (ResultSet rs = read.executeQuery()) {
                    rs.next();
                }
            };
        });
        autocommitWriters = Workers.start("autocommit-writer", autocommitThreads, () -> {
            Connection c = ds.getConnection();
            PreparedStatement insert = c.prepareStatement("INSERT INTO " + TABLE + " (k, kind) VALUES (?, 'auto')");
            String prefix = "a" + threadIds.incrementAndGet() + "-";
            AtomicLong seq = new AtomicLong();
            return () -> {
                String key = prefix + seq.incrementAndGet();
                long started = System.nanoTime();
                insert.setString(1, key);
                try {
                    insert.executeUpdate();
                } catch (SQLException e) {
                    failed.add(key);
                    throw e;
                }
                wrote(started, key);
            };
        });
        transactionWriters = Workers.start("transaction-writer", transactionThreads, () -> {
            Connection c = ds.getConnection();
            c.setAutoCommit(false);
            PreparedStatement insert = c.prepareStatement("INSERT INTO " + TABLE + " (k, kind) VALUES (?, 'tx')");
            String prefix = "t" + threadIds.incrementAndGet() + "-";
            AtomicLong seq = new AtomicLong();
            return () -> {
                long n = seq.incrementAndGet();
                String first = prefix + n + "-1";
                String second = prefix + n + "-2";
                long started = System.nanoTime();
                try {
                    insert.setString(1, first);
                    insert.executeUpdate();
                    insert.setString(1, second);
                    insert.executeUpdate();
                    c.commit();
                } catch (SQLException e) {
                    failed.add(first);
                    failed.add(second);
                    try {
                        c.rollback(); // the application's acknowledgement of a failed transaction
                    } catch (SQLException ignored) {
                        // the next transaction will tell
                    }
                    throw e;
                }
                wrote(started, first, second);
            };
        });
    }

    /** A write that started at {@code started} succeeded. */
    private void wrote(long started, String... keys) {
        long now = System.nanoTime();
        acknowledged.addAll(List.of(keys));
        long fault = faultAt.get();
        if (fault != 0 && started > fault) { // begun once the fault was in place: it had to find the new primary
            firstWriteAfterFault.compareAndSet(0, now);
        }
    }

    /**
     * Marks the moment of the fault (call it once the old primary is down or fenced): the failover
     * time runs from here to the first write begun after it that succeeded.
     */
    void faultNow() {
        faultAt.set(System.nanoTime());
    }

    /** From the fault to the first write the application saw succeed after it; null if none yet. */
    Duration faultToFirstWrite() {
        long first = firstWriteAfterFault.get();
        return first == 0 ? null : Duration.ofNanos(first - faultAt.get());
    }

    /** Waits until every kind of work made {@code more} further successes. */
    boolean awaitProgress(long more, Duration max) throws InterruptedException {
        return readers.awaitProgress(more, max) && autocommitWriters.awaitProgress(more, max)
                && transactionWriters.awaitProgress(more, max);
    }

    @Override
    public void close() throws InterruptedException {
        readers.close();
        autocommitWriters.close();
        transactionWriters.close();
    }

    @Override
    public String toString() {
        return readers + " " + autocommitWriters + " " + transactionWriters;
    }
}
