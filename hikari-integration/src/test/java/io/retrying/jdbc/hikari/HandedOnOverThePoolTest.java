package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import io.retrying.jdbc.fixtures.StreamingReplicas;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Over a writer's pool and a readers' pool, a role switch gives the physical connection in hand back
 * to its pool mid-session: it must go back as a fresh one, not with the role the application set,
 * for the next borrower set none. Pools of one connection make the next borrower get that very
 * connection. Beside it, plain HikariCP with the application's own {@code RESET ROLE} before close:
 * the next borrower runs as the login role.
 */
class HandedOnOverThePoolTest {

    private static PgServer primary;
    private static StreamingReplicas replicas;

    @BeforeAll
    static void cluster() {
        primary = PgServers.start();
        primary.createRole("hop_app");
        primary.sql("CREATE ROLE hop_alice NOLOGIN", "GRANT hop_alice TO hop_app");
        replicas = StreamingReplicas.start(primary, 1);
    }

    @AfterAll
    static void stop() {
        primary.close();
    }

    private static HikariConfig writer(String app) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(primary.jdbcUrl("hop_app") + "&ApplicationName=" + app);
        config.setMaximumPoolSize(1);
        config.setMinimumIdle(1);
        config.setPoolName(app);
        return config;
    }

    private static String first(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static void run(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    @Test
    void aConnectionARoleSwitchGivesBackCarriesNoRoleToTheNextBorrowerOnPrimaryAndStandby() throws Exception {
        HikariConfig writer = writer("hop-switch");
        try (RetryingHikariDataSource ds = RetryingHikari.over(writer,
                RetryingHikari.readers(writer, replicas.standbyHosts()), b -> b)) {
            try (Connection c = ds.getConnection()) {
                run(c, "SET ROLE hop_alice");
                assertEquals("hop_alice", first(c, "SELECT current_user"));
                String writerPid = first(c, "SELECT pg_backend_pid()");

                c.setReadOnly(true); // the writer's connection goes back to its pool
                assertEquals("t", first(c, "SELECT pg_is_in_recovery()"));
                assertEquals("hop_alice", first(c, "SELECT current_user"), "the session went with the switch");
                String readerPid = first(c, "SELECT pg_backend_pid()");
                try (Connection other = ds.getConnection()) {
                    assertEquals(writerPid, first(other, "SELECT pg_backend_pid()"), "the pool's one connection");
                    assertEquals("f", first(other, "SELECT pg_is_in_recovery()"));
                    assertEquals("hop_app", first(other, "SELECT current_user"), "a borrower that set no role, on the primary");
                }

                c.setReadOnly(false); // the reader's connection goes back to the readers' pool
                assertEquals("f", first(c, "SELECT pg_is_in_recovery()"));
                assertEquals("hop_alice", first(c, "SELECT current_user"));
                try (Connection other = ds.getConnection()) {
                    other.setReadOnly(true);
                    assertEquals(readerPid, first(other, "SELECT pg_backend_pid()"), "the readers' one connection");
                    assertEquals("hop_app", first(other, "SELECT current_user"), "a borrower that set no role, on the standby");
                }
                run(c, "RESET ROLE"); // the application's hygiene before close
            }
            try (Connection next = ds.getConnection()) {
                assertEquals("hop_app", first(next, "SELECT current_user"));
                next.setReadOnly(true);
                assertEquals("hop_app", first(next, "SELECT current_user"));
            }
        }
    }

    @Test
    void plainHikariWithTheSameHygieneGivesTheNextBorrowerTheLoginRole() throws Exception {
        try (HikariDataSource pool = new HikariDataSource(writer("hop-plain"))) {
            String pid;
            try (Connection c = pool.getConnection()) {
                run(c, "SET ROLE hop_alice");
                assertEquals("hop_alice", first(c, "SELECT current_user"));
                pid = first(c, "SELECT pg_backend_pid()");
                run(c, "RESET ROLE");
            }
            try (Connection next = pool.getConnection()) {
                assertEquals(pid, first(next, "SELECT pg_backend_pid()"));
                assertEquals("hop_app", first(next, "SELECT current_user"));
            }
        }
    }
}
