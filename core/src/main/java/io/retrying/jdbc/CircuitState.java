package io.retrying.jdbc;

/**
 * The state of the circuit breaker of one server (host:port): see docs/dialing.md, "A breaker per
 * server".
 */
public enum CircuitState {
    /** Dials go through. */
    CLOSED,
    /** Several consecutive dials reached no server: none goes there until the open interval ends. */
    OPEN,
    /** One probe dial is in flight; other callers wait for its outcome instead of dialing. */
    HALF_OPEN
}
