package io.retrying.jdbc.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 28: with {@code preferQueryMode=simple} the server's lexer splits the string pgjdbc sends,
 * and it reads nested comments, {@code U&'...' UESCAPE} and {@code standard_conforming_strings=off}
 * its own way, so an appended statement could join or change the application's. The capture does
 * not ride there: the id is captured in the round trip before COMMIT, and a lost COMMIT is still
 * resolved by it.
 */
@ExtendWith(PgExtension.class)
class SimpleQueryModeRideTest {

    private static final String RIDE = "as retrying_jdbc_xid";

    @Test
    void inSimpleQueryModeTheCaptureNeverRidesAndALostCommitIsStillResolved(PgServer pg) throws Exception {
        pg.sql("CREATE TABLE sq_marks (v int)");
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl() + "&preferQueryMode=simple");
            try (Connection c = physical.open(RetryConfig.defaults()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                // a nested comment: pgjdbc's lexer and the server's may disagree where it ends
                st.executeUpdate("INSERT INTO sq_marks VALUES (1) /* a /* nested */ comment */");
                st.executeUpdate("UPDATE sq_marks SET v = v + 1");
                proxy.dropReplyAfterCommit();
                c.commit();
                assertFalse(proxy.dropReplyArmed(), "the reply to COMMIT was dropped");
            }
            assertEquals(0, physical.executions(RIDE), "nothing appended to the application's statements");
            assertEquals(1, physical.executions(XidCaptureTest.ROUND_TRIP), "the id asked before COMMIT");
        }
        assertEquals(2, pg.queryLong("SELECT v FROM sq_marks"), "committed once, reported committed");
    }
}
