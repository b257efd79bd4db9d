package io.retrying.jdbc.hikari;

import com.zaxxer.hikari.SQLExceptionOverride;
import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.internal.jdbc.LostUntilRollback;
import java.sql.SQLException;
import java.util.Set;

/**
 * Tells HikariCP whether to evict a pooled connection of the retrying driver (HikariCP under the
 * retrying layer: {@code jdbcUrl=jdbc:retrying:postgresql://...}) after a failure reached it.
 * Configure it with {@code exceptionOverrideClassName=io.retrying.jdbc.hikari.RetryingExceptionOverride}
 * ({@link RetryingHikari#under} does).
 *
 * <p>HikariCP evicts a connection when a failure carries a connection-class SQLState (08xxx,
 * 57P01, 57P02, 57P03) or 0A000. A retrying connection outlives its physical connection: by the
 * time such a failure reaches HikariCP the retrying connection has already dealt with it (swapped
 * in a new physical connection, or let go of the dead one so that its next call dials afresh, or,
 * inside a transaction, let go of it until {@code rollback()}, which HikariCP itself calls on
 * close). Evicting it would throw away a connection that heals itself and make HikariCP dial
 * another for nothing. So the decision is:
 *
 * <ul>
 *   <li><b>{@code MUST_EVICT}</b> when the retrying connection could not get a server connection:
 *       dialing failed past the reconnect window, or the server refused it (08001, 08004, 57P03,
 *       53300, 28P01). It holds no physical connection; HikariCP's own refill then paces new
 *       attempts and stops counting a dead connection as capacity.</li>
 *   <li><b>{@code MUST_EVICT}</b> for 08003: the connection is closed, or it lost an open
 *       transaction (or pinned session state) and the application went on using it without
 *       {@code rollback()}; a later borrower must not get it.</li>
 *   <li><b>{@code MUST_EVICT}</b> for the failure that lost pinned session state (a session
 *       advisory lock, a temp table, ...) or a transaction begun with SQL, in autocommit
 *       ({@link LostUntilRollback} marks it): HikariCP rolls back on close only a connection in
 *       manual commit, so nothing would acknowledge the loss, and the next borrower's first
 *       statement would fail with 08003.</li>
 *   <li><b>{@code DO_NOT_EVICT}</b> for every other failure that passed through a retrying
 *       connection: it is usable, now or after the rollback that ends the failed transaction. That
 *       includes 0A000 ("feature not supported"), which HikariCP evicts for although PostgreSQL
 *       raises it for statements, not for broken connections.</li>
 *   <li><b>{@code CONTINUE_EVICT}</b> (HikariCP's own judgement) for a failure that did not pass
 *       through a retrying connection: with a plain {@code jdbc:postgresql:} URL this override
 *       changes nothing, so a misconfiguration cannot keep broken connections in the pool.</li>
 * </ul>
 *
 * <p>Whether a failure passed through a retrying connection is read from its stack trace (a frame
 * of {@code io.retrying.jdbc.internal}): HikariCP hands the override only the exception, and the
 * check runs only on failures. Stateless and thread-safe; HikariCP makes one per pool.
 * ({@code @java.lang.Override} is spelled out below: HikariCP's nested {@code Override} enum
 * shadows the annotation's simple name.)
 */
public final class RetryingExceptionOverride implements SQLExceptionOverride {

    /** Where the retrying layer's connections and statements live. */
    private static final String RETRYING_FRAMES = "io.retrying.jdbc.internal.";

    /**
     * SQLStates only a failed dial produces: no server connection was obtained. 08001 unable to
     * connect (pgjdbc's refused or failed attempt), 08004 rejected by the server, 57P03 cannot
     * connect now (starting, shutting down), 53300 too many connections, 28P01 wrong password.
     */
    private static final Set<String> DIAL_FAILED = Set.of("08001", "08004", "57P03", "53300", "28P01");

    /** The connection is closed or refuses work until rollback(). */
    private static final String CONNECTION_UNUSABLE = "08003";

    /** For HikariCP, which instantiates it by class name. */
    public RetryingExceptionOverride() {}

    @java.lang.Override
    public Override adjudicate(SQLException failure) {
        if (!passedThroughRetryingConnection(failure)) {
            return Override.CONTINUE_EVICT;
        }
        String state = Classifier.sqlState(failure);
        if (state != null && (DIAL_FAILED.contains(state) || CONNECTION_UNUSABLE.equals(state))) {
            return Override.MUST_EVICT;
        }
        if (LostUntilRollback.marks(failure)) {
            // lost in autocommit holding what cannot be restored: nothing will roll it back, and the
            // next borrower would get 08003 (or, healed, the last borrower's session)
            return Override.MUST_EVICT;
        }
        return Override.DO_NOT_EVICT;
    }

    private static boolean passedThroughRetryingConnection(Throwable failure) {
        for (StackTraceElement frame : failure.getStackTrace()) {
            if (frame.getClassName().startsWith(RETRYING_FRAMES)) {
                return true;
            }
        }
        return false;
    }

    @java.lang.Override
    public String toString() {
        return "RetryingExceptionOverride";
    }
}
