package io.retrying.jdbc.internal.dial;

import io.retrying.jdbc.internal.config.PgTarget;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * A writer's data source with a pool of readers beside it (issue 27 over a pool): what
 * {@code RetryingDataSource.builder(pool).readers(readerPool)} dials through. Each retrying
 * connection routes over it with a {@code PoolReadRouting} of its own (internal.jdbc); the verdicts on the readers'
 * physical connections ({@link StandbyVerdicts}) are shared by all of them. Immutable but for the
 * verdicts; thread-safe.
 */
public final class ReaderPool implements Dialer {

    private final DataSourceDialer writer;
    private final DataSourceDialer readers;
    private final StandbyVerdicts verdicts;
    /**
     * What the writer's pool lends, learned from the first connection borrowed through this (a pool
     * lends every connection with its configured autocommit and read-only): the retrying connections
     * after it borrow nothing until their first use. Null until then; racy on purpose (every
     * connection learns the same).
     */
    private volatile Boolean lendsAutoCommit;

    /** {@code writer} with the pool of readers {@code readerPool} beside it. */
    public static ReaderPool of(DataSourceDialer writer, DataSource readerPool) {
        return new ReaderPool(writer, new DataSourceDialer(readerPool, null, null, PgTarget.of(readerPool)),
                new StandbyVerdicts());
    }

    private ReaderPool(DataSourceDialer writer, DataSourceDialer readers, StandbyVerdicts verdicts) {
        this.writer = writer;
        this.readers = readers;
        this.verdicts = verdicts;
    }

    /** Both asked with {@code getConnection(user, password)}; the verdicts are the same. */
    public ReaderPool withCredentials(String user, String password) {
        return new ReaderPool(writer.withCredentials(user, password), readers.withCredentials(user, password), verdicts);
    }

    public DataSourceDialer writer() {
        return writer;
    }

    public DataSourceDialer readers() {
        return readers;
    }

    public StandbyVerdicts verdicts() {
        return verdicts;
    }

    /**
     * The autocommit the writer's pool lends its connections in, once a connection borrowed through
     * this told it ({@link #lends}); null before.
     */
    public Boolean lendsAutoCommit() {
        return lendsAutoCommit;
    }

    /**
     * A connection borrowed from the writer's pool was lent in {@code autoCommit}, read-write: the
     * pool's own setting. One lent read-only teaches nothing (a connection then opens as before).
     */
    public void lends(boolean autoCommit, boolean readOnly) {
        if (!readOnly && lendsAutoCommit == null) {
            lendsAutoCommit = autoCommit;
        }
    }

    /** The writer's: a retrying connection always routes over this ({@code ReadRouting.over}), never dials it as it is. */
    @Override
    public Connection dial() throws SQLException {
        return writer.dial();
    }

    @Override
    public long loginTimeoutMillis() {
        return writer.loginTimeoutMillis();
    }

    @Override
    public String describe() {
        return writer.describe() + " (readers " + readers.describe() + ")";
    }

    @Override
    public String toString() {
        return "ReaderPool[" + describe() + "]";
    }
}
