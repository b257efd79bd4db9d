package io.retrying.jdbc.internal.retry;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.Deadline;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.Retryability;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The state of one piece of work that has failed at least once: which attempt this is, the
 * failures so far, its deadline. Created on the first failure only, so work that succeeds first
 * time allocates none of it (Failsafe's per-execution state, kept off the happy path).
 */
public final class Run {

    private final RetryPolicy policy;
    private final String connectionId;
    private final long startNanos;
    private final Deadline deadline;
    /** The policy's attempt limit; 0 for dialing, which the reconnect window bounds instead. */
    private final int maxAttempts;
    /** The attempt that failed last, 1-based. */
    public int attempt;
    /** A RESET_STATE recovery was used: it gets one go. */
    public boolean resetUsed;
    /**
     * The silent loss a proven replay heals while that replay runs inside the server-side
     * {@code BEGIN READ ONLY} the funnel opened for it (see {@code failure.Recovery}); null otherwise.
     */
    public Throwable readOnlyGuard;
    private final List<Throwable> previous = new ArrayList<>(2);
    private Throwable last;
    /** The class the last failure was recovered as, when its caller said; null otherwise. */
    private Retryability lastRecovery;
    /** When the first failure was counted, in the policy's nanos. */
    private long firstFailureNanos;

    public Run(RetryPolicy policy, Duration window, String connectionId) {
        this(policy, window, connectionId, policy.maxAttempts());
    }

    public Run(RetryPolicy policy, Duration window, String connectionId, int maxAttempts) {
        this.policy = policy;
        this.maxAttempts = maxAttempts;
        this.connectionId = connectionId;
        this.startNanos = policy.nanoClock().getAsLong();
        this.deadline = Deadline.after(window, policy.nanoClock());
    }

    /** Counts a failure; returns its attempt number. */
    public int failed(Throwable e) {
        return failed(e, null);
    }

    /**
     * Counts a failure of the class {@code recovery} gave it in its context (null: not known here);
     * returns its attempt number. The class is what {@link #recoveredEvent} reports once the work succeeds.
     */
    public int failed(Throwable e, Retryability recovery) {
        lastRecovery = recovery;
        if (last != null) {
            previous.add(last);
        } else {
            firstFailureNanos = policy.nanoClock().getAsLong();
        }
        last = e;
        return ++attempt;
    }

    /** The id of the connection whose work this is, for its events. */
    public String connectionId() {
        return connectionId;
    }

    public Deadline deadline() {
        return deadline;
    }

    public Duration remaining() {
        return deadline.remaining();
    }

    public List<Throwable> previous() {
        return previous;
    }

    public Duration elapsed() {
        return Duration.ofNanos(policy.nanoClock().getAsLong() - startNanos);
    }

    public RetryEvent event(Throwable failure, Retryability recovery, Duration delay, String reason) {
        long now = policy.nanoClock().getAsLong();
        return new RetryEvent(Classifier.sqlState(failure), recovery, attempt, maxAttempts, delay,
                connectionId, Duration.ofNanos(now - startNanos), reason, failure,
                Duration.ofNanos(Math.max(0, now - firstFailureNanos)));
    }

    public RetryEvent event(Throwable failure, Attempt decision) {
        return event(failure, decision.recovery(), decision.delay(), decision.reason());
    }

    /** After success: the last failure overcome, for onRecovered. */
    public RetryEvent recoveredEvent() {
        Retryability recovery = lastRecovery != null ? lastRecovery
                : last instanceof SQLException e ? FailureClass.of(e, false, false, false) : Classifier.retryability(last);
        return event(last, recovery, Duration.ZERO, "succeeded after retry");
    }

    /** {@code e}, with the earlier attempts' failures of {@code run} suppressed in it. */
    public static SQLException withPrevious(SQLException e, Run run) {
        for (Throwable earlier : run.previous()) {
            if (earlier != e) {
                e.addSuppressed(earlier);
            }
        }
        return e;
    }
}
