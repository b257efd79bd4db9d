package io.retrying.jdbc.demo;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Plays a {@link ChaosSchedule} against a {@link Target} on a thread of its own, from a given start
 * instant, and remembers what each event did. Thread-safe.
 */
final class ChaosRunner implements AutoCloseable {

    /**
     * An event that ran.
     *
     * @param event what was planned
     * @param startedMs when it started, from the start of the workload
     * @param outcome {@code ok}, {@code skipped: ...} or {@code failed: ...}
     */
    record Applied(ChaosSchedule.Event event, long startedMs, String outcome) {}

    private final ChaosSchedule schedule;
    private final Target target;
    private final List<Applied> applied = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile long startNanos;
    private volatile ChaosSchedule.Event current;
    private volatile boolean stopped;

    ChaosRunner(ChaosSchedule schedule, Target target) {
        this.schedule = schedule;
        this.target = target;
        this.thread = new Thread(this::play, "demo-chaos");
        thread.setDaemon(true);
    }

    /** Starts playing; event times count from {@code startNanos} ({@link System#nanoTime()}). */
    void start(long startNanos) {
        this.startNanos = startNanos;
        thread.start();
    }

    private void play() {
        for (ChaosSchedule.Event e : schedule.events()) {
            try {
                long wait = startNanos + e.at().toNanos() - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(Duration.ofNanos(wait).toMillis());
                }
            } catch (InterruptedException ie) {
                return;
            }
            if (stopped) {
                return;
            }
            long started = Duration.ofNanos(System.nanoTime() - startNanos).toMillis();
            current = e;
            String outcome;
            try {
                target.inject(e);
                outcome = "ok";
            } catch (UnsupportedOperationException ex) {
                outcome = "skipped: " + ex.getMessage();
            } catch (InterruptedException ex) {
                outcome = "interrupted";
                Thread.currentThread().interrupt();
            } catch (Exception ex) {
                outcome = "failed: " + ex.getMessage();
            } finally {
                current = null;
            }
            applied.add(new Applied(e, started, outcome));
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
        }
    }

    /** The event in progress, or null. */
    ChaosSchedule.Event current() {
        return current;
    }

    /** The events that ran so far, in order. */
    List<Applied> applied() {
        return List.copyOf(applied);
    }

    /** Stops before the next event (one in progress is cut short) and waits for the thread. */
    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.interrupt();
        thread.join(Duration.ofSeconds(90).toMillis());
    }
}
