package io.retrying.jdbc.demo;

import io.retrying.jdbc.Classifier;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one side's application saw: transfers attempted, committed, failed, and the failures by
 * SQLState. Thread-safe; the workers write, the progress line and the report read.
 */
final class SideStats {
    private final LongAdder attempted = new LongAdder();
    private final LongAdder committed = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final Map<String, LongAdder> failuresByState = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<String> failedKeys = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Long> commitTimes = new ConcurrentLinkedQueue<>();

    void recordAttempt() {
        attempted.increment();
    }

    void recordCommit() {
        committed.increment();
        commitTimes.add(System.nanoTime());
    }

    /**
     * How long after {@code faultNanos} the first commit after the fault's outage came: the end of
     * the longest pause between commits from the fault to {@code untilNanos} (commits may still come
     * for a moment after the fault, before the old primary is gone); null when none came.
     */
    Duration firstCommitAfter(long faultNanos, long untilNanos) {
        long[] times = commitTimes.stream().mapToLong(Long::longValue).filter(t -> t >= faultNanos && t <= untilNanos)
                .sorted().toArray();
        long previous = faultNanos;
        long bestGap = -1;
        long bestEnd = 0;
        for (long t : times) {
            if (t - previous > bestGap) {
                bestGap = t - previous;
                bestEnd = t;
            }
            previous = t;
        }
        return bestGap < 0 ? null : Duration.ofNanos(bestEnd - faultNanos);
    }

    void recordFailure(Transfer t, Throwable e) {
        failuresByState.computeIfAbsent(label(e), k -> new LongAdder()).increment();
        failedKeys.add(t.key());
        failed.increment();
    }

    /** The SQLState, or for a failure without one the exception's simple class name. */
    static String label(Throwable e) {
        String state = Classifier.sqlState(e);
        return state != null ? state : e.getClass().getSimpleName();
    }

    long attempted() {
        return attempted.sum();
    }

    long committed() {
        return committed.sum();
    }

    long failed() {
        return failed.sum();
    }

    /** Failures by SQLState, sorted by state. */
    Map<String, Long> failuresByState() {
        Map<String, Long> m = new TreeMap<>();
        failuresByState.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }

    /** Keys of the transfers the application was told had failed. */
    List<String> failedKeys() {
        return List.copyOf(failedKeys);
    }
}
