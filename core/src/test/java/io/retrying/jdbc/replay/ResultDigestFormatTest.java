package io.retrying.jdbc.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The row digest does not depend on the wire format: a query pgjdbc receives in binary (its
 * statement is server-prepared after five executions) and replays on a new connection as text
 * (the first execution there) hashes alike, for the common column types.
 */
@ExtendWith(PgExtension.class)
class ResultDigestFormatTest {

    private static final String READ = "SELECT * FROM kinds WHERE id = ?";

    @Test
    void aRowReadInBinaryAndReplayedAsTextDoesNotDiverge(PgServer pg) throws Exception {
        pg.sql("DROP TABLE IF EXISTS kinds", "CREATE TABLE kinds (id int, i2 smallint, i8 bigint, n numeric(12,3), "
                + "t text, vc varchar(20), b boolean, d date, ts timestamp, tz timestamptz, tm time, u uuid, "
                + "f4 real, f8 double precision, by bytea, j jsonb, arr int[], tarr text[], iv interval, p point, "
                + "bx box, nul text)",
                "INSERT INTO kinds VALUES (1, 7, 9000000000, 1234.567, 'zoë', 'x', true, '2024-02-29', "
                + "'2024-02-29 13:14:15.123456', '2024-02-29 13:14:15.5+02', '23:59:58', "
                + "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 1.5, 2.25, '\\xdeadbeef', '{\"k\": [1, 2]}', "
                + "'{1,2,3}', '{a,\"b c\"}', '1 day 02:03:04', '(1,2)', '((0,0),(1,1))', NULL)",
                "DROP TABLE IF EXISTS marks", "CREATE TABLE marks (v int)");
        Physical physical = new Physical(pg.jdbcUrl() + "&ApplicationName=" + TransactionReplayTest.VICTIM);
        TransactionReplayTest.Replays replays = new TransactionReplayTest.Replays();
        try (Connection c = physical.open(RetryConfig.defaults().withPolicy(Physical.FAST).withListener(replays));
                PreparedStatement read = c.prepareStatement(READ); Statement st = c.createStatement()) {
            for (int i = 0; i < 6; i++) {
                // server-prepared from the fifth execution on: pgjdbc then receives binary where it can
                readRow(read);
            }
            c.setAutoCommit(false);
            readRow(read);
            pg.terminateBackends(TransactionReplayTest.VICTIM);
            st.executeUpdate("INSERT INTO marks VALUES (1)");
            c.commit();
        }
        assertEquals(1, replays.count());
        assertEquals(1, pg.queryLong("SELECT count(*) FROM marks"));
    }

    private static void readRow(PreparedStatement read) throws Exception {
        read.setInt(1, 1);
        try (ResultSet rs = read.executeQuery()) {
            rs.next();
            assertEquals(7, rs.getInt("i2"));
        }
    }
}
