package io.retrying.jdbc.bench.trace;

import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgServers;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The child JVM of {@link FailurePathTrace}: runs one scenario twice against the server named by
 * its first argument, through a {@link RetryingDataSource} with the defaults, each time on a fresh
 * data source and connection. The first round warms the classes up (their static initializers stay
 * out of the trace); the second is the one traced, between {@link Marks#begin} and
 * {@link Marks#end}. The fault is injected before {@code begin}: the window holds the failing call
 * alone, from the application's call to what it gets.
 *
 * <p>Arguments: {@code <pgjdbc URL of a superuser> <scenario letter>}. The table {@code trace_t}
 * (one row, id 1) is made by the parent.
 */
public final class Scenarios {

    /** The scenarios, by letter; {@link #title} and {@link #fault} are what the report says of each. */
    enum Scenario {
        A("a read healed", "autocommit SELECT after pg_terminate_backend of its backend") {
            @Override
            String run(Round r) throws SQLException {
                try (Connection c = r.open(); Statement st = c.createStatement()) {
                    r.kill(c);
                    return read(r, st);
                }
            }
        },
        B("a transaction replayed", "in a transaction, an UPDATE, pg_terminate_backend, then a SELECT") {
            @Override
            String run(Round r) throws SQLException {
                long before = r.value();
                try (Connection c = r.open(); Statement st = c.createStatement()) {
                    r.backendOf(c);
                    c.setAutoCommit(false);
                    st.executeUpdate(WRITE);
                    r.kill(c);
                    String got = read(r, st);
                    c.commit();
                    return got + "; after COMMIT v " + before + " -> " + r.value();
                }
            }
        },
        C("a failure reaching the application",
                "in a transaction, an UPDATE and SELECT pg_advisory_lock(1) (pins the session), pg_terminate_backend,"
                        + " then a SELECT") {
            @Override
            String run(Round r) throws SQLException {
                long before = r.value();
                try (Connection c = r.open(); Statement st = c.createStatement()) {
                    r.backendOf(c);
                    c.setAutoCommit(false);
                    st.executeUpdate(WRITE);
                    rows(st.executeQuery("SELECT pg_advisory_lock(1)"));
                    r.kill(c);
                    String got = read(r, st);
                    c.rollback();
                    return got + "; after ROLLBACK v " + before + " -> " + r.value();
                }
            }
        },
        D("a lost COMMIT resolved", "in a transaction, an UPDATE, then COMMIT whose reply the fault proxy drops") {
            @Override
            String run(Round r) throws SQLException {
                long before = r.value();
                try (Connection c = r.openThroughProxy(); Statement st = c.createStatement()) {
                    c.setAutoCommit(false);
                    st.executeUpdate(WRITE);
                    r.proxy().dropReplyAfterCommit();
                    Object done = r.window(() -> {
                        c.commit();
                        return "";
                    });
                    return (done == null ? r.failure : "COMMIT returned") + "; v " + before + " -> " + r.value();
                }
            }
        },
        E("a read proven after a silent loss", "autocommit SELECT after the fault proxy cut the socket (no word"
                + " from the server: proof, read-only guard)") {
            @Override
            String run(Round r) throws SQLException {
                try (Connection c = r.openThroughProxy(); Statement st = c.createStatement()) {
                    rows(st.executeQuery(READ));
                    r.proxy().cutAll();
                    return read(r, st);
                }
            }
        },
        F("a lost autocommit write reaching the application", "autocommit UPDATE whose reply the fault proxy"
                + " drops (it ran; no word from the server)") {
            @Override
            String run(Round r) throws SQLException {
                long before = r.value();
                try (Connection c = r.openThroughProxy(); Statement st = c.createStatement()) {
                    r.proxy().dropReplyAfterStatementContaining("UPDATE trace_t");
                    Object count = r.window(() -> st.executeUpdate(WRITE));
                    return (count == null ? r.failure : "update count " + count) + "; v " + before + " -> " + r.value();
                }
            }
        };

        final String title;
        final String fault;

        Scenario(String title, String fault) {
            this.title = title;
            this.fault = fault;
        }

        /** Runs the scenario once; returns what the application got and what the server holds. */
        abstract String run(Round r) throws SQLException;
    }

    static final String READ = "SELECT v FROM trace_t WHERE id = 1";
    static final String WRITE = "UPDATE trace_t SET v = v + 1 WHERE id = 1";

    /** The failing call, as the application makes it. */
    interface Call<T> {
        T run() throws SQLException;
    }

    /** One run of a scenario: its fresh data source, the plain admin connection that injects the fault. */
    static final class Round {
        private final String url;
        private final Scenario scenario;
        private final boolean traced;
        private final Connection admin;
        private FaultProxy proxy;
        private int backend;
        /** The failure the window's call threw, as the application saw it; null when it returned. */
        String failure;

        Round(String url, Scenario scenario, boolean traced, Connection admin) {
            this.url = url;
            this.scenario = scenario;
            this.traced = traced;
            this.admin = admin;
        }

        /** A connection of a new {@link RetryingDataSource} with the defaults, straight to the server. */
        Connection open() throws SQLException {
            return open(url);
        }

        /** Like {@link #open()}, through a fault proxy of this round's. */
        Connection openThroughProxy() throws SQLException {
            proxy = FaultProxy.start(PgServers.external(url));
            return open(proxy.jdbcUrl());
        }

        private static Connection open(String url) throws SQLException {
            RetryingDataSource ds = new RetryingDataSource();
            ds.setUrl(url);
            return ds.getConnection();
        }

        FaultProxy proxy() {
            return proxy;
        }

        /** Notes the backend serving {@code c} (asked through it, as the application would). */
        void backendOf(Connection c) throws SQLException {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
                rs.next();
                backend = rs.getInt(1);
            }
        }

        /** pg_terminate_backend of {@code c}'s backend from the admin connection, waiting until it is gone. */
        void kill(Connection c) throws SQLException {
            if (backend == 0) {
                backendOf(c);
            }
            try (Statement st = admin.createStatement();
                    ResultSet rs = st.executeQuery("SELECT pg_terminate_backend(" + backend + ", 5000)")) {
                rs.next();
                if (!rs.getBoolean(1)) {
                    throw new IllegalStateException("backend " + backend + " was not terminated");
                }
            }
        }

        /** trace_t's value, read on the admin connection. */
        long value() throws SQLException {
            try (Statement st = admin.createStatement(); ResultSet rs = st.executeQuery(READ)) {
                rs.next();
                return rs.getLong(1);
            }
        }

        /** Runs {@code call} between the marks; its result, or null (and {@link #failure}) when it threw. */
        <T> T window(Call<T> call) {
            Marks.begin(scenario.name(), traced);
            try {
                return call.run();
            } catch (SQLException e) {
                failure = "threw " + e.getClass().getSimpleName() + " " + e.getSQLState() + ": " + e.getMessage();
                return null;
            } finally {
                Marks.end(scenario.name());
            }
        }

        void close() {
            if (proxy != null) {
                proxy.close();
            }
        }
    }

    /** The traced read after the fault: its rows, or the failure the application got. */
    static String read(Round r, Statement st) throws SQLException {
        ResultSet rs = r.window(() -> st.executeQuery(READ));
        return rs == null ? r.failure : "rows: " + rows(rs);
    }

    static String rows(ResultSet rs) throws SQLException {
        StringBuilder s = new StringBuilder();
        while (rs.next()) {
            s.append(s.length() == 0 ? "" : ", ").append(rs.getString(1));
        }
        return "[" + s + "]";
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        Scenario scenario = Scenario.valueOf(args[1]);
        try (Connection admin = DriverManager.getConnection(url)) {
            for (boolean traced : new boolean[] {false, true}) {
                Round round = new Round(url, scenario, traced, admin);
                try {
                    Marks.outcome(scenario.name(), scenario.run(round));
                } finally {
                    round.close();
                }
            }
        }
    }

    private Scenarios() {
    }
}
