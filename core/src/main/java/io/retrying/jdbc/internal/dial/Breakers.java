package io.retrying.jdbc.internal.dial;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The circuit breakers of the process, one per server, as {@code TokenBucket.shared()} is one
 * bucket: every data source and driver URL that dials {@code host:port} shares its breaker, so a
 * server that is down is probed once per interval by the whole process, not once per pool.
 * Thread-safe; a breaker, once made, stays (one small object per server ever dialed).
 */
public final class Breakers {
    private static final Breakers SHARED = new Breakers();

    private final Map<String, CircuitBreaker> byServer = new ConcurrentHashMap<>();

    /** A registry of its own, for tests. */
    public Breakers() {
    }

    /** The process-wide registry. */
    public static Breakers shared() {
        return SHARED;
    }

    /** The breaker of {@code server} ({@code host:port}, or a multi-host target's key). */
    public CircuitBreaker of(String server) {
        CircuitBreaker b = byServer.get(server);
        return b != null ? b : byServer.computeIfAbsent(server, CircuitBreaker::new);
    }

    /** The breaker of {@code server} if one was made; null otherwise (for metrics: never creates). */
    public CircuitBreaker find(String server) {
        return byServer.get(server);
    }

    /** Every breaker made so far, by server (a snapshot view for metrics). */
    public Map<String, CircuitBreaker> all() {
        return Map.copyOf(byServer);
    }
}
