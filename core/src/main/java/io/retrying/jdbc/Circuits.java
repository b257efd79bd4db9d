package io.retrying.jdbc;

import io.retrying.jdbc.internal.dial.Breakers;
import io.retrying.jdbc.internal.dial.CircuitBreaker;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A read-only view of the process's circuit breakers, one per server dialed (docs/dialing.md, "A
 * breaker per server"): for a health check or a status page. Reading it changes nothing and dials
 * nothing. The server is {@code host:port} (or a multi-host target's key): never a user or password.
 */
public final class Circuits {

    /**
     * One server's breaker as it stands.
     *
     * @param server              {@code host:port}, or a multi-host target's key
     * @param state               its state now
     * @param consecutiveFailures the dials in a row that reached no server
     */
    public record Circuit(String server, CircuitState state, int consecutiveFailures) {}

    private Circuits() {
    }

    /** Every server dialed so far, by server name; empty before the first dial. */
    public static List<Circuit> all() {
        List<Circuit> circuits = new ArrayList<>();
        for (CircuitBreaker b : Breakers.shared().all().values()) {
            circuits.add(new Circuit(b.server(), b.state(), b.consecutiveFailures()));
        }
        circuits.sort(Comparator.comparing(Circuit::server));
        return List.copyOf(circuits);
    }
}
