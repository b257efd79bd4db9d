package io.retrying.jdbc;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * A point in time on a monotonic nano clock ({@link System#nanoTime()} unless one is injected)
 * after which work should not start again. Immutable and thread-safe.
 *
 * <p>{@link #none()} never expires: its {@link #remaining()} is {@link #FOREVER}, about 292 years,
 * which every comparison treats as infinite without special cases.
 */
public final class Deadline {

    /** What {@link #none()} has remaining: {@code Long.MAX_VALUE} nanoseconds, about 292 years. */
    public static final Duration FOREVER = Duration.ofNanos(Long.MAX_VALUE);

    private static final Deadline NONE = new Deadline(0L, System::nanoTime, true);

    private final long at;
    private final LongSupplier nanoClock;
    private final boolean never;

    private Deadline(long at, LongSupplier nanoClock, boolean never) {
        this.at = at;
        this.nanoClock = nanoClock;
        this.never = never;
    }

    /** The moment {@code d} from now on {@link System#nanoTime()}. */
    public static Deadline after(Duration d) {
        return after(d, System::nanoTime);
    }

    /**
     * The moment {@code d} from now on the given nano clock (a test's fake clock). A duration too
     * long for the clock's range never expires, like {@link #none()}.
     */
    public static Deadline after(Duration d, LongSupplier nanoClock) {
        if (d == null) {
            throw new NullPointerException("d");
        }
        if (nanoClock == null) {
            throw new NullPointerException("nanoClock");
        }
        long nanos;
        try {
            nanos = d.isNegative() ? 0L : d.toNanos();
        } catch (ArithmeticException tooLong) {
            return new Deadline(0L, nanoClock, true);
        }
        if (nanos == Long.MAX_VALUE) {
            return new Deadline(0L, nanoClock, true);
        }
        return new Deadline(nanoClock.getAsLong() + nanos, nanoClock, false);
    }

    /** A deadline that never comes. */
    public static Deadline none() {
        return NONE;
    }

    /** The time left, never negative: zero once expired, {@link #FOREVER} for {@link #none()}. */
    public Duration remaining() {
        if (never) {
            return FOREVER;
        }
        long left = at - nanoClock.getAsLong(); // a difference, so nanoTime's wrap-around is harmless
        return left <= 0 ? Duration.ZERO : Duration.ofNanos(left);
    }

    /** True once no time is left. */
    public boolean expired() {
        return !never && at - nanoClock.getAsLong() <= 0;
    }

    @Override
    public String toString() {
        return never ? "Deadline.none()" : "Deadline[remaining=" + remaining() + "]";
    }
}
