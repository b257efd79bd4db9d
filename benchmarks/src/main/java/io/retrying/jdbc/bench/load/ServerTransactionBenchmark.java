package io.retrying.jdbc.bench.load;

import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
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
 * Issue 26: the read-write transaction of the load harnesses ({@link Workload#READ_WRITE}: borrow,
 * SELECT, UPDATE, COMMIT) against a real server, per variant ({@link Variant}: plain HikariCP, the
 * hand-written capture's floor, the layer over and under the pool), one thread, for the profilers:
 * {@code -prof gc} gives the bytes per transaction, {@code -prof stack} or async-profiler's CPU
 * samples where the client's microseconds go. Here, not in the jmh package, to run the load
 * harnesses' own workload and pools. Its time per operation is a round trip's more than the
 * client's work; the cost harness ({@code ./bench.sh cost}) is the one to compare variants with.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
@State(Scope.Benchmark)
public class ServerTransactionBenchmark {

    @Param({"plain", "floor", "over", "under", "over-no-resolve", "under-no-resolve"})
    public String variant;

    private PgServer server;
    private Variant.Pool pool;
    private DataSource dataSource;
    private Workload workload;

    @Setup(Level.Trial)
    public void open() {
        server = PgServers.start();
        Workload.createTable(server);
        Variant v = Variant.valueOf(variant.toUpperCase(java.util.Locale.ROOT).replace('-', '_'));
        pool = v.open(server, 1);
        dataSource = pool.dataSource();
        workload = v.workload(Workload.READ_WRITE);
    }

    @TearDown(Level.Trial)
    public void close() {
        pool.close();
        server.close();
    }

    @Benchmark
    public void readWriteTx() throws SQLException {
        workload.run(dataSource);
    }
}
