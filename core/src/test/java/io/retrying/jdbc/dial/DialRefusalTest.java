package io.retrying.jdbc.dial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetriesExhaustedException;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.TokenBucket;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.dial.DriverDialer;
import io.retrying.jdbc.internal.jdbc.RetryingConnections;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.util.PSQLException;

/**
 * Issue 13 cases 8 and 9, against a real server: a dial that reaches no server costs no tokens,
 * and a dial refused for a reason no dial can pass (a setting pgjdbc rejects, an authentication
 * the server or pgjdbc refuses) surfaces at once, as pgjdbc's own exception, after one dial.
 */
@ExtendWith(PgExtension.class)
class DialRefusalTest {
    private static final String SCRAM_ROLE = "scram_user";
    private static final String SCRAM_PASSWORD = "right-Pa55";

    @BeforeAll
    static void scramForOneRole(PgServer pg) {
        pg.sql("SET password_encryption = 'scram-sha-256'",
                "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '" + SCRAM_ROLE + "') THEN "
                        + "CREATE ROLE " + SCRAM_ROLE + " LOGIN; END IF; END $$",
                "SET password_encryption = 'scram-sha-256'; ALTER ROLE " + SCRAM_ROLE + " PASSWORD '" + SCRAM_PASSWORD + "'");
        pg.prependHba("host all " + SCRAM_ROLE + " 127.0.0.1/32 scram-sha-256");
    }

    /** pgjdbc's dialer to the URL, counting dials, on a data source whose bucket the test reads. */
    private static final class Counted {
        final AtomicInteger dials = new AtomicInteger();
        final TokenBucket bucket = new TokenBucket(500);
        final Dialer dialer;
        final RetryConfig config;

        Counted(String pgUrl, Duration window) {
            DriverDialer pgjdbc = new DriverDialer(new org.postgresql.Driver(), pgUrl, new Properties());
            dialer = new Dialer() {
                @Override
                public Connection dial() throws SQLException {
                    dials.incrementAndGet();
                    return pgjdbc.dial();
                }

                @Override
                public String describe() {
                    return pgjdbc.describe();
                }
            };
            RetryPolicy policy = RetryPolicy.builder().baseDelay(Duration.ofMillis(10)).maxDelay(Duration.ofMillis(100))
                    .tokenBucket(bucket).build();
            config = RetryConfig.defaults().withPolicy(policy).withReconnectWindow(window);
        }

        Connection open() throws SQLException {
            return RetryingConnections.open(dialer, config);
        }
    }

    private static String url(PgServer pg, String user, String extra) {
        return "jdbc:postgresql://" + pg.host() + ":" + pg.port() + "/" + pg.database() + "?user=" + user
                + "&sslmode=disable" + extra;
    }

    /** What the server or pgjdbc refuses is thrown at once, after one dial, charging nothing. */
    private static SQLException refusedOnce(Counted counted, String expectedState) {
        long start = System.nanoTime();
        SQLException e = assertThrows(SQLException.class, counted::open);
        long ms = Duration.ofNanos(System.nanoTime() - start).toMillis();
        assertInstanceOf(PSQLException.class, e, "pgjdbc's own exception, not a wrapper: " + e);
        assertFalse(e instanceof RetriesExhaustedException, e.toString());
        assertEquals(expectedState, e.getSQLState(), e.toString());
        assertEquals(1, counted.dials.get(), "dialed once: " + e);
        assertEquals(500.0, counted.bucket.tokens(), 1e-6, "no token spent");
        assertTrue(ms < 2000, "at once, not after the window: " + ms + " ms");
        return e;
    }

    @Test
    void aBogusSslmodeIsFatalAtOnce(PgServer pg) {
        SQLException e = refusedOnce(new Counted(url(pg, "postgres", "").replace("sslmode=disable", "sslmode=bogus"),
                Duration.ofSeconds(10)), "08001");
        assertTrue(e.getMessage().contains("sslmode"), e.getMessage());
    }

    @Test
    void aBogusTargetServerTypeIsFatalAtOnce(PgServer pg) {
        refusedOnce(new Counted(url(pg, "postgres", "&targetServerType=leader"), Duration.ofSeconds(10)), "08001");
    }

    @Test
    void scramWithoutAPasswordIsFatalAtOnce(PgServer pg) {
        SQLException e = refusedOnce(new Counted(url(pg, SCRAM_ROLE, ""), Duration.ofSeconds(10)), "08004");
        assertTrue(e.getMessage().contains("SCRAM"), e.getMessage());
    }

    @Test
    void requireAuthNotMetIsFatalAtOnce(PgServer pg) {
        refusedOnce(new Counted(url(pg, SCRAM_ROLE, "&password=" + SCRAM_PASSWORD + "&requireAuth=md5"),
                Duration.ofSeconds(10)), "08004");
    }

    @Test
    void scramIterationsPastTheClientLimitAreFatalAtOnce(PgServer pg) {
        // the server's default is 4096 iterations
        refusedOnce(new Counted(url(pg, SCRAM_ROLE, "&password=" + SCRAM_PASSWORD + "&scramMaxIterations=1000"),
                Duration.ofSeconds(10)), "08004");
    }

    @Test
    void aWrongPasswordIsFatalAtOnce(PgServer pg) {
        refusedOnce(new Counted(url(pg, SCRAM_ROLE, "&password=wrong"), Duration.ofSeconds(10)), "28P01");
    }

    @Test
    void theRightPasswordConnects(PgServer pg) throws Exception {
        Counted counted = new Counted(url(pg, SCRAM_ROLE, "&password=" + SCRAM_PASSWORD), Duration.ofSeconds(10));
        try (Connection c = counted.open(); Statement st = c.createStatement()) {
            st.execute("SELECT 1");
        }
        assertEquals(1, counted.dials.get());
    }

    /**
     * Case 8: four connections dialing a name that does not resolve, for their whole window, spend
     * no token; a healthy connection on the same bucket then heals a killed backend.
     */
    @Test
    void dialsToAHostThatDoesNotResolveCostNoTokens(PgServer pg) throws Exception {
        Counted nowhere = new Counted("jdbc:postgresql://nonexistent.invalid:5432/postgres?user=postgres",
                Duration.ofMillis(800));
        List<CompletableFuture<SQLException>> dialing = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            dialing.add(CompletableFuture.supplyAsync(() -> assertThrows(SQLException.class, nowhere::open)));
        }
        for (CompletableFuture<SQLException> f : dialing) {
            SQLException e = f.join();
            assertInstanceOf(RetriesExhaustedException.class, e, "retried for the window: " + e);
            assertEquals("08001", e.getSQLState());
            assertInstanceOf(UnknownHostException.class, e.getCause().getCause(), e.toString());
        }
        assertTrue(nowhere.dials.get() >= 8, "dialed repeatedly: " + nowhere.dials.get());
        assertEquals(500.0, nowhere.bucket.tokens(), 1e-6, "a dial that reached no server costs nothing");

        // the same bucket carries a healthy connection through a killed backend
        Counted healthy = new Counted(url(pg, "postgres", "&ApplicationName=dial-case-8"), Duration.ofSeconds(5));
        RetryConfig sameBucket = healthy.config.withPolicy(nowhere.config.policy());
        try (Connection c = RetryingConnections.open(healthy.dialer, sameBucket); Statement st = c.createStatement()) {
            st.execute("SELECT 1");
            assertEquals(1, pg.terminateBackends("dial-case-8"));
            st.execute("SELECT 1"); // 57P01 healed by a reconnect
        }
        assertEquals(500.0 - TokenBucket.RETRY_COST + TokenBucket.PAYBACK, nowhere.bucket.tokens(), 1.0);
    }
}
