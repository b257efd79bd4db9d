package io.retrying.jdbc.dial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetriesExhaustedException;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.net.ConnectException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A {@code loginTimeout} the application set bounds the whole dial through the layer, as it bounds
 * a bare pgjdbc connect: the reconnect window's retries end with the login time, and each attempt
 * gets what is left of it. Without the bound, a dial to a server that accepts the connection and
 * never answers (here the proxy accepts and forwards nothing; pgjdbc's own test has an
 * authentication plugin that sleeps) took the whole 30 s window, each attempt timing out at 2 s
 * and dialed again. The bounds asserted are the login timeout plus 1.5 s: a margin for a loaded
 * machine, well below the window.
 */
@ExtendWith(PgExtension.class)
class LoginTimeoutBoundsTheDialTest {

    private static final long LOGIN_MS = 2000;
    private static final long MARGIN_MS = 1500;

    private FaultProxy proxy;

    @BeforeEach
    void proxy(PgServer pg) {
        proxy = FaultProxy.start(pg);
    }

    @AfterEach
    void close() {
        proxy.close();
    }

    private String layerUrl(String extra) {
        return "jdbc:retrying:" + proxy.jdbcUrl().substring("jdbc:".length()) + extra;
    }

    private static long millisSince(long start) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    private static void assertWithinTheLoginTimeout(long ms, SQLException e) {
        assertTrue(ms < LOGIN_MS + MARGIN_MS, "given up at the login timeout, not after the window: " + ms + " ms, " + e);
        assertEquals("08001", e.getSQLState(), "pgjdbc's SQLState for a connect that timed out: " + e);
    }

    @Test
    void aStartupNeverAnsweredFailsAtTheLoginTimeoutOfTheUrl() {
        proxy.stall(true);
        long start = System.nanoTime();
        SQLException e = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(layerUrl("&loginTimeout=2")).close());
        assertWithinTheLoginTimeout(millisSince(start), e);
    }

    @Test
    void aStartupNeverAnsweredFailsAtTheLoginTimeoutOfARetryingDataSource() {
        proxy.stall(true);
        RetryingDataSource ds = new RetryingDataSource();
        ds.setUrl(proxy.jdbcUrl());
        long start = System.nanoTime();
        SQLException e = assertThrows(SQLException.class, () -> {
            ds.setLoginTimeout(2);
            ds.getConnection().close();
        });
        assertWithinTheLoginTimeout(millisSince(start), e);
    }

    @Test
    void aStartupNeverAnsweredFailsAtTheLoginTimeoutOfPgjdbcsDataSource() {
        proxy.stall(true);
        PGSimpleDataSource pg = new PGSimpleDataSource();
        pg.setURL(proxy.jdbcUrl());
        pg.setLoginTimeout(2);
        RetryingDataSource ds = RetryingDataSource.wrap(pg);
        long start = System.nanoTime();
        SQLException e = assertThrows(SQLException.class, () -> ds.getConnection().close());
        assertWithinTheLoginTimeout(millisSince(start), e);
    }

    @Test
    void aServerThatRefusesIsDialedAgainUntilTheLoginTimeoutOnly() {
        proxy.refuseNew(true);
        long start = System.nanoTime();
        SQLException e = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(layerUrl("&loginTimeout=2")).close());
        long ms = millisSince(start);
        assertInstanceOf(RetriesExhaustedException.class, e, "dialed again within the login time: " + e);
        assertTrue(refused(e), "refused: " + e);
        assertTrue(ms >= LOGIN_MS - 500, "the login time used to its end: " + ms + " ms");
        assertWithinTheLoginTimeout(ms, e);
    }

    @Test
    void anAttemptStartedLateGetsWhatIsLeftOfTheLoginTime() throws Exception {
        attemptStartedLate(() -> DriverManager.getConnection(layerUrl("&loginTimeout=2")));
    }

    @Test
    void anAttemptStartedLateGetsWhatIsLeftOfTheLoginTimeOfPgjdbcsDataSource() throws Exception {
        PGSimpleDataSource pg = new PGSimpleDataSource();
        pg.setURL(proxy.jdbcUrl());
        pg.setLoginTimeout(2);
        RetryingDataSource ds = RetryingDataSource.wrap(pg);
        attemptStartedLate(ds::getConnection);
    }

    @FunctionalInterface
    private interface Open {
        Connection open() throws SQLException;
    }

    private void attemptStartedLate(Open open) throws Exception {
        // refused for 1.5 s, then accepted and never answered: the attempt that starts then would
        // take pgjdbc's whole 2 s of its own (3.5 s in all) without the cap
        proxy.refuseNew(true);
        CompletableFuture<Void> stallLater = CompletableFuture.runAsync(() -> {
            sleep(1500);
            proxy.stall(true);
            proxy.refuseNew(false);
        });
        long start = System.nanoTime();
        SQLException e = assertThrows(SQLException.class, () -> open.open().close());
        long ms = millisSince(start);
        stallLater.get(5, TimeUnit.SECONDS);
        assertTrue(ms < LOGIN_MS + 1000, "the last attempt got what was left of the login time: " + ms + " ms, " + e);
        assertEquals("08001", e.getSQLState(), e.toString());
    }

    @Test
    void aServerBackWithinTheLoginTimeoutIsReached() throws Exception {
        proxy.refuseNew(true);
        CompletableFuture<Void> back = CompletableFuture.runAsync(() -> {
            sleep(1000);
            proxy.refuseNew(false);
        });
        try (Connection c = DriverManager.getConnection(layerUrl("&loginTimeout=3"));
                Statement st = c.createStatement()) {
            st.execute("SELECT 1");
        }
        back.get(5, TimeUnit.SECONDS);
    }

    /**
     * A heal's dial is bounded as getConnection's is: the login time counted from the heal's first
     * dial. The statement's own failure comes back after it, not after the reconnect window.
     */
    @Test
    void aHealsDialIsBoundedByTheLoginTimeout() throws Exception {
        try (Connection c = DriverManager.getConnection(layerUrl("&loginTimeout=2"));
                Statement st = c.createStatement()) {
            st.execute("SELECT 1");
            proxy.stall(true);
            proxy.cutAll();
            long start = System.nanoTime();
            SQLException e = assertThrows(SQLException.class, () -> st.execute("SELECT 1"));
            assertWithinTheLoginTimeout(millisSince(start), e);
        }
    }

    private static boolean refused(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException) {
                return true;
            }
        }
        return false;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
