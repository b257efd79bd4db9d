package io.retrying.jdbc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * An allowance of retries shared by every {@link RetryPolicy} that draws on it, as in seed 002: a
 * retry costs {@value #RETRY_COST} tokens ({@value #BACKPRESSURE_COST} for BACKPRESSURE), no retry is
 * allowed while the bucket is at half or below, time refills it (an empty bucket is full again after
 * {@link #DEFAULT_REFILL}), and each success pays {@value #PAYBACK} token back. A count of attempts
 * is not a budget: layers that each retry three times multiply; the bucket does not.
 *
 * <p>{@code new TokenBucket(100)} after four SAFE retries holds 44 and refuses. It is the explicit
 * choice of a fixed budget ({@code retry.tokenBucket=100}, or {@link RetryPolicy.Builder#tokenBucket});
 * the default budget is {@link RetryBudget#shared()}, which scales with the work. The process-wide
 * {@link #shared()} bucket of 500 tokens remains for code that chose it by name.
 *
 * <p><b>Lock-free.</b> The whole state is one volatile long, the moment at which the bucket was (or
 * would have been) empty on the nano clock: the tokens now are the time since then times the refill
 * rate, capped at the capacity. Refill is therefore implicit, and spending ({@code emptyAt} moves
 * forward by the cost's worth of time), paying back (backward) and refilling are one compare-and-set
 * on that long, so they can never be torn apart. Thread-safe; no allocation.
 */
public final class TokenBucket implements RetryBudget {

    /** Tokens a retry costs. */
    public static final int RETRY_COST = 14;
    /** Tokens a BACKPRESSURE retry costs: it waits longer, so it costs less. */
    public static final int BACKPRESSURE_COST = 5;
    /** Tokens a success pays back. */
    public static final int PAYBACK = 1;
    /** How long an empty bucket takes to fill: retrying resumes on the timescale of a failover. */
    public static final Duration DEFAULT_REFILL = Duration.ofMinutes(2);
    /** The capacity of {@link #shared()}. */
    public static final int SHARED_CAPACITY = 500;

    private static final TokenBucket SHARED = new TokenBucket(SHARED_CAPACITY);
    private static final VarHandle EMPTY_AT;

    static {
        try {
            EMPTY_AT = MethodHandles.lookup().findVarHandle(TokenBucket.class, "emptyAt", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int capacity;
    private final long fullNanos;
    private final long retryNanos;
    private final long backpressureNanos;
    private final long paybackNanos;
    private final LongSupplier nanoClock;

    /** When the bucket was empty; tokens = min(capacity, (now - emptyAt) * capacity / fullNanos). */
    @SuppressWarnings("unused") // through EMPTY_AT
    private volatile long emptyAt;

    /** A full bucket of {@code capacity} tokens that refills in {@link #DEFAULT_REFILL}, on {@link System#nanoTime()}. */
    public TokenBucket(int capacity) {
        this(capacity, DEFAULT_REFILL, System::nanoTime);
    }

    /** As {@link #TokenBucket(int)}, on the given nano clock (a test's fake clock). */
    public TokenBucket(int capacity, LongSupplier nanoClock) {
        this(capacity, DEFAULT_REFILL, nanoClock);
    }

    /**
     * A full bucket.
     *
     * @param capacity  tokens when full, at least 1
     * @param refill    how long an empty bucket takes to fill, positive
     * @param nanoClock a monotonic clock in nanoseconds
     * @throws IllegalArgumentException for a capacity below 1 or a refill that is not positive or too long
     */
    public TokenBucket(int capacity, Duration refill, LongSupplier nanoClock) {
        if (refill == null) {
            throw new NullPointerException("refill");
        }
        if (nanoClock == null) {
            throw new NullPointerException("nanoClock");
        }
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1: " + capacity);
        }
        if (refill.isNegative() || refill.isZero()) {
            throw new IllegalArgumentException("refill must be positive: " + refill);
        }
        try {
            this.fullNanos = refill.toNanos();
            this.retryNanos = Math.multiplyExact(fullNanos, (long) RETRY_COST) / capacity;
            this.backpressureNanos = Math.multiplyExact(fullNanos, (long) BACKPRESSURE_COST) / capacity;
            this.paybackNanos = Math.multiplyExact(fullNanos, (long) PAYBACK) / capacity;
        } catch (ArithmeticException tooLong) {
            throw new IllegalArgumentException("refill is too long: " + refill, tooLong);
        }
        this.capacity = capacity;
        this.nanoClock = nanoClock;
        this.emptyAt = nanoClock.getAsLong() - fullNanos; // full
    }

    /**
     * A process-wide bucket of {@value #SHARED_CAPACITY} tokens. No longer any policy's default
     * ({@link RetryBudget#shared()} is): a policy uses it only when built with it.
     */
    public static TokenBucket shared() {
        return SHARED;
    }

    /** The tokens a retry of this class costs: {@value #BACKPRESSURE_COST} for BACKPRESSURE, else {@value #RETRY_COST}. */
    public static int cost(Retryability recovery) {
        return recovery == Retryability.BACKPRESSURE ? BACKPRESSURE_COST : RETRY_COST;
    }

    /** Tokens when full. */
    public int capacity() {
        return capacity;
    }

    /** Spends the cost of one retry of this class unconditionally (never below zero tokens). */
    public void spend(Retryability recovery) {
        take(recovery, false);
    }

    /**
     * Spends the cost of one retry of this class if the bucket allows a retry, in one atomic step:
     * two threads cannot both pass the half-way check on the last tokens.
     *
     * @return true if it spent, false (and spent nothing) if the bucket was at half or below
     */
    public boolean trySpend(Retryability recovery) {
        return take(recovery, true);
    }

    /** Pays back {@value #PAYBACK} token (a success), never past the capacity. */
    public void payBack() {
        for (;;) {
            long now = nanoClock.getAsLong();
            long cur = (long) EMPTY_AT.getVolatile(this);
            if (now - cur >= fullNanos) {
                // already full, as it is nearly always: every successful statement of the process
                // comes here, so a full bucket must cost a read, not a write to a shared cache line
                return;
            }
            long next = refilled(cur, now) - paybackNanos;
            if (now - next > fullNanos) {
                next = now - fullNanos; // full
            }
            if (next - cur > 0) {
                next = cur; // another thread read a later clock: paying back never removes tokens
            }
            if (EMPTY_AT.compareAndSet(this, cur, next)) {
                return;
            }
        }
    }

    /** {@link #trySpend}: the budget's view of the bucket. */
    @Override
    public boolean tryWithdraw(Retryability recovery) {
        return trySpend(recovery);
    }

    /** {@link #payBack}. */
    @Override
    public void deposit() {
        payBack();
    }

    /** {@link #tokens}. */
    @Override
    public double balance() {
        return tokens();
    }

    @Override
    public String describe() {
        return "token bucket at " + String.format(java.util.Locale.ROOT, "%.1f", tokens()) + " of " + capacity
                + " tokens: no retries at half or below";
    }

    /** The tokens now, refill included. */
    public double tokens() {
        long elapsed = elapsed((long) EMPTY_AT.getVolatile(this), nanoClock.getAsLong());
        return elapsed == fullNanos ? capacity : (double) elapsed * capacity / fullNanos;
    }

    /** True while the bucket holds more than half its capacity. */
    public boolean allowsRetry() {
        return allows(elapsed((long) EMPTY_AT.getVolatile(this), nanoClock.getAsLong()));
    }

    private boolean take(Retryability recovery, boolean onlyIfAllowed) {
        if (recovery == null) {
            throw new NullPointerException("recovery");
        }
        long cost = recovery == Retryability.BACKPRESSURE ? backpressureNanos : retryNanos;
        for (;;) {
            long now = nanoClock.getAsLong();
            long cur = (long) EMPTY_AT.getVolatile(this);
            if (onlyIfAllowed && !allows(elapsed(cur, now))) {
                return false;
            }
            long next = refilled(cur, now) + cost;
            if (next - now > 0) {
                next = now; // never below zero tokens
            }
            if (next - cur < 0) {
                next = cur; // another thread read a later clock: spending never adds tokens
            }
            if (EMPTY_AT.compareAndSet(this, cur, next)) {
                return true;
            }
        }
    }

    /** {@code emptyAt} with the refill applied: never further back than one full bucket. */
    private long refilled(long cur, long now) {
        return now - cur > fullNanos ? now - fullNanos : cur;
    }

    /** Time since empty, between 0 and a full bucket's worth; differences keep nanoTime's wrap harmless. */
    private long elapsed(long cur, long now) {
        long elapsed = now - cur;
        return elapsed <= 0 ? 0 : Math.min(elapsed, fullNanos);
    }

    private boolean allows(long elapsed) {
        return elapsed > fullNanos - elapsed; // more than half full, without overflow
    }

    @Override
    public String toString() {
        return "TokenBucket[" + String.format(java.util.Locale.ROOT, "%.1f", tokens()) + "/" + capacity + "]";
    }
}
