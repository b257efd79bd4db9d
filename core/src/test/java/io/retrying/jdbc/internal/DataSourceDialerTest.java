package io.retrying.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
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
