package io.retrying.jdbc;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The default retry budget: retries as a share of the work that succeeds, over a floor that scales
 * with the connections drawing on it. Finagle's {@code RetryBudget} (a percentage of the requests
 * of the last seconds plus a minimum per second) and Envoy's retry budget (a percentage of the
 * active requests with a minimum concurrency) are its models.
 *
 * <ul>
 *   <li><b>Share of the work.</b> Each success ({@link #deposit()}) adds {@value #SHARE} of a retry:
 *       a retry per ten successes, so that with the server struggling (saturated, a storm of
 *       conflicts) the physical attempts stay near 1.1 per logical one.</li>
 *   <li><b>A floor that scales with the connections.</b> The balance is drawn back toward a floor
 *       with a time constant of {@link #WINDOW} (10 s): deposits older than that fade out, and a
 *       spent budget refills toward the floor, at {@code floor / 10 s} when empty. The floor is
 *       {@value #FLOOR_PER_SECOND} retries a second over the window (100), or
 *       {@value #PER_CONNECTION} retries per open logical connection when that is more: every
 *       connection busy when a server crashes or fails over meets the outage once and retries
 *       once, so a pool of any size rides one outage, and a second one seconds later, on the
 *       floor alone, with nothing configured.</li>
 *   <li>A retry costs one, whatever its class; none is made below one.</li>
 * </ul>
 *
 * <p>Dials that reach no working server (refused, 57P03 starting up or in recovery) are not drawn
 * from any budget: the reconnect window and the per-server circuit breaker bound them
 * ({@link RetryPolicy#decideReconnect}).
 *
 * <p><b>Cost.</b> {@link #deposit()}, on every success, is one {@link LongAdder} increment: striped,
 * no shared cache line written under contention, no allocation, no clock read. The balance is
 * worked out only when a retry is asked for (the failure path): one compare-and-set of an immutable
 * state, the successes since the last look folded in as if they had arrived evenly. Thread-safe.
 */
public final class ScalingRetryBudget implements RetryBudget {

    /** Retries each success adds. */
    public static final double SHARE = 0.1;
    /** Retries a second the floor allows over {@link #WINDOW}, with no success at all. */
    public static final int FLOOR_PER_SECOND = 10;
    /** Retries the floor allows per open logical connection, when that is more. */
    public static final int PER_CONNECTION = 2;
    /** How long deposits count, and how fast a spent budget refills (the time constant). */
    public static final Duration WINDOW = Duration.ofSeconds(10);

    private static final ScalingRetryBudget SHARED = new ScalingRetryBudget();

    private final LongSupplier nanoClock;
    private final double windowNanos;
    private final double minimumFloor;
    private final LongAdder successes = new LongAdder();
    private final LongAdder connections = new LongAdder();
    private final AtomicReference<State> state;

    /** The balance at a moment, and the successes counted into it. */
    private record State(double balance, long at, long folded) {}

    /** A budget of its own on {@link System#nanoTime()}, with the defaults. */
    public ScalingRetryBudget() {
        this(System::nanoTime);
    }

    /** A budget of its own on the given monotonic nano clock (a test's fake clock), with the defaults. */
    public ScalingRetryBudget(LongSupplier nanoClock) {
        if (nanoClock == null) {
            throw new NullPointerException("nanoClock");
        }
        this.nanoClock = nanoClock;
        this.windowNanos = WINDOW.toNanos();
        this.minimumFloor = FLOOR_PER_SECOND * (double) WINDOW.toSeconds();
        this.state = new AtomicReference<>(new State(minimumFloor, nanoClock.getAsLong(), 0));
    }

    /** The process-wide budget, every policy's default. */
    public static ScalingRetryBudget shared() {
        return SHARED;
    }

    @Override
    public boolean tryWithdraw(Retryability recovery) {
        if (recovery == null) {
            throw new NullPointerException("recovery");
        }
        for (;;) {
            State s = state.get();
            long now = nanoClock.getAsLong();
            long counted = successes.sum();
            double balance = settled(s, now, counted);
            if (balance < 1) {
                return false;
            }
            if (state.compareAndSet(s, new State(balance - 1, now, Math.max(counted, s.folded)))) {
                return true;
            }
        }
    }

    @Override
    public void deposit() {
        successes.increment();
    }

    /** The retries the budget would allow now. */
    @Override
    public double balance() {
        return settled(state.get(), nanoClock.getAsLong(), successes.sum());
    }

    /** The floor the balance is drawn back to: 100, or {@value #PER_CONNECTION} per open logical connection. */
    public double floor() {
        return Math.max(minimumFloor, PER_CONNECTION * (double) connections.sum());
    }

    @Override
    public void connectionOpened() {
        connections.increment();
    }

    @Override
    public void connectionClosed() {
        connections.decrement();
    }

    /**
     * The balance at {@code now}: the last one drawn toward the floor ({@code e^-t/window}), plus
     * the successes since, each worth {@link #SHARE}, faded as if they had come evenly over the time
     * since (the integral of the same decay: {@code (1 - e^-x) / x} of their sum).
     */
    private double settled(State s, long now, long counted) {
        double floor = floor();
        long elapsed = now - s.at;
        double x = elapsed <= 0 ? 0 : elapsed / windowNanos;
        double decay = Math.exp(-x);
        long fresh = Math.max(0, counted - s.folded);
        double deposits = fresh == 0 ? 0 : SHARE * fresh * (x < 1e-9 ? 1 : (1 - decay) / x);
        return floor + (s.balance - floor) * decay + deposits;
    }

    @Override
    public String describe() {
        double floor = floor();
        return String.format(Locale.ROOT, "retry budget spent: %.1f retries left; it grows by %s of a retry with each"
                + " success and refills toward %.0f (%.0f a second when empty)", balance(), SHARE, floor,
                floor / WINDOW.toSeconds());
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "ScalingRetryBudget[%.1f retries, floor %.0f]", balance(), floor());
    }
}
