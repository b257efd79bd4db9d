package io.retrying.jdbc.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class DemoOptionsTest {

    @Test
    void defaultsFinishWellWithinTheTimeBudget() throws Exception {
        DemoOptions o = DemoOptions.parse();
        assertEquals(Duration.ofSeconds(20), o.duration());
        assertEquals(4, o.threads());
        assertEquals(100, o.accounts());
        assertEquals(42, o.seed());
        assertTrue(o.chaos());
        assertNull(o.url());
        assertFalse(o.json());
    }

    @Test
    void everyOptionInBothForms() throws Exception {
        DemoOptions o = DemoOptions.parse("--duration", "1500ms", "--threads=8", "--accounts", "10", "--seed=-7",
                "--chaos", "off", "--url=jdbc:postgresql://db:5432/app?user=u", "--json");
        assertEquals(Duration.ofMillis(1500), o.duration());
        assertEquals(8, o.threads());
        assertEquals(10, o.accounts());
        assertEquals(-7, o.seed());
        assertFalse(o.chaos());
        assertEquals("jdbc:postgresql://db:5432/app?user=u", o.url());
        assertTrue(o.json());
        assertEquals(Duration.ofMinutes(2), DemoOptions.parse("--duration", "2m").duration());
        assertEquals(Duration.ofSeconds(5), DemoOptions.parse("--duration", "5").duration());
    }

    @Test
    void badValuesAreNamed() {
        assertMessage("unknown option '--thread'", "--thread", "4");
        assertMessage("bad value for --threads: 'many' (a whole number from 1 to 32)", "--threads", "many");
        assertMessage("bad value for --threads: '0' (a whole number from 1 to 32)", "--threads=0");
        assertMessage("bad value for --accounts: '1' (a whole number from 2 to 1000000)", "--accounts", "1");
        assertMessage("bad value for --duration: '20x' (seconds, or a number with ms, s or m)", "--duration", "20x");
        assertMessage("bad value for --duration: '0' (from 1s to 1h)", "--duration", "0");
        assertMessage("bad value for --chaos: 'maybe' (on or off)", "--chaos", "maybe");
        assertMessage("--seed needs a value", "--seed");
        assertMessage("--seed needs a value", "--seed", "--json");
        assertMessage("--json takes no value", "--json=yes");
        assertMessage("unexpected argument 'fast' (options start with --)", "fast");
    }

    @Test
    void aBadUrlIsRejectedWithoutEchoingIt() {
        DemoOptions.UsageException e = assertThrows(DemoOptions.UsageException.class,
                () -> DemoOptions.parse("--url", "postgres://u:s3cret@db/app"));
        assertEquals("bad value for --url: it must start with jdbc:postgresql://", e.getMessage());
    }

    @Test
    void aBadOptionExitsWithStatusTwoAndPrintsTheUsage() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Demo.run(new String[] {"--threads", "lots"}, print(out), print(err), Terminal.none());
        assertEquals(2, status);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.startsWith("demo: bad value for --threads: 'lots'"), e);
        assertTrue(e.contains("usage: ./demo.sh [options]"), e);
    }

    @Test
    void helpGoesToStdoutWithStatusZero() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = Demo.run(new String[] {"--help"}, print(out), print(new ByteArrayOutputStream()), Terminal.none());
        assertEquals(0, status);
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("usage: ./demo.sh [options]"));
    }

    private static void assertMessage(String expected, String... args) {
        DemoOptions.UsageException e = assertThrows(DemoOptions.UsageException.class, () -> DemoOptions.parse(args));
        assertEquals(expected, e.getMessage());
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }
}
