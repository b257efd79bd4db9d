package io.retrying.jdbc.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PgExtension.class)
class DataSourceBeanExampleTest {

    @Test
    void theBeanRidesOutAServerThatIsDownForASecond(PgServer pg) throws Exception {
        pg.sql("DROP TABLE IF EXISTS visits");
        DataSource ds = DataSourceBeanExample.dataSource(pg.jdbcUrl());
        assertEquals(1, DataSourceBeanExample.recordVisit(ds));

        pg.stopFor(Duration.ofSeconds(1));
        // plain pgjdbc is refused now: nobody is listening
        assertThrows(SQLException.class, () -> DriverManager.getConnection(pg.jdbcUrl()).close());
        // the bean dials again within its reconnect window; the application sees a slower answer
        assertEquals(2, DataSourceBeanExample.recordVisit(ds));
    }

    @Test
    void mainPrintsTheVisits(PgServer pg) throws Exception {
        pg.sql("DROP TABLE IF EXISTS visits");
        assertEquals("visits: 1", StdoutCapture.of(() -> DataSourceBeanExample.main(new String[] {pg.jdbcUrl()})).trim());
    }
}
