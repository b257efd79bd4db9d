package io.retrying.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What the read-only proof learns from the catalog about functions a query reaches without naming
 * them: through views (and views on views), row-level security policies and operators.
 */
@ExtendWith(PgExtension.class)
class FunctionVolatilityTest {

    private final PgServer pg;

    FunctionVolatilityTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeAll
    static void schema(PgServer pg) {
        pg.sql("CREATE TABLE plain_t (a int)",
                "CREATE TABLE audit (a int)",
                "CREATE FUNCTION noisy(int) RETURNS int VOLATILE LANGUAGE plpgsql AS $$ BEGIN INSERT INTO audit VALUES ($1); RETURN $1; END $$",
                "CREATE FUNCTION calm(int) RETURNS int STABLE LANGUAGE sql AS 'SELECT $1 + 1'",
                "CREATE FUNCTION noisy_gt(int, int) RETURNS boolean VOLATILE LANGUAGE sql AS 'SELECT $1 > $2'",
                "CREATE OPERATOR >>>> (LEFTARG = int, RIGHTARG = int, FUNCTION = noisy_gt)",
                "CREATE VIEW calm_v AS SELECT calm(a) AS a FROM plain_t WHERE a > 0",
                "CREATE VIEW noisy_v AS SELECT noisy(a) AS a FROM plain_t",
                "CREATE VIEW on_noisy_v AS SELECT a FROM noisy_v",
                "CREATE VIEW \"Noisy Op\" AS SELECT a FROM plain_t WHERE a >>>> 1",
                "CREATE TABLE secured (a int)",
                "ALTER TABLE secured ENABLE ROW LEVEL SECURITY",
                "CREATE POLICY p ON secured USING (noisy(a) > 0)");
    }

    private boolean reaches(List<String> words, List<String> operators) throws SQLException {
        try (Connection c = pg.connect()) {
            return FunctionVolatility.reachesVolatile(words, operators, c);
        }
    }

    @Test
    void plainTablesCalmViewsAndBuiltInOperatorsReachNothingVolatile() throws SQLException {
        assertFalse(reaches(List.of("select", "a", "from", "plain_t", "calm_v", "where"), List.of("=", "*", "<->", "=-", "-")));
        assertFalse(reaches(List.of(), List.of()));
        assertFalse(reaches(List.of("no_such_relation"), List.of("no such operator")));
    }

    @Test
    void aViewAViewOnItAPolicyOrAnOperatorCallingAVolatileFunctionIsSeen() throws SQLException {
        assertTrue(reaches(List.of("noisy_v"), List.of()), "a view calling a volatile function");
        assertTrue(reaches(List.of("a", "on_noisy_v"), List.of()), "a view reading such a view");
        assertTrue(reaches(List.of("Noisy Op"), List.of()), "a view using an operator backed by a volatile function");
        assertTrue(reaches(List.of("secured"), List.of()), "a row-level security policy calling a volatile function");
        assertTrue(reaches(List.of("plain_t"), List.of(">>>>")), "an operator backed by a volatile function");
    }
}
