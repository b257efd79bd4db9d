package io.retrying.jdbc.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The README's main command, short: an 8-second run with every fault, read back from its JSON. */
class DemoTest {

    @Test
    void underChaosTheRetryingSideLosesNothingAppliesNothingTwiceAndFailsNothing() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        // 8 s puts the faults 0.8 s apart; at 5 s they come 0.5 s apart, and on a busy machine one
        // may still be healing when the next strikes, which is a harder test than the README's run
        int status = Demo.run(new String[] {"--duration", "8", "--json"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Terminal.none());
        String stderr = err.toString(StandardCharsets.UTF_8);
        System.err.println(stderr); // into the test's output file, for whoever reads a failure
        assertEquals(0, status, stderr);

        // stdout holds the JSON and nothing else; the text went to stderr
        Map<String, Object> result = MiniJson.object(out.toString(StandardCharsets.UTF_8));
        assertTrue(stderr.contains("money conserved"), stderr);
        // every fault planned ran, but on a busy machine a slow restart may push the last one out of the run
        List<Object> events = MiniJson.list(result.get("chaosEvents"));
        List<Object> outcomes = events.stream().map(e -> MiniJson.object(e).get("outcome")).toList();
        assertTrue(outcomes.stream().filter("ok"::equals).count() >= 3, events.toString());
        assertTrue(outcomes.stream().allMatch(o -> "ok".equals(o) || ((String) o).startsWith("skipped: no time left")),
                events.toString());

        Map<String, Object> sides = MiniJson.object(result.get("sides"));
        Map<String, Object> plain = MiniJson.object(sides.get("plain"));
        Map<String, Object> retrying = MiniJson.object(sides.get("retrying"));
        // the faults were real: the side without a retry layer saw some of them
        assertTrue(((Number) plain.get("failed")).longValue() > 0, plain.toString());
        assertTrue(((Number) retrying.get("committed")).longValue() > 0, retrying.toString());
        // what retrying-jdbc promises: no failure reached the application, every transfer applied once
        assertEquals(0L, retrying.get("failed"), retrying.toString());
        assertEquals(Boolean.TRUE, retrying.get("clean"), retrying.toString());
        for (Map<String, Object> side : List.of(plain, retrying)) {
            assertEquals(Boolean.TRUE, side.get("moneyConserved"), side.toString());
            assertEquals(0L, side.get("duplicatedTransfers"), side.toString());
            assertEquals(0L, side.get("committedButMissing"), side.toString());
        }
    }
}
