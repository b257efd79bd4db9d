package io.retrying.jdbc.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code --url}: the user's server, where the only fault is pg_terminate_backend, and the output says so. */
@ExtendWith(PgExtension.class)
class DemoOnAUrlTest {

    @Test
    void onlyKillsBackendsAndSaysWhy(PgServer pg) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Demo.run(new String[] {"--url", pg.jdbcUrl(), "--duration", "3", "--threads", "2", "--json"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Terminal.none());
        String stderr = err.toString(StandardCharsets.UTF_8);
        System.err.println(stderr);
        assertEquals(0, status, stderr);
        assertTrue(stderr.contains("chaos is limited to what SQL can do: pg_terminate_backend"), stderr);

        Map<String, Object> result = MiniJson.object(out.toString(StandardCharsets.UTF_8));
        assertTrue(((String) result.get("chaosLimits")).contains("pg_terminate_backend"));
        List<Object> events = MiniJson.list(result.get("chaosEvents"));
        assertFalse(events.isEmpty());
        int ran = 0;
        for (Object e : events) {
            assertEquals("kill-backends", MiniJson.object(e).get("kind"));
            String outcome = (String) MiniJson.object(e).get("outcome");
            // On a busy machine a late event may no longer fit before the quiet end and is skipped
            // (ChaosRunner keeps faults apart); it must never fail.
            if (outcome.equals("ok")) {
                ran++;
            } else {
                assertEquals("skipped: no time left before the quiet end of the run", outcome);
            }
        }
        assertTrue(ran > 0, "no kill-backends event ran: " + events);
        // the sides' tables are in the user's database, each in its own schema
        assertEquals(2, pg.queryLong("SELECT count(*) FROM pg_namespace WHERE nspname IN ('demo_plain', 'demo_retrying')"));
        Map<String, Object> plain = MiniJson.object(MiniJson.object(result.get("sides")).get("plain"));
        assertEquals(pg.queryLong("SELECT count(*) FROM demo_plain.transfers"), plain.get("transfersInDatabase"));
        assertEquals(Boolean.TRUE, plain.get("moneyConserved"));
    }
}
