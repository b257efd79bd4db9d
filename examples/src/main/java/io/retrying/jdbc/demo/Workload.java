package io.retrying.jdbc.demo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Worker threads that run transfers on one side until the time is up. A worker does not retry: a
 * transfer that throws is counted as failed and the worker goes on with the next one. Once the time
 * is up no new transfer starts; the ones in flight finish (or fail) before {@link #await()} returns.
 */
final class Workload {
    private final Side side;
    private final List<Thread> workers = new ArrayList<>();
    private volatile long endNanos;

    Workload(Side side, int threads, int accounts, long seed) {
        this.side = side;
        for (int w = 1; w <= threads; w++) {
            TransferGenerator transfers = new TransferGenerator(seed, w, accounts);
            Thread t = new Thread(() -> work(transfers), "demo-" + side.name() + "-" + w);
            t.setDaemon(true);
            workers.add(t);
        }
    }

    /** Starts the workers; they stop starting transfers {@code duration} after {@code startNanos}. */
    void start(long startNanos, Duration duration) {
        this.endNanos = startNanos + duration.toNanos();
        workers.forEach(Thread::start);
    }

    private void work(TransferGenerator transfers) {
        SideStats stats = side.stats();
        while (System.nanoTime() - endNanos < 0) {
            Transfer t = transfers.next();
            stats.recordAttempt();
            try {
                side.work().run(side.dataSource(), t);
                stats.recordCommit();
            } catch (Exception e) {
                stats.recordFailure(t, e);
            }
        }
    }

    /** Waits until every worker has finished its last transfer. */
    void await() throws InterruptedException {
        for (Thread t : workers) {
            t.join();
        }
    }
}
