package io.retrying.jdbc;

import java.time.Duration;

/**
 * A transition of a server's circuit breaker, for {@link RetryListener#onCircuitStateChange}.
 *
 * @param server what the breaker guards: {@code host:port}, or for a URL naming several hosts the
 *     list with its {@code targetServerType} (never a user or password)
 * @param from the state before
 * @param to the state after
 * @param consecutiveFailures dials in a row that reached no server, when the transition happened
 * @param openFor for a transition to {@link CircuitState#OPEN}: how long no dial goes there;
 *     otherwise {@link Duration#ZERO}
 */
public record CircuitEvent(String server, CircuitState from, CircuitState to, int consecutiveFailures,
                           Duration openFor) {}
