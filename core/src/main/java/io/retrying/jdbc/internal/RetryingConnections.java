package io.retrying.jdbc.internal;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.RetryPolicy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The entry point of the retrying layer: dials a physical connection, patiently, and wraps it.
 *
 * <p>Acquisition is where a restarting, full or scaled-to-zero server shows first, so a dial that
 * fails RECONNECT (refused, 57P03 starting up, lost) or BACKPRESSURE (53300 full, a pool timeout)
 * is tried again with the policy's growing waits ({@link RetryPolicy#decideReconnect}) until the
 * reconnect window ends; the same loop serves every later swap of a broken connection.
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
        Connection physical = dial(dialer, config, number, null);
        boolean autoCommit;
        try {
            autoCommit = physical.getAutoCommit();
        } catch (SQLException e) {
            dialer.discard(physical);
            throw e;
        }
        RetryingConnection connection = new RetryingConnection(physical, dialer, config, number);
        if (!autoCommit) {
            // a pool may hand out connections in manual commit (HikariCP's autoCommit=false): the
            // transaction is open from the first statement, and journaled from there
            connection.session.autoCommit(false);
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
        Run run = null;
        while (true) {
            Connection fresh = null;
            try {
                // a swap (it has a preparation) replaces a lost connection; open() takes what it is given
                fresh = preparation != null ? dialer.dialReplacement() : dialer.dial();
                if (preparation != null) {
                    preparation.prepare(fresh);
                }
                if (config.initializer() != null) {
                    config.initializer().initialize(fresh);
                }
                if (run != null) {
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
                    run = new Run(policy, config.reconnectWindow(), connectionId != null ? connectionId : id(connectionNumber), 0);
                }
                int number = run.failed(e);
                Attempt decision = policy.decideReconnect(e, number, run.remaining());
                if (!decision.retry()) {
                    config.reporter().gaveUp(run.event(e, decision));
                    if (number == 1) {
                        throw e;
                    }
                    throw policy.exhausted(e, number, run.previous());
                }
                config.reporter().retrying(run.event(e, decision));
                Recovery.sleep(policy, decision.delay(), e);
            }
        }
    }
}
