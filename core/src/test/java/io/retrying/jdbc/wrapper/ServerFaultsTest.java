package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.retrying.jdbc.ConnectionInitializer;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A read loop on one retrying connection sees no error across the faults a server goes through:
 * its backend terminated, a restart, a crash, an outage. Each fault costs exactly one failed
 * physical execution of the read, which is then replayed.
 */
@ExtendWith(PgExtension.class)
class ServerFaultsTest {

    private static final String READ = "SELECT count(*) FROM items /* read-loop */";

    @Test
    void readLoopSeesNoErrorAcrossTerminateRestartCrashAndOutage(PgServer pg) throws Exception {
        pg.sql("DROP TABLE IF EXISTS items", "CREATE TABLE items (id int)", "INSERT INTO items SELECT generate_series(1, 5)");
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(); PreparedStatement read = c.prepareStatement(READ);
                Statement plain = c.createStatement()) {
            int pid = backendPid(plain);
            assertEquals(5, count(read));

            // given an idle connection whose backend is terminated, when it reads, then no error
            pg.terminateBackends();
            assertEquals(5, count(read));
            int afterTerminate = backendPid(plain);
            assertNotEquals(pid, afterTerminate);

            pg.restart();
            assertEquals(5, count(read));

            pg.crash();
            CompletableFuture<Void> startLater = CompletableFuture.runAsync(() -> {
                sleep(300);
                pg.start();
            });
            assertEquals(5, count(read));
            startLater.join();

            pg.stopFor(Duration.ofMillis(700));
            assertEquals(5, count(read));
            // a plain Statement through the same faults path once more, after the outage
            try (ResultSet rs = plain.executeQuery(READ)) {
                rs.next();
                assertEquals(5, rs.getInt(1));
            }
        }
        // 6 reads succeeded; each of the 4 faults cost exactly one failed execution, replayed once
        assertEquals(4, physical.failures("read-loop"));
        assertEquals(6 + 4, physical.executions("read-loop"));
    }

    @Test
    void readLoopThroughTheUrlPrefixSeesNoErrorAcrossTheSameFaults(PgServer pg) throws Exception {
        pg.sql("DROP TABLE IF EXISTS items", "CREATE TABLE items (id int)", "INSERT INTO items SELECT generate_series(1, 3)");
        String url = pg.jdbcUrl().replace("jdbc:postgresql:", "jdbc:retrying:postgresql:")
                + "&retry.tokenBucket=none&retry.baseDelayMs=5&retry.maxDelayMs=100&retry.reconnectWindowMs=10000";
        int reads = 0;
        try (Connection c = DriverManager.getConnection(url); PreparedStatement read = c.prepareStatement(READ);
                Statement plain = c.createStatement()) {
            Set<Integer> backends = new HashSet<>();
            backends.add(backendPid(plain));
            Runnable[] faults = {
                    pg::terminateBackends,
                    pg::restart,
                    () -> {
                        pg.crash();
                        CompletableFuture.runAsync(() -> {
                            sleep(300);
                            pg.start();
                        });
                    },
                    () -> pg.stopFor(Duration.ofMillis(700)),
            };
            for (Runnable fault : faults) {
                for (int i = 0; i < 3; i++) {
                    assertEquals(3, count(read));
                    reads++;
                }
                fault.run();
                assertEquals(3, count(read));
                reads++;
                backends.add(backendPid(plain));
            }
            assertEquals(5, backends.size(), "a new backend after each fault: " + backends);
        }
        assertEquals(16, reads);
    }

    /**
     * A statement the server failed (57P01) runs again on a new connection after one question
     * there (does it call dblink?). The new connection's backend can die before that question, as
     * under a restart's shutdown or a kill that lands just after the dial (a chaos run under load
     * once surfaced a bare 57P01 that way): nothing has run again yet, so the question goes to
     * another connection and the application sees no error.
     */
    @Test
    void aReplacementThatDiesBeforeTheStatementRunsAgainIsReplacedInTurn(PgServer pg) throws Exception {
        pg.sql("DROP TABLE IF EXISTS once", "CREATE TABLE once (v int)");
        Physical physical = new Physical(pg.jdbcUrl());
        AtomicInteger initialized = new AtomicInteger();
        // the first replacement (the second connection the layer gets ready) dies before it is used:
        // its backend is terminated, and its FATAL waits in the socket for the next query
        ConnectionInitializer killSecond = fresh -> {
            if (initialized.incrementAndGet() == 2) {
                try (Statement st = fresh.createStatement(); ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
                    rs.next();
                    pg.sql("SELECT pg_terminate_backend(" + rs.getInt(1) + ", 5000)");
                }
            }
        };
        try (Connection c = physical.open(RetryConfig.defaults().withPolicy(Physical.FAST).withInitializer(killSecond));
                Statement st = c.createStatement()) {
            int first = backendPid(st);
            // given an autocommit write whose backend the server terminates (it reports 57P01: nothing ran)
            pg.sql("SELECT pg_terminate_backend(" + first + ", 5000)");
            // when it runs, its replacement dies too, then the next one lives: no error reaches the application
            assertEquals(1, st.executeUpdate("INSERT INTO once VALUES (1) /* once-write */"));
        }
        // and the write was applied once: refused on the first backend, run on the third
        assertEquals(1, pg.queryLong("SELECT count(*) FROM once"));
        assertEquals(2, physical.executions("once-write"));
        assertEquals(1, physical.failures("once-write"));
        assertEquals(3, initialized.get(), "connections readied: the first, the dead replacement, the live one");
    }

    private static long count(PreparedStatement read) throws SQLException {
        try (ResultSet rs = read.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static int backendPid(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
