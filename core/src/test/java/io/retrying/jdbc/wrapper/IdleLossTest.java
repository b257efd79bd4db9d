package io.retrying.jdbc.wrapper;

import static io.retrying.jdbc.wrapper.SessionRestoreTest.first;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 13 case 11: a backend killed while its connection sat idle (in a pool), then the calls a
 * framework makes before any statement: the Connection methods pgjdbc answers with a round trip
 * heal like a session call, or are answered with none.
 */
@ExtendWith(PgExtension.class)
class IdleLossTest {

    private final PgServer pg;

    IdleLossTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void schema(PgServer pg) {
        pg.sql("CREATE TABLE idle_work (k int)", "CREATE TYPE mood AS ENUM ('ok', 'sad')",
                "CREATE FUNCTION serializable_please() RETURNS void LANGUAGE sql AS "
                        + "$$ SELECT set_config('default_transaction_isolation', 'serializable', false) $$");
    }

    @Test
    void aSpringTransactionWithAnIsolationAfterTheIdleBackendDiedCommitsOnce() throws Exception {
        pg.sql("TRUNCATE idle_work");
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open()) {
            for (int run = 1; run <= 2; run++) {
                // given a connection whose backend died while it sat idle
                pg.terminateBackends();
                // when it runs what Spring's DataSourceTransactionManager runs for @Transactional(isolation = SERIALIZABLE)
                int previous = c.getTransactionIsolation();
                if (previous != Connection.TRANSACTION_SERIALIZABLE) {
                    c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
                }
                if (c.getAutoCommit()) {
                    c.setAutoCommit(false);
                }
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO idle_work VALUES (?)")) {
                    ps.setInt(1, run);
                    ps.executeUpdate();
                }
                try (Statement st = c.createStatement()) {
                    assertEquals("serializable", first(st, "SHOW transaction_isolation"));
                }
                c.commit();
                c.setAutoCommit(true);
                c.setTransactionIsolation(previous);
                assertEquals(Connection.TRANSACTION_READ_COMMITTED, previous);
            }
        }
        // then no exception, and each transaction's work committed once
        assertEquals(2, pg.queryLong("SELECT count(*) FROM idle_work"));
        assertEquals(2, physical.executions("INSERT INTO idle_work"));
    }

    @Test
    void theIsolationTheLayerKnowsIsAnsweredWithoutARoundTripAndOnlyWhilePgjdbcWouldSayTheSame() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(); Statement st = c.createStatement()) {
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            pg.terminateBackends();
            int dials = physical.dials.get();
            assertEquals(Connection.TRANSACTION_REPEATABLE_READ, c.getTransactionIsolation());
            assertEquals(dials, physical.dials.get(), "answered without reaching the server");

            // a statement that may change it makes the layer ask again
            st.execute("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL SERIALIZABLE");
            assertEquals(Connection.TRANSACTION_SERIALIZABLE, c.getTransactionIsolation());
            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            st.executeQuery("SELECT serializable_please()").close(); // a function that calls set_config inside
            assertEquals(Connection.TRANSACTION_SERIALIZABLE, c.getTransactionIsolation());
            c.setAutoCommit(false);
            st.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
            assertEquals(Connection.TRANSACTION_REPEATABLE_READ, c.getTransactionIsolation());
            c.commit();
            assertEquals(Connection.TRANSACTION_SERIALIZABLE, c.getTransactionIsolation());
        }
    }

    @Test
    void schemaCatalogAndArrayTypeLookUpsHealAfterAnIdleLoss() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open()) {
            pg.terminateBackends();
            assertEquals("public", c.getSchema());
            pg.terminateBackends();
            assertEquals(pg.database(), c.getCatalog());
            pg.terminateBackends();
            Array moods = c.createArrayOf("mood", new Object[] {"ok", "sad"}); // pg_type look-up
            try (PreparedStatement ps = c.prepareStatement("SELECT array_length(?::mood[], 1)")) {
                ps.setArray(1, moods);
                try (var rs = ps.executeQuery()) {
                    rs.next();
                    assertEquals(2, rs.getInt(1));
                }
            }
        }
    }
}
