package io.retrying.jdbc.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.retrying.jdbc.fixtures.PatroniCluster;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code ./demo.sh --ha}, short: the bank side by side on a Patroni cluster through the first two
 * failover manager faults (kill -9 of the leader, then a switchover), read back from its JSON.
 */
class DemoHaTest {

    @Test
    void underAFailoverManagerTheRetryingSideLosesNothingAndTellsTheTimeToTheFirstWrite() {
        // CI installs Patroni and etcd (.ci/run) and never skips; a developer's machine may lack them
        assumeTrue(PatroniCluster.available() || System.getenv("CI") != null, "patroni or etcd is not installed");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Demo.run(new String[] {"--ha", "--duration", "40", "--json"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Terminal.none());
        String stderr = err.toString(StandardCharsets.UTF_8);
        System.err.println(stderr);
        assertEquals(0, status, stderr);
        assertTrue(stderr.contains("first transfer committed after each fault"), stderr);

        Map<String, Object> result = MiniJson.object(out.toString(StandardCharsets.UTF_8));
        List<Object> events = MiniJson.list(result.get("chaosEvents"));
        assertTrue(events.size() >= 1, events.toString());
        Map<String, Object> first = MiniJson.object(events.get(0));
        assertEquals("kill-leader", first.get("kind"));
        assertEquals("ok", first.get("outcome"), events.toString());
        Map<String, Object> firstWrite = MiniJson.object(first.get("firstWriteAfterMs"));
        long retryingMs = ((Number) firstWrite.get("retrying")).longValue();
        assertTrue(retryingMs > 0 && retryingMs <= 13_000, "first write after the kill: " + firstWrite);

        Map<String, Object> sides = MiniJson.object(result.get("sides"));
        Map<String, Object> plain = MiniJson.object(sides.get("plain"));
        Map<String, Object> retrying = MiniJson.object(sides.get("retrying"));
        assertTrue(((Number) plain.get("failed")).longValue() > 0, "the failover was real: " + plain);
        for (Map<String, Object> side : List.of(plain, retrying)) {
            assertEquals(Boolean.TRUE, side.get("moneyConserved"), side.toString());
            assertEquals(0L, side.get("duplicatedTransfers"), side.toString());
            assertEquals(0L, side.get("committedButMissing"), side.toString());
        }
        // a transfer in flight on the killed primary may end 08007 (nothing else may reach the application)
        Map<String, Object> byState = MiniJson.object(retrying.getOrDefault("failuresBySqlState", Map.of()));
        assertTrue(byState.keySet().stream().allMatch("08007"::equals), retrying.toString());
    }
}
