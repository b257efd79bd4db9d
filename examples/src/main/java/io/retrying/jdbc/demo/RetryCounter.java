package io.retrying.jdbc.demo;

import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.Retryability;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts what the retrying layer did behind the application's back: retries by recovery class,
 * recoveries, give-ups and resolved COMMITs. This is how an application hangs metrics on
 * retrying-jdbc. Thread-safe and cheap: a {@link LongAdder} per counter, no allocation per event.
 */
final class RetryCounter implements RetryListener {
    private final Map<Retryability, LongAdder> retries = new EnumMap<>(Retryability.class);
    private final Map<CommitOutcome, LongAdder> commits = new EnumMap<>(CommitOutcome.class);
    private final LongAdder recovered = new LongAdder();
    private final LongAdder gaveUp = new LongAdder();

    RetryCounter() {
        for (Retryability r : Retryability.values()) {
            retries.put(r, new LongAdder());
        }
        for (CommitOutcome o : CommitOutcome.values()) {
            commits.put(o, new LongAdder());
        }
    }

    @Override
    public void onRetry(RetryEvent event) {
        retries.get(event.recovery()).increment();
    }

    @Override
    public void onRecovered(RetryEvent event) {
        recovered.increment();
    }

    @Override
    public void onGiveUp(RetryEvent event) {
        gaveUp.increment();
    }

    @Override
    public void onCommitResolved(long xid, CommitOutcome outcome) {
        commits.get(outcome).increment();
    }

    /** Retries by class, every class present (zero when none), in the enum's order. */
    Map<Retryability, Long> retries() {
        return sums(retries, Retryability.class);
    }

    long totalRetries() {
        return retries.values().stream().mapToLong(LongAdder::sum).sum();
    }

    /** Lost COMMIT replies resolved, by what the server said. */
    Map<CommitOutcome, Long> commitOutcomes() {
        return sums(commits, CommitOutcome.class);
    }

    long recovered() {
        return recovered.sum();
    }

    long gaveUp() {
        return gaveUp.sum();
    }

    private static <E extends Enum<E>> Map<E, Long> sums(Map<E, LongAdder> counters, Class<E> type) {
        Map<E, Long> m = new EnumMap<>(type);
        counters.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }
}
