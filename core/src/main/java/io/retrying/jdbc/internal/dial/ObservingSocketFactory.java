package io.retrying.jdbc.internal.dial;

import io.retrying.jdbc.CircuitEvent;
import io.retrying.jdbc.internal.config.BreakerSettings;
import io.retrying.jdbc.internal.events.RetryReporter;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import javax.net.SocketFactory;

/**
 * pgjdbc's {@code socketFactory} for the dials the layer makes: plain sockets that watch for the
 * server's first word. A dial whose TCP connect succeeded and whose peer then closed or reset the
 * connection before sending a single byte reached no server (a proxy or pooler with no backend:
 * HAProxy's primary port while no node is primary); pgjdbc reports it as 08001 "The connection
 * attempt failed.", as it does a server that answered and then failed. The socket knows which it
 * was, and {@link #observe} adds that fact ({@link NoServerWord}) to pgjdbc's exception.
 *
 * <p>For a URL that names several hosts the sockets also tell each host's breaker whether that
 * host was reached: pgjdbc tries the hosts one by one inside a single dial and reports only the
 * last failure, so this is the one place that sees which host refused. A connect that fails
 * counts against its host, and so does a peer that closes before its first byte; a first byte (a
 * standby that answers is there, even if it is not the primary asked for) or a read that times
 * out (a server that is there but slow) reaches it.
 *
 * <p>pgjdbc makes one per connection attempt, from its class name, with the
 * {@code socketFactoryArg} string: {@code threshold,baseOpenMs,maxOpenMs} of the caller's
 * breaker settings ({@link #arg}) to report to the hosts' breakers, or {@link #OBSERVE_ONLY} to
 * report to none (a dial of one server, whose breaker the dial loop moves itself). Transitions
 * go to the listener of the dialing thread when it set one ({@link #observe}), else to the log.
 *
 * <p>Only the sockets of a dial the layer watches ({@link #observe}, on the dialing thread) wait
 * for the first word; pgjdbc's cancel requests, whose server closes without a word by design, use
 * the same factory and are taken at their connect. The cost on an established connection: one
 * boolean read per fill of pgjdbc's 8 KiB input buffer, behind one more virtual call.
 */
public final class ObservingSocketFactory extends SocketFactory {
    /** The {@code socketFactoryArg} of sockets that watch for the first word and report to no breaker. */
    public static final String OBSERVE_ONLY = "observe";

    private static final ThreadLocal<Dialing> DIALING = new ThreadLocal<>();
    private static final Consumer<CircuitEvent> LOG = RetryReporter.of(null)::circuit;

    /** The hosts' breaker settings; null for {@link #OBSERVE_ONLY}. */
    private final BreakerSettings settings;

    /** pgjdbc's constructor: {@code threshold,baseOpenMs,maxOpenMs}, the defaults when unreadable, or {@link #OBSERVE_ONLY}. */
    public ObservingSocketFactory(String arg) {
        this.settings = OBSERVE_ONLY.equals(arg) ? null : parse(arg);
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

    /** What the sockets of one dial saw, on the dialing thread. */
    private static final class Dialing {
        final Consumer<CircuitEvent> transitions;
        /** Some socket of the dial got a byte from its peer. */
        boolean heard;
        /** The last peer that closed before its first byte ({@code host:port}); null when none did. */
        String silent;

        Dialing(Consumer<CircuitEvent> transitions) {
            this.transitions = transitions;
        }
    }

    /**
     * Runs {@code dial}, pgjdbc's connect on this thread, watching its sockets: when it fails and
     * no socket heard a byte from its peer while one was closed on before any, the failure gets a
     * {@link NoServerWord} (suppressed), which makes it a dial that reached no server. Host
     * transitions go to {@code transitions} (the caller's listener; null: the log). pgjdbc connects
     * on the calling thread unless {@code loginTimeout} hands the attempt to another, whose
     * sockets are then not watched (its failures are classified as before).
     */
    public static <T> T observe(Consumer<CircuitEvent> transitions, Dial<T, SQLException> dial) throws SQLException {
        Dialing before = DIALING.get();
        Dialing now = new Dialing(transitions);
        DIALING.set(now);
        try {
            return dial.run();
        } catch (SQLException e) {
            if (!now.heard && now.silent != null) {
                e.addSuppressed(new NoServerWord(now.silent));
            }
            throw e;
        } finally {
            if (before == null) {
                DIALING.remove();
            } else {
                DIALING.set(before);
            }
        }
    }

    /** A dial, for {@link #observe}. */
    @FunctionalInterface
    public interface Dial<T, E extends Exception> {
        T run() throws E;
    }

    @Override
    public Socket createSocket() {
        return new Observed(settings, DIALING.get());
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

    /**
     * A socket that watches for its peer's first byte, for the dial that made it, and, with
     * breaker settings, reports to its host's breaker.
     */
    private static final class Observed extends Socket {
        /** Null: report to no breaker. */
        private final BreakerSettings settings;
        /**
         * Null: not a dial the layer watches (a cancel request, a dial on another thread than the
         * one that set it): nothing is watched, and a connect reaches its host.
         */
        private final Dialing dialing;
        private CircuitBreaker breaker;
        private String server;
        private FirstWord in;

        Observed(BreakerSettings settings, Dialing dialing) {
            this.settings = settings;
            this.dialing = dialing;
        }

        private Consumer<CircuitEvent> transitions() {
            return dialing != null && dialing.transitions != null ? dialing.transitions : LOG;
        }

        @Override
        public void connect(SocketAddress endpoint, int timeout) throws IOException {
            if (endpoint instanceof InetSocketAddress a) {
                server = DialTarget.server(a.getHostString(), String.valueOf(a.getPort()));
                if (settings != null) {
                    breaker = Breakers.shared().of(server);
                }
            }
            try {
                super.connect(endpoint, timeout);
            } catch (IOException e) {
                if (breaker != null) {
                    // refused, no route, timed out, no such host: pgjdbc goes on to the next host
                    breaker.unreached(System.nanoTime(), e, false, settings, ThreadLocalRandom.current(), transitions());
                }
                throw e;
            }
            if (breaker != null && dialing == null) {
                // not a dial the layer watches (pgjdbc's cancel request, whose server closes without
                // a word by design; a dial on loginTimeout's thread): the connect is all it tells
                breaker.reached(transitions());
            }
        }

        /** pgjdbc asks once per stream it builds; SSL reads through it as well. */
        @Override
        public InputStream getInputStream() throws IOException {
            if (dialing == null) {
                return super.getInputStream(); // nobody would hear of its first word
            }
            FirstWord w = in;
            if (w == null) {
                w = new FirstWord(super.getInputStream(), this);
                in = w;
            }
            return w;
        }

        /** The peer sent its first byte: a server (or a standby, or a pooler) is there. */
        void heard() {
            if (dialing != null) {
                dialing.heard = true;
            }
            if (breaker != null) {
                breaker.reached(transitions());
            }
        }

        /** The peer closed or reset the connection before its first byte: nobody is there. */
        void silent(IOException e) {
            if (dialing != null) {
                dialing.silent = server;
            }
            if (breaker != null) {
                breaker.unreached(System.nanoTime(), e, false, settings, ThreadLocalRandom.current(), transitions());
            }
        }
    }

    /** The socket's input, telling its socket of the first byte, or of an end before any. */
    private static final class FirstWord extends FilterInputStream {
        private final Observed socket;
        private boolean told;

        FirstWord(InputStream in, Observed socket) {
            super(in);
            this.socket = socket;
        }

        @Override
        public int read() throws IOException {
            if (told) {
                return in.read();
            }
            int b;
            try {
                b = in.read();
            } catch (IOException e) {
                ended(e);
                throw e;
            }
            outcome(b >= 0);
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (told) {
                return in.read(b, off, len);
            }
            int n;
            try {
                n = in.read(b, off, len);
            } catch (IOException e) {
                ended(e);
                throw e;
            }
            if (n != 0) {
                outcome(n > 0);
            }
            return n;
        }

        private void outcome(boolean heard) {
            told = true;
            if (heard) {
                socket.heard();
            } else {
                socket.silent(new EOFException("closed before the first byte"));
            }
        }

        /** A read that failed before the first byte: a reset is silence; a timeout is a server too slow to answer yet. */
        private void ended(IOException e) {
            told = true;
            if (e instanceof SocketTimeoutException) {
                socket.heard();
            } else {
                socket.silent(e);
            }
        }
    }
}
