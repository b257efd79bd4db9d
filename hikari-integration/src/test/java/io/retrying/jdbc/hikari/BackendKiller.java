package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServerException;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Kills one to three random backends of one application name every {@code period}, and restarts
 * the server once, at {@code restartAfter}, until {@code faultsFor} has passed. Only backends older
 * than a period are picked: one still being set up by the pool would fail its set-up, not a
 * statement, and blur the counts.
 */
final class BackendKiller implements AutoCloseable {
    private final PgServer server;
    private final String applicationName;
    private final Duration period;
    private final Duration restartAfter;
    private final Duration faultsFor;
    private final Thread thread;
    private volatile boolean stopped;
    /** Every backend pid terminated, the restart's victims included. */
    final Set<Integer> killed = ConcurrentHashMap.newKeySet();
    volatile boolean restarted;
    volatile Throwable failure;

    BackendKiller(PgServer server, String applicationName, Duration period, Duration restartAfter,
            Duration faultsFor) {
        this.server = server;
        this.applicationName = applicationName;
        this.period = period;
        this.restartAfter = restartAfter;
        this.faultsFor = faultsFor;
        this.thread = new Thread(this::run, "backend-killer");
    }

    BackendKiller start() {
        thread.start();
        return this;
    }

    private void run() {
        long start = System.nanoTime();
        try {
            while (!stopped && System.nanoTime() - start < faultsFor.toNanos()) {
                Thread.sleep(period.toMillis());
                if (!restarted && System.nanoTime() - start >= restartAfter.toNanos()) {
                    killed.addAll(alive());
                    server.restart();
                    restarted = true;
                    continue;
                }
                int victims = 1 + ThreadLocalRandom.current().nextInt(3);
                try {
                    killed.addAll(pids(server.queryString("SELECT coalesce(string_agg(pid::text, ','), '') FROM ("
                            + poolBackends("AND backend_start < now() - interval '" + period.toMillis()
                            + " milliseconds' ORDER BY random() LIMIT " + victims)
                            + ") victims WHERE pg_terminate_backend(pid)")));
                } catch (PgServerException e) {
                    // the server is still coming back from the restart: skip a beat
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = e;
        }
    }

    private String poolBackends(String tail) {
        return "SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend' AND application_name = '"
                + applicationName + "' " + tail;
    }

    /** The pids of the pool's backends now. */
    Set<Integer> alive() {
        return pids(server.queryString("SELECT coalesce(string_agg(pid::text, ','), '') FROM ("
                + poolBackends("") + ") p"));
    }

    /** The server holds {@code size} backends for the pool, none of them one this killer terminated. */
    void assertPoolHoldsLiveBackendsOnly(int size) {
        Set<Integer> alive = alive();
        assertEquals(size, alive.size(), "pool backends on the server: " + alive);
        Set<Integer> killedStillPooled = new HashSet<>(alive);
        killedStillPooled.retainAll(killed);
        assertTrue(killedStillPooled.isEmpty(), "killed backends still pooled: " + killedStillPooled);
    }

    private static Set<Integer> pids(String list) {
        if (list == null || list.isEmpty()) {
            return Set.of();
        }
        return Set.copyOf(Arrays.stream(list.split(",")).map(Integer::valueOf).toList());
    }

    @Override
    public void close() {
        stopped = true;
        try {
            thread.join(30_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while stopping the backend killer", e);
        }
        if (failure != null) {
            throw new AssertionError("the backend killer failed", failure);
        }
    }
}
