package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.ReadRoute;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.internal.config.Readers;
import io.retrying.jdbc.internal.dial.DataSourceDialer;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.dial.ReaderPool;
import io.retrying.jdbc.internal.dial.StandbyVerdicts;
import io.retrying.jdbc.internal.events.RetryReporter;
import io.retrying.jdbc.internal.session.HeldSettings;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

/**
 * Reads routed to a pool of readers ({@link ReaderPool}), writes to the writer's pool: the layer
 * over a pool. In {@code setReadOnly(true)} the retrying connection borrows from the reader pool,
 * else from the writer's; a connection goes back to its own pool when the role switches and when
 * the retrying connection closes. Nothing is parked: holding a borrowed connection that is not in
 * use would starve the pool it came from.
 *
 * <p>A borrowed reader is checked as a dialed one is ({@link StandbyCheck}), once per physical
 * connection while its verdict holds ({@link StandbyVerdicts}), not on every borrow. One whose
 * server is no standby (promoted) is evicted: it will not be a standby again, and the pool's next
 * dial may reach one (a replica port, a multi-host URL that prefers secondaries). One that lags is
 * given back as it is: evicting it would make the pool dial the same lagging server again on every
 * read, and the standby may catch up within the second; the next borrow asks again. Either way, and
 * when the reader pool has nothing to lend (its acquire timeout: {@code connectionTimeout} bounds
 * how long a read waits for a reader; for some seconds after, reads leave the readers' pool alone
 * rather than each waiting as long), reads fall back to the writer's pool per
 * {@code readersFallBackToPrimary}; else the dial fails with 08001 and is retried within the
 * reconnect window.
 *
 * <p>A lost connection is evicted from the pool it came from, and its replacement borrowed there
 * again (validated as any replacement over a pool: {@link DataSourceDialer#dialReplacement}). Each
 * borrow for reads is reported ({@link RetryReporter#readRouted}).
 */
final class PoolReadRouting extends ReadRouting {

    private final ReaderPool pool;
    private final DataSourceDialer readerPool;
    private final StandbyVerdicts verdicts;

    PoolReadRouting(ReaderPool pool, Readers readers, RetryReporter reporter, long connectionNumber) {
        super(pool.writer(), readers, reporter, connectionNumber);
        this.pool = pool;
        this.readerPool = pool.readers();
        this.verdicts = pool.verdicts();
    }

    @Override
    public Connection dial() throws SQLException {
        return reads ? read(null) : write(null);
    }

    @Override
    public Connection dialReplacement(DeadReplacements deadOnes) throws SQLException {
        return reads ? read(deadOnes) : write(deadOnes);
    }

    /** The autocommit the writer's pool lends in, once learned ({@link ReaderPool#lendsAutoCommit}). */
    Boolean lendsAutoCommit() {
        return pool.lendsAutoCommit();
    }

    /** A connection of the writer's pool was lent so: see {@link ReaderPool#lends}. */
    void lends(boolean autoCommit, boolean readOnly) {
        if (!onReader) {
            pool.lends(autoCommit, readOnly);
        }
    }

    private Connection write(DeadReplacements deadOnes) throws SQLException {
        onReader = false;
        return deadOnes == null ? writer.dial() : writer.dialReplacement(deadOnes);
    }

    private Connection read(DeadReplacements deadOnes) throws SQLException {
        SQLException why;
        Connection c = null;
        try {
            if (verdicts.poolResting()) {
                throw new SQLTransientConnectionException("The pool of readers lent no connection a moment ago;"
                        + " reads leave it alone for " + StandbyVerdicts.REST_SECONDS + " s", "08001");
            }
            try {
                c = deadOnes == null ? readerPool.dial() : readerPool.dialReplacement(deadOnes);
            } catch (SQLException lentNothing) {
                Retryability recovery = Classifier.retryability(lentNothing);
                if (recovery.needsNewConnection() || recovery == Retryability.BACKPRESSURE) {
                    verdicts.poolLentNothing(); // a pool's acquire timeout: the next reads would wait it again
                }
                throw lentNothing;
            }
            Object key = StandbyVerdicts.key(c);
            if (verdicts.usable(key)) {
                return taken(c);
            }
            StandbyCheck.Answer answer = StandbyCheck.ask(c, readers.maxLag());
            if (answer.refusal() == null) {
                verdicts.found(key, answer.lagMs(), readers.maxLag());
                return taken(c);
            }
            why = new SQLException("The reader " + serverOf(c) + " " + answer.refusal(), "08001");
            if (answer.standby()) {
                giveBack(c, readerPool);
            } else {
                readerPool.discard(c);
            }
        } catch (SQLException failed) {
            if (c != null) {
                readerPool.discard(c);
            }
            Retryability recovery = Classifier.retryability(failed);
            if (!recovery.needsNewConnection() && recovery != Retryability.BACKPRESSURE) {
                throw failed; // a refusal no other server cures (a password, a missing database)
            }
            why = failed;
        }
        if (!readers.fallBackToPrimary()) {
            throw new SQLException("No reader of " + readerPool.describe() + " is up, a standby and within "
                    + readers.maxLag().toMillis() + " ms of the primary (readersFallBackToPrimary=false)", "08001", why);
        }
        Connection primary = write(deadOnes);
        routed(ReadRoute.Target.PRIMARY, serverOf(primary), ReadRoute.Reason.NO_STANDBY_USABLE);
        return primary;
    }

    private Connection taken(Connection reader) {
        onReader = true;
        routed(ReadRoute.Target.STANDBY, serverOf(reader), ReadRoute.Reason.READ_ONLY);
        return reader;
    }

    /**
     * A role switch gives the connection in hand back to its pool as a fresh one: what the session
     * set on it is undone first (the next borrower set none of it; the application's own RESET at
     * the end reaches only the connection it then holds). One that refuses is evicted, and so is one
     * on which code in the database may have left state no reset undoes (a role or a tenant a
     * function set: {@link HeldSettings#undoable}). Any other discard is of a broken one, evicted
     * from the pool it came from.
     */
    @Override
    public void discard(Connection old) {
        Dialer from = onReader ? readerPool : writer;
        if (switching) {
            switching = false;
            HeldSettings heldOnIt = held;
            held = HeldSettings.NONE;
            try {
                heldOnIt.undoOn(old);
            } catch (SQLException | RuntimeException refused) {
                from.discard(old); // it would go back with the session's state: nobody may borrow it
                return;
            }
            giveBack(old, from);
            return;
        }
        from.discard(old);
    }

    private static void giveBack(Connection c, Dialer pool) {
        try {
            c.close();
        } catch (SQLException | RuntimeException e) {
            pool.discard(c); // it would not go back whole: evicted
        }
    }

    /** Nothing is kept here: the connection in hand goes back to its pool with the retrying connection. */
    @Override
    void close() {
    }

    @Override
    public String describe() {
        return writer.describe() + " (readers " + readerPool.describe() + ")";
    }
}
