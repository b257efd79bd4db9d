package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.RetryConfig;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A connection initializer that throws an unchecked exception leaves no server connection behind. */
@ExtendWith(PgExtension.class)
class InitializerFailureTest {

    @Test
    void anInitializerThatThrowsUncheckedClosesTheConnectionItWasGiven(PgServer pg) throws Exception {
        String app = "init-throws";
        Physical physical = new Physical(pg.jdbcUrl() + "&ApplicationName=" + app);
        AtomicBoolean fail = new AtomicBoolean(true);
        RetryConfig config = RetryConfig.defaults().withPolicy(Physical.FAST).withInitializer(c -> {
            if (fail.get()) {
                throw new IllegalStateException("application bug in the initializer");
            }
        });

        // at open
        assertThrows(IllegalStateException.class, () -> physical.open(config));
        awaitNoBackend(pg, app);

        // and on a reconnect
        fail.set(false);
        try (Connection c = physical.open(config); Statement st = c.createStatement()) {
            pg.terminateBackends(app);
            fail.set(true);
            assertThrows(IllegalStateException.class, () -> st.executeQuery("SELECT 1"));
            awaitNoBackend(pg, app);
            fail.set(false);
            try (ResultSet rs = st.executeQuery("SELECT 2")) {
                rs.next();
                assertEquals(2, rs.getInt(1));
            }
        }
        awaitNoBackend(pg, app);
    }

    private static void awaitNoBackend(PgServer pg, String app) throws InterruptedException {
        String sql = "SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app + "'";
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (pg.queryLong(sql) != 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("a server connection was left open: " + pg.queryLong(sql));
            }
            Thread.sleep(20);
        }
    }
}
