package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An autocommit batch is one implicit transaction only while pgjdbc sends it with one Sync: past
 * about 250 entries it forces a Sync, and the server commits what came before. A server-reported
 * failure after that point must not replay the batch (its committed entries would run twice).
 */
@ExtendWith(PgExtension.class)
class PartialCommitTest {

    private static final int ENTRIES = 2000;

    private final PgServer pg;

    PartialCommitTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void schema() {
        pg.sql("DROP TABLE IF EXISTS rows_once", "CREATE TABLE rows_once (v int)",
                "DROP SEQUENCE IF EXISTS fail_seq", "CREATE SEQUENCE fail_seq",
                // a serialization failure on the last entry, the first time only
                "CREATE OR REPLACE FUNCTION fail_once_at(v int, at int) RETURNS int LANGUAGE plpgsql AS $$ BEGIN"
                        + " IF v = at AND nextval('fail_seq') = 1 THEN RAISE EXCEPTION 'conflict' USING ERRCODE = '40001';"
                        + " END IF; RETURN v; END $$");
    }

    @Test
    void aLargeAutocommitBatchThatFailsAfterPgjdbcCommittedPartOfItIsNotReplayed() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open();
                PreparedStatement insert = c.prepareStatement("INSERT INTO rows_once VALUES (fail_once_at(?, ?)) /* big-batch */")) {
            for (int v = 0; v < ENTRIES; v++) {
                insert.setInt(1, v);
                insert.setInt(2, ENTRIES - 1);
                insert.addBatch();
            }
            BatchUpdateException e = assertThrows(BatchUpdateException.class, insert::executeBatch);

            // the application gets pgjdbc's own account: which entries were applied
            assertEquals("40001", e.getSQLState());
            long applied = Arrays.stream(e.getUpdateCounts()).filter(n -> n != Statement.EXECUTE_FAILED).count();
            assertTrue(applied > 0 && applied < ENTRIES, "pgjdbc committed part of the batch: " + applied);
            assertEquals(applied, pg.queryLong("SELECT count(*) FROM rows_once"), "no entry ran twice");
            assertEquals(applied, pg.queryLong("SELECT count(DISTINCT v) FROM rows_once"));

            // and the connection carries on
            insert.setInt(1, -1);
            insert.setInt(2, ENTRIES - 1);
            assertEquals(1, insert.executeUpdate());
        }
    }

    @Test
    void aLongMultiStatementStringThatFailsIsNotReplayedAndReportsAnUnknownOutcome() throws Exception {
        StringBuilder sql = new StringBuilder();
        for (int v = 0; v < ENTRIES; v++) {
            sql.append("INSERT INTO rows_once VALUES (").append(v).append(");\n");
        }
        sql.append("SELECT fail_once_at(1, 1) /* long-string */");
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> st.execute(sql.toString()));

            // pgjdbc committed the string's first statements before the failure: the outcome is unknown
            assertEquals("08007", e.getSQLState());
            assertEquals("40001", ((SQLException) e.getCause()).getSQLState());
            long rows = pg.queryLong("SELECT count(*) FROM rows_once");
            assertTrue(rows > 0, "the first statements were committed: " + rows);
            assertEquals(rows, pg.queryLong("SELECT count(DISTINCT v) FROM rows_once"), "no statement ran twice");
            assertEquals(1, physical.executions("long-string"));
        }
    }

    @Test
    void aSmallAutocommitBatchIsOneImplicitTransactionAndRunsAgainWhole() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open();
                PreparedStatement insert = c.prepareStatement("INSERT INTO rows_once VALUES (fail_once_at(?, ?)) /* small-batch */")) {
            for (int v = 0; v < 10; v++) {
                insert.setInt(1, v);
                insert.setInt(2, 9);
                insert.addBatch();
            }
            assertEquals(10, insert.executeBatch().length);
        }
        assertEquals(10, pg.queryLong("SELECT count(*) FROM rows_once"));
        assertEquals(10, pg.queryLong("SELECT count(DISTINCT v) FROM rows_once"));
    }
}
