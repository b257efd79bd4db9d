package io.retrying.jdbc.internal.unit;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.Deadline;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.internal.events.RetryReporter;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The retry loop of seed 002, run for the caller, for a whole unit of work declared idempotent
 * ({@code @Idempotent} methods, {@code Retrying.inTransaction}): the unit runs again, whole, for
 * every retryable class, UNKNOWN included.
 *
 * <p>UNKNOWN (08007, 40003, a connection lost under a write or a COMMIT) is what the declaration
 * is for: the first run may have taken effect, and the unit promises that running it again does
 * no harm. It is decided as RECONNECT, the class whose recovery is "run again on a fresh
 * connection" (what a unit does on every run anyway), and reported as UNKNOWN.
 *
 * <p>Every other decision is {@link RetryPolicy#decide}'s: FATAL surfaces at once, and so does a
 * {@code RetriesExhaustedException} from a retrying layer beneath ({@link Classifier} makes it
 * FATAL, so that stacked layers do not multiply their attempts); the attempt limit, the deadline
 * and the token bucket bound the rest. Errors ({@code Throwable}s that are not exceptions) are
 * never retried and pass through unreported.
 *
 * <p>Immutable and thread-safe; the state of one call lives on its stack.
 */
public final class UnitRetry {

    /** One run of a unit of work. */
    public interface Unit<T> {
        /** Runs the unit once. */
        T run() throws Exception;

        /** The class of a failure of {@link #run()}; by default the failure's own, read along its causes. */
        default Retryability classify(Exception failure) {
            return Classifier.retryability(failure);
        }
    }

    private final RetryPolicy policy;
    private final RetryReporter reporter;

    /**
     * @param policy decides every retry
     * @param listener hears of every retry, recovery and give-up; {@code null} for none
     */
    public UnitRetry(RetryPolicy policy, RetryListener listener) {
        if (policy == null) {
            throw new NullPointerException("policy");
        }
        this.policy = policy;
        this.reporter = RetryReporter.of(listener);
    }

    /** The policy deciding the retries. */
    public RetryPolicy policy() {
        return policy;
    }

    /**
     * Runs {@code unit} until it succeeds or the policy says no.
     *
     * @param name the unit's name in log lines and events (a method, "inTransaction"); no data
     * @param deadline no run starts after it
     * @param exhaustedAllowed whether the caller may throw a {@code RetriesExhaustedException} (a
     *     checked {@link SQLException}); when not, a unit that ran out of attempts throws its last
     *     failure as is, with the earlier ones as suppressed exceptions
     * @return what the successful run returned
     * @throws Exception the failure that surfaces: the unit's own (with the earlier failures as
     *     suppressed exceptions), or {@link RetryPolicy#exhausted} when more than one run was made
     *     and retrying stopped for want of attempts, time or budget
     */
    public <T> T run(Unit<T> unit, String name, Deadline deadline, boolean exhaustedAllowed) throws Exception {
        long startNanos = policy.nanoClock().getAsLong();
        List<Exception> previous = null;
        Retryability lastClass = null;
        long firstFailureNanos = 0;
        for (int number = 1; ; number++) {
            try {
                T result = unit.run();
                policy.succeeded();
                if (previous != null) {
                    Exception last = previous.get(previous.size() - 1);
                    reporter.recovered(event(last, lastClass, number, Duration.ZERO, name, startNanos, firstFailureNanos,
                            "succeeded after retry"));
                } else {
                    reporter.succeededWithoutRetry();
                }
                return result;
            } catch (Exception e) {
                if (previous == null) {
                    firstFailureNanos = policy.nanoClock().getAsLong();
                }
                Retryability found = unit.classify(e);
                Retryability decided = found == Retryability.UNKNOWN ? Retryability.RECONNECT : found;
                Attempt attempt = policy.decide(decided, e, number, deadline.remaining());
                String reason = found == decided ? attempt.reason()
                        : "UNKNOWN, run again as the unit is idempotent: " + attempt.reason();
                if (!attempt.retry()) {
                    reporter.stopped(event(e, found, number, Duration.ZERO, name, startNanos, firstFailureNanos, reason),
                            attempt);
                    throw giveUp(e, number, previous, attempt, exhaustedAllowed);
                }
                reporter.retrying(event(e, found, number, attempt.delay(), name, startNanos, firstFailureNanos, reason));
                if (previous == null) {
                    previous = new ArrayList<>(2);
                }
                previous.add(e);
                lastClass = found;
                sleep(attempt.delay(), e, previous);
            }
        }
    }

    private Exception giveUp(Exception e, int number, List<Exception> previous, Attempt refused,
            boolean exhaustedAllowed) {
        if ((refused.refusedByBudget() || number > 1 && refused.recovery().isRetryable()) && exhaustedAllowed) {
            // retryable, but no attempt, time or budget left: say the unit was retried (or refused a retry), not tried once
            return policy.exhausted(e, number, previous == null ? List.of() : previous, refused);
        }
        return withPrevious(e, previous);
    }

    private static Exception withPrevious(Exception e, List<Exception> previous) {
        if (previous != null) {
            for (Exception earlier : previous) {
                if (earlier != e) {
                    e.addSuppressed(earlier);
                }
            }
        }
        return e;
    }

    private void sleep(Duration delay, Exception failure, List<Exception> previous) throws Exception {
        try {
            if (Thread.currentThread().isInterrupted()) {
                // interrupted during the run: no new run, even when the wait is zero (full jitter can
                // draw it) and there is no sleep to throw
                throw new InterruptedException("interrupted before the retry");
            }
            if (!delay.isZero()) {
                policy.sleeper().sleep(delay);
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            previous.remove(previous.size() - 1);
            Exception e = withPrevious(failure, previous);
            e.addSuppressed(interrupted);
            throw e;
        }
    }

    private RetryEvent event(Exception failure, Retryability recovery, int attempt, Duration delay, String name,
            long startNanos, long firstFailureNanos, String reason) {
        long now = policy.nanoClock().getAsLong();
        return new RetryEvent(Classifier.sqlState(failure), recovery, attempt, policy.maxAttempts(), delay, name,
                Duration.ofNanos(Math.max(0, now - startNanos)), reason, failure,
                Duration.ofNanos(Math.max(0, now - firstFailureNanos)));
    }
}
