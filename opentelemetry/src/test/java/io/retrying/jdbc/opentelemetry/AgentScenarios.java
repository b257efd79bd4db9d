package io.retrying.jdbc.opentelemetry;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.impl.InstrumentationUtil;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import io.retrying.jdbc.hikari.RetryingHikari;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * The application {@link AgentTracesTest} runs in a child JVM, with and without the OpenTelemetry
 * Java agent: six set-ups, each with its backend killed at six points, each operation inside a span
 * of its own ({@code op}, attributes {@code test.setup}, {@code test.point}, {@code test.result}).
 * Prints one {@code RESULT setup point ok|fail SQLSTATE} line per operation and one
 * {@code ROW setup n} line per set-up (its counter row) to the file named by its second argument.
 * The kills and the table's set-up run with instrumentation suppressed: they are the test's, not the
 * application's.
 */
public final class AgentScenarios {

    enum Setup {
        BARE_PGJDBC, BARE_HIKARI, DRIVER, HIKARI_PREFIXED, UNDER, OVER;

        boolean library() {
            return this != BARE_PGJDBC && this != BARE_HIKARI;
        }

        String app() {
            return "otel-" + name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * Where the backend is killed. The last two put the layer's own questions outside any statement
     * call, where the agent would trace them: a read-only transaction's lost COMMIT is settled by a
     * proof on a new connection, and a batch (which the xid capture cannot ride with) has its xid
     * asked just before COMMIT, on the dead connection first.
     */
    enum Point { BEFORE_READ, BEFORE_WRITE, MID_TRANSACTION, BEFORE_COMMIT, READ_ONLY_BEFORE_COMMIT, BATCH_BEFORE_COMMIT }

    /** Where connections come from in one set-up. */
    interface Source extends AutoCloseable {
        Connection get() throws SQLException;

        @Override
        void close();
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        Path results = Path.of(args[1]);
        PgServer server = PgServers.external(url);
        Tracer tracer = GlobalOpenTelemetry.getTracer("agent-scenarios");
        suppressed(() -> {
            server.sql("drop table if exists otel_acct", "create table otel_acct(id int primary key, n int not null)");
            for (Setup s : Setup.values()) {
                server.sql("insert into otel_acct values (" + s.ordinal() + ", 0)");
            }
        });
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(results))) {
            for (Setup setup : Setup.values()) {
                try (Source source = open(setup, url)) {
                    for (Point point : Point.values()) {
                        Span op = tracer.spanBuilder("op").setAttribute("test.setup", setup.name())
                                .setAttribute("test.point", point.name()).startSpan();
                        String result;
                        try (Scope ignored = op.makeCurrent()) {
                            run(setup, point, source, server);
                            result = "ok";
                        } catch (SQLException e) {
                            result = "fail " + e.getSQLState();
                        }
                        op.setAttribute("test.result", result);
                        op.end();
                        out.println("RESULT " + setup + " " + point + " " + result);
                    }
                }
                long n = suppressedLong(() -> server.queryLong("select n from otel_acct where id = " + setup.ordinal()));
                out.println("ROW " + setup + " " + n);
            }
        }
    }

    private static Source open(Setup setup, String url) {
        String pgUrl = url + "&ApplicationName=" + setup.app();
        String prefixed = "jdbc:retrying:" + pgUrl.substring("jdbc:".length());
        switch (setup) {
            case BARE_PGJDBC:
                return driver(pgUrl);
            case DRIVER:
                return driver(prefixed);
            case BARE_HIKARI:
                return pool(new HikariDataSource(config(pgUrl)));
            case HIKARI_PREFIXED:
                return pool(new HikariDataSource(config(prefixed)));
            case UNDER:
                return pool(RetryingHikari.under(config(pgUrl)));
            case OVER: {
                javax.sql.DataSource ds = RetryingHikari.over(config(pgUrl));
                return new Source() {
                    @Override
                    public Connection get() throws SQLException {
                        return ds.getConnection();
                    }

                    @Override
                    public void close() {
                        try {
                            ((AutoCloseable) ds).close();
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }
                };
            }
            default:
                throw new IllegalArgumentException(setup.name());
        }
    }

    private static HikariConfig config(String url) {
        HikariConfig c = new HikariConfig();
        c.setJdbcUrl(url);
        c.setMaximumPoolSize(2);
        c.setPoolName("otel-pool");
        return c;
    }

    private static Source driver(String url) {
        return new Source() {
            @Override
            public Connection get() throws SQLException {
                return DriverManager.getConnection(url);
            }

            @Override
            public void close() {
            }
        };
    }

    private static Source pool(HikariDataSource pool) {
        return new Source() {
            @Override
            public Connection get() throws SQLException {
                return pool.getConnection();
            }

            @Override
            public void close() {
                pool.close();
            }
        };
    }

    private static void run(Setup setup, Point point, Source source, PgServer server) throws SQLException {
        int id = setup.ordinal();
        try (Connection c = source.get()) {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("select 2")) {
                rs.next(); // the connection is in use: the kill below hits a live session
            }
            switch (point) {
                case BEFORE_READ:
                    kill(server, setup);
                    read(c, id);
                    break;
                case BEFORE_WRITE:
                    kill(server, setup);
                    add(c, id);
                    break;
                case MID_TRANSACTION:
                    c.setAutoCommit(false);
                    try {
                        add(c, id);
                        kill(server, setup);
                        add(c, id);
                        c.commit();
                    } finally {
                        backToAutocommit(c);
                    }
                    break;
                case BEFORE_COMMIT:
                    c.setAutoCommit(false);
                    try {
                        add(c, id);
                        add(c, id);
                        kill(server, setup);
                        c.commit();
                    } finally {
                        backToAutocommit(c);
                    }
                    break;
                case READ_ONLY_BEFORE_COMMIT:
                    c.setAutoCommit(false);
                    try {
                        read(c, id);
                        kill(server, setup);
                        c.commit();
                    } finally {
                        backToAutocommit(c);
                    }
                    break;
                case BATCH_BEFORE_COMMIT:
                    c.setAutoCommit(false);
                    try {
                        try (PreparedStatement ps = c.prepareStatement("update otel_acct set n = n + 1 where id = ?")) {
                            ps.setInt(1, id);
                            ps.addBatch();
                            ps.addBatch();
                            ps.executeBatch();
                        }
                        kill(server, setup);
                        c.commit();
                    } finally {
                        backToAutocommit(c);
                    }
                    break;
                default:
                    throw new IllegalArgumentException(point.name());
            }
        }
    }

    private static void backToAutocommit(Connection c) {
        try {
            if (!c.getAutoCommit()) {
                c.rollback();
                c.setAutoCommit(true);
            }
        } catch (SQLException ignored) {
            // the connection is gone: the pool or the next open deals with it
        }
    }

    private static void read(Connection c, int id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("select n from otel_acct where id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
            }
        }
    }

    private static void add(Connection c, int id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("update otel_acct set n = n + 1 where id = ?")) {
            ps.setInt(1, id);
            if (ps.executeUpdate() != 1) {
                throw new SQLException("no row " + id);
            }
        }
    }

    private static void kill(PgServer server, Setup setup) {
        suppressed(() -> server.terminateBackends(setup.app()));
    }

    private static void suppressed(Runnable r) {
        InstrumentationUtil.suppressInstrumentation(r);
    }

    private static long suppressedLong(java.util.function.LongSupplier s) {
        long[] out = new long[1];
        InstrumentationUtil.suppressInstrumentation(() -> out[0] = s.getAsLong());
        return out[0];
    }

    private AgentScenarios() {
    }
}
