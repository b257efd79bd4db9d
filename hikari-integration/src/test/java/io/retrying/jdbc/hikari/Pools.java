package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.zaxxer.hikari.HikariPoolMXBean;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/** What the pool tests do to and ask of a pool. */
final class Pools {
    private Pools() {}

    /** Waits until the pool holds {@code size} connections (it fills and refills in the background). */
    static void awaitFull(HikariPoolMXBean mx, int size) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (mx.getTotalConnections() < size && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(size, mx.getTotalConnections(), "pool size");
    }

    /** Borrows {@code n} connections at once and runs a statement on each. */
    static void useEveryConnection(DataSource ds, int n) throws Exception {
        List<Connection> borrowed = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                Connection c = ds.getConnection();
                borrowed.add(c);
                try (Statement s = c.createStatement()) {
                    s.execute("SELECT 1");
                }
            }
        } finally {
            for (Connection c : borrowed) {
                c.close();
            }
        }
    }
}
