package io.retrying.jdbc.bench.jmh;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.bench.stub.StubDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
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

/**
 * Issue 16 part 2: what the layer adds to one borrow from a HikariCP pool over the stub driver, in
 * autocommit. {@code pooled} is plain HikariCP; {@code over} is {@code RetryingDataSource.wrap}
 * of that pool (a new retrying connection per borrow); {@code under} is HikariCP pooling retrying
 * connections (built once, reused). {@code borrow}: getConnection + close; {@code borrowSelect}:
 * that plus prepare, setInt, executeQuery, next, and the closes, as an application's point select;
 * {@code readWriteTx}: the throughput harness's transaction (SELECT, UPDATE, COMMIT) over the stub,
 * so the layer's client CPU for it, the riding transaction id capture included ({@code -no-resolve}:
 * without), shows without pgjdbc's and the server's.
 * Goal: over the pool within +0.5 µs of plain and at most 200 B more per borrow ({@code -prof gc}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
@State(Scope.Thread)
public class BorrowBenchmark {

    @Param({"pooled", "over", "under", "over-no-resolve", "under-no-resolve"})
    public String layer;

    private HikariDataSource pool;
    private DataSource dataSource;

    @Setup(Level.Trial)
    public void open() {
        HikariConfig config = new HikariConfig();
        boolean resolve = !layer.endsWith("-no-resolve");
        config.setDataSource(layer.startsWith("under")
                ? RetryingDataSource.builder(new StubDataSource()).resolveCommits(resolve).build()
                : new StubDataSource());
        config.setMaximumPoolSize(1);
        config.setMinimumIdle(1);
        config.setPoolName("borrow-" + layer);
        pool = new HikariDataSource(config);
        dataSource = layer.startsWith("over") ? RetryingDataSource.builder(pool).resolveCommits(resolve).build() : pool;
    }

    @TearDown(Level.Trial)
    public void close() {
        pool.close();
    }

    @Benchmark
    public boolean borrow() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return c.isReadOnly();
        }
    }

    @Benchmark
    public int borrowSelect() throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(StatementBenchmark.QUERY_PREPARED)) {
            ps.setInt(1, 7);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    @Benchmark
    public int readWriteTx() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            int v;
            try (PreparedStatement ps = c.prepareStatement(StatementBenchmark.QUERY_PREPARED)) {
                ps.setInt(1, 7);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    v = rs.getInt(1);
                }
            }
            try (PreparedStatement ps = c.prepareStatement(StatementBenchmark.UPDATE_PREPARED)) {
                ps.setInt(1, 1);
                ps.setInt(2, v);
                v += ps.executeUpdate();
            }
            c.commit();
            return v;
        }
    }
}
