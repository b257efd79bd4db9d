package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The statement controls an application or ORM uses through the retrying layer: a query timeout
 * and a cancel surface as 57014 after one execution (never run again), and closeOnCompletion
 * holds on a statement re-created after a reconnect.
 */
@ExtendWith(PgExtension.class)
class StatementControlTest {

    @Test
    void aQueryTimeoutAndACancelSurfaceAs57014AndAreNotRunAgain(PgServer pg) throws Exception {
        Physical physical = new Physical(pg.jdbcUrl() + "&ApplicationName=controlled");
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            st.setQueryTimeout(1);
            SQLException timedOut = assertThrows(SQLException.class, () -> st.execute("SELECT pg_sleep(30) /* timed-out */"));
            assertEquals("57014", timedOut.getSQLState());
            assertEquals(Retryability.FATAL, Classifier.retryability(timedOut));

            st.setQueryTimeout(0);
            CompletableFuture<Void> cancel = CompletableFuture.runAsync(() -> {
                while (pg.queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'controlled'"
                        + " AND state = 'active' AND query LIKE '%cancelled%'") == 0) {
                    Thread.onSpinWait();
                }
                try {
                    st.cancel();
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            SQLException cancelled = assertThrows(SQLException.class, () -> st.execute("SELECT pg_sleep(30) /* cancelled */"));
            cancel.join();
            assertEquals("57014", cancelled.getSQLState());
            assertSame(c, st.getConnection());
        }
        assertEquals(1, physical.executions("timed-out"));
        assertEquals(1, physical.executions("cancelled"));
    }

    @Test
    void aCancelWhileAFailedStatementWaitsToRunAgainStopsItAs57014(PgServer pg) throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        Statement[] statement = new Statement[1];
        // the wait before the retry is where the application's cancel lands
        RetryPolicy policy = Physical.FAST.toBuilder().random(new RandomGenerator() {
            @Override
            public long nextLong() {
                return Long.MAX_VALUE;
            }

            @Override
            public long nextLong(long bound) {
                return bound - 1;
            }
        }).sleeper(wait -> {
            try {
                statement[0].cancel();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }).build();
        try (Connection c = physical.open(RetryConfig.defaults().withPolicy(policy)); Statement st = c.createStatement()) {
            statement[0] = st;
            pg.terminateBackends();
            SQLException e = assertThrows(SQLException.class, () -> st.executeUpdate("CREATE TABLE IF NOT EXISTS never_made (a int) /* cancelled-wait */"));
            assertEquals("57014", e.getSQLState());
            assertEquals("57P01", ((SQLException) e.getCause()).getSQLState());

            // the next execution is not cancelled by the earlier call
            try (ResultSet rs = st.executeQuery("SELECT 5")) {
                rs.next();
                assertEquals(5, rs.getInt(1));
            }
        }
        assertEquals(1, physical.executions("cancelled-wait"));
        assertEquals(0, pg.queryLong("SELECT count(*) FROM pg_class WHERE relname = 'never_made'"));
    }

    @Test
    void closeOnCompletionHoldsOnAStatementReCreatedAfterAReconnect(PgServer pg) throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(); PreparedStatement ps = c.prepareStatement("SELECT 1 /* completes */")) {
            ps.closeOnCompletion();
            assertTrue(ps.isCloseOnCompletion());
            pg.terminateBackends();
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertFalse(ps.isClosed());
            }
            assertTrue(ps.isClosed(), "closed with its result set");
        }
        assertEquals(2, physical.executions("completes"));
    }
}
