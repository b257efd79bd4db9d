package io.retrying.jdbc.hikari;

import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.Retryability;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts the retrying layer's events by recovery class. */
final class RecordingListener implements RetryListener {
    private final Map<Retryability, AtomicInteger> retries = new ConcurrentHashMap<>();
    final AtomicInteger recovered = new AtomicInteger();
    final AtomicInteger gaveUp = new AtomicInteger();
    /** Lost COMMITs looked up on a new connection (issue 5): each swapped the connection too. */
    final AtomicInteger commitsResolved = new AtomicInteger();

    @Override
    public void onRetry(RetryEvent event) {
        retries.computeIfAbsent(event.recovery(), k -> new AtomicInteger()).incrementAndGet();
    }

    @Override
    public void onRecovered(RetryEvent event) {
        recovered.incrementAndGet();
    }

    @Override
    public void onGiveUp(RetryEvent event) {
        gaveUp.incrementAndGet();
    }

    @Override
    public void onCommitResolved(long xid, CommitOutcome outcome) {
        commitsResolved.incrementAndGet();
    }

    int retries(Retryability recovery) {
        AtomicInteger n = retries.get(recovery);
        return n == null ? 0 : n.get();
    }

    @Override
    public String toString() {
        return "retries " + retries + ", recovered " + recovered + ", gave up " + gaveUp
                + ", commits resolved " + commitsResolved;
    }
}
