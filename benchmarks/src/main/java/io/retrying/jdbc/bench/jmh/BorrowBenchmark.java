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
 * that plus prepare, setInt, executeQuery, next, and the closes, as an application's point select.
 * Goal: over the pool within +0.5 µs of plain and at most 200 B more per borrow ({@code -prof gc}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
@State(Scope.Thread)
public class BorrowBenchmark {

    @Param({"pooled", "over", "under"})
    public String layer;

    private HikariDataSource pool;
    private DataSource dataSource;

    @Setup(Level.Trial)
    public void open() {
        HikariConfig config = new HikariConfig();
        config.setDataSource("under".equals(layer) ? RetryingDataSource.wrap(new StubDataSource()) : new StubDataSource());
        config.setMaximumPoolSize(1);
        config.setMinimumIdle(1);
        config.setPoolName("borrow-" + layer);
        pool = new HikariDataSource(config);
        dataSource = "over".equals(layer) ? RetryingDataSource.wrap(pool) : pool;
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
}
