package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What an ORM does with a statement after its connection was lost: Hibernate reads
 * {@code getMaxRows()} and {@code getQueryTimeout()} and clears warnings before it closes a
 * statement, and skips the close when one of them throws. None of that may dial a new connection
 * (a server that is down would hold the caller for the reconnect window) or throw.
 */
@ExtendWith(PgExtension.class)
class StatementAfterLossTest {

    @Test
    void cleaningUpAStatementWhoseConnectionWasLostNeitherDialsNorThrows(PgServer pg) throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        RetryPolicy once = RetryPolicy.builder().maxAttempts(1).noTokenBucket().build();
        try (Connection c = physical.open(RetryConfig.defaults().withPolicy(once))) {
            Statement st = c.createStatement();
            st.setQueryTimeout(7);
            st.setMaxRows(3);
            // given a statement whose connection was lost, the failure surfaced (no retry allowed)
            pg.terminateBackends();
            assertEquals("57P01", assertThrows(SQLException.class, () -> st.executeQuery("SELECT 1 /* lost */")).getSQLState());
            int dials = physical.dials.get();

            // when the ORM cleans it up
            assertEquals(3, st.getMaxRows());
            assertEquals(7, st.getQueryTimeout());
            assertNull(st.getWarnings());
            st.clearWarnings();
            st.close();

            // then nothing dialed, and the connection still heals on its next use
            assertEquals(dials, physical.dials.get());
            assertTrue(st.isClosed());
            try (Statement next = c.createStatement(); ResultSet rs = next.executeQuery("SELECT 2")) {
                rs.next();
                assertEquals(2, rs.getInt(1));
            }
            assertEquals(dials + 1, physical.dials.get());
        }
    }
}
