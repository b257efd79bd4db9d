package io.retrying.jdbc.own;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.CommitOutcomeUnknownException;
import io.retrying.jdbc.Commits;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 22, gravity 1: the questions the layer asks on its own behalf run the application's code
 * (the planner evaluates STABLE functions while it estimates, and PostgreSQL lets a STABLE PL/pgSQL
 * function call a VOLATILE writer), so each runs where nothing can write and is rolled back
 * ({@code io.retrying.jdbc.internal.proof.ReadOnlyFrame}). Each scenario below added a write of the
 * layer's own before the frame: the writer ran once more than the application asked.
 */
@ExtendWith(PgExtension.class)
class OwnQuestionsCannotWriteTest {

    private final PgServer pg;

    OwnQuestionsCannotWriteTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void schema(PgServer pg) {
        pg.sql("CREATE EXTENSION IF NOT EXISTS dblink",
                "CREATE TABLE oq_marks (n int, q text)",
                "CREATE TABLE oq_one (id int)",
                "INSERT INTO oq_one VALUES (1)",
                "CREATE TABLE oq_none (id int)",
                "CREATE FUNCTION oq_write() RETURNS int VOLATILE LANGUAGE plpgsql AS"
                        + " $$ BEGIN INSERT INTO oq_marks VALUES (1, current_query()); RETURN 1; END $$",
                // declared STABLE, calls a writer: the planner runs it while it estimates id = oq_stamp()
                "CREATE FUNCTION oq_stamp() RETURNS int STABLE LANGUAGE plpgsql AS $$ BEGIN RETURN oq_write(); END $$",
                // the same, behind a gate another session opens: a read whose writes depend on the data
                "CREATE TABLE oq_gate (armed boolean)",
                "INSERT INTO oq_gate VALUES (false)",
                "CREATE FUNCTION oq_gated() RETURNS int STABLE LANGUAGE plpgsql AS"
                        + " $$ BEGIN IF (SELECT armed FROM oq_gate) THEN RETURN oq_write(); END IF; RETURN 0; END $$");
    }

    @BeforeEach
    void clean() {
        pg.sql("TRUNCATE oq_marks");
    }

    @Test
    void aLostAutocommitReadThroughAStableFunctionThatWritesIsRefusedWithNothingAppliedTwice() throws Exception {
        String read = "SELECT * FROM oq_one WHERE id = oq_stamp() /* oq-read */";
        long once = writesOfOnePlainExecution(read);
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(); Statement st = c.createStatement()) {
                // the server runs it (the application's writes), its reply is lost
                proxy.dropReplyAfterStatementContaining("oq-read");
                SQLException e = assertThrows(SQLException.class, () -> st.executeQuery(read).close());
                assertFalse(proxy.dropReplyAfterStatementArmed(), "the reply was dropped");
                assertEquals("08007", e.getSQLState(), () -> "got " + e);
                assertEquals(1, physical.executions("oq-read"), "not run again");
            }
        }
        assertEquals(once, pg.queryLong("SELECT count(*) FROM oq_marks"),
                () -> "the application's execution's writes, none from the proof's EXPLAIN: " + writers());
    }

    @Test
    void aTransactionReplayedWithDblinkInstalledGainsNoWriteFromTheOutsideEffectsCheck() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl() + "&ApplicationName=oq-victim");
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try (ResultSet rs = st.executeQuery("SELECT * FROM oq_one WHERE id = oq_stamp() /* oq-tx */")) {
                assertTrue(rs.next());
            }
            assertEquals(1, pg.terminateBackends("oq-victim"));
            // the replay asks whether the statement reaches dblink: its plan cannot be made where nothing
            // writes, so the layer does not know, and the transaction is not replayed
            SQLException e = assertThrows(SQLException.class, () -> st.executeQuery("SELECT 1 /* oq-next */").close());
            assertTrue(e.getSQLState().startsWith("57") || e.getSQLState().startsWith("08"), () -> "got " + e);
            c.rollback();
        }
        assertEquals(0, pg.queryLong("SELECT count(*) FROM oq_marks"),
                () -> "the application's transaction never committed, and the layer's question wrote nothing: " + writers());
    }

    @Test
    void aLostCommitOfATransactionWithoutAnIdIsNotProvenByAnExplainThatWrites() throws Exception {
        pg.sql("UPDATE oq_gate SET armed = false");
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                // the gate is closed: the transaction only reads, and gets no id
                try (ResultSet rs = st.executeQuery("SELECT * FROM oq_one WHERE id = oq_gated() /* oq-noid */")) {
                    assertFalse(rs.next());
                }
                // another session opens the gate: from now on, whoever plans the read writes
                pg.sql("UPDATE oq_gate SET armed = true");
                proxy.dropReplyAfterCommit();
                CommitOutcomeUnknownException e = assertThrows(CommitOutcomeUnknownException.class, c::commit);
                assertFalse(proxy.dropReplyArmed(), "the reply to COMMIT was dropped");
                assertEquals(Commits.NO_XID, e.xid());
                c.rollback();
            }
        }
        assertEquals(0, pg.queryLong("SELECT count(*) FROM oq_marks"), () -> "the proof's EXPLAIN wrote nothing: " + writers());
    }

    /** How many marks one execution of {@code sql} on bare pgjdbc writes (the planner's and the executor's calls). */
    private long writesOfOnePlainExecution(String sql) throws SQLException {
        try (Connection c = pg.connect(); Statement st = c.createStatement()) {
            st.executeQuery(sql).close();
        }
        long writes = pg.queryLong("SELECT count(*) FROM oq_marks");
        pg.sql("TRUNCATE oq_marks");
        assertTrue(writes > 0);
        return writes;
    }

    /** The statements that wrote the marks, for a failure's message. */
    private String writers() {
        try (Connection c = pg.connect(); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT string_agg(q, ' | ') FROM oq_marks")) {
            rs.next();
            return rs.getString(1);
        } catch (SQLException e) {
            return e.toString();
        }
    }
}
