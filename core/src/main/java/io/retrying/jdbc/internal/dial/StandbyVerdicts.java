package io.retrying.jdbc.internal.dial;

import java.lang.ref.WeakReference;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.postgresql.PGConnection;

/**
 * The physical connections of a reader pool found usable (and whether the pool lent nothing a moment
 * ago), remembered so that a borrow for reads
 * costs no round trip (issue 27). A pool lends the same few connections again and again; asking each
 * borrow's server whether it is a standby and how far it lags would add two round trips to every
 * read-only unit of work.
 *
 * <p>How long a verdict holds: the lag is {@code now() - pg_last_xact_replay_timestamp()}, and the
 * replay timestamp never goes back, so a lag measured as {@code L} is at most {@code L + t} after a
 * time {@code t}: the verdict holds for {@code maxLag - L}, and the bound is kept exactly. A
 * promotion is seen from pgjdbc's memory: the server reports {@code in_hot_standby} (PostgreSQL 14
 * and later) to its sessions when it leaves recovery, and a connection that says {@code off} is asked
 * again.
 *
 * <p>A table of a few slots, indexed by the pgjdbc connection's identity hash, each slot an
 * immutable verdict set and read with no lock: two connections on one slot only cost one of them a
 * question. The pgjdbc connection is held weakly, so one the pool closed is not kept. Thread-safe.
 */
public final class StandbyVerdicts {

    private static final int SLOTS = 64; // a power of two, above any reader pool's usual size

    /**
     * How long reads leave the pool of readers alone after it lent nothing (its acquire timeout: the
     * standbys down, or every reader busy): each read would otherwise wait that timeout again before
     * falling back. Long enough that the reads of the next moments do not pay it, short enough that
     * a standby back is read from within seconds.
     */
    public static final int REST_SECONDS = 5;
    private static final long REST_NANOS = REST_SECONDS * 1_000_000_000L;

    private record Verdict(WeakReference<Object> physical, long goodUntilNanos) {
    }

    private final AtomicReferenceArray<Verdict> slots = new AtomicReferenceArray<>(SLOTS);

    /** Until when (System.nanoTime) reads leave the pool alone, while {@link #resting}; volatile, no lock. */
    private volatile long restUntil;
    private volatile boolean resting;

    StandbyVerdicts() {
    }

    /** Whether the pool of readers lent nothing a moment ago ({@link #REST_NANOS}): reads then fall back at once. */
    public boolean poolResting() {
        return resting && System.nanoTime() - restUntil < 0;
    }

    /** The pool of readers lent nothing: reads leave it alone for a while. */
    public void poolLentNothing() {
        restUntil = System.nanoTime() + REST_NANOS;
        resting = true;
    }

    /** The pgjdbc connection under the pool's proxy: what stays the same from one borrow to the next. */
    public static Object key(Connection borrowed) {
        try {
            return borrowed.unwrap(PGConnection.class);
        } catch (SQLException | RuntimeException notPgjdbc) {
            return borrowed;
        }
    }

    /** Whether {@code key}'s server was found a standby within the bound, and still must be. */
    public boolean usable(Object key) {
        Verdict v = slots.get(slot(key));
        return v != null && v.physical.get() == key && System.nanoTime() - v.goodUntilNanos < 0 && stillStandby(key);
    }

    /** {@code key}'s server is a standby {@code lagMs} behind, within {@code bound}. */
    public void found(Object key, long lagMs, Duration bound) {
        long holds = Math.max(0, bound.toMillis() - lagMs) * 1_000_000L;
        slots.set(slot(key), new Verdict(new WeakReference<>(key), System.nanoTime() + holds));
    }

    private static boolean stillStandby(Object key) {
        // null: a server before 14 does not report it, and the time bound alone applies
        return !(key instanceof PGConnection pg) || !"off".equals(pg.getParameterStatus("in_hot_standby"));
    }

    private static int slot(Object key) {
        int h = System.identityHashCode(key);
        return (h ^ (h >>> 16)) & (SLOTS - 1);
    }
}
