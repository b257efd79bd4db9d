package io.retrying.jdbc.internal.dial;

import io.retrying.jdbc.CircuitEvent;
import io.retrying.jdbc.internal.config.BreakerSettings;
import io.retrying.jdbc.internal.dial.CircuitBreaker.Pass;
import java.sql.SQLException;
import java.util.function.Consumer;

/**
 * The hosts of a multi-host URL one dial tries: those whose breaker lets a dial through (closed, or
 * this dial is its probe). A host whose breaker is open is skipped while another can be tried;
 * when every one is open, all are tried (pgjdbc's own rule when no host is known good), and the
 * target's breaker paces those dials. pgjdbc then applies its own rules (targetServerType,
 * loadBalanceHosts, hostRecheckSeconds) to the hosts it is given.
 */
public final class HostChoice {
    private final DialTarget target;
    private final BreakerSettings settings;
    private final Pass[] passes;
    private final boolean[] tried;

    private HostChoice(DialTarget target, BreakerSettings settings, Pass[] passes, boolean[] tried) {
        this.target = target;
        this.settings = settings;
        this.passes = passes;
        this.tried = tried;
    }

    /** Asks each host's breaker; never waits. */
    public static HostChoice of(DialTarget target, BreakerSettings settings, long now, Consumer<CircuitEvent> transitions) {
        int n = target.hostBreakers().size();
        Pass[] passes = new Pass[n];
        boolean[] tried = new boolean[n];
        boolean any = false;
        for (int i = 0; i < n; i++) {
            passes[i] = target.hostBreakers().get(i).tryPass(now, transitions);
            tried[i] = passes[i].dials();
            any |= tried[i];
        }
        if (!any) {
            java.util.Arrays.fill(tried, true);
        }
        return new HostChoice(target, settings, passes, tried);
    }

    /** The caller's breaker settings, for the hosts' breakers. */
    public BreakerSettings settings() {
        return settings;
    }

    /** Whether host {@code i} (in the URL's order) is tried. */
    public boolean tries(int i) {
        return tried[i];
    }

    /** Whether some host is skipped. */
    public boolean skipsAny() {
        for (boolean t : tried) {
            if (!t) {
                return true;
            }
        }
        return false;
    }

    /**
     * Runs the dial with the hosts' transitions going to {@code transitions}, its sockets watched
     * ({@link ObservingSocketFactory#observe}): pgjdbc connects on this thread, where the sockets
     * find them.
     */
    public <T> T dialing(Consumer<CircuitEvent> transitions, ObservingSocketFactory.Dial<T, SQLException> dial)
            throws SQLException {
        return ObservingSocketFactory.observe(transitions, dial);
    }

    /** After the dial: a probe whose host pgjdbc never reached (it connected elsewhere first) is handed on. */
    public void done(long now, Consumer<CircuitEvent> transitions) {
        for (int i = 0; i < passes.length; i++) {
            if (passes[i].probe()) {
                target.hostBreakers().get(i).release(passes[i], now, transitions);
            }
        }
    }
}
