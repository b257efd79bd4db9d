package io.retrying.jdbc.internal.unit;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.TransactionWork;
import io.retrying.jdbc.internal.events.RetryReporter;
import io.retrying.jdbc.internal.jdbc.RetryingConnection;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;
import javax.sql.DataSource;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of {@code Retrying.inTransaction}: a fresh connection, autocommit off, the work, COMMIT;
 * on failure a quiet rollback; the connection closed either way. {@link UnitRetry} runs it again.
 *
 * <p>A connection lost while COMMIT was in flight is classified UNKNOWN (it may have committed),
 * not RECONNECT: the unit runs again either way, but the log says what happened.
 *
 * <p>Not thread-safe: one instance per call.
 */
public final class TransactionUnit<T> implements UnitRetry.Unit<T> {

    private static final Logger LOG = LoggerFactory.getLogger(RetryReporter.LOGGER_NAME);

    private final DataSource dataSource;
    private final TransactionWork<T> work;
    /** The current run got as far as sending COMMIT. */
    private boolean committing;
    /** The current run's COMMIT got no reply: the connection went without a word from the server. */
    private boolean commitUnanswered;

    /**
     * @throws NullPointerException when dataSource or work is null
     */
    public TransactionUnit(DataSource dataSource, TransactionWork<T> work) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.work = Objects.requireNonNull(work, "work");
    }

    @Override
    public T run() throws SQLException {
        committing = false;
        commitUnanswered = false;
        Connection c = dataSource.getConnection();
        try {
            boolean autoCommit = c.getAutoCommit();
            if (autoCommit) {
                c.setAutoCommit(false);
            }
            T result;
            try {
                result = work.run(c);
                failIfAborted(c);
            } catch (Throwable failure) {
                // a pool that does not reset what it lends gets the connection back as it lent it
                if (rollbackQuietly(c, failure) && autoCommit) {
                    restoreAutoCommitQuietly(c);
                }
                throw failure;
            }
            committing = true;
            try {
                c.commit();
            } catch (SQLException e) {
                commitUnanswered = !Classifier.serverReported(e) && isClosed(c);
                throw e;
            }
            if (autoCommit) {
                restoreAutoCommitQuietly(c);
            }
            return result;
        } finally {
            closeQuietly(c);
        }
    }

    /**
     * A COMMIT that got no reply may have committed: UNKNOWN, whatever the lost reply looks like.
     * That includes a socket read timeout, which {@link Classifier} leaves FATAL for a statement (a
     * slow server, not a gone one) but which after COMMIT says nothing of the outcome: a COMMIT
     * waiting for a synchronous standby or a deferred trigger goes on and commits.
     */
    @Override
    public Retryability classify(Exception failure) {
        return commitUnanswered ? Retryability.UNKNOWN : Classifier.retryability(failure, committing, false);
    }

    private static boolean isClosed(Connection c) {
        try {
            return c.isClosed();
        } catch (SQLException | RuntimeException e) {
            return false;
        }
    }

    /**
     * pgjdbc answers the COMMIT of a transaction the server already aborted (a statement failed and
     * the work caught its exception) by rolling back and returning normally: the unit would report a
     * commit that never happened. A retrying connection throws at COMMIT itself, with the failure
     * as its cause; over plain pgjdbc (or a pool of it) the state is read here, without a round trip.
     */
    private static void failIfAborted(Connection c) throws SQLException {
        if (c.isWrapperFor(RetryingConnection.class) || !c.isWrapperFor(BaseConnection.class)) {
            return; // unwrapping a retrying connection would pin it
        }
        if (c.unwrap(BaseConnection.class).getTransactionState() == TransactionState.FAILED) {
            throw new SQLException("The transaction was rolled back, not committed: a statement in it failed earlier",
                    "40000");
        }
    }

    /**
     * Rolls back what the failed work did, unless its connection is gone: the server has then rolled
     * the transaction back already, and a retrying connection would dial a new one only to roll
     * back nothing. A failing rollback is logged and ignored: the connection is closed next, which
     * ends the transaction anyway.
     *
     * @return whether it rolled back on the connection (which is then usable)
     */
    private static boolean rollbackQuietly(Connection c, Throwable failure) {
        if (failure instanceof Exception && Classifier.retryability(failure).needsNewConnection()) {
            return false;
        }
        try {
            c.rollback();
            return true;
        } catch (SQLException | RuntimeException e) {
            LOG.debug("rollback after a failed transaction failed (sqlstate={}); ignored, the connection is closed next",
                    Classifier.sqlState(e), e);
            return false;
        }
    }

    /** The transaction is over (committed or rolled back): a failure here changes nothing about it. */
    private static void restoreAutoCommitQuietly(Connection c) {
        try {
            c.setAutoCommit(true);
        } catch (SQLException | RuntimeException e) {
            LOG.debug("restoring autocommit after the transaction failed (sqlstate={}); ignored, the connection is closed next",
                    Classifier.sqlState(e), e);
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException | RuntimeException e) {
            LOG.debug("closing a transaction's connection failed (sqlstate={}); ignored", Classifier.sqlState(e), e);
        }
    }
}
