package io.retrying.jdbc.internal.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Where a replay adds a kept key to an INSERT's text; a reading the server then checks, never trusted alone. */
class InsertTextTest {

    @Test
    void aColumnAndItsValueGoAfterTheLastOnesOfTheListAndOfEachRow() {
        InsertText one = InsertText.of("INSERT INTO rental (rental_date, inventory_id) VALUES (now(), ?) RETURNING rental_id");
        assertEquals(1, one.rows());
        assertEquals("INSERT INTO rental (rental_date, inventory_id, rental_id) VALUES (now(), ?, '42') RETURNING rental_id",
                one.with(List.of("rental_id"), false, List.of(List.of("'42'"))));

        InsertText two = InsertText.of("/* c ( */ insert into \"My(T)\" AS t (a, b) values (f(1, ')'), $$)$$), (2, 3) -- x");
        assertEquals(2, two.rows());
        assertEquals("/* c ( */ insert into \"My(T)\" AS t (a, b, id) OVERRIDING SYSTEM VALUE values (f(1, ')'), $$)$$, '7'),"
                        + " (2, 3, '8') -- x",
                two.with(List.of("id"), true, List.of(List.of("'7'"), List.of("'8'"))));
    }

    @Test
    void whatIsNotRowsOfValuesWithAColumnListIsRefused() {
        assertNull(InsertText.of("INSERT INTO t VALUES (1)"));
        assertNull(InsertText.of("INSERT INTO t DEFAULT VALUES"));
        assertNull(InsertText.of("INSERT INTO t (a) SELECT 1"));
        assertNull(InsertText.of("INSERT INTO t (a) (VALUES (1))"));
        assertNull(InsertText.of("INSERT INTO t (id) OVERRIDING SYSTEM VALUE VALUES (1)"));
        assertNull(InsertText.of("WITH x AS (SELECT 1) INSERT INTO t (a) VALUES (1)"));
        assertNull(InsertText.of("INSERT INTO t (a VALUES (1"));
        assertNull(InsertText.of("UPDATE t SET a = 1"));
    }

    @Test
    void onlyTheFirstWordDecidesWhetherAnInsertsRowsAreKept() {
        assertTrue(InsertText.startsWithInsert("  -- note\n insert into t (a) values (1)"));
        assertFalse(InsertText.startsWithInsert("inserted"));
        assertFalse(InsertText.startsWithInsert("SELECT 1"));
        assertFalse(InsertText.startsWithInsert(null));
    }
}
