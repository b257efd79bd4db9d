package io.retrying.jdbc.dropin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * pgjdbc's BatchExecuteTest#testBatchWithEmbeddedNulls in simple query mode, through the layer:
 * PostgreSQL refuses the zero byte with an ERROR 08P01 ("invalid message format") and the session
 * lives on. The layer took any class-08 failure for a lost connection, discarded the live one, and
 * the application's temporary table was gone after its rollback().
 */
@ExtendWith(PgExtension.class)
class ProtocolErrorKeepsTheSessionTest {

    @Test
    void anErrorOfClass08FromTheServerKeepsTheConnectionAsOnPgjdbc(PgServer pg) throws Exception {
        try (Connection con = new Physical(pg.jdbcUrl() + "&preferQueryMode=simple").open(RetryConfig.defaults());
             Statement st = con.createStatement()) {
            con.setAutoCommit(false);
            st.execute("CREATE TEMP TABLE embedded (a text)");
            con.commit();
            int backend = backend(st);
            try (PreparedStatement ps = con.prepareStatement("INSERT INTO embedded VALUES (?)")) {
                ps.setString(1, "a");
                ps.addBatch();
                ps.setString(1, "\u0000");
                ps.addBatch();
                BatchUpdateException e = assertThrows(BatchUpdateException.class, ps::executeBatch);
                assertEquals("08P01", e.getSQLState());
            }
            con.rollback();
            assertEquals(backend, backend(st), "the same session");
            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM embedded")) {
                rs.next();
                assertEquals(0, rs.getInt(1), "its temporary table still there, the batch rolled back");
            }
        }
    }

    private static int backend(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
