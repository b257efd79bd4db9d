package io.retrying.jdbc.internal.config;

import java.time.Duration;
import java.util.Objects;

/**
 * How the per-server circuit breakers behave for one data source (or driver URL). The breakers
 * are shared by the process; these settings are the caller's, applied when its dial moves one.
 *
 * @param enabled whether dials go through the breakers at all ({@code retry.breaker})
 * @param threshold consecutive dials that reached no server before the breaker opens
 *     ({@code retry.breakerThreshold}, at least 1)
 * @param baseOpen the first open interval's ceiling; each opening in a row doubles it
 * @param maxOpen the cap of the open interval ({@code retry.breakerMaxOpenMs}): far below a
 *     failover manager's TTL (Patroni's is 30 s), and short enough that a server that is back is
 *     found within it
 */
public record BreakerSettings(boolean enabled, int threshold, Duration baseOpen, Duration maxOpen) {

    /** Consecutive failures to reach a server before its breaker opens. */
    public static final int DEFAULT_THRESHOLD = 3;
    /** The first open interval's ceiling. */
    public static final Duration DEFAULT_BASE_OPEN = Duration.ofMillis(50);
    /** The open interval's cap. */
    public static final Duration DEFAULT_MAX_OPEN = Duration.ofMillis(200);

    private static final BreakerSettings DEFAULTS =
            new BreakerSettings(true, DEFAULT_THRESHOLD, DEFAULT_BASE_OPEN, DEFAULT_MAX_OPEN);
    private static final BreakerSettings OFF =
            new BreakerSettings(false, DEFAULT_THRESHOLD, DEFAULT_BASE_OPEN, DEFAULT_MAX_OPEN);

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException for a threshold below 1, a negative or zero interval, or a
     *     base above the cap
     */
    public BreakerSettings {
        Objects.requireNonNull(baseOpen, "baseOpen");
        Objects.requireNonNull(maxOpen, "maxOpen");
        if (threshold < 1) {
            throw new IllegalArgumentException("threshold must be at least 1: " + threshold);
        }
        if (maxOpen.isNegative() || maxOpen.isZero()) {
            throw new IllegalArgumentException("maxOpen must be positive: " + maxOpen);
        }
        if (baseOpen.isNegative() || baseOpen.isZero()) {
            throw new IllegalArgumentException("baseOpen must be positive: " + baseOpen);
        }
        if (baseOpen.compareTo(maxOpen) > 0) {
            baseOpen = maxOpen; // a cap below the default base: the cap wins
        }
    }

    /** On, threshold 3, open intervals from 50 ms growing to 200 ms. */
    public static BreakerSettings defaults() {
        return DEFAULTS;
    }

    /** No breaker: every dial goes through, as before. */
    public static BreakerSettings off() {
        return OFF;
    }

    /** A copy turned on or off. */
    public BreakerSettings withEnabled(boolean on) {
        return new BreakerSettings(on, threshold, baseOpen, maxOpen);
    }

    /** A copy with another threshold. */
    public BreakerSettings withThreshold(int n) {
        return new BreakerSettings(enabled, n, baseOpen, maxOpen);
    }

    /** A copy with another cap of the open interval. */
    public BreakerSettings withMaxOpen(Duration cap) {
        return new BreakerSettings(enabled, threshold, baseOpen.compareTo(cap) > 0 ? cap : baseOpen, cap);
    }
}
