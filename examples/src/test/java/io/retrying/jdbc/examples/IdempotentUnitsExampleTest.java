package io.retrying.jdbc.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PgExtension.class)
class IdempotentUnitsExampleTest {

    @Test
    void eachUnitRunTwiceRecordsOnce(PgServer pg) throws Exception {
        pg.sql("DROP TABLE IF EXISTS payments", "DROP TABLE IF EXISTS transfers");
        String out = StdoutCapture.of(() -> IdempotentUnitsExample.main(new String[] {pg.jdbcUrl()}));
        assertEquals("payments: 1\nalice: 500", out.trim().replace("\r\n", "\n"));
    }
}
