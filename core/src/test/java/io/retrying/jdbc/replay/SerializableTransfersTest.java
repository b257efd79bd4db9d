package io.retrying.jdbc.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Four SERIALIZABLE writers moving money, on one table with no index: every read is a sequential
 * scan that SSI locks as the whole relation, so concurrent transfers produce real 40001s (at
 * UPDATE and at COMMIT). Each writer moves money between its own two accounts: nobody else writes
 * them, so a replay re-reads the balances the writer saw and carries on invisibly. (A conflict on
 * data the application read makes a replay diverge, as it must; that is tested in
 * {@link TransactionReplayTest}.)
 */
@ExtendWith(PgExtension.class)
class SerializableTransfersTest {

    private static final int WRITERS = 4;
    private static final int TRANSFERS = 50;
    private static final int START = 1000;

    @Test
    void concurrentSerializableTransfersSeeNoErrorAndConserveMoney(PgServer pg) throws Exception {
        pg.sql("DROP TABLE IF EXISTS accounts", "CREATE TABLE accounts (id int, balance bigint)",
                "INSERT INTO accounts SELECT g, " + START + " FROM generate_series(1, " + (2 * WRITERS) + ") g");
        AtomicInteger replays = new AtomicInteger();
        AtomicInteger atCommit = new AtomicInteger();
        RetryListener listener = new RetryListener() {
            @Override
            public void onRetry(RetryEvent e) {
                if (e.reason().startsWith("transaction replay")) {
                    replays.incrementAndGet();
                }
            }
        };
        // enough attempts for a hot table, and a bucket of its own: the shared one would (rightly) refuse
        RetryConfig config = RetryConfig.defaults().withPolicy(TransactionReplayTest.patient())
                .withReconnectWindow(Duration.ofSeconds(60)).withListener(listener);
        Physical physical = new Physical(pg.jdbcUrl());
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int from = 2 * w + 1;
            int to = 2 * w + 2;
            Thread thread = new Thread(() -> {
                try (Connection c = physical.open(config)) {
                    c.setAutoCommit(false);
                    c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
                    start.await();
                    for (int i = 0; i < TRANSFERS; i++) {
                        transfer(c, from, to, 1);
                    }
                } catch (Throwable t) {
                    errors.add(t);
                }
            }, "writer-" + w);
            thread.start();
            threads.add(thread);
        }
        start.countDown();
        for (Thread t : threads) {
            t.join(Duration.ofMinutes(2).toMillis());
        }
        System.out.println("serializable transfers: " + replays.get() + " transaction replays, "
                + physical.failures("UPDATE accounts") + " UPDATEs answered with a failure");
        assertEquals(List.of(), errors);
        assertEquals((long) 2 * WRITERS * START, pg.queryLong("SELECT sum(balance) FROM accounts"));
        for (int w = 0; w < WRITERS; w++) {
            // every transfer applied exactly once
            assertEquals(START - TRANSFERS, pg.queryLong("SELECT balance FROM accounts WHERE id = " + (2 * w + 1)));
            assertEquals(START + TRANSFERS, pg.queryLong("SELECT balance FROM accounts WHERE id = " + (2 * w + 2)));
        }
        assertTrue(replays.get() > 0, "the writers' conflicts were healed by replays");
    }

    private static void transfer(Connection c, int from, int to, long amount) throws SQLException {
        try (PreparedStatement read = c.prepareStatement("SELECT balance FROM accounts WHERE id = ?");
                PreparedStatement update = c.prepareStatement("UPDATE accounts SET balance = ? WHERE id = ?")) {
            long fromBalance = balance(read, from);
            long toBalance = balance(read, to);
            update.setLong(1, fromBalance - amount);
            update.setInt(2, from);
            update.executeUpdate();
            update.setLong(1, toBalance + amount);
            update.setInt(2, to);
            update.executeUpdate();
        }
        c.commit();
    }

    private static long balance(PreparedStatement read, int id) throws SQLException {
        read.setInt(1, id);
        try (ResultSet rs = read.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
