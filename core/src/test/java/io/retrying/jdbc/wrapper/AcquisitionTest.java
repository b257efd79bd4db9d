package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetriesExhaustedException;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Getting a connection: a full or absent server becomes a slower answer, within the reconnect window. */
@ExtendWith(PgExtension.class)
class AcquisitionTest {

    @Test
    void aFullServerIsWaitedForUntilASlotFrees(PgServer pg) throws Exception {
        pg.createRole("limited");
        pg.setConnectionLimit("limited", 1);
        Physical physical = new Physical(pg.jdbcUrl("limited"));
        Connection holder = DriverManager.getConnection(pg.jdbcUrl("limited"));
        long start = System.nanoTime();
        CompletableFuture<Void> release = CompletableFuture.runAsync(() -> {
            try {
                Thread.sleep(300);
                holder.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try (Connection c = physical.open(RetryConfig.defaults().withPolicy(Physical.FAST)
                .withReconnectWindow(Duration.ofSeconds(10)));
                Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT current_user")) {
            rs.next();
            assertEquals("limited", rs.getString(1));
        }
        release.join();
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toMillis() >= 250, "it waited for the slot");
        assertTrue(physical.dials.get() >= 2, "dialed again after 53300: " + physical.dials.get());
    }

    @Test
    void anUnreachableServerFailsAfterTheWindowWithoutThePassword(PgServer pg) throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        String url = "jdbc:postgresql://127.0.0.1:" + closedPort + "/postgres?user=postgres&password=s3cr3t-Pa55&sslmode=disable";
        Physical physical = new Physical(url);
        long start = System.nanoTime();
        SQLException e = assertThrows(SQLException.class, () -> physical.open(RetryConfig.defaults()
                .withPolicy(Physical.FAST).withReconnectWindow(Duration.ofMillis(800))));
        long elapsed = Duration.ofNanos(System.nanoTime() - start).toMillis();

        assertTrue(e instanceof RetriesExhaustedException, e.toString());
        assertEquals("08001", e.getSQLState());
        assertTrue(physical.dials.get() >= 3, "dialed repeatedly: " + physical.dials.get());
        assertTrue(elapsed >= 500 && elapsed < 5000, "bounded by the window: " + elapsed + " ms");
        for (Throwable t = e; t != null; t = t.getCause()) {
            assertFalse(String.valueOf(t.getMessage()).contains("s3cr3t"), "password in " + t);
        }
        for (Throwable earlier : ((RetriesExhaustedException) e).previousErrors()) {
            assertFalse(String.valueOf(earlier.getMessage()).contains("s3cr3t"), "password in " + earlier);
        }
    }
}
