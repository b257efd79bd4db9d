package io.retrying.jdbc.bench.jmh;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
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
 * The smallest transactions, over the stub driver, to show what the layer adds at COMMIT: a
 * written transaction (one UPDATE) pays for the xid capture before COMMIT unless
 * {@code retry.resolveCommits=false} ({@code wrapped-no-resolve}); a read-only one (one SELECT)
 * skips it. DESIGN.md: "Benchmarks report both."
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
@State(Scope.Thread)
public class CommitBenchmark {

    @Param({"bare", "wrapped", "wrapped-no-resolve"})
    public String layer;

    private Connection connection;
    private PreparedStatement update;
    private PreparedStatement query;

    @Setup(Level.Trial)
    public void open() throws SQLException {
        connection = Layer.of(layer).dataSource().getConnection();
        connection.setAutoCommit(false);
        update = connection.prepareStatement(StatementBenchmark.UPDATE_PREPARED);
        query = connection.prepareStatement(StatementBenchmark.QUERY_PREPARED);
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
        connection.rollback();
        connection.close();
    }

    /** UPDATE; COMMIT. */
    @Benchmark
    public int writeCommit() throws SQLException {
        update.setInt(1, 1);
        update.setInt(2, 42);
        int count = update.executeUpdate();
        connection.commit();
        return count;
    }

    /** SELECT (one row read); COMMIT. */
    @Benchmark
    public void readCommit(Blackhole bh) throws SQLException {
        query.setInt(1, 0);
        try (ResultSet rs = query.executeQuery()) {
            rs.next();
            bh.consume(rs.getInt(1));
        }
        connection.commit();
    }
}
