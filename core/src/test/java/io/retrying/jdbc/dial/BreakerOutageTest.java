package io.retrying.jdbc.dial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The breaker per server under a real outage: 50 threads each holding a retrying connection while
 * the server goes down (immediate shutdown) and comes back by itself (a cold start with crash
 * recovery, answering 57P03 meanwhile). Dials are counted by pgjdbc's socket factory, refused ones
 * included. Plain pgjdbc re-dials in a tight loop beside it, in the same run, to tell when the
 * server is back. Set {@code -Dretrying.outageMs=10000} for the figures of BENCHMARKS.md.
 */
@ExtendWith(PgExtension.class)
class BreakerOutageTest {
    private static final int THREADS = 50;

    private record Outcome(long stoppedAt, long plainBackAt, long layerFirstAt, long layerLastAt,
                           long dialsDuring, long burstDials, double seconds, List<Throwable> errors) {}

    @Test
    void fiftyThreadsDialAFewTimesASecondAndFindTheServerAsSoonAsPlainPgjdbc(PgServer pg) throws Exception {
        Outcome o = outage(pg, "on", Duration.ofMillis(Long.getLong("retrying.outageMs", 3000)));
        assertEquals(List.of(), o.errors, "no error reaches the application");
        double rate = o.dialsDuring / o.seconds;
        assertTrue(rate <= 10.0, String.format(Locale.ROOT, "%.1f dials/s during the outage (%d in %.1f s)",
                rate, o.dialsDuring, o.seconds));
        assertFoundSoonAfterPlain(o);
    }

    /** Seed 001's cold start: a server that needs 700 ms to wake is waited for, with no error, breaker or not. */
    @Test
    void aColdStartOf700MsIsRecoveredWithNoError(PgServer pg) throws Exception {
        Outcome o = outage(pg, "on", Duration.ofMillis(700));
        assertEquals(List.of(), o.errors, "no error reaches the application");
        assertFoundSoonAfterPlain(o);
    }

    /**
     * The goal, the first success within 200 ms of plain pgjdbc's tight loop, is a benchmark's
     * (BENCHMARKS.md measures it: +5 to +144 ms on a quiet machine); a timed test on a shared
     * machine can only catch a breaker that waits past its cap. The breaker's longest open interval
     * is 200 ms, so its probe may come that long after the server is back; the probe then dials,
     * restores the session and runs, and the 50 waiting workers get their turn on two cores that
     * the server's end-of-recovery checkpoint is also using (202 ms and 384 ms were seen under
     * load). The test allows 400 ms for that beyond the cap: a breaker whose interval kept growing
     * past the cap (0.8 to 1.6 s by the end of a 3 s outage) most likely fails it (the fake-clock
     * tests of CircuitBreaker hold the cap exactly), and threads dialing on their own backoff fail
     * the dial-rate assertion.
     */
    private static void assertFoundSoonAfterPlain(Outcome o) {
        long lagMs = (o.layerFirstAt - o.plainBackAt) / 1_000_000;
        assertTrue(lagMs <= 600, "first success " + lagMs + " ms after plain pgjdbc's tight loop (the breaker's"
                + " cap 200 ms, 400 ms allowed for the probe's dial and the workers' scheduling)");
    }

    /** Without the breaker (retry.breaker=off) the same outage costs the server many more dials. */
    @Test
    void withoutTheBreakerEveryThreadDialsOnItsOwn(PgServer pg) throws Exception {
        Outcome o = outage(pg, "off", Duration.ofMillis(Long.getLong("retrying.outageMs", 3000)));
        assertEquals(List.of(), o.errors, "no error reaches the application");
        assertTrue(o.dialsDuring / o.seconds > 10.0, o.dialsDuring + " dials in " + o.seconds + " s");
    }

    private static Outcome outage(PgServer pg, String breaker, Duration downtime) throws Exception {
        String base = "//" + pg.host() + ":" + pg.port() + "/" + pg.database() + "?user=" + pg.user() + "&sslmode=disable";
        String layerUrl = "jdbc:retrying:postgresql:" + base + "&socketFactory=" + CountingSocketFactory.class.getName()
                + "&ApplicationName=breaker-" + breaker + "&retry.reconnectWindowMs=30000&retry.tokenBucket=none"
                + "&retry.breaker=" + breaker;
        String plainUrl = "jdbc:postgresql:" + base;
        List<Connection> connections = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
            connections.add(DriverManager.getConnection(layerUrl));
        }
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong stoppedAt = new AtomicLong(Long.MAX_VALUE);
        ConcurrentLinkedQueue<Long> successes = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Throwable> errors = new ConcurrentLinkedQueue<>();
        CountDownLatch started = new CountDownLatch(THREADS);
        List<Thread> workers = new ArrayList<>();
        for (Connection c : connections) {
            Thread t = new Thread(() -> {
                started.countDown();
                try (Statement st = c.createStatement()) {
                    while (!stop.get()) {
                        try {
                            st.execute("SELECT 1");
                            long now = System.nanoTime();
                            if (now - stoppedAt.get() > 0) {
                                successes.add(now);
                            }
                        } catch (SQLException e) {
                            errors.add(e);
                            return;
                        }
                        Thread.sleep(20);
                    }
                } catch (SQLException | InterruptedException e) {
                    errors.add(e);
                }
            }, "breaker-worker");
            t.setDaemon(true);
            workers.add(t);
            t.start();
        }
        started.await();
        Thread.sleep(200);
        stoppedAt.set(System.nanoTime());
        CountingSocketFactory.DIALS.clear();
        pg.stopFor(downtime);
        long down = System.nanoTime();
        // plain pgjdbc's tight loop: dial until the server answers
        long plainBackAt;
        while (true) {
            try (Connection c = DriverManager.getConnection(plainUrl)) {
                plainBackAt = System.nanoTime();
                break;
            } catch (SQLException notYet) {
                // down, or starting (57P03): at once again
            }
        }
        Thread.sleep(1500);
        stop.set(true);
        for (Thread t : workers) {
            t.join(10_000);
        }
        for (Connection c : connections) {
            c.close();
        }
        // the first success once the server was down (statements ran until the stop took effect)
        long layerFirst = successes.stream().filter(t -> t - down > 0).min(Long::compare).orElse(Long.MAX_VALUE);
        long burstEnd = down + 500_000_000L;
        // the outage ends when anyone gets through: plain's tight loop, or the layer's probe when a
        // busy machine delays plain's loop (then every waiting thread dials the server that is back)
        long backAt = Math.min(plainBackAt, layerFirst - 10_000_000L);
        long during = CountingSocketFactory.between(burstEnd, backAt);
        long burst = CountingSocketFactory.between(stoppedAt.get(), burstEnd);
        double seconds = (backAt - burstEnd) / 1e9;
        Outcome o = new Outcome(stoppedAt.get(), plainBackAt, layerFirst, 0, during, burst, seconds, List.copyOf(errors));
        System.out.printf(Locale.ROOT, "breaker=%s outage=%d ms: server back (plain tight loop) %.0f ms after the stop;"
                        + " layer's first success %+d ms after plain; dials: %d in the first 500 ms, then %d in %.1f s (%.1f/s)%n",
                breaker, downtime.toMillis(), (plainBackAt - o.stoppedAt) / 1e6, (layerFirst - plainBackAt) / 1_000_000,
                burst, during, seconds, during / seconds);
        return o;
    }
}
