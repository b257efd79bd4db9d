package io.retrying.jdbc.internal.dial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.PgTarget;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;

@ExtendWith(PgExtension.class)
class DataSourceDialerTest {

    /** Has HikariDataSource's {@code evictConnection(Connection)}, which core finds by reflection. */
    public static final class EvictingDataSource extends PGSimpleDataSource {
        final List<Connection> evicted = new ArrayList<>();

        public void evictConnection(Connection c) throws SQLException {
            evicted.add(c);
            c.close();
        }
    }

    @Test
    void aBrokenConnectionIsEvictedFromAPoolThatCanEvict(PgServer pg) throws SQLException {
        EvictingDataSource pool = new EvictingDataSource();
        pool.setURL(pg.jdbcUrl());
        DataSourceDialer dialer = new DataSourceDialer(pool, null, null, PgTarget.UNKNOWN);
        Connection c = dialer.dial();
        dialer.withCredentials(pg.user(), "any").discard(c);
        assertEquals(List.of(c), pool.evicted);
        assertTrue(c.isClosed());
    }

    /**
     * Lends the connections it holds without validating them, then new ones: HikariCP does the
     * same with a connection used in the last 500 ms, and after a server restart they are all dead.
     */
    public static final class StalePool extends PGSimpleDataSource {
        final Deque<Connection> idle = new ArrayDeque<>();

        @Override
        public Connection getConnection() throws SQLException {
            Connection c = idle.pollFirst();
            return c != null ? c : opened();
        }

        Connection opened() throws SQLException {
            return super.getConnection();
        }
    }

    @Test
    void aReplacementFromAPoolIsValidatedSoItsDeadConnectionsCostNoAttempt(PgServer pg) throws SQLException {
        StalePool pool = new StalePool();
        pool.setURL(pg.jdbcUrl() + "&ApplicationName=stale-pool");
        for (int i = 0; i < 4; i++) {
            pool.idle.add(pool.opened());
        }
        assertEquals(4, pg.terminateBackends("stale-pool")); // as a restart leaves them
        DataSource ds = RetryingDataSource.builder(pool)
                .policy(RetryPolicy.builder().maxAttempts(2).baseDelay(Duration.ofMillis(5)).noTokenBucket().build())
                .build();

        // the first statement meets the first dead connection (attempt 1), the replacement is
        // validated past the other three, and attempt 2 runs on a live one
        try (Connection c = ds.getConnection(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 7")) {
            assertTrue(rs.next());
            assertEquals(7, rs.getInt(1));
        }
        assertTrue(pool.idle.isEmpty());
    }

    @Test
    void otherwiseItIsClosed(PgServer pg) throws SQLException {
        PGSimpleDataSource plain = new PGSimpleDataSource();
        plain.setURL(pg.jdbcUrl());
        DataSourceDialer dialer = new DataSourceDialer(plain, null, null, PgTarget.UNKNOWN);
        Connection c = dialer.dial();
        assertFalse(c.isClosed());
        dialer.discard(c);
        assertTrue(c.isClosed());
    }
}
