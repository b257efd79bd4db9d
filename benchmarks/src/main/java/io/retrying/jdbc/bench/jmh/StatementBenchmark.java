package io.retrying.jdbc.bench.jmh;

import io.retrying.jdbc.bench.stub.StubDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The cost of the retrying layer per JDBC call, over the in-process stub driver
 * ({@link StubDataSource}: no I/O, so nothing hides the layer's cost): {@code bare} is the stub
 * itself, {@code wrapped} is {@code RetryingDataSource.wrap(stub)}. JMH runs the two layers of
 * one benchmark back to back, in the same JVM build, so each pair is compared under the same load.
 *
 * <p>{@code transaction} runs with {@code autoCommit=false}, where the layer keeps its
 * transaction journal: so that the journal stays the size a real transaction gives it, every
 * {@value #TX_STATEMENTS}th execution commits, and that commit's cost is part of the figure
 * (a tenth of one, per execution). The getter benchmarks read an endless result set opened in
 * the set-up (in a transaction: one journaled query whose row digest grows by one row per
 * {@code next()}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
@State(Scope.Thread)
public class StatementBenchmark {

    static final int TX_STATEMENTS = 10;
    static final String UPDATE = "UPDATE accounts SET balance = balance + 1 WHERE id = 42";
    static final String UPDATE_PREPARED = "UPDATE accounts SET balance = balance + ? WHERE id = ?";
    static final String QUERY_PREPARED = "SELECT id, name FROM accounts WHERE id > ? ORDER BY id LIMIT 10";

    @Param({"bare", "wrapped"})
    public String layer;

    @Param({"autocommit", "transaction"})
    public String mode;

    private Connection connection;
    private boolean transaction;
    private int executions;
    private Statement statement;
    private PreparedStatement update;
    private PreparedStatement query;
    private Statement endlessStatement;
    private ResultSet endless;

    @Setup(Level.Trial)
    public void open() throws SQLException {
        connection = Layer.of(layer).dataSource().getConnection();
        transaction = mode.equals("transaction");
        connection.setAutoCommit(!transaction);
        statement = connection.createStatement();
        update = connection.prepareStatement(UPDATE_PREPARED);
        query = connection.prepareStatement(QUERY_PREPARED);
        endlessStatement = connection.createStatement();
        endless = endlessStatement.executeQuery(StubDataSource.ENDLESS);
        endless.next();
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
        if (transaction) {
            connection.rollback();
        }
        connection.close();
    }

    /** In a transaction, commits every TX_STATEMENTS executions: a journal of a real size. */
    private void executed() throws SQLException {
        if (transaction && ++executions == TX_STATEMENTS) {
            executions = 0;
            connection.commit();
        }
    }

    @Benchmark
    public boolean execute() throws SQLException {
        boolean result = statement.execute(UPDATE);
        executed();
        return result;
    }

    @Benchmark
    public int preparedUpdate() throws SQLException {
        update.setInt(1, 1);
        update.setInt(2, 42);
        int count = update.executeUpdate();
        executed();
        return count;
    }

    @Benchmark
    public void executeQuery(Blackhole bh) throws SQLException {
        query.setInt(1, 0);
        try (ResultSet rs = query.executeQuery()) {
            bh.consume(rs);
        }
        executed();
    }

    /** The whole read path: execute, 10 rows of next + getInt + getString, close. */
    @Benchmark
    public void readTenRows(Blackhole bh) throws SQLException {
        query.setInt(1, 0);
        try (ResultSet rs = query.executeQuery()) {
            while (rs.next()) {
                bh.consume(rs.getInt(1));
                bh.consume(rs.getString(2));
            }
        }
        executed();
    }

    @Benchmark
    public boolean next() throws SQLException {
        return endless.next();
    }

    @Benchmark
    public int getInt() throws SQLException {
        return endless.getInt(1);
    }

    @Benchmark
    public String getString() throws SQLException {
        return endless.getString(2);
    }
}
