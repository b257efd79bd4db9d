package io.retrying.jdbc.internal.proof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * How a PL/pgSQL body is read as the SQL it runs: what the server is then asked to parse, and what
 * is not read at all (the proof is then not made). The server's side is in
 * {@code ReadsThroughFunctionsTest}.
 */
class PlpgsqlBodyTest {

    @Test
    void pagilasInventoryInStockIsItsQueriesAndConditions() {
        PlpgsqlBody.Read read = PlpgsqlBody.of("""
                DECLARE
                    v_rentals INTEGER;
                    v_out     INTEGER;
                BEGIN
                    -- AN ITEM IS IN-STOCK IF ...
                    SELECT count(*) INTO v_rentals
                    FROM rental
                    WHERE inventory_id = p_inventory_id;

                    IF v_rentals = 0 THEN
                      RETURN TRUE;
                    END IF;

                    SELECT COUNT(rental_id) INTO v_out
                    FROM inventory LEFT JOIN rental USING(inventory_id)
                    WHERE inventory.inventory_id = p_inventory_id
                    AND rental.return_date IS NULL;

                    IF v_out > 0 THEN
                      RETURN FALSE;
                    ELSE
                      RETURN TRUE;
                    END IF;
                END""", Set.of("p_inventory_id"));
        assertNull(read.refusal());
        assertEquals(Map.of("v_rentals", "INTEGER", "v_out", "INTEGER", "found", "boolean"), read.variables());
        assertEquals(List.of("SELECT CAST(NULL AS INTEGER)", "SELECT CAST(NULL AS INTEGER)",
                "SELECT count(*)  FROM rental\n    WHERE inventory_id = p_inventory_id",
                "SELECT v_rentals = 0", "SELECT TRUE",
                "SELECT COUNT(rental_id)  FROM inventory LEFT JOIN rental USING(inventory_id)\n"
                        + "    WHERE inventory.inventory_id = p_inventory_id\n    AND rental.return_date IS NULL",
                "SELECT v_out > 0", "SELECT FALSE", "SELECT TRUE"), read.statements());
    }

    @Test
    void declarationsDefaultsLoopsRaiseAndHandlersAreRead() {
        PlpgsqlBody.Read read = PlpgsqlBody.of("""
                DECLARE n int := 0; s numeric(5, 2) NOT NULL DEFAULT f(1);
                BEGIN
                  WHILE n < 3 LOOP n := n + 1; EXIT WHEN g(n); END LOOP;
                  LOOP EXIT; END LOOP;
                  PERFORM h(n);
                  RAISE NOTICE 'n is % and %', n, k(s) USING HINT = hint(n);
                  ASSERT n > 0, 'positive';
                  GET DIAGNOSTICS n = ROW_COUNT;
                  BEGIN NULL; EXCEPTION WHEN division_by_zero OR SQLSTATE '22012' THEN RAISE; END;
                  RETURN QUERY SELECT 1 FROM t;
                END""", Set.of());
        assertNull(read.refusal());
        assertEquals(List.of("SELECT CAST(NULL AS int)", "SELECT 0", "SELECT CAST(NULL AS numeric(5, 2))", "SELECT f(1)",
                "SELECT n < 3", "SELECT n + 1", "SELECT g(n)", "SELECT h(n)", "SELECT n, k(s)", "SELECT hint(n)",
                "SELECT n > 0, 'positive'", "SELECT CAST(NULL AS text)", "SELECT CAST(NULL AS text)", "SELECT 1 FROM t"),
                read.statements());
    }

    @Test
    void whatIsNotReadLeavesTheBodyUnread() {
        for (String body : new String[] {
            "BEGIN INSERT INTO t VALUES (1); END",
            "BEGIN UPDATE t SET a = 1; END",
            "BEGIN EXECUTE 'SELECT 1'; END",
            "BEGIN RETURN QUERY EXECUTE 'SELECT 1'; END",
            "BEGIN CALL p(); END",
            "BEGIN COMMIT; END",
            "BEGIN COPY t FROM STDIN; END",
            "BEGIN NOTIFY c; END",
            "BEGIN SET search_path = x; END",
            "DECLARE r record; BEGIN NULL; END",
            "DECLARE r t%ROWTYPE; BEGIN NULL; END",
            "DECLARE c CURSOR FOR SELECT 1; BEGIN NULL; END",
            "DECLARE a ALIAS FOR $1; BEGIN NULL; END",
            "BEGIN FOR i IN 1..3 LOOP NULL; END LOOP; END",
            "BEGIN CASE WHEN true THEN NULL; END CASE; END",
            "<<outer>> BEGIN NULL; END",
            "#variable_conflict use_variable\nBEGIN NULL; END",
            "BEGIN SELECT 1 INTO unknown_name; END",
            "BEGIN unknown_name := 1; END",
            "BEGIN RETURN E'\\\\x'; END",
            "BEGIN RETURN U&'x'; END",
            "BEGIN OPEN c; END",
            "BEGIN NULL; END extra",
            "BEGIN RETURN 1",
        }) {
            PlpgsqlBody.Read read = PlpgsqlBody.of(body, Set.of("p"));
            assertNotNull(read.refusal(), body);
            assertTrue(read.statements().isEmpty(), body);
        }
    }

    @Test
    void literalsCommentsAndDollarQuotesHideNoStatementBoundary() {
        PlpgsqlBody.Read read = PlpgsqlBody.of("BEGIN RETURN 'a;b' || $x$ ; INSERT $x$ /* ; /* nested ; */ */ || \"q;\"; END",
                Set.of());
        assertNull(read.refusal());
        assertEquals(List.of("SELECT 'a;b' || $x$ ; INSERT $x$ /* ; /* nested ; */ */ || \"q;\""), read.statements());
    }
}
