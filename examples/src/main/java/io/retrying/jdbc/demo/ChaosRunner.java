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
     * @param startedMs when it started, from the start of the workload; -1 if it did not
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
        // An event that overruns its plan (a slow restart on a busy machine) pushes the later ones
        // back, so that faults stay apart as planned; what no longer fits before the quiet end is
        // skipped. Two faults at once (a lost COMMIT reply while the server is full) is another demo.
        long slipNanos = 0;
        for (ChaosSchedule.Event e : schedule.events()) {
            long startAt = startNanos + e.at().toNanos() + slipNanos;
            if (startAt + e.length().toNanos() > startNanos + schedule.quietFrom().toNanos()) {
                applied.add(new Applied(e, -1, "skipped: no time left before the quiet end of the run"));
                continue;
            }
            try {
                long wait = startAt - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(Duration.ofNanos(wait).toMillis());
                }
            } catch (InterruptedException ie) {
                return;
            }
            if (stopped) {
                return;
            }
            long started = System.nanoTime();
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
            applied.add(new Applied(e, Duration.ofNanos(started - startNanos).toMillis(), outcome));
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
            long plannedEnd = startNanos + e.at().toNanos() + e.length().toNanos();
            slipNanos = Math.max(slipNanos, System.nanoTime() - plannedEnd);
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

    /**
     * Stops before the next event and waits for the thread. An event in progress (one that a busy
     * machine made overrun its plan) is let finish: cut short, a restart could leave the server
     * down for the audit that follows. One still running after {@link #GRACE} is interrupted.
     */
    @Override
    public void close() throws InterruptedException {
        stopped = true;
        if (current == null) {
            thread.interrupt(); // waiting for an event that will not run now
        }
        thread.join(GRACE.toMillis());
        if (thread.isAlive()) {
            thread.interrupt();
            thread.join(Duration.ofSeconds(90).toMillis());
        }
    }

    private static final Duration GRACE = Duration.ofSeconds(20);
}
