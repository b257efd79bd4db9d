package io.retrying.jdbc.internal.session;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.events.RetryReporter;
import io.retrying.jdbc.internal.retry.FailureClass;
import io.retrying.jdbc.internal.retry.SessionRefused;
import io.retrying.jdbc.internal.retry.Waits;
import io.retrying.jdbc.internal.sql.SqlScan;
import io.retrying.jdbc.internal.telemetry.Telemetry;
import io.retrying.jdbc.spi.LayerTelemetry;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;

/**
 * What code in the database may have done to one application connection's session where the
 * layer cannot see it (a function, a procedure, a DO block setting a role, a tenant, a setting),
 * and the questions a new physical connection must answer before it stands in for the lost one
 * (issue 28). Made on first need: on the happy path the connection only marks what its session
 * ran (nothing is read from the server unless settings are named); at a swap it dials the new
 * connection and asks, in order: the catalogs ({@link StatefulRoutines}) whether the code the
 * session ran may have left state; the named settings and who the session runs as
 * ({@link SessionValues}); what the server reported of the old session ({@link ReportedSettings}).
 *
 * <p>It never decides how the connection goes on: {@link #dial} answers with the new connection
 * and, when the session cannot be given to it, the refusal the connection keeps until
 * {@code rollback()}. Like the connection it belongs to, meant for one thread at a time.
 */
public final class SessionWatch {

    /** How many new connections the questions may dial when each dies under them. */
    private static final int MAX_QUESTION_DIALS = 3;

    /** Dials one new physical connection with the session restored onto it. */
    @FunctionalInterface
    public interface Dial {
        Connection dial() throws SQLException;
    }

    /**
     * A new physical connection, why it may not stand in for the lost one (null: it may), and
     * whether the connection's marks of what the old session ran still stand (they do when the
     * refusal is for what the server reported, which no question answered for).
     */
    public record Checked(Connection fresh, SessionRefused refused, boolean marksStand) {}

    private final RetryConfig config;
    /**
     * The reported settings the lost session had changed, with their last values: what the next
     * connection must read once restored ({@link ReportedSettings}); null when nothing to check.
     */
    private Map<String, String> reportedToKeep;
    /**
     * Who the session runs as and its named settings ({@link SessionValues}), as the server said
     * outside any transaction, after the last statement that may have changed them (or after the
     * COMMIT of a transaction that ran one); null when no such statement ran, or what it set is not
     * known. Only kept when the check is asked for ({@link RetryConfig#checksSessionValues}).
     *
     * <p>Never read inside a transaction: what the server says there is the transaction's view, not
     * the session's (a {@code set_config(..., true)} or {@code SET LOCAL} ends with it, a savepoint
     * rolled back undoes what came after it, a rollback undoes all of it). So while a transaction is
     * open these are the values it began with, which is what a new connection must be given before
     * the transaction's journal is replayed on it; its COMMIT is followed by a read, and its rollback
     * leaves them as they were, as PostgreSQL does.
     */
    private Map<String, String> values;
    /** Whether the open transaction ran a statement after which the values are read: read them at its COMMIT. */
    private boolean readAtCommit;

    public SessionWatch(RetryConfig config) {
        this.config = config;
    }

    /** Whether a statement with {@code flags} is followed by a read of the session's values, when they are checked. */
    public static boolean readsValuesAfter(int flags) {
        return (flags & (SqlScan.APPLICATION_CALL | SqlScan.SESSION | SqlScan.CONFIG)) != 0;
    }

    /**
     * Reads who the session runs as and its named settings, outside any transaction, after a
     * statement that may have changed them unseen or after the COMMIT of a transaction that ran one
     * (the statement's result is in hand; a read that fails leaves them unknown, and a loss then
     * takes the careful path of {@link StatefulRoutines}).
     *
     * @return whether they were read and vouch for the session: what code ran so far is in the values
     *     read, so the marks of what the session ran start afresh (what runs after them is asked about
     *     at a swap). A read vouches only for what it read (issue 36): when the server says the session
     *     holds more than the values (a session lock, a setting not named, {@link SessionValues#HELD_BEYOND}),
     *     the marks stand, and a heal asks the catalogs as it does without named settings
     */
    public boolean readValues(Connection physical, SessionState session) {
        values = null;
        readAtCommit = false;
        if (physical == null) {
            return false;
        }
        try {
            values = SessionValues.read(physical, config.sessionSettings(), session.settingNames());
            return values.get(SessionValues.HELD_BEYOND) == null;
        } catch (SQLException unreadable) {
            return false; // unknown: the next call finds a dead connection for itself
        }
    }

    /** A statement of the open transaction may have changed the values: they are read after its COMMIT. */
    public void changedInTransaction() {
        readAtCommit = true;
    }

    /**
     * The open transaction ended.
     *
     * @return whether it ran a statement that may have changed the values: committed, they are to be
     *     read again ({@link #readValues}); rolled back, the server undid what it set, and the values
     *     it began with stand
     */
    public boolean transactionEnded() {
        boolean changed = readAtCommit;
        readAtCommit = false;
        return changed;
    }

    /**
     * The open transaction committed on a session that is gone (its lost COMMIT was resolved on
     * {@code inHand}, a new connection given the session as it was before the transaction), after it
     * ran statements that may have changed the session unseen: whether code in the database may have
     * left state that {@code inHand} lacks ({@link StatefulRoutines}; {@code called} as for {@link #dial}).
     * Unless an initializer vouches for the session.
     *
     * @return why {@code inHand} may not go on as the application's session, or null when it may
     */
    public SessionRefused committedElsewhere(Connection inHand, CalledCode called) {
        if (config.initializer() != null) {
            return null;
        }
        String stateful;
        try {
            stateful = inHand == null ? "(not known: no connection to ask)" : StatefulRoutines.first(inHand, called);
        } catch (SQLException unanswered) {
            stateful = "(not known: the catalogs could not be asked)";
        }
        return stateful == null ? null : refusal(null, null, stateful);
    }

    /**
     * The physical connection in hand is being let go: what the server last reported of its
     * session ({@code view}: pgjdbc's live map, taken when a statement that may change settings
     * unseen first succeeded; read only now, nothing on the happy path) is kept for the next one to
     * be checked against, unless a transaction was open (its reports may show changes the server
     * then rolled back).
     */
    public void lettingGo(Map<String, String> view, boolean transactionOpen) {
        if (!transactionOpen && view != null) {
            Map<String, String> last = ReportedSettings.session(view);
            if (last != null) {
                reportedToKeep = last;
            }
        }
    }

    /** The application acknowledged a loss with rollback(): the next connection starts without what was lost. */
    public void acknowledged() {
        reportedToKeep = null;
        values = null;
        readAtCommit = false;
    }

    /**
     * Dials the replacement of a lost physical connection and asks it the questions the old
     * session's unseen changes raise. Only what the application ran counts: a failed statement's
     * effects were rolled back with it. Values read after the code that may have changed them: the
     * new session must match them; otherwise, without an initializer that vouches for the session,
     * the catalogs are asked ({@code sessionUsed}: whether the application ran a statement on the
     * session since the values were last read, so that code in the database may have left state on it
     * that a new session would lack; the catalogs are asked about what those reach without naming it;
     * {@code called}: those that called a function that may be the application's,
     * {@link SqlScan#APPLICATION_CALL}, which the server is asked whether they reach such state).
     * A new connection that dies under a question is discarded and another dialed: nothing ran on it.
     *
     * @throws SessionRefused when a setting the application set cannot be given to the new
     *     connection (never run, so never applied twice; the session forgets it)
     */
    public Checked dial(Dial dial, Dialer dialer, RetryReporter reporter, String connectionId, SessionState session,
            boolean sessionUsed, CalledCode called) throws SQLException {
        Map<String, String> known = config.checksSessionValues() ? values : null;
        boolean askStateful = sessionUsed && config.initializer() == null;
        String stateful = null;
        String differs = null;
        Connection fresh;
        long started = config.policy().nanoClock().getAsLong();
        for (int dials = 1; ; dials++) {
            try {
                // the layer's own work (a pool's liveness check of the replacement among it): Telemetry
                fresh = Telemetry.ownWork(LayerTelemetry.Work.RECONNECT, dial::dial);
            } catch (SQLException failed) {
                UnprovenRestore unproven = UnprovenRestore.in(failed);
                if (unproven == null) {
                    throw failed;
                }
                session.forget(unproven.restore);
                throw new SessionRefused("The connection to the server was lost, and a new one cannot be given the"
                        + " session's settings: " + unproven.getMessage() + ". Call rollback() to continue on a new"
                        + " connection without that setting.", "08003", unproven);
            }
            if (!askStateful && known == null) {
                break;
            }
            try {
                if (askStateful) {
                    stateful = StatefulRoutines.first(fresh, called);
                }
                if (stateful == null && known != null) {
                    differs = SessionValues.settle(known, fresh, config.sessionSettings(), config.initializer() == null,
                            session);
                }
                break;
            } catch (SQLException broken) {
                // a server still restarting, a kill sweep: the question is asked on another, as a proof's is
                dialer.discard(fresh);
                Attempt next = config.policy().decideReconnect(broken, dials,
                        config.reconnectWindow().minusNanos(config.policy().nanoClock().getAsLong() - started));
                if (!next.retry() || dials >= MAX_QUESTION_DIALS
                        || !FailureClass.of(broken, false, false, false).needsNewConnection()) {
                    throw broken;
                }
                reporter.retrying(RetryReporter.event(broken, next, dials, MAX_QUESTION_DIALS, connectionId,
                        Duration.ofNanos(config.policy().nanoClock().getAsLong() - started)));
                Waits.sleep(config.policy(), next.delay(), broken);
            }
        }
        Map<String, String> keep = reportedToKeep;
        reportedToKeep = null;
        String unseen;
        try {
            unseen = keep == null ? null : ReportedSettings.keep(keep, fresh, session);
        } catch (SQLException e) {
            dialer.discard(fresh);
            throw e;
        }
        SessionRefused refused = refusal(unseen, differs, stateful);
        return new Checked(fresh, refused, unseen != null);
    }

    /** Why the new connection may not stand in for the lost one, from the questions' answers; null when it may. */
    private SessionRefused refusal(String unseen, String differs, String stateful) {
        if (unseen != null) {
            // the server said the session ran as someone the model does not know of: do not guess
            return new SessionRefused("The session's " + unseen + " had changed where this layer could not see it"
                    + " (inside a function, a procedure or a DO block), so a new connection would not run as the old"
                    + " one did. Call rollback() to continue on a new connection without that change.", "08003");
        }
        if (differs != null) {
            values = null;
            // its name only: a value may be a tenant's or a user's
            return new SessionRefused("The connection to the server was lost, and a new one does not have the session's "
                    + differs + " as it was (set where this layer cannot see it, inside a function, a procedure or a DO"
                    + " block), so it would not run as the old one did. Call rollback() to continue on a new connection"
                    + " without that state.", "08003");
        }
        if (stateful != null) {
            // the old session may have run code that set who it runs as, a tenant, a lock: restoring what
            // the layer saw would run the application's statements as someone else (issue 28)
            return new SessionRefused("The connection to the server was lost, and the session may have held state that"
                    + " code in the database sets where this layer cannot see it (" + stateful + " may change a setting,"
                    + " the role or a session lock), so a new connection would not run as the old one did. Call"
                    + " rollback() to continue on a new connection without that state, or register a"
                    + " ConnectionInitializer that re-establishes it.", "08003");
        }
        return null;
    }
}
