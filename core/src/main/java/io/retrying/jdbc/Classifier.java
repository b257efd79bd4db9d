package io.retrying.jdbc;

import static java.util.Map.entry;

import io.retrying.jdbc.internal.dial.NoServerWord;
import java.io.EOFException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.PortUnreachableException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.postgresql.util.GT;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * Assigns a {@link Retryability} to a failure: the recovery-class table of DESIGN.md, one line
 * per SQLSTATE in {@code TABLE} below, each with why.
 *
 * <p>The whole chain is read: the exception, its {@link SQLException#getNextException() next
 * exceptions} and its {@link Throwable#getCause() causes}, depth first, each node once (cycles are
 * cut) and at most {@value #MAX_CHAIN} nodes. pgjdbc reports a terminated backend as 57P01 with an
 * 08006 chained, HikariCP wraps a failed dial in its own timeout, an application may wrap either
 * in a RuntimeException: the first node that carries a signal decides, in chain order. Signals are
 * <ul>
 *   <li>a {@link RetriesExhaustedException}: FATAL, so that stacked retry layers do not multiply
 *       their attempts (the seed's "four layers make eighty-one attempts");</li>
 *   <li>a {@link SQLTransientConnectionException} (HikariCP's acquire timeout, detected by type so
 *       core needs no HikariCP): BACKPRESSURE, whatever SQLSTATE of the last dial it carries;</li>
 *   <li>a SQLSTATE listed in the table (unlisted codes are skipped: an application's outer
 *       "HY000" must not hide the server's 40001 beneath it);</li>
 *   <li>a null-SQLSTATE "Connection is closed" (HikariCP's closed proxy): a lost connection.</li>
 * </ul>
 * Only when no node carries a signal do socket-level causes count: a dropped socket with no
 * server word ({@link SocketException}, {@link EOFException}, {@link ClosedChannelException}) is a
 * lost connection; a refused dial or an unknown host is RECONNECT. Anything else is FATAL:
 * unknown codes are never retried.
 *
 * <p><b>Socket read timeouts are FATAL, not RECONNECT.</b> A {@link SocketTimeoutException} under a
 * lost-connection code (pgjdbc's 08006 after {@code socketTimeout} or {@code setNetworkTimeout})
 * means the server did not answer in time, not that it went away: the statement may still be
 * running there, and running it again adds load to a server that is already slow. Like 57014,
 * whether work that ran out of time should run again is the caller's decision. The connection is
 * closed by pgjdbc ({@link #readTimedOut}). A retrying connection, which knows that, treats it
 * as the lost connection it leaves: a proven read runs again on a new connection, a write gets
 * 08007 (README, "What is retried"). A timeout while dialing (08001) stays RECONNECT: nothing ran.
 *
 * <p>Thread-safe and stateless.
 */
public final class Classifier {

    /** Chain nodes read at most: a bound against pathological chains, far beyond real ones. */
    static final int MAX_CHAIN = 64;

    private static final String HIKARI_CLOSED = "Connection is closed";
    private static final String CACHED_PLAN = "cached plan must not change result type";

    private Classifier() {
    }

    /** What a SQLSTATE means for recovery, before the caller's context is applied. */
    private enum Rule {
        /** retry on the same connection */
        SAFE,
        /**
         * 40001: SAFE, unless the server ended the session with it (a hot standby's conflict with
         * recovery ends a session idle in a transaction with FATAL 40001): then RECONNECT
         */
        CONFLICT,
        /** a concurrent MERGE/CREATE lost a race: SAFE when merging, else FATAL */
        MERGE_RACE,
        /** the connection died under the work: RECONNECT, or UNKNOWN when the work wrote */
        LOST,
        /** a new connection is needed and nothing can have committed: RECONNECT even when the work wrote */
        RECONNECT,
        /** 08001, a failed dial: RECONNECT, or FATAL when pgjdbc refused a setting before dialing ({@link #settingRefused}) */
        DIAL,
        /** read-only transaction: RECONNECT when a multi-host URL asks for the primary, else FATAL */
        READ_ONLY,
        BACKPRESSURE,
        RESET_STATE,
        /** 0A000: RESET_STATE for the cached-plan error, FATAL for any other unsupported feature */
        CACHED_PLAN,
        UNKNOWN,
        /** the statement ran out of time (or was cancelled): FATAL, but {@link PublicError} tells it apart */
        TIMED_OUT,
        FATAL
    }

    /**
     * The recovery-class table: every SQLSTATE of DESIGN.md once, with why. A code that is not
     * listed is FATAL unless another node of the chain says more; the rest of class 08 is a lost
     * connection (see {@link #rule}).
     */
    private static final Map<String, Rule> TABLE = Map.ofEntries(
            // ---- SAFE: nothing committed, the server rolled the transaction back
            entry("40001", Rule.CONFLICT),      // serialization_failure: the designed loser of a conflict, also a hot standby's conflict with recovery; RECONNECT when the server ended the session with it
            entry("40P01", Rule.SAFE),          // deadlock_detected: the victim was rolled back
            entry("23505", Rule.MERGE_RACE),    // unique_violation: a racing MERGE/upsert inserted first
            entry("42P07", Rule.MERGE_RACE),    // duplicate_table: a racing CREATE ... created it first
            // ---- RECONNECT: the connection is gone or must be replaced
            entry("08000", Rule.LOST),          // connection_exception
            entry("08003", Rule.LOST),          // connection_does_not_exist: pgjdbc "This connection has been closed."
            entry("08006", Rule.LOST),          // connection_failure: pgjdbc's I/O errors on a live connection
            entry("08P01", Rule.LOST),          // protocol_violation: the stream is out of step, the session is unusable
            entry("08001", Rule.DIAL),          // sqlclient_unable_to_establish_sqlconnection: pgjdbc's failed dial (refused, timed out, no such primary); FATAL for a setting pgjdbc refuses
            entry("08004", Rule.FATAL),         // sqlserver_rejected_establishment_of_sqlconnection: pgjdbc's own refusal at connect (requireAuth, SCRAM without a password, scramMaxIterations, SSL or GSS the server lacks): permanent, as an authentication failure is
            entry("57P01", Rule.LOST),          // admin_shutdown: pg_terminate_backend or a shutdown; may come after a commit record was written
            entry("57P02", Rule.LOST),          // crash_shutdown: another backend crashed, every session is reset
            entry("57P03", Rule.RECONNECT),     // cannot_connect_now: the server is starting or in recovery; a dial error
            entry("57P05", Rule.RECONNECT),     // idle_session_timeout: the session was idle outside any transaction
            entry("25P03", Rule.RECONNECT),     // idle_in_transaction_session_timeout: the server rolled the transaction back
            entry("25006", Rule.READ_ONLY),     // read_only_sql_transaction: a standby, reachable through a multi-host URL
            // ---- BACKPRESSURE: the server (or pool) is full; wait longer
            entry("53000", Rule.BACKPRESSURE),  // insufficient_resources
            entry("53200", Rule.BACKPRESSURE),  // out_of_memory
            entry("53300", Rule.BACKPRESSURE),  // too_many_connections: max_connections or a role/database limit, at connect
            entry("55P03", Rule.BACKPRESSURE),  // lock_not_available: lock_timeout or NOWAIT
            entry("55006", Rule.BACKPRESSURE),  // object_in_use: e.g. DROP DATABASE while others use it
            // ---- RESET_STATE: the connection is fine, its prepared statements are stale
            entry("26000", Rule.RESET_STATE),   // invalid_sql_statement_name: prepared statement gone (DEALLOCATE, pooler)
            entry("0A000", Rule.CACHED_PLAN),   // feature_not_supported: "cached plan must not change result type" after DDL
            // ---- UNKNOWN: find out first
            entry("40003", Rule.UNKNOWN),       // statement_completion_unknown
            entry("08007", Rule.UNKNOWN),       // transaction_resolution_unknown: also CommitOutcomeUnknownException
            // ---- FATAL, listed because they look transient and are not
            entry("57014", Rule.TIMED_OUT),     // query_canceled: statement_timeout or a cancel; rerunning is the caller's call
            entry("57P04", Rule.FATAL)          // database_dropped: a standby replayed the DROP DATABASE of the session's database; no new connection finds it
    );

    /** The rule of one SQLSTATE, or null when the table does not know it. */
    private static Rule rule(String sqlState) {
        Rule rule = TABLE.get(sqlState);
        if (rule == null && sqlState.startsWith("08")) {
            return Rule.LOST; // the rest of class 08 (connection exception) is a lost connection as well
        }
        return rule;
    }

    /** The codes the table lists, for the test that keeps it equal to DESIGN.md. */
    static Set<String> listedCodes() {
        return TABLE.keySet();
    }

    /** The class of a failure, with no context: the work did not write, was no merge, single host. */
    public static Retryability retryability(Throwable e) {
        return retryability(e, false, false, false);
    }

    /**
     * The class of a failure in its context.
     *
     * @param wrote   the failed work may have made writes durable (an autocommit write, or a COMMIT,
     *                was in flight): a connection lost under it becomes UNKNOWN; SAFE stays SAFE,
     *                since a conflict means nothing committed
     * @param merging the statement was a MERGE or upsert: 23505 and 42P07 are a lost race, SAFE
     */
    public static Retryability retryability(Throwable e, boolean wrote, boolean merging) {
        return retryability(e, wrote, merging, false);
    }

    /**
     * The class of a failure in its full context.
     *
     * @param multiHostPrimary the failing connection's URL names several hosts with
     *                         {@code targetServerType=primary} (see {@link #multiHostPrimary(String)}):
     *                         a 25006 then means it reached a standby after a failover, RECONNECT
     */
    public static Retryability retryability(Throwable e, boolean wrote, boolean merging, boolean multiHostPrimary) {
        if (e == null) {
            throw new NullPointerException("e");
        }
        List<Throwable> chain = chain(e);
        Rule rule = ruleOf(chain);
        if (misconfigured(chain)) {
            return Retryability.FATAL; // a class the driver was told to load is not there or not one: no dial heals it
        }
        switch (rule) {
            case SAFE: return Retryability.SAFE;
            case CONFLICT: return endedBySession(chain) ? Retryability.RECONNECT : Retryability.SAFE;
            case MERGE_RACE: return merging ? Retryability.SAFE : Retryability.FATAL;
            case LOST:
                if (has(chain, SocketTimeoutException.class)) {
                    return Retryability.FATAL; // the server was slow, not gone: see the class comment
                }
                if (refusedWithSessionAlive(chain)) {
                    // PostgreSQL's ERROR (not FATAL) of class 08, "invalid message format" of a Bind: the
                    // session lives on, as on pgjdbc; the same message sent again is refused again
                    return Retryability.FATAL;
                }
                return wrote ? Retryability.UNKNOWN : Retryability.RECONNECT;
            case RECONNECT: return Retryability.RECONNECT;
            case DIAL: return settingRefused(chain) ? Retryability.FATAL : Retryability.RECONNECT;
            case READ_ONLY: return multiHostPrimary ? Retryability.RECONNECT : Retryability.FATAL;
            case BACKPRESSURE: return Retryability.BACKPRESSURE;
            case RESET_STATE: return Retryability.RESET_STATE;
            case CACHED_PLAN: return cachedPlan(chain) ? Retryability.RESET_STATE : Retryability.FATAL;
            case UNKNOWN: return Retryability.UNKNOWN;
            case TIMED_OUT: return Retryability.FATAL;
            default: return Retryability.FATAL;
        }
    }

    /**
     * True when the failure is a statement that ran out of time: 57014 (statement_timeout or a
     * cancel) or a socket read timeout. Both are FATAL; {@link PublicError} reports them as TIMEOUT.
     */
    static boolean timedOut(Throwable e) {
        List<Throwable> chain = chain(e);
        Rule rule = ruleOf(chain);
        return rule == Rule.TIMED_OUT || (rule == Rule.LOST || rule == Rule.FATAL) && has(chain, SocketTimeoutException.class);
    }

    /**
     * True when the failure is a socket read timeout on a live connection, with no word from the
     * server: pgjdbc's 08006 after {@code socketTimeout} or {@code setNetworkTimeout}. pgjdbc
     * closes its connection on any I/O error, this one too, so the statement is cut as by a lost
     * socket: whether a write was applied is unknown (the server may still run it). Its
     * {@link #retryability} stays FATAL (whether work that ran out of time runs again is the
     * caller's decision); a timeout while dialing (08001) is not one.
     */
    public static boolean readTimedOut(Throwable e) {
        List<Throwable> chain = chain(e);
        return ruleOf(chain) == Rule.LOST && has(chain, SocketTimeoutException.class) && !serverReported(e);
    }

    /** {@code retryability(e).isRetryable()}: the yes or no, for code that needs nothing more. */
    public static boolean isRetryable(Throwable e) {
        return retryability(e).isRetryable();
    }

    /** The first non-null SQLSTATE in the chain (exception, next exceptions, causes), or null. */
    public static String sqlState(Throwable e) {
        for (Throwable t : chain(e)) {
            if (t instanceof SQLException && ((SQLException) t).getSQLState() != null) {
                return ((SQLException) t).getSQLState();
            }
        }
        return null;
    }

    /**
     * True when the server itself reported the failure somewhere in the chain (a
     * {@link PSQLException} with a {@link ServerErrorMessage} that PostgreSQL raised: it always names
     * the routine, or at least the file): the server was alive and answered, so in autocommit the
     * statement's implicit transaction was rolled back. A pooler's ErrorResponse names neither, and
     * says nothing of what the server ran: PgBouncer's "server conn crashed?" comes after it forwarded
     * the statement, which may have committed before the server connection died. Only a pooler's word
     * that the statement never reached a server ({@link #POOLER_NEVER_FORWARDED}) counts as reported.
     */
    public static boolean serverReported(Throwable e) {
        for (Throwable t : chain(e)) {
            if (t instanceof PSQLException && ((PSQLException) t).getServerErrorMessage() != null) {
                ServerErrorMessage m = ((PSQLException) t).getServerErrorMessage();
                if (m.getRoutine() != null || m.getFile() != null || neverForwarded(m.getMessage())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The beginnings of PgBouncer's messages (1.18 to 1.24; not localized) that it sends before a
     * statement reaches any server: its login to the server failing, no server free in time, no client
     * slot. Any other message of a pooler leaves what the server ran unknown.
     */
    private static final List<String> POOLER_NEVER_FORWARDED = List.of("server login has been failing",
            "query_wait_timeout", "no more connections allowed", "pgbouncer cannot connect to server",
            "no such database", "client_login_timeout");

    private static boolean neverForwarded(String message) {
        if (message == null) {
            return false;
        }
        String m = message.toLowerCase(Locale.ROOT);
        for (String start : POOLER_NEVER_FORWARDED) {
            if (m.startsWith(start)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The class of a failed dial. As {@link #retryability(Throwable)}, except that a TLS failure at
     * connect is FATAL: pgjdbc reports a certificate that does not verify, a host name that does
     * not match, or key material it cannot load as 08006 (connection failure), which on a live
     * connection means it was lost, but at connect means a setting that no dial can pass.
     */
    static Retryability dialRetryability(Throwable e) {
        List<Throwable> chain = chain(e);
        if (ruleOf(chain) == Rule.LOST && tlsRefused(chain)) {
            return Retryability.FATAL;
        }
        return retryability(e);
    }

    private static boolean tlsRefused(List<Throwable> chain) {
        for (Throwable t : chain) {
            if (t instanceof PSQLException && "08006".equals(((PSQLException) t).getSQLState()) && t.getCause() == null) {
                return true; // pgjdbc's "The hostname {0} could not be verified by hostnameverifier {1}."
            }
            if (t instanceof javax.net.ssl.SSLHandshakeException || t instanceof javax.net.ssl.SSLPeerUnverifiedException
                    || t instanceof java.security.GeneralSecurityException) {
                return true;
            }
        }
        return false;
    }

    /**
     * True for a dial that reached no server to do the work, so that dialing again overloads
     * nothing and the token bucket is not charged for it:
     * <ul>
     *   <li>nobody listening: a {@link ConnectException} beneath (connection refused);</li>
     *   <li>no such host: an {@link UnknownHostException} (DNS has no answer, or no answer yet:
     *       a new primary's name during a failover);</li>
     *   <li>no route: a {@link NoRouteToHostException} or {@link PortUnreachableException};</li>
     *   <li>a connect timeout: a {@link SocketTimeoutException} thrown by {@code Socket.connect}
     *       (pgjdbc's {@code connectTimeout}); a read timing out during the startup exchange is not
     *       one, the server was there;</li>
     *   <li>a peer that accepted the TCP connection and closed or reset it before sending a single
     *       byte: a proxy or pooler with no backend (HAProxy's primary port while no node is
     *       primary). pgjdbc reports it as it reports a server that answered and then failed, so
     *       only the socket can tell: the layer's dials watch theirs and add the fact to pgjdbc's
     *       exception ({@link io.retrying.jdbc.internal.dial.NoServerWord}, suppressed);</li>
     *   <li>a pooler's word, at startup, that it has no server to give: PgBouncer answers a login it
     *       cannot serve (its server gone: "server login has been failing", while
     *       {@code server_login_retry} runs) with a FATAL 08P01 of its own. Told from PostgreSQL's
     *       own errors by the fields: PostgreSQL's ErrorResponse always names the routine that
     *       raised it, a pooler's never does; and PostgreSQL answers a well-formed startup with
     *       08P01 never;</li>
     *   <li>pgjdbc's verdict on a multi-host URL that no host is of the {@code targetServerType}
     *       asked for: in a failover, the old primary is gone and the standby not promoted yet.
     *       The standby answered (a backend forked and read {@code transaction_read_only}), but
     *       it is not overloaded, only the wrong server; a failover lasts as long as the failover
     *       manager takes (seconds to tens of seconds), and charging every connection's dials for
     *       it would drain the shared bucket within a second and fail the work it exists to carry
     *       through (seen in {@code CrashFailoverTest}).</li>
     * </ul>
     */
    public static boolean refusedDial(Throwable e) {
        List<Throwable> chain = chain(e);
        if (poolerWithoutServer(chain)) {
            return true;
        }
        Rule rule = ruleOf(chain);
        // a dial failure with no server word, whose cause says no server was reached, or that is
        // pgjdbc's own "no host of that type"
        return (rule == Rule.RECONNECT || rule == Rule.DIAL && !settingRefused(chain)) && !serverReported(e)
                && (unreached(chain) || noHostOfTargetType(chain));
    }

    /**
     * True when the dial found no server at all: refused, no such host, no route, connect timeout,
     * a peer closed on the dial before any server said a word, a pooler with no server to give.
     * A multi-host URL's "no host of the type asked for" is not one: hosts answered. This is what a
     * per-server circuit breaker counts.
     */
    public static boolean unreachedServer(Throwable e) {
        List<Throwable> chain = chain(e);
        if (poolerWithoutServer(chain)) {
            return true;
        }
        Rule rule = ruleOf(chain);
        return (rule == Rule.RECONNECT || rule == Rule.DIAL && !settingRefused(chain)) && !serverReported(e)
                && unreached(chain);
    }

    private static boolean unreached(List<Throwable> chain) {
        for (Throwable t : chain) {
            if (t instanceof ConnectException || t instanceof UnknownHostException
                    || t instanceof NoRouteToHostException || t instanceof PortUnreachableException
                    || t instanceof SocketTimeoutException && thrownByConnect(t) || noServerWord(t)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether PostgreSQL itself refused a message with an ERROR of class 08 (a protocol violation it
     * reports without ending the session: a Bind whose text holds a zero byte, in pgjdbc's simple
     * query mode): the connection is fine. A FATAL, or pgjdbc's own 08 after an I/O error, is a
     * lost connection.
     */
    private static boolean refusedWithSessionAlive(List<Throwable> chain) {
        for (Throwable t : chain) {
            if (t instanceof PSQLException && ((PSQLException) t).getServerErrorMessage() != null) {
                ServerErrorMessage m = ((PSQLException) t).getServerErrorMessage();
                String state = m.getSQLState();
                return state != null && state.startsWith("08") && "ERROR".equals(m.getSeverity())
                        && (m.getRoutine() != null || m.getFile() != null);
            }
        }
        return false;
    }

    /**
     * A FATAL of class 08 that no PostgreSQL backend raised (it names no routine): a pooler's
     * refusal of a connection it has no server for (see {@link #refusedDial}). pgjdbc's own
     * exceptions carry no server message, so they are never taken for one.
     */
    private static boolean poolerWithoutServer(List<Throwable> chain) {
        for (Throwable t : chain) {
            if (t instanceof PSQLException && ((PSQLException) t).getServerErrorMessage() != null) {
                ServerErrorMessage m = ((PSQLException) t).getServerErrorMessage();
                String state = m.getSQLState();
                return state != null && state.startsWith("08") && "FATAL".equals(m.getSeverity())
                        && m.getRoutine() == null && m.getFile() == null;
            }
        }
        return false;
    }

    /** Whether the layer's socket saw the peer close before its first byte (see {@link #refusedDial}). */
    private static boolean noServerWord(Throwable t) {
        for (Throwable s : t.getSuppressed()) {
            if (s instanceof NoServerWord) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a timeout came from {@code Socket.connect}, not from a read: by its frames where
     * they show either, else by the JDK's wording ("Connect timed out", "Read timed out").
     */
    private static boolean thrownByConnect(Throwable t) {
        for (StackTraceElement frame : t.getStackTrace()) {
            if (!frame.getClassName().startsWith("java.") && !frame.getClassName().startsWith("sun.")) {
                break; // the JDK's frames come first; past them, the caller's say nothing
            }
            String m = frame.getMethodName();
            if (m.equals("connect") || m.equals("timedFinishConnect")) {
                return true;
            }
            if (m.startsWith("read") || m.equals("timedRead")) {
                return false;
            }
        }
        String message = t.getMessage();
        return message != null && message.toLowerCase(Locale.ROOT).contains("connect");
    }

    /**
     * pgjdbc's own 08001 "Could not find a server with specified targetServerType: ...", told by
     * its message in the JVM's language (pgjdbc translates it), and by having no cause.
     */
    private static boolean noHostOfTargetType(List<Throwable> chain) {
        for (Throwable t : chain) {
            if (t instanceof PSQLException && t.getCause() == null
                    && "08001".equals(((PSQLException) t).getSQLState())
                    && Template.NO_HOST_OF_TARGET_TYPE.matches(t.getMessage())) {
                return true;
            }
        }
        return false;
    }

    /**
     * pgjdbc's 08001 for a connection setting it refuses before any socket is opened
     * ({@code sslmode=bogus}, a bad {@code gssEncMode}, {@code targetServerType},
     * {@code channelBinding} or protocol): no dial can pass, so it is FATAL. Told by pgjdbc's own
     * message templates in the JVM's language, on a {@link PSQLException} with no cause.
     */
    /**
     * A connection failure that is the driver's configuration, not the network: pgjdbc reports a
     * {@code socketFactory}, {@code sslfactory} or plugin class it cannot load or use as 08006 or
     * 08001 with the reflective failure (or a ClassCastException) as its cause.
     */
    private static boolean misconfigured(List<Throwable> chain) {
        for (Throwable t : chain) {
            // not InvocationTargetException: proxies wrap real failures in it
            if (t instanceof ClassNotFoundException || t instanceof NoSuchMethodException
                    || t instanceof InstantiationException || t instanceof IllegalAccessException
                    || t instanceof ClassCastException || t instanceof LinkageError) {
                return true;
            }
        }
        return false;
    }

    private static boolean settingRefused(List<Throwable> chain) {
        for (Throwable t : chain) {
            if (t instanceof PSQLException && t.getCause() == null
                    && "08001".equals(((PSQLException) t).getSQLState())) {
                String m = t.getMessage();
                for (Template template : Template.SETTINGS) {
                    if (template.matches(m)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** A pgjdbc message with one placeholder, localized as pgjdbc does, computed on first use. */
    private static final class Template {
        static final Template NO_HOST_OF_TARGET_TYPE =
                new Template("Could not find a server with specified targetServerType: {0}");
        /** pgjdbc 42.7: SslMode, GSSEncMode, ConnectionFactoryImpl, ChannelBinding, ConnectionFactory. */
        static final List<Template> SETTINGS = List.of(
                new Template("Invalid sslmode value: {0}"),
                new Template("Invalid gssEncMode value: {0}"),
                new Template("Invalid targetServerType value: {0}"),
                new Template("Invalid channelBinding value: {0}"),
                new Template("A connection could not be made using the requested protocol {0}."));

        private final String prefix;
        private final String suffix;

        Template(String pattern) {
            String marker = "\u0000";
            String message = GT.tr(pattern, marker);
            int at = message.indexOf(marker);
            prefix = at < 0 ? message : message.substring(0, at);
            suffix = at < 0 ? "" : message.substring(at + marker.length());
        }

        boolean matches(String message) {
            return message != null && message.length() >= prefix.length() + suffix.length()
                    && message.startsWith(prefix) && message.endsWith(suffix);
        }
    }

    /**
     * True when a pgjdbc URL names several hosts and asks for the primary
     * ({@code targetServerType=primary}, or its old spelling {@code master}); accepts the
     * {@code jdbc:retrying:postgresql:} form too. The context for a 25006 in
     * {@link #retryability(Throwable, boolean, boolean, boolean)}.
     */
    public static boolean multiHostPrimary(String jdbcUrl) {
        return multiHostPrimary(jdbcUrl, null);
    }

    /** As {@link #multiHostPrimary(String)}, with connection properties that may carry targetServerType. */
    public static boolean multiHostPrimary(String jdbcUrl, Properties info) {
        if (jdbcUrl == null) {
            return false;
        }
        int slashes = jdbcUrl.indexOf("//");
        if (slashes < 0) {
            return false;
        }
        int end = jdbcUrl.length();
        for (int i = slashes + 2; i < jdbcUrl.length(); i++) {
            char c = jdbcUrl.charAt(i);
            if (c == '/' || c == '?') {
                end = i;
                break;
            }
        }
        if (jdbcUrl.substring(slashes + 2, end).indexOf(',') < 0) {
            return false;
        }
        String target = info == null ? null : info.getProperty("targetServerType");
        int query = jdbcUrl.indexOf('?', end);
        if (query >= 0) {
            for (String pair : jdbcUrl.substring(query + 1).split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0 && pair.substring(0, eq).equals("targetServerType")) {
                    target = pair.substring(eq + 1);
                }
            }
        }
        if (target == null) {
            return false;
        }
        String t = target.toLowerCase(Locale.ROOT);
        return t.equals("primary") || t.equals("master");
    }

    /** The rule of a chain: its first signal, else its socket-level causes, else FATAL. */
    private static Rule ruleOf(List<Throwable> chain) {
        Rule rule = decisiveRule(chain);
        return rule != null ? rule : socketRule(chain);
    }

    /** The first node of the chain that carries a signal decides; null when none does. */
    private static Rule decisiveRule(List<Throwable> chain) {
        for (Throwable t : chain) {
            if (t instanceof RetriesExhaustedException) {
                return Rule.FATAL;
            }
            if (t instanceof SQLTransientConnectionException) {
                return Rule.BACKPRESSURE; // a pool with no connection to give (HikariCP's acquire timeout)
            }
            if (t instanceof SQLException) {
                String state = ((SQLException) t).getSQLState();
                if (state != null) {
                    Rule rule = rule(state);
                    if (rule != null) {
                        return rule;
                    }
                } else if (HIKARI_CLOSED.equals(t.getMessage())) {
                    return Rule.LOST; // HikariCP's closed proxy connection, null SQLSTATE
                }
            }
        }
        return null;
    }

    /** Socket-level causes, read only when no node said more; FATAL when there are none. */
    private static Rule socketRule(List<Throwable> chain) {
        for (Throwable t : chain) {
            if (t instanceof ConnectException || t instanceof UnknownHostException) {
                return Rule.RECONNECT; // a failed dial: nothing ran
            }
            if (t instanceof SocketException || t instanceof EOFException || t instanceof ClosedChannelException) {
                return Rule.LOST; // a dropped socket with no server word
            }
        }
        return Rule.FATAL;
    }

    private static boolean cachedPlan(List<Throwable> chain) {
        for (Throwable t : chain) {
            if (t instanceof PSQLException) {
                ServerErrorMessage m = ((PSQLException) t).getServerErrorMessage();
                // the routine name is the same in every lc_messages language; pgjdbc tests it too
                if (m != null && ("RevalidateCachedQuery".equals(m.getRoutine())
                        || "RevalidateCachedPlan".equals(m.getRoutine()))) {
                    return true;
                }
            }
            String message = t.getMessage();
            if (message != null && message.contains(CACHED_PLAN)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the server reported the decisive 40001 as it ended the session: pgjdbc then chains the
     * lost connection after the server's error (the FATAL is followed by the socket's end). PostgreSQL
     * 15 does so for a hot standby's conflict with recovery when the session is idle in a transaction
     * or inside a subtransaction ({@code ProcessInterrupts}: "terminating connection due to conflict
     * with recovery"); a statement it cancels ("canceling statement ...") leaves the session alive.
     * Read from the chain, not from the severity, which the server translates. The server reported
     * it, so the transaction was rolled back: a new connection, nothing can have committed.
     */
    private static boolean endedBySession(List<Throwable> chain) {
        boolean reported = false;
        for (Throwable t : chain) {
            if (!reported) {
                reported = t instanceof PSQLException p && p.getServerErrorMessage() != null
                        && "40001".equals(p.getSQLState());
            } else if (t instanceof SQLException q && q.getSQLState() != null && rule(q.getSQLState()) == Rule.LOST
                    || t instanceof EOFException || t instanceof SocketException) {
                return true;
            }
        }
        return false;
    }

    private static boolean has(List<Throwable> chain, Class<? extends Throwable> type) {
        for (Throwable t : chain) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The chain in reading order: each node, then its next exceptions, then its cause (depth
     * first), each node once, at most {@link #MAX_CHAIN} nodes.
     */
    static List<Throwable> chain(Throwable e) {
        List<Throwable> out = new ArrayList<>();
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Throwable> todo = new ArrayDeque<>();
        if (e != null) {
            todo.push(e);
        }
        while (!todo.isEmpty() && out.size() < MAX_CHAIN) {
            Throwable t = todo.pop();
            if (!seen.add(t)) {
                continue;
            }
            out.add(t);
            if (t.getCause() != null) {
                todo.push(t.getCause());
            }
            if (t instanceof SQLException && ((SQLException) t).getNextException() != null) {
                todo.push(((SQLException) t).getNextException()); // popped before the cause
            }
        }
        return out;
    }
}
