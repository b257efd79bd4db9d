package io.retrying.jdbc;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;

/**
 * Decides whether a failed attempt runs again and how long to wait first; the caller keeps the loop
 * (only it knows whether the work is safe to repeat and whether it wrote). Seed 002, in Java.
 *
 * <pre>{@code
 * RetryPolicy policy = RetryPolicy.defaults();
 * Deadline budget = Deadline.after(Duration.ofSeconds(10));
 * List<Throwable> previous = new ArrayList<>();
 * for (int number = 1; ; number++) {
 *     try {
 *         doWork();
 *         policy.succeeded();
 *         break;
 *     } catch (SQLException e) {
 *         Attempt a = policy.decide(e, number, true, budget.remaining());
 *         if (!a.retry()) {
 *             throw number > 1 ? policy.exhausted(e, number, previous) : e;
 *         }
 *         previous.add(e);
 *         policy.sleeper().sleep(a.delay());
 *     }
 * }
 * }</pre>
 *
 * <p><b>Waits</b> are full jitter: a uniform draw in {@code [0, min(maxDelay, baseDelay * 2^(n-1))]}
 * for failed attempt {@code n}; the cap bounds the ceiling before the draw, so it is a real bound.
 * BACKPRESSURE starts from twice the base ({@code baseDelay * 2^n}), waiting longer without passing
 * the cap. The randomness is what keeps clients that failed together from retrying together.
 *
 * <p><b>{@code decide} says no</b> when the class is not retryable, when the failed attempt was the
 * last ({@code number >= maxAttempts}; the first try counts), when {@code remaining} would not cover
 * the wait plus another attempt, or when the retry budget refuses ({@link RetryBudget}); the
 * {@link Attempt#reason() reason} and {@link Attempt#stop() stop} say which. "Another attempt" is reckoned as one base delay (50 ms
 * by default: a round trip and a short statement): a retry is refused unless
 * {@code remaining > delay + baseDelay}, because an attempt that would start with next to no time left
 * would only cost the server a backend and time out. The budget is charged only when the answer is
 * yes. The delay is clamped to {@code remaining} last, never negative.
 *
 * <p>Immutable and thread-safe after {@link Builder#build()}: one policy serves every connection;
 * the per-execution state (attempt number, previous errors, deadline) is the caller's.
 */
public final class RetryPolicy {

    /** Default attempts, the first try included: one try and up to two retries. */
    public static final int DEFAULT_MAX_ATTEMPTS = 3;
    /** Default base of the backoff. */
    public static final Duration DEFAULT_BASE_DELAY = Duration.ofMillis(50);
    /** Default cap of the backoff's ceiling. */
    public static final Duration DEFAULT_MAX_DELAY = Duration.ofSeconds(2);

    private static final RetryPolicy DEFAULTS = builder().build();

    private final int maxAttempts;
    private final Duration baseDelay;
    private final Duration maxDelay;
    private final long baseNanos;
    private final long capNanos;
    private final RetryBudget budget;
    private final RandomGenerator random;
    private final Sleeper sleeper;
    private final LongSupplier nanoClock;

    private RetryPolicy(Builder b) {
        this.maxAttempts = b.maxAttempts;
        this.baseDelay = b.baseDelay;
        this.maxDelay = b.maxDelay;
        this.baseNanos = b.baseDelay.toNanos();
        this.capNanos = b.maxDelay.toNanos();
        this.budget = b.budget;
        this.random = b.random;
        this.sleeper = b.sleeper;
        this.nanoClock = b.nanoClock;
    }

    /** A builder with the defaults: 3 attempts, 50 ms base, 2 s cap, {@link RetryBudget#shared()}, real time. */
    public static Builder builder() {
        return new Builder();
    }

    /** The policy with every default. */
    public static RetryPolicy defaults() {
        return DEFAULTS;
    }

    /** A builder holding this policy's settings, to derive another policy from it. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.maxAttempts = maxAttempts;
        b.baseDelay = baseDelay;
        b.maxDelay = maxDelay;
        b.budget = budget;
        b.random = random;
        b.sleeper = sleeper;
        b.nanoClock = nanoClock;
        return b;
    }

    /** Attempts in all, the first try included. */
    public int maxAttempts() {
        return maxAttempts;
    }

    /** The base of the backoff. */
    public Duration baseDelay() {
        return baseDelay;
    }

    /** The cap of the backoff's ceiling. */
    public Duration maxDelay() {
        return maxDelay;
    }

    /** The budget retries draw on, or null for none. */
    public RetryBudget budget() {
        return budget;
    }

    /** The budget when it is a {@link TokenBucket} (chosen explicitly), else null. */
    public TokenBucket tokenBucket() {
        return budget instanceof TokenBucket bucket ? bucket : null;
    }

    /** What waits between attempts. */
    public Sleeper sleeper() {
        return sleeper;
    }

    /** The monotonic nano clock that deadlines of work under this policy should use. */
    public LongSupplier nanoClock() {
        return nanoClock;
    }

    /**
     * Whether attempt {@code number} (1-based, the one that just failed with {@code e}) runs again.
     *
     * @param wrote     the failed work may have made writes durable: a lost connection is then
     *                  UNKNOWN, not retried ({@link Classifier#retryability(Throwable, boolean, boolean)})
     * @param remaining the time left before the caller's deadline ({@link Deadline#remaining()});
     *                  {@link Deadline#FOREVER} for none
     */
    public Attempt decide(Throwable e, int number, boolean wrote, Duration remaining) {
        return decide(Classifier.retryability(e, wrote, false), e, number, remaining);
    }

    /**
     * As {@link #decide(Throwable, int, boolean, Duration)} for a class the caller worked out
     * itself: with context the plain classification lacks (merging, a multi-host URL), or raised
     * from UNKNOWN to RECONNECT for work declared idempotent. {@code e} only names the SQLSTATE in
     * the reason.
     */
    public Attempt decide(Retryability recovery, Throwable e, int number, Duration remaining) {
        check(recovery, number, remaining);
        String what = describe(recovery, e);
        if (!recovery.isRetryable()) {
            return Attempt.stop(recovery, what + " is not retryable", StopReason.NOT_RETRYABLE);
        }
        if (number >= maxAttempts) {
            return Attempt.stop(recovery, what + ": attempt " + number + " of " + maxAttempts + " was the last",
                    StopReason.ATTEMPTS);
        }
        return timed(recovery, what, number, remaining, true, false,
                "retry " + number + " of " + (maxAttempts - 1));
    }

    /**
     * Whether dialing a new connection goes on after dial {@code number} failed with {@code e}.
     * There is no attempt limit: the caller bounds the dials by its reconnect window, through
     * {@code remaining}. Only RECONNECT and BACKPRESSURE dial again. Only a live server's
     * BACKPRESSURE answer (53300 full, 53200 out of memory) is drawn from the budget: dialing again
     * adds load to a server that says it has too much. A RECONNECT dial (refused, unreachable, 57P03
     * starting up, in recovery or shutting down, a reset during the start-up) reaches no server
     * that is doing work: it is the patience of a cold start, paced by the backoff and the per-server
     * circuit breaker, bounded by the reconnect window, and neither checks nor charges the budget;
     * so is a pool with nothing to lend (a {@link SQLTransientConnectionException}, HikariCP's
     * acquire timeout): the caller waited in the pool's queue and reached no server.
     *
     * <p>The window is used to its end: when the drawn wait plus another attempt would not fit in
     * {@code remaining} but one attempt still does, the wait is what is left less one attempt's time
     * (one base delay) and that dial is the last, at the window's end. A server that wakes late in
     * the window (seed 001's cold start) is then still reached.
     */
    public Attempt decideReconnect(Throwable e, int number, Duration remaining) {
        Retryability recovery = Classifier.dialRetryability(e);
        check(recovery, number, remaining);
        String what = describe(recovery, e);
        if (recovery != Retryability.RECONNECT && recovery != Retryability.BACKPRESSURE) {
            return Attempt.stop(recovery, what + " is not retried when dialing", StopReason.NOT_RETRYABLE);
        }
        boolean serverSaysFull = recovery == Retryability.BACKPRESSURE && !Classifier.refusedDial(e)
                && !(e instanceof SQLTransientConnectionException);
        return timed(recovery, what, number, remaining, serverSaysFull, true, "dial " + (number + 1));
    }

    /** A success: a deposit in the budget (a token paid back to a bucket). Call it on every success. */
    public void succeeded() {
        if (budget != null) {
            budget.deposit();
        }
    }

    /**
     * The exception to throw when retrying stops after more than one attempt: the last failure's
     * SQLSTATE and vendor code, its message with {@code (reached max retries: N)}, the attempts and
     * the previous failures; cause = {@code last}.
     *
     * @param attempts the attempts made, the first try included
     * @param previous the earlier failures, oldest first
     */
    public SQLException exhausted(Throwable last, int attempts, List<? extends Throwable> previous) {
        if (last == null) {
            throw new NullPointerException("last");
        }
        if (previous == null) {
            throw new NullPointerException("previous");
        }
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts must be at least 1: " + attempts);
        }
        return new RetriesExhaustedException(last, attempts, previous);
    }

    /**
     * As {@link #exhausted(Throwable, int, List)}, saying why retrying stopped: {@code refused} is
     * the decision that said no. Its {@link Attempt#stop() stop} reason decides the message: the
     * attempt limit gives {@code (reached max retries: N)}, the budget
     * {@code (retry refused by the retry budget after N attempts: ...)}, the deadline (or a later
     * failure that is not retried) {@code (gave up after N attempts: ...)}.
     */
    public SQLException exhausted(Throwable last, int attempts, List<? extends Throwable> previous, Attempt refused) {
        if (refused == null) {
            throw new NullPointerException("refused");
        }
        exhausted(last, attempts, previous); // checks the arguments
        StopReason why = refused.stop() == null ? StopReason.ATTEMPTS : refused.stop();
        String detail = why == StopReason.BUDGET ? (budget != null ? budget.describe() : null)
                : why == StopReason.ATTEMPTS ? null : refused.reason();
        return new RetriesExhaustedException(last, attempts, previous, why, detail);
    }

    /** The ceiling of the draw after failed attempt {@code number}: {@code min(cap, base * 2^(n-1))}, BACKPRESSURE one doubling on. */
    Duration ceiling(Retryability recovery, int number) {
        return Duration.ofNanos(ceilingNanos(recovery, number));
    }

    private long ceilingNanos(Retryability recovery, int number) {
        int doublings = recovery.wantsLongerDelay() ? number : number - 1;
        if (baseNanos == 0) {
            return 0;
        }
        if (doublings >= 63 || baseNanos > (capNanos >> doublings)) {
            return capNanos; // base * 2^doublings would pass the cap (or overflow)
        }
        return Math.min(capNanos, baseNanos << doublings);
    }

    private Attempt timed(Retryability recovery, String what, int number, Duration remaining,
                          boolean charge, boolean lastAtEnd, String next) {
        // computed -> random -> deadline -> budget -> clamp, as Failsafe's DelayablePolicy does
        long ceiling = ceilingNanos(recovery, number);
        RandomGenerator r = random != null ? random : ThreadLocalRandom.current();
        long drawn = ceiling <= 0 ? 0 : ceiling == Long.MAX_VALUE ? r.nextLong(ceiling) : r.nextLong(ceiling + 1);
        Duration delay = Duration.ofNanos(drawn);
        if (remaining.compareTo(delay.plus(baseDelay)) <= 0) {
            if (!lastAtEnd || remaining.compareTo(baseDelay) <= 0 || remaining.isZero()) {
                return Attempt.stop(recovery, what + ": deadline: " + words(remaining)
                        + " left would not cover a " + words(delay) + " wait plus another attempt", StopReason.DEADLINE);
            }
            // a dial: the window is the caller's patience, so the last dial goes at its end rather
            // than giving up with time left (seed 001: a cold server that wakes in 700 ms)
            delay = remaining.minus(baseDelay);
            next = "last " + next + " at the window's end";
        }
        if (charge && budget != null && !budget.tryWithdraw(recovery)) {
            return Attempt.stop(recovery, what + ": " + budget.describe(), StopReason.BUDGET);
        }
        if (delay.compareTo(remaining) > 0) {
            delay = remaining;
        }
        if (delay.isNegative()) {
            delay = Duration.ZERO;
        }
        return Attempt.retry(delay, recovery, what + ": " + next + " after " + words(delay));
    }

    private static void check(Retryability recovery, int number, Duration remaining) {
        if (recovery == null) {
            throw new NullPointerException("recovery");
        }
        if (remaining == null) {
            throw new NullPointerException("remaining");
        }
        if (number < 1) {
            throw new IllegalArgumentException("number is 1-based: " + number);
        }
    }

    private static String describe(Retryability recovery, Throwable e) {
        String state = e == null ? null : Classifier.sqlState(e);
        return state == null ? recovery.name() : recovery + " (SQLState " + state + ")";
    }

    private static String words(Duration d) {
        if (d.compareTo(Deadline.FOREVER) >= 0) {
            return "unlimited time";
        }
        long micros = d.toNanos() / 1000;
        return micros % 1000 == 0 ? micros / 1000 + " ms" : String.format(java.util.Locale.ROOT, "%.3f ms", micros / 1000.0);
    }

    @Override
    public String toString() {
        return "RetryPolicy[maxAttempts=" + maxAttempts + ", baseDelay=" + baseDelay + ", maxDelay=" + maxDelay
                + ", budget=" + (budget == RetryBudget.shared() ? "shared" : String.valueOf(budget)) + "]";
    }

    /**
     * Builds a {@link RetryPolicy}; not thread-safe, and reusable: {@link #build()} copies.
     * Errors: a null argument throws {@link NullPointerException}, a bad value
     * {@link IllegalArgumentException} naming the parameter, conflicting settings
     * {@link IllegalStateException} at {@link #build()}.
     */
    public static final class Builder {
        private int maxAttempts = DEFAULT_MAX_ATTEMPTS;
        private Duration baseDelay = DEFAULT_BASE_DELAY;
        private Duration maxDelay = DEFAULT_MAX_DELAY;
        private RetryBudget budget = RetryBudget.shared();
        private boolean bucketGiven;
        private boolean noBucket;
        private RandomGenerator random;
        private Sleeper sleeper = Sleeper.system();
        private LongSupplier nanoClock = System::nanoTime;

        private Builder() {
        }

        /** Attempts in all, the first try included; at least 1 (1 = never retry). Default 3. */
        public Builder maxAttempts(int maxAttempts) {
            if (maxAttempts < 1) {
                throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
            }
            this.maxAttempts = maxAttempts;
            return this;
        }

        /** The base of the backoff, zero or more. Default 50 ms. */
        public Builder baseDelay(Duration baseDelay) {
            this.baseDelay = nonNegative(baseDelay, "baseDelay");
            return this;
        }

        /** The cap of the backoff's ceiling, zero or more and not below the base. Default 2 s. */
        public Builder maxDelay(Duration maxDelay) {
            this.maxDelay = nonNegative(maxDelay, "maxDelay");
            return this;
        }

        /** The budget retries draw on. Default {@link RetryBudget#shared()}. */
        public Builder budget(RetryBudget budget) {
            if (budget == null) {
                throw new NullPointerException("budget");
            }
            this.budget = budget;
            this.bucketGiven = true;
            return this;
        }

        /** A seed 002 token bucket as the budget (the explicit choice of a fixed budget). */
        public Builder tokenBucket(TokenBucket tokenBucket) {
            if (tokenBucket == null) {
                throw new NullPointerException("tokenBucket");
            }
            return budget(tokenBucket);
        }

        /** No budget: only the attempt limit and the deadline bound retries. */
        public Builder noBudget() {
            this.budget = null;
            this.noBucket = true;
            return this;
        }

        /** {@link #noBudget()}. */
        public Builder noTokenBucket() {
            return noBudget();
        }

        /** The source of the jitter. Default: {@link ThreadLocalRandom} of the calling thread. */
        public Builder random(RandomGenerator random) {
            if (random == null) {
                throw new NullPointerException("random");
            }
            this.random = random;
            return this;
        }

        /** What waits between attempts. Default {@link Sleeper#system()}. */
        public Builder sleeper(Sleeper sleeper) {
            if (sleeper == null) {
                throw new NullPointerException("sleeper");
            }
            this.sleeper = sleeper;
            return this;
        }

        /** The monotonic clock in nanoseconds. Default {@link System#nanoTime()}. */
        public Builder nanoClock(LongSupplier nanoClock) {
            if (nanoClock == null) {
                throw new NullPointerException("nanoClock");
            }
            this.nanoClock = nanoClock;
            return this;
        }

        /**
         * The policy.
         *
         * @throws IllegalStateException when baseDelay exceeds maxDelay, or when both a budget
         *                               ({@link #budget}, {@link #tokenBucket}) and no budget were set
         */
        public RetryPolicy build() {
            if (baseDelay.compareTo(maxDelay) > 0) {
                throw new IllegalStateException("baseDelay " + baseDelay + " exceeds maxDelay " + maxDelay);
            }
            if (bucketGiven && noBucket) {
                throw new IllegalStateException("both a budget (budget(...) or tokenBucket(...)) and noBudget() were set");
            }
            return new RetryPolicy(this);
        }

        private static Duration nonNegative(Duration d, String name) {
            if (d == null) {
                throw new NullPointerException(name);
            }
            if (d.isNegative()) {
                throw new IllegalArgumentException(name + " must not be negative: " + d);
            }
            try {
                d.toNanos();
            } catch (ArithmeticException tooLong) {
                throw new IllegalArgumentException(name + " is too long: " + d, tooLong);
            }
            return d;
        }
    }
}
