package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Reads through functions their author never marked: PostgreSQL makes every function VOLATILE
 * unless told otherwise, as Pagila's are ({@code film_in_stock} in SQL, {@code inventory_in_stock}
 * and {@code get_customer_balance} in PL/pgSQL, copied below as Pagila has them, on tables of its
 * shape). A read through them whose reply is lost is healed once the server proves their bodies
 * read-only (the proof opens them); a COMMIT lost in a transaction that only called one is
 * settled. Whatever body writes, notifies, runs dynamic SQL or calls a writer is still 08007 and
 * is not run again. Real faults through the {@link FaultProxy}, on the library's defaults.
 */
@ExtendWith(PgExtension.class)
class ReadsThroughFunctionsTest {

    private final PgServer pg;

    ReadsThroughFunctionsTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void schema(PgServer pg) {
        pg.sql("DROP SCHEMA IF EXISTS rt CASCADE", "CREATE SCHEMA rt",
                "CREATE TABLE rt.film (film_id int PRIMARY KEY, rental_rate numeric(4,2), rental_duration int)",
                "CREATE TABLE rt.inventory (inventory_id int PRIMARY KEY, film_id int, store_id int)",
                "CREATE TABLE rt.rental (rental_id serial PRIMARY KEY, rental_date timestamptz, inventory_id int,"
                        + " customer_id int, return_date timestamptz)",
                "CREATE TABLE rt.payment (payment_id serial PRIMARY KEY, customer_id int, amount numeric(5,2),"
                        + " payment_date timestamptz)",
                "CREATE TABLE rt.marks (tag text)",
                "CREATE SEQUENCE rt.tickets",
                "INSERT INTO rt.film VALUES (1, 2.99, 3), (2, 0.99, 5)",
                "INSERT INTO rt.inventory SELECT i, 1 + i % 2, 1 + i % 3 FROM generate_series(1, 12) i",
                // inventory 1..4 rented and returned, 5 and 6 rented out
                "INSERT INTO rt.rental (rental_date, inventory_id, customer_id, return_date)"
                        + " SELECT now() - interval '10 days', i, 7, now() - interval '1 day' FROM generate_series(1, 4) i",
                "INSERT INTO rt.rental (rental_date, inventory_id, customer_id, return_date)"
                        + " SELECT now() - interval '2 days', i, 7, NULL FROM generate_series(5, 6) i",
                "INSERT INTO rt.payment (customer_id, amount, payment_date) VALUES (7, 1.00, now() - interval '5 days')",
                // Pagila's, as it has them (VOLATILE by default)
                "CREATE FUNCTION rt.inventory_in_stock(p_inventory_id integer) RETURNS boolean LANGUAGE plpgsql AS $$\n"
                        + "DECLARE\n    v_rentals INTEGER;\n    v_out     INTEGER;\nBEGIN\n"
                        + "    -- AN ITEM IS IN-STOCK IF THERE ARE EITHER NO ROWS IN THE rental TABLE\n"
                        + "    -- FOR THE ITEM OR ALL ROWS HAVE return_date POPULATED\n"
                        + "    SELECT count(*) INTO v_rentals\n    FROM rt.rental\n    WHERE inventory_id = p_inventory_id;\n\n"
                        + "    IF v_rentals = 0 THEN\n      RETURN TRUE;\n    END IF;\n\n"
                        + "    SELECT COUNT(rental_id) INTO v_out\n    FROM rt.inventory LEFT JOIN rt.rental USING(inventory_id)\n"
                        + "    WHERE inventory.inventory_id = p_inventory_id\n    AND rental.return_date IS NULL;\n\n"
                        + "    IF v_out > 0 THEN\n      RETURN FALSE;\n    ELSE\n      RETURN TRUE;\n    END IF;\nEND $$",
                "CREATE FUNCTION rt.film_in_stock(p_film_id integer, p_store_id integer, OUT p_film_count integer)"
                        + " RETURNS SETOF integer LANGUAGE sql AS $_$\n"
                        + "     SELECT inventory_id\n     FROM rt.inventory\n     WHERE film_id = $1\n     AND store_id = $2\n"
                        + "     AND rt.inventory_in_stock(inventory_id);\n$_$",
                "CREATE FUNCTION rt.get_customer_balance(p_customer_id integer, p_effective_date timestamp with time zone)"
                        + " RETURNS numeric LANGUAGE plpgsql AS $$\n"
                        + "       --#OK, WE NEED TO CALCULATE THE CURRENT BALANCE GIVEN A CUSTOMER_ID AND A DATE\n"
                        + "DECLARE\n    v_rentfees DECIMAL(5,2); --#FEES PAID TO RENT THE VIDEOS INITIALLY\n"
                        + "    v_overfees INTEGER;      --#LATE FEES FOR PRIOR RENTALS\n"
                        + "    v_payments DECIMAL(5,2); --#SUM OF PAYMENTS MADE PREVIOUSLY\nBEGIN\n"
                        + "    SELECT COALESCE(SUM(film.rental_rate),0) INTO v_rentfees\n"
                        + "    FROM rt.film, rt.inventory, rt.rental\n    WHERE film.film_id = inventory.film_id\n"
                        + "      AND inventory.inventory_id = rental.inventory_id\n"
                        + "      AND rental.rental_date <= p_effective_date\n      AND rental.customer_id = p_customer_id;\n\n"
                        + "    SELECT COALESCE(SUM(CASE\n"
                        + "                           WHEN (rental.return_date - rental.rental_date) > (film.rental_duration * '1 day'::interval)\n"
                        + "                           THEN EXTRACT(epoch FROM ((rental.return_date - rental.rental_date)"
                        + " - (film.rental_duration * '1 day'::interval)))::INTEGER / 86400 -- * 1 dollar\n"
                        + "                           ELSE 0\n                        END),0)\n    INTO v_overfees\n"
                        + "    FROM rt.rental, rt.inventory, rt.film\n    WHERE film.film_id = inventory.film_id\n"
                        + "      AND inventory.inventory_id = rental.inventory_id\n"
                        + "      AND rental.rental_date <= p_effective_date\n      AND rental.customer_id = p_customer_id;\n\n"
                        + "    SELECT COALESCE(SUM(payment.amount),0) INTO v_payments\n    FROM rt.payment\n"
                        + "    WHERE payment.payment_date <= p_effective_date\n    AND payment.customer_id = p_customer_id;\n\n"
                        + "    RETURN v_rentfees + v_overfees - v_payments;\nEND\n$$",
                // a SQL-standard body: the server's own tree, walked as it is
                "CREATE FUNCTION rt.copies(f integer) RETURNS bigint LANGUAGE sql"
                        + " BEGIN ATOMIC SELECT count(*) FROM rt.inventory WHERE film_id = f; END",
                // writers that look like reads
                "CREATE FUNCTION rt.in_stock_logged(p integer) RETURNS boolean LANGUAGE plpgsql AS $$\n"
                        + "BEGIN\n  INSERT INTO rt.marks VALUES ('logged');\n  RETURN rt.inventory_in_stock(p);\nEND $$",
                "CREATE FUNCTION rt.in_stock_ticket(p integer) RETURNS bigint LANGUAGE plpgsql AS $$\n"
                        + "DECLARE t bigint;\nBEGIN\n  t := nextval('rt.tickets');\n  RETURN t;\nEND $$",
                "CREATE FUNCTION rt.in_stock_announced(p integer) RETURNS boolean LANGUAGE plpgsql AS $$\n"
                        + "BEGIN\n  PERFORM pg_notify('rt_channel', 'asked');\n  RETURN rt.inventory_in_stock(p);\nEND $$",
                "CREATE FUNCTION rt.in_stock_dynamic(p integer) RETURNS boolean LANGUAGE plpgsql AS $$\n"
                        + "BEGIN\n  EXECUTE 'INSERT INTO rt.marks VALUES (''dynamic'')';\n  RETURN true;\nEND $$",
                "CREATE FUNCTION rt.mark(tag text) RETURNS int LANGUAGE sql AS $$ INSERT INTO rt.marks VALUES (tag) RETURNING 1 $$",
                "CREATE FUNCTION rt.in_stock_via_writer(p integer) RETURNS boolean LANGUAGE plpgsql AS $$\n"
                        + "DECLARE n int;\nBEGIN\n  n := rt.mark('via');\n  RETURN n = 1;\nEND $$",
                // a write on a branch this call does not take: the proof is of the body, not of one path
                "CREATE FUNCTION rt.in_stock_sometimes(p integer) RETURNS boolean LANGUAGE plpgsql AS $$\n"
                        + "BEGIN\n  IF p < 0 THEN\n    INSERT INTO rt.marks VALUES ('never');\n  END IF;\n"
                        + "  RETURN rt.inventory_in_stock(p);\nEND $$");
    }

    @BeforeEach
    void clean() {
        pg.sql("TRUNCATE rt.marks");
    }

    // ---- reads through Pagila's functions, their replies lost: healed, the exact result

    @Test
    void aReadThroughASqlFunctionThatCallsAPlpgsqlOneIsHealed() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(RetryConfig.defaults());
                    PreparedStatement ps = c.prepareStatement(
                            "SELECT count(*), sum(f) FROM rt.film_in_stock(?, ?) f /* rt-film */")) {
                ps.setInt(1, 1);
                ps.setInt(2, 2);
                // given: film 1 in store 2 is inventory 4 (returned) and 10 (never rented)
                // when: the reply is lost after the server ran it, without a word from the server
                proxy.dropReplyAfterStatementContaining("rt-film");
                try (ResultSet rs = ps.executeQuery()) {
                    assertFalse(proxy.dropReplyAfterStatementArmed(), "the reply was dropped");
                    // then: proven read-only through both bodies, run again, the exact result
                    rs.next();
                    assertEquals(2, rs.getLong(1));
                    assertEquals(4 + 10, rs.getLong(2));
                }
            }
            assertEquals(2, physical.executions("rt-film"), "the lost one and the proven one");
            assertTrue(physical.proofs("rt-film") > 0, "proven first");
        }
    }

    @Test
    void aReadThroughAPlpgsqlFunctionIsHealed() throws Exception {
        BigDecimal balance;
        try (Connection plain = DriverManager.getConnection(pg.jdbcUrl()); Statement st = plain.createStatement();
                ResultSet rs = st.executeQuery("SELECT rt.get_customer_balance(7, now())")) {
            rs.next();
            balance = rs.getBigDecimal(1);
        }
        // rented: three of film 1 (2.99) and three of film 2 (0.99); late: 6 + 4 + 6 + 4 days; paid 1.00
        assertEquals(0, new BigDecimal("30.94").compareTo(balance), "plain pgjdbc's balance: " + balance);
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(RetryConfig.defaults());
                    PreparedStatement ps = c.prepareStatement("SELECT rt.get_customer_balance(?, now()) /* rt-balance */")) {
                ps.setInt(1, 7);
                proxy.dropReplyAfterStatementContaining("rt-balance");
                try (ResultSet rs = ps.executeQuery()) {
                    assertFalse(proxy.dropReplyAfterStatementArmed(), "the reply was dropped");
                    rs.next();
                    assertEquals(balance, rs.getBigDecimal(1), "the balance");
                }
            }
            assertEquals(2, physical.executions("rt-balance"));
            assertTrue(physical.proofs("rt-balance") > 0, "proven first");
        }
    }

    @Test
    void aPlainStatementCallingAPlpgsqlFunctionIsHealed() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(RetryConfig.defaults()); Statement st = c.createStatement()) {
                proxy.dropReplyAfterStatementContaining("rt-plain");
                try (ResultSet rs = st.executeQuery("SELECT rt.inventory_in_stock(5), rt.inventory_in_stock(9), rt.copies(2) /* rt-plain */")) {
                    assertFalse(proxy.dropReplyAfterStatementArmed(), "the reply was dropped");
                    rs.next();
                    assertFalse(rs.getBoolean(1), "rented out");
                    assertTrue(rs.getBoolean(2), "never rented");
                    assertEquals(6, rs.getLong(3));
                }
            }
            assertEquals(2, physical.executions("rt-plain"));
        }
    }

    // ---- a COMMIT lost in a transaction that only called a read-only PL/pgSQL function: settled

    @Test
    void aLostCommitOfATransactionThatOnlyCalledAReadOnlyPlpgsqlFunctionIsSettled() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(RetryConfig.defaults());
                    PreparedStatement ps = c.prepareStatement("SELECT rt.inventory_in_stock(?) /* rt-rent */")) {
                c.setAutoCommit(false);
                ps.setInt(1, 5);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertFalse(rs.getBoolean(1), "rented out: the rent goes no further");
                }
                // when: the COMMIT's reply is lost (the transaction had no id: it wrote nothing)
                proxy.dropReplyAfterCommit();
                c.commit();
                assertFalse(proxy.dropReplyArmed(), "the COMMIT's reply was dropped");
                // then: settled, not 08007; the connection carries on
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertFalse(rs.getBoolean(1));
                }
                c.commit();
            }
            assertEquals(2, physical.executions("rt-rent"), "the read ran once per transaction, never again");
        }
    }

    @Test
    void aCommitCutInATransactionThatOnlyCalledAReadOnlySqlFunctionIsSettled() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(RetryConfig.defaults()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                try (ResultSet rs = st.executeQuery("SELECT count(*) FROM rt.film_in_stock(2, 1) /* rt-browse */")) {
                    rs.next();
                    assertEquals(2, rs.getLong(1), "inventory 3 and 9");
                }
                proxy.cutBeforeExecuting("COMMIT");
                c.commit();
                assertFalse(proxy.cutBeforeExecutingArmed(), "the COMMIT was cut");
            }
            assertEquals(1, physical.executions("rt-browse"));
        }
    }

    // ---- what writes is still not healed: 08007, run once

    @Test
    void aFunctionWhoseBodyInsertsIsNotRunAgain() throws Exception {
        assertWrittenOnceAndUnknown("SELECT rt.in_stock_logged(?) /* rt-logged */", "rt-logged", "runs INSERT");
        assertEquals(1, pg.queryLong("SELECT count(*) FROM rt.marks WHERE tag = 'logged'"), "written once");
    }

    @Test
    void aFunctionWhoseBodyTakesANextvalIsNotRunAgain() throws Exception {
        long before = pg.queryLong("SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM rt.tickets");
        assertWrittenOnceAndUnknown("SELECT rt.in_stock_ticket(?) /* rt-ticket */", "rt-ticket", "nextval(regclass)");
        assertEquals(before + 1, pg.queryLong("SELECT last_value FROM rt.tickets"), "one value taken");
    }

    @Test
    void aFunctionWhoseBodyRunsDynamicSqlIsNotRunAgain() throws Exception {
        assertWrittenOnceAndUnknown("SELECT rt.in_stock_dynamic(?) /* rt-dynamic */", "rt-dynamic", "runs EXECUTE");
        assertEquals(1, pg.queryLong("SELECT count(*) FROM rt.marks WHERE tag = 'dynamic'"), "written once");
    }

    @Test
    void aFunctionThatCallsAWritingFunctionIsNotRunAgain() throws Exception {
        assertWrittenOnceAndUnknown("SELECT rt.in_stock_via_writer(?) /* rt-via */", "rt-via", "rt.mark(text), in whose body it writes");
        assertEquals(1, pg.queryLong("SELECT count(*) FROM rt.marks WHERE tag = 'via'"), "written once");
    }

    @Test
    void aFunctionThatWritesOnABranchNotTakenIsNotProven() throws Exception {
        assertWrittenOnceAndUnknown("SELECT rt.in_stock_sometimes(?) /* rt-sometimes */", "rt-sometimes", "runs INSERT");
        assertEquals(0, pg.queryLong("SELECT count(*) FROM rt.marks"));
    }

    @Test
    void aFunctionThatNotifiesIsNotRunAgainAndItsTransactionsLostCommitStaysUnknown() throws Exception {
        try (Connection listener = DriverManager.getConnection(pg.jdbcUrl())) {
            listener.createStatement().execute("LISTEN rt_channel");
            assertWrittenOnceAndUnknown("SELECT rt.in_stock_announced(?) /* rt-announced */", "rt-announced",
                    "pg_notify(text,text)");
            assertEquals(1, notifications(listener), "sent once");

            // in a transaction: no id (a notification gets one only at COMMIT), yet the COMMIT decides it
            try (FaultProxy proxy = FaultProxy.start(pg)) {
                Physical physical = new Physical(proxy.jdbcUrl());
                try (Connection c = physical.open(RetryConfig.defaults());
                        PreparedStatement ps = c.prepareStatement("SELECT rt.in_stock_announced(?) /* rt-announced-tx */")) {
                    c.setAutoCommit(false);
                    ps.setInt(1, 9);
                    ps.executeQuery().close();
                    proxy.cutBeforeExecuting("COMMIT");
                    SQLException e = assertThrows(SQLException.class, c::commit);
                    assertFalse(proxy.cutBeforeExecutingArmed(), "the COMMIT was cut");
                    assertEquals("08007", e.getSQLState(), String.valueOf(e));
                    c.rollback();
                }
                assertEquals(1, physical.executions("rt-announced-tx"), "never run again");
            }
            assertEquals(0, notifications(listener), "its COMMIT never reached the server");
        }
    }

    // ---- helpers

    /**
     * Runs {@code sql} (one int parameter) with its reply lost: 08007 for {@code reason}, the loss its
     * cause, and one execution.
     */
    private void assertWrittenOnceAndUnknown(String sql, String fragment, String reason) throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(RetryConfig.defaults()); PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setInt(1, 9);
                proxy.dropReplyAfterStatementContaining(fragment);
                SQLException e = assertThrows(SQLException.class, () -> ps.executeQuery().close());
                assertFalse(proxy.dropReplyAfterStatementArmed(), "the reply was dropped");
                assertEquals("08007", e.getSQLState(), () -> "got " + e);
                assertTrue(e.getMessage().contains(reason), e::getMessage);
                SQLException cause = assertInstanceOf(SQLException.class, e.getCause());
                assertTrue(cause.getSQLState().startsWith("08"), () -> "the original failure is the cause: " + cause);
                // the connection carries on
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
                    assertTrue(rs.next());
                }
            }
            assertEquals(1, physical.executions(fragment), "sent once, never run again");
        }
    }

    private static int notifications(Connection listener) throws SQLException {
        listener.createStatement().execute("SELECT 1");
        PGNotification[] got = listener.unwrap(PGConnection.class).getNotifications(1000);
        assertNotNull(got);
        return got.length;
    }
}
