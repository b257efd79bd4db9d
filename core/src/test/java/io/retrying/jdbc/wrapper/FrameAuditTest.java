package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;

/** The audit of the layer's own statements can fail, and is on for every test of core. */
@ExtendWith(PgExtension.class)
class FrameAuditTest {

    private static final String OWN = Physical.PROOF_MARK + " ";

    @Test
    void isRegisteredForEveryTestByAutoDetection(TestInfo test) {
        assertTrue(String.valueOf(FrameAuditExtension.current).contains(test.getTestMethod().orElseThrow().getName()));
    }

    @Test
    void flagsAnOwnStatementOutsideAReadOnlyFrameAndOnlyThat(PgServer pg) throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.dialer().dial(); Statement st = c.createStatement()) {
            st.execute(OWN + "SELECT 1 AS autocommit");
            st.execute(OWN + "BEGIN READ ONLY");
            st.execute(OWN + "SELECT 2 AS framed");
            st.execute(OWN + "ROLLBACK");
            c.setAutoCommit(false);
            st.execute("SELECT 3 AS the_applications");
            Savepoint sp = c.setSavepoint();
            st.execute(OWN + "SELECT 4 AS under_a_savepoint_still_read_write");
            st.execute(OWN + "SET TRANSACTION READ ONLY");
            st.execute(OWN + "SELECT 5 AS framed");
            c.rollback(sp);
            st.execute(OWN + "SELECT 6 AS after_the_frame_rolled_back");
            c.rollback();
        }
        List<String> violations = FrameAudit.drain();
        assertEquals(3, violations.size(), violations::toString);
        assertTrue(violations.get(0).contains("autocommit"));
        assertTrue(violations.get(1).contains("under_a_savepoint_still_read_write"));
        assertTrue(violations.get(2).contains("after_the_frame_rolled_back"));
    }
}
