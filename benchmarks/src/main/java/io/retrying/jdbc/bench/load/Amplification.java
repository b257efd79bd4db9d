package io.retrying.jdbc.bench.load;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.RetryBudget;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Logger;
import javax.sql.DataSource;
import net.ttddyy.dsproxy.ExecutionInfo;
import net.ttddyy.dsproxy.QueryInfo;
import net.ttddyy.dsproxy.listener.QueryExecutionListener;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Issue 8, item 4: how many physical attempts one application request costs while the server
 * refuses connections for a long time. A role's connection limit is held full (its connections
 * open and idle) for {@code bench.holdSeconds} (60) while {@value #CLIENTS} client threads each
 * request {@code SELECT 1} on a new connection, pausing {@code bench.pauseMs} (10) between
 * requests; first through the retrying layer (defaults: 10 s reconnect window, the process-wide
 * retry budget), then straight (the baseline).
 *
 * <p>Counted at the physical side: every dial (each {@code getConnection} of pgjdbc's data source)
 * and every execution that reaches the driver (datasource-proxy). Counted at the application: a
 * request's dial, and its execution once it has a connection. Amplification = physical / logical.
 */
public final class Amplification {

    static final int CLIENTS = 20;
    static final String ROLE = "bench_amp";
    static final int LIMIT = 2;

    public static void main(String[] args) throws Exception {
        Duration hold = Settings.seconds("holdSeconds", 60);
        Duration pause = Settings.millis("pauseMs", 10);
        System.out.println(Stats.f("# amplification: role connection limit %d held full for %.0f s per phase, %d clients,"
                + " %d ms pause between requests; start: %s", LIMIT, hold.toMillis() / 1000.0, CLIENTS, pause.toMillis(),
                Settings.load()));
        List<String> table = new ArrayList<>();
        try (PgServer server = PgServers.start()) {
            server.createRole(ROLE);
            server.setConnectionLimit(ROLE, LIMIT);
            List<Connection> held = new ArrayList<>();
            try {
                for (int i = 0; i < LIMIT; i++) {
                    held.add(new org.postgresql.Driver().connect(server.jdbcUrl(ROLE), new java.util.Properties()));
                }
                RetryBudget budget = RetryBudget.shared();
                table.add(phase("retrying (wrap)", server, hold, pause, physical -> RetryingDataSource.wrap(physical)));
                System.out.println(Stats.f("  the process-wide retry budget after the retrying phase: %.1f retries (%s)",
                        budget.balance(), budget));
                table.add(phase("plain", server, hold, pause, physical -> physical));
            } finally {
                for (Connection c : held) {
                    c.close();
                }
            }
        }
        System.out.println();
        System.out.println("| layer | requests | app dials | app executions | physical dials | physical executions |"
                + " amplification | requests that succeeded | app errors (SQLState x count) | request latency p50 ms | p99 ms |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|");
        table.forEach(System.out::println);
        System.out.println();
        System.out.println("# end: " + Settings.load());
    }

    interface Layering {
        DataSource over(DataSource physical);
    }

    private static String phase(String label, PgServer server, Duration hold, Duration pause, Layering layering)
            throws Exception {
        PGSimpleDataSource pg = new PGSimpleDataSource();
        pg.setURL(server.jdbcUrl(ROLE));
        CountingDataSource dials = new CountingDataSource(pg);
        LongAdder executions = new LongAdder();
        DataSource physical = ProxyDataSourceBuilder.create(dials).name("physical")
                .listener(new QueryExecutionListener() {
                    @Override
                    public void beforeQuery(ExecutionInfo info, List<QueryInfo> queries) {
                        executions.increment();
                    }

                    @Override
                    public void afterQuery(ExecutionInfo info, List<QueryInfo> queries) {
                        // counted before: an execution that fails still reached the driver
                    }
                }).build();
        DataSource ds = layering.over(physical);

        LongAdder appDials = new LongAdder();
        LongAdder appExecutions = new LongAdder();
        LongAdder succeeded = new LongAdder();
        Map<String, AtomicLong> errors = new ConcurrentHashMap<>();
        List<List<Double>> latencies = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            latencies.add(new ArrayList<>());
        }
        Clients clients = Clients.start("amplification", CLIENTS, pause, () -> {
            appDials.increment();
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                appExecutions.increment();
                try (ResultSet rs = s.executeQuery("SELECT 1")) {
                    rs.next();
                }
            }
            succeeded.increment();
        }, (client, start, end, failure) -> {
            latencies.get(client).add((end - start) / 1e6);
            if (failure != null) {
                String state = Classifier.sqlState(failure);
                errors.computeIfAbsent(state == null ? failure.getClass().getSimpleName() : state, k -> new AtomicLong())
                        .incrementAndGet();
            }
        });
        Thread.sleep(hold.toMillis());
        clients.stop();

        long requests = latencies.stream().mapToLong(List::size).sum();
        long logical = appDials.sum() + appExecutions.sum();
        long physicalAttempts = dials.count() + executions.sum();
        double[] lat = latencies.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).toArray();
        StringBuilder err = new StringBuilder();
        new TreeMap<>(errors).forEach((k, v) -> err.append(err.length() == 0 ? "" : ", ").append(k).append(" x").append(v));
        String line = Stats.f("| %s | %d | %d | %d | %d | %d | **%.3f** | %d | %s | %.1f | %.1f |", label, requests,
                appDials.sum(), appExecutions.sum(), dials.count(), executions.sum(), (double) physicalAttempts / logical,
                succeeded.sum(), err.length() == 0 ? "-" : err, Stats.quantile(lat, 0.5), Stats.quantile(lat, 0.99));
        System.out.println("  " + line);
        return line;
    }

    /** Counts every attempt to get a physical connection, whether it succeeds or not. */
    static final class CountingDataSource implements DataSource {
        private final DataSource target;
        private final AtomicLong count = new AtomicLong();

        CountingDataSource(DataSource target) {
            this.target = target;
        }

        long count() {
            return count.get();
        }

        @Override
        public Connection getConnection() throws SQLException {
            count.incrementAndGet();
            return target.getConnection();
        }

        @Override
        public Connection getConnection(String username, String password) throws SQLException {
            count.incrementAndGet();
            return target.getConnection(username, password);
        }

        @Override
        public PrintWriter getLogWriter() throws SQLException {
            return target.getLogWriter();
        }

        @Override
        public void setLogWriter(PrintWriter out) throws SQLException {
            target.setLogWriter(out);
        }

        @Override
        public void setLoginTimeout(int seconds) throws SQLException {
            target.setLoginTimeout(seconds);
        }

        @Override
        public int getLoginTimeout() throws SQLException {
            return target.getLoginTimeout();
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            return target.getParentLogger();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            return iface.isInstance(this) ? iface.cast(this) : target.unwrap(iface);
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) throws SQLException {
            return iface.isInstance(this) || target.isWrapperFor(iface);
        }
    }
}
