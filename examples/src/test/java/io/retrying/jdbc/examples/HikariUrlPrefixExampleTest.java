package io.retrying.jdbc.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PgExtension.class)
class HikariUrlPrefixExampleTest {

    @Test
    void pooledConnectionsHealAfterTheirBackendsAreKilled(PgServer pg) throws Exception {
        pg.sql("DROP TABLE IF EXISTS page_views");
        try (HikariDataSource pool = HikariUrlPrefixExample.pool(pg.jdbcUrl())) {
            assertEquals(1, HikariUrlPrefixExample.countView(pool, "/home"));
            assertTrue(pool.getJdbcUrl().startsWith("jdbc:retrying:postgresql://"), "the URL prefix is set");

            // every pooled connection's server side dies; the pool still hands them out
            assertTrue(pg.terminateBackends() >= 1);
            assertEquals(2, HikariUrlPrefixExample.countView(pool, "/home"));
            assertEquals(3, HikariUrlPrefixExample.countView(pool, "/home"));
        }
        assertEquals(3, pg.queryLong("SELECT views FROM page_views WHERE page = '/home'"), "no view counted twice");
    }

    @Test
    void mainPrintsTheViews(PgServer pg) throws Exception {
        pg.sql("DROP TABLE IF EXISTS page_views");
        assertEquals("views of /home: 1",
                StdoutCapture.of(() -> HikariUrlPrefixExample.main(new String[] {pg.jdbcUrl()})).trim());
    }
}
