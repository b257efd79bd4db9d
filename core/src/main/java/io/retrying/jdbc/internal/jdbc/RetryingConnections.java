package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.CircuitEvent;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.dial.CircuitBreaker.Pass;
import io.retrying.jdbc.internal.dial.DialGate;
import io.retrying.jdbc.internal.dial.DialTarget;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.dial.DriverDialer;
import io.retrying.jdbc.internal.dial.HostChoice;
import io.retrying.jdbc.internal.dial.LoginTimeout;
import io.retrying.jdbc.internal.events.RetryReporter;
import io.retrying.jdbc.internal.failure.Recovery;
import io.retrying.jdbc.internal.retry.Run;
import io.retrying.jdbc.internal.retry.Waits;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The entry point of the retrying layer: dials a physical connection, patiently, and wraps it.
 *
 * <p>Acquisition is where a restarting, full or scaled-to-zero server shows first, so a dial that
 * fails RECONNECT (refused, 57P03 starting up, lost) or BACKPRESSURE (53300 full, a pool timeout)
 * is tried again with the policy's growing waits ({@link RetryPolicy#decideReconnect}) until the
 * reconnect window ends; the same loop serves every later swap of a broken connection. A
 * {@code loginTimeout} the application set ({@link Dialer#loginTimeoutMillis()}) bounds the whole
 * loop, counted from its first dial: the window ends with it, and each attempt after the first gets
 * what is left of it ({@link LoginTimeout}).
 *
 * <p>A dialer that names its server ({@link Dialer#dialTarget()}) dials through that server's
 * circuit breaker, shared by the process: while the server is known to be unreachable, a caller
 * waits for the breaker's one probe dial instead of dialing on its own, within its window.
 */
public final class RetryingConnections {

    private static final AtomicLong IDS = new AtomicLong();

    private RetryingConnections() {
    }

    /**
     * A retrying connection over a physical one from {@code dialer}.
     *
     * @throws SQLException the dial's own failure when it is not worth retrying (a wrong password);
     *     a {@code RetriesExhaustedException} when the reconnect window ran out
     */
    public static Connection open(Dialer dialer, RetryConfig config) throws SQLException {
        long number = IDS.incrementAndGet();
        dialer = ReadRouting.over(dialer, config.readers(), config.reporter(), number); // issue 27: read-only connections on the readers
        Boolean lends = dialer instanceof PoolReadRouting routing ? routing.lendsAutoCommit() : null;
        if (lends != null) {
            // over a pool with a pool of readers: borrowed at first use, from the pool the role then
            // needs (a read-only unit takes no writer's connection, and waits for none when the writer's
            // pool is exhausted or its primary is down)
            RetryingConnection connection = new RetryingConnection(Placeholder.UNBORROWED, dialer, config, number);
            if (!lends) {
                connection.session.autoCommit(false);
            }
            return connection;
        }
        Connection physical = dial(dialer, config, number, null);
        boolean autoCommit;
        boolean readOnly;
        try {
            autoCommit = physical.getAutoCommit();
            readOnly = physical.isReadOnly(); // pgjdbc answers both from memory: no round trip
        } catch (SQLException e) {
            dialer.discard(physical);
            throw e;
        }
        if (dialer instanceof PoolReadRouting routing) {
            routing.lends(autoCommit, readOnly);
        }
        RetryingConnection connection = new RetryingConnection(physical, dialer, config, number);
        if (readOnly) {
            // what isReadOnly() answers once the connection is lost (no physical connection to ask)
            connection.session.readOnlyAtOpen(true);
        }
        if (!autoCommit) {
            // a pool may hand out connections in manual commit (HikariCP's autoCommit=false): the
            // transaction is open from the first statement, and journaled from there
            connection.session.autoCommit(false);
        }
        if (dialer instanceof DriverDialer driverDialer) {
            // last: a tracing agent records the URL of RetryingDriver.connect when it returns, so the
            // note is told at the connection's first use, after that (AgentUrlNote)
            connection.urlNote = driverDialer.agentNote(connection);
        }
        return connection;
    }

    /** The id events and logs give connection number {@code number}. */
    static String id(long number) {
        return "rc-" + number;
    }

    /** What a new physical connection needs before use (session state, the user's initializer). */
    @FunctionalInterface
    interface Preparation {
        void prepare(Connection fresh) throws SQLException;
    }

    /**
     * Dials until a connection is ready or the reconnect window is over. A connection that fails
     * its preparation is discarded and counts as a failed dial (a server that died again, say).
     */
    static Connection dial(Dialer dialer, RetryConfig config, String connectionId, Preparation preparation)
            throws SQLException {
        return dial(dialer, config, connectionId, 0, preparation);
    }

    /** As above for connection number {@code connectionNumber}, whose id's text is made only if a dial fails. */
    static Connection dial(Dialer dialer, RetryConfig config, long connectionNumber, Preparation preparation)
            throws SQLException {
        return dial(dialer, config, null, connectionNumber, preparation);
    }

    private static Connection dial(Dialer dialer, RetryConfig config, String connectionId, long connectionNumber,
            Preparation preparation) throws SQLException {
        RetryPolicy policy = config.policy();
        DialTarget target = config.breaker().enabled() ? dialer.dialTarget() : null;
        Consumer<CircuitEvent> transitions = target == null ? null : config.reporter()::circuit;
        // a loginTimeout the application set bounds the whole dial, as it bounds a bare pgjdbc connect
        LoginTimeout login = LoginTimeout.startingNow(dialer.loginTimeoutMillis(), policy.nanoClock());
        Run run = null;
        while (true) {
            Connection fresh = null;
            Pass pass = null;
            try {
                if (target != null) {
                    pass = target.breaker().tryPass(policy.nanoClock().getAsLong(), transitions);
                    if (!pass.dials()) {
                        // the server is known to be unreachable: wait for the breaker's probe
                        // within this caller's window, rather than dialing on its own
                        if (run == null) {
                            run = new Run(policy, LoginTimeout.window(login, config.reconnectWindow()),
                                    connectionId != null ? connectionId : id(connectionNumber), 0);
                        }
                        pass = enter(target, policy, run, transitions);
                    }
                }
                // a swap (it has a preparation) replaces a lost connection; open() takes what it is given
                HostChoice hosts = target != null && dialer.choosesHosts()
                        ? HostChoice.of(target, config.breaker(), policy.nanoClock().getAsLong(), transitions) : null;
                try {
                    // the first attempt is pgjdbc's own, with its whole loginTimeout; one after a
                    // failure or a wait gets what is left of it
                    fresh = login != null && run != null
                            ? login.capped(() -> attempt(dialer, hosts, preparation != null, config, connectionId,
                                    connectionNumber, transitions))
                            : attempt(dialer, hosts, preparation != null, config, connectionId, connectionNumber,
                                    transitions);
                    if (target != null) {
                        DialGate.reached(target.breaker(), transitions);
                    }
                } catch (SQLException e) {
                    if (target != null) {
                        DialGate.failed(target.breaker(), pass, e, target.severalHosts(), config.breaker(), policy,
                                transitions);
                    }
                    throw e;
                } finally {
                    if (hosts != null) {
                        hosts.done(policy.nanoClock().getAsLong(), transitions);
                    }
                    if (pass != null && pass.probe()) {
                        // a probe that ended with neither outcome (a bug, an interrupt): the next caller probes
                        target.breaker().release(pass, policy.nanoClock().getAsLong(), transitions);
                    }
                }
                if (preparation != null) {
                    preparation.prepare(fresh);
                }
                if (config.initializer() != null) {
                    config.initializer().initialize(fresh);
                }
                if (run != null && run.attempt > 0) {
                    // (a run with no failure only waited for the breaker's probe: nothing was overcome)
                    config.reporter().recovered(run.recoveredEvent());
                }
                return fresh;
            } catch (RuntimeException | Error e) {
                // an initializer's bug: not a failure to connect, but the connection must not leak
                if (fresh != null) {
                    dialer.discard(fresh);
                }
                throw e;
            } catch (SQLException e) {
                if (fresh != null) {
                    dialer.discard(fresh);
                }
                if (run == null) {
                    run = new Run(policy, LoginTimeout.window(login, config.reconnectWindow()),
                            connectionId != null ? connectionId : id(connectionNumber), 0);
                }
                int number = run.failed(e);
                Attempt decision = policy.decideReconnect(e, number, run.remaining());
                if (!decision.retry()) {
                    SQLException surfaced = number == 1 && !decision.refusedByBudget() ? e
                            : policy.exhausted(e, number, run.previous(), decision);
                    config.reporter().stopped(run.event(surfaced, decision), decision);
                    throw surfaced;
                }
                config.reporter().retrying(run.event(e, decision));
                Waits.sleep(policy, decision.delay(), e);
            }
        }
    }

    /** One dial: of the hosts chosen, a replacement for a lost connection ({@code swap}), or a new one. */
    private static Connection attempt(Dialer dialer, HostChoice hosts, boolean swap, RetryConfig config,
            String connectionId, long connectionNumber, Consumer<CircuitEvent> transitions) throws SQLException {
        if (hosts != null) {
            return hosts.dialing(transitions, () -> dialer.dial(hosts));
        }
        return swap ? dialer.dialReplacement(deadReplacements(config, connectionId, connectionNumber)) : dialer.dial();
    }

    private static final Attempt DEAD_REPLACEMENT = new Attempt(true, Duration.ZERO, Retryability.RECONNECT,
            "a replacement the pool lent was dead: evicted unused, another borrowed");

    /**
     * Reports each connection a pool lent as a replacement that the dialer found dead and evicted
     * unused as a reconnect retry (no wait; numbered from 1, bounded by the window, not by attempts),
     * as {@link Recovery#proveOnNewConnections} reports its dials: listeners and pools then account
     * for every connection the layer evicts. Made only for a swap, the failure path.
     */
    private static Dialer.DeadReplacements deadReplacements(RetryConfig config, String connectionId,
            long connectionNumber) {
        RetryPolicy policy = config.policy();
        long started = policy.nanoClock().getAsLong();
        int[] seen = new int[1];
        return dead -> config.reporter().retrying(RetryReporter.event(dead, DEAD_REPLACEMENT, ++seen[0], 0,
                connectionId != null ? connectionId : id(connectionNumber),
                Duration.ofNanos(policy.nanoClock().getAsLong() - started)));
    }

    /**
     * Waits as the breaker says; the pass to dial with, or the failure to count when the window
     * ended first (no dial is made then).
     */
    private static Pass enter(DialTarget target, RetryPolicy policy, Run run, Consumer<CircuitEvent> transitions)
            throws SQLException {
        Pass pass;
        try {
            pass = DialGate.enter(target.breaker(), policy, run.deadline(), transitions);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            SQLException e = DialGate.closed(target.breaker(), run.elapsed());
            e.addSuppressed(interrupted);
            throw e;
        }
        if (pass == null) {
            throw DialGate.closed(target.breaker(), run.elapsed());
        }
        return pass;
    }
}
