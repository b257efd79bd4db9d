package io.retrying.jdbc.internal.dial;

import io.retrying.jdbc.CircuitEvent;
import io.retrying.jdbc.internal.RetryReporter;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import javax.net.SocketFactory;

/**
 * pgjdbc's {@code socketFactory} for a URL that names several hosts: plain sockets, whose TCP
 * connect tells each host's breaker whether that host was reached. pgjdbc tries the hosts one by
 * one inside a single dial and reports only the last failure, so this is the one place that sees
 * which host refused. A connect that fails counts against its host; one that succeeds reaches it
 * (a standby that answers is there, even if it is not the primary asked for).
 *
 * <p>pgjdbc makes one per connection attempt, from its class name, with the
 * {@code socketFactoryArg} string: {@code threshold,baseOpenMs,maxOpenMs} of the caller's
 * breaker settings ({@link #arg}). Transitions go to the listener of the dialing thread when it
 * set one ({@link #transitionsOf}), else to the log.
 */
public final class ObservingSocketFactory extends SocketFactory {
    private static final ThreadLocal<Consumer<CircuitEvent>> TRANSITIONS = new ThreadLocal<>();
    private static final Consumer<CircuitEvent> LOG = RetryReporter.of(null)::circuit;

    private final BreakerSettings settings;

    /** pgjdbc's constructor: {@code threshold,baseOpenMs,maxOpenMs}; the defaults when unreadable. */
    public ObservingSocketFactory(String arg) {
        this.settings = parse(arg);
    }

    /** The {@code socketFactoryArg} for {@code settings}. */
    public static String arg(BreakerSettings settings) {
        return settings.threshold() + "," + settings.baseOpen().toMillis() + "," + settings.maxOpen().toMillis();
    }

    private static BreakerSettings parse(String arg) {
        try {
            String[] p = arg.split(",");
            return new BreakerSettings(true, Integer.parseInt(p[0]), Duration.ofMillis(Long.parseLong(p[1])),
                    Duration.ofMillis(Long.parseLong(p[2])));
        } catch (RuntimeException e) {
            return BreakerSettings.defaults();
        }
    }

    /**
     * Runs {@code dial} with its host transitions going to {@code transitions} (the caller's
     * listener): pgjdbc connects on the calling thread (unless {@code loginTimeout} hands the
     * attempt to another, whose transitions are then only logged).
     */
    static <T, E extends Exception> T transitionsOf(Consumer<CircuitEvent> transitions, Dial<T, E> dial) throws E {
        Consumer<CircuitEvent> before = TRANSITIONS.get();
        TRANSITIONS.set(transitions);
        try {
            return dial.run();
        } finally {
            if (before == null) {
                TRANSITIONS.remove();
            } else {
                TRANSITIONS.set(before);
            }
        }
    }

    /** A dial, for {@link #transitionsOf}. */
    @FunctionalInterface
    public interface Dial<T, E extends Exception> {
        T run() throws E;
    }

    @Override
    public Socket createSocket() {
        return new Observed(settings);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
        return connected(new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
    }

    /** An observed socket connected to {@code remote}, bound first to {@code local} when given. */
    private Socket connected(InetSocketAddress remote, InetSocketAddress local) throws IOException {
        Socket s = createSocket();
        if (local != null) {
            s.bind(local);
        }
        s.connect(remote);
        return s;
    }

    /** A socket whose connect reports to its host's breaker. */
    private static final class Observed extends Socket {
        private final BreakerSettings settings;

        Observed(BreakerSettings settings) {
            this.settings = settings;
        }

        @Override
        public void connect(SocketAddress endpoint, int timeout) throws IOException {
            CircuitBreaker breaker = endpoint instanceof InetSocketAddress a
                    ? Breakers.shared().of(DialTarget.server(a.getHostString(), String.valueOf(a.getPort()))) : null;
            Consumer<CircuitEvent> transitions = TRANSITIONS.get();
            if (transitions == null) {
                transitions = LOG;
            }
            try {
                super.connect(endpoint, timeout);
            } catch (IOException e) {
                if (breaker != null) {
                    // refused, no route, timed out, no such host: pgjdbc goes on to the next host
                    breaker.unreached(System.nanoTime(), e, false, settings, ThreadLocalRandom.current(), transitions);
                }
                throw e;
            }
            if (breaker != null) {
                breaker.reached(transitions);
            }
        }
    }
}
