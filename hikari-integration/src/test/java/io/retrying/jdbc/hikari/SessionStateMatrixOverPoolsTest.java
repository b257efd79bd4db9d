package io.retrying.jdbc.hikari;

import static io.retrying.jdbc.fixtures.SessionStateMatrix.Defect.*;
import static io.retrying.jdbc.fixtures.SessionStateMatrix.difference;
import static io.retrying.jdbc.fixtures.SessionStateMatrix.script;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import io.retrying.jdbc.fixtures.SessionStateMatrix;
import io.retrying.jdbc.fixtures.SessionStateMatrix.Defect;
import io.retrying.jdbc.fixtures.SessionStateMatrix.Row;
import io.retrying.jdbc.fixtures.StreamingReplicas;
import java.io.Closeable;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The session-state matrix of core's {@code SessionStateMatrixTest} (the same rows,
 * {@link SessionStateMatrix}) under the events that hand a physical connection on through HikariCP:
 * a role switch over a writer's pool and a readers' pool ({@link RetryingHikari#over(HikariConfig,
 * HikariConfig, java.util.function.UnaryOperator)}: the physical connection goes back to its pool at
 * the switch), and a return to the pool after a heal, over the pool and under it (with and without
 * {@code retry.readers}, whose parked connection stays inside the pooled one). The model is plain
 * HikariCP over pgjdbc running the same script: what the connection holds afterwards, and what the
 * NEXT borrower of the pool sees, writing and reading. Pools of one connection, so that the next
 * borrower gets the physical connection the script ran on; a physical connection the layer let go at
 * a role switch must reach its next borrower as a fresh one would (the application never saw it go).
 * The library's defaults, with
 * {@code sessionSettings=app.tenant} for the tenant's rows.
 */
class SessionStateMatrixOverPoolsTest {

    /** A case's name ("row × event") with what the layer does wrong there, on the code of today. */
    static final Map<String, Defect> KNOWN_FAILURES = Map.ofEntries(
            Map.entry("custom setting × a function × return to the pool under it with readers: changed on the writer after a read", POOLED_PARKED_READER_REFUSES_THE_NEXT_BORROWER),
            Map.entry("read-only × a function × return to the pool under it with readers: changed on the writer after a read", POOLED_PARKED_READER_REFUSES_THE_NEXT_BORROWER),
            Map.entry("role × a function × return to the pool under it with readers: changed on the writer after a read", POOLED_PARKED_READER_REFUSES_THE_NEXT_BORROWER),
            Map.entry("search_path × a function × return to the pool under it with readers: changed on the writer after a read", POOLED_PARKED_READER_REFUSES_THE_NEXT_BORROWER),
            Map.entry("session authorization × a function × return to the pool under it with readers: changed on the writer after a read", POOLED_PARKED_READER_REFUSES_THE_NEXT_BORROWER),
            Map.entry("tenant by a function × rollback() × return to the pool under it with readers: changed on the writer after a read", POOLED_PARKED_READER_REFUSES_THE_NEXT_BORROWER),
            Map.entry("time zone × a function × return to the pool under it with readers: changed on the writer after a read", POOLED_PARKED_READER_REFUSES_THE_NEXT_BORROWER));

    enum Event {
        POOLS_CHANGED_WHILE_READING("switch over pools: changed while reading, back to the writer"),
        POOLS_CHANGED_ON_WRITER("switch over pools: changed on the writer, reading again"),
        /** Another borrower of the writer's pool while the connection reads: plain HikariCP lends it a connection that ran nothing. */
        POOLS_BORROWED_WHILE_READING("switch over pools: changed, then reading while another borrows from the writer's pool"),
        RETURN_OVER("return to the pool after a heal, over the pool"),
        RETURN_UNDER("return to the pool after a heal, under the pool"),
        RETURN_UNDER_WITH_READERS("return to the pool under it with readers: changed on the writer after a read");

        final String label;

        Event(String label) {
            this.label = label;
        }

        /**
         * Whether it runs {@code row}. A return after a heal repeats core's heal for the connection itself:
         * there the rows that matter are those whose change resets or ends with its transaction, what a
         * pool may pass on to the next borrower.
         */
        boolean runs(Row row) {
            if (this != RETURN_OVER && this != RETURN_UNDER) {
                return true;
            }
            return switch (row.change()) {
                case NONE, SET, SET_LOCAL, RESET, RESET_ALL, DISCARD_ALL, JDBC_ROLLBACK_TO_SAVEPOINT, TRANSACTION_ROLLED_BACK -> true;
                default -> false;
            };
        }
    }

    private static PgServer primary;
    private static StreamingReplicas replicas;
    private static Connection admin;
    private static int runs;

    @BeforeAll
    static void cluster() throws SQLException {
        primary = PgServers.start();
        primary.sql(SessionStateMatrix.schema());
        replicas = StreamingReplicas.start(primary, 1);
        admin = primary.connect();
    }

    @AfterAll
    static void stop() throws SQLException {
        if (admin != null) {
            admin.close();
        }
        primary.close();
    }

    @TestFactory
    Stream<DynamicTest> switchOverPoolsChangedWhileReading() {
        return cases(Event.POOLS_CHANGED_WHILE_READING);
    }

    @TestFactory
    Stream<DynamicTest> switchOverPoolsChangedOnTheWriter() {
        return cases(Event.POOLS_CHANGED_ON_WRITER);
    }

    @TestFactory
    Stream<DynamicTest> switchOverPoolsBorrowedWhileReading() {
        return cases(Event.POOLS_BORROWED_WHILE_READING);
    }

    @TestFactory
    Stream<DynamicTest> returnOverThePool() {
        return cases(Event.RETURN_OVER);
    }

    @TestFactory
    Stream<DynamicTest> returnUnderThePool() {
        return cases(Event.RETURN_UNDER);
    }

    @TestFactory
    Stream<DynamicTest> returnUnderThePoolWithReaders() {
        return cases(Event.RETURN_UNDER_WITH_READERS);
    }

    @Test
    void everyKnownFailureNamesACaseOfTheMatrix() {
        Set<String> names = new TreeSet<>();
        for (Event e : Event.values()) {
            SessionStateMatrix.rows().stream().filter(e::runs).forEach(r -> names.add(name(r, e)));
        }
        Set<String> unknown = new TreeSet<>(KNOWN_FAILURES.keySet());
        unknown.removeAll(names);
        assertEquals(Set.of(), unknown);
    }

    private static String name(Row row, Event event) {
        return row.name() + " × " + event.label;
    }

    private Stream<DynamicTest> cases(Event event) {
        return SessionStateMatrix.rows().stream().filter(event::runs).map(row -> DynamicTest.dynamicTest(name(row, event), () -> {
            String mismatch = mismatch(row, event);
            Defect known = KNOWN_FAILURES.get(name(row, event));
            if (mismatch != null) {
                System.out.println("MATRIX MISMATCH " + name(row, event) + (known != null ? " [" + known + "]" : "") + "\n   " + mismatch);
            }
            if (known == null && mismatch != null) {
                fail(mismatch);
            }
            if (known != null && mismatch == null) {
                fail("passes now: take it off KNOWN_FAILURES (" + known + ": " + known.description() + ")");
            }
        }));
    }

    static List<String> placed(Row row, Event event) {
        return switch (event) {
            case POOLS_CHANGED_WHILE_READING -> script(row.setup(), List.of("jdbc:readOnly=true", "SELECT 1"),
                    row.changeAlone(), List.of("jdbc:readOnly=false"));
            case POOLS_CHANGED_ON_WRITER, RETURN_UNDER_WITH_READERS -> script(row.setup(),
                    List.of("jdbc:readOnly=true", "SELECT 1", "jdbc:readOnly=false"), row.changeAlone());
            case POOLS_BORROWED_WHILE_READING -> script(row.setup(), row.changeAlone(), List.of("jdbc:readOnly=true", "SELECT 1"));
            case RETURN_OVER, RETURN_UNDER -> script(row.setup(), row.changeAlone(), List.of("fault:kill", "SELECT 1"));
        };
    }

    /** What one run saw: the steps, the connection's session at the end, and the next borrowers'. */
    record Result(List<String> steps, Map<String, String> session, Map<String, String> nextWriting,
            Map<String, String> nextReading) {}

    private String mismatch(Row row, Event event) throws Exception {
        List<String> steps = placed(row, event);
        Result plain;
        try (HikariDataSource pool = new HikariDataSource(config("sm-plain-" + ++runs, ""))) {
            plain = result(pool, steps, event, false);
        }
        Result layer;
        try (Closeable pools = layerPools(row, event)) {
            layer = result(((Pools) pools).ds, steps, event, true);
        }
        if (row.mayRefuseAHeal() && refused(layer)) {
            // by design: the layer surfaced that it cannot give the new physical connection (a heal's, or
            // the other role's) what the session holds, rather than a guess at it
            return null;
        }
        boolean readOnly = "true".equals(plain.session.get("isReadOnly()"));
        String s = difference(plain.steps, layer.steps);
        if (s != null) {
            return "the steps: " + s;
        }
        s = difference(readOnly ? SessionStateMatrix.unrouted(plain.session) : plain.session,
                readOnly ? SessionStateMatrix.unrouted(layer.session) : layer.session);
        if (s != null) {
            return "the connection's session: " + s;
        }
        if (layer.nextWriting == NOT_LENT) {
            return null; // it read on the writer's connection: the readers' pool lends one it never touched
        }
        s = difference(plain.nextWriting, layer.nextWriting);
        if (s != null) {
            return "the next borrower's session: " + s;
        }
        s = difference(SessionStateMatrix.unrouted(plain.nextReading), SessionStateMatrix.unrouted(layer.nextReading));
        return s == null ? null : "the next borrower's, reading: " + s;
    }

    private static Result result(DataSource ds, List<String> steps, Event event, boolean layer) throws Exception {
        List<String> outcomes;
        Map<String, String> session;
        Map<String, String> whileHeld = null;
        try (Connection c = ds.getConnection()) {
            outcomes = SessionStateMatrix.run(c, steps, layer ? (fault, conn) -> kill() : null);
            session = SessionStateMatrix.snapshot(c);
            if (event == Event.POOLS_BORROWED_WHILE_READING) {
                // plain HikariCP's one connection is held: its next borrower would get another, which ran nothing;
                // a connection that did not move to a standby (pinned) holds the writer's as plain HikariCP does
                boolean moved = !layer || "true".equals(session.get("in_recovery"));
                whileHeld = !moved ? NOT_LENT : layer ? nextBorrower(ds, false) : fresh(false);
            }
        }
        Map<String, String> writing = whileHeld != null ? whileHeld : nextBorrower(ds, false);
        // the readers' physical connection was let go at the switch back to the writer: handed on, it must be
        // what a fresh one is (plain HikariCP has no such connection: its one ran the whole script)
        boolean letGoAtASwitch = event == Event.POOLS_CHANGED_WHILE_READING || event == Event.POOLS_CHANGED_ON_WRITER;
        return new Result(outcomes, session, writing, letGoAtASwitch && !layer ? fresh(true) : nextBorrower(ds, true));
    }

    /** The next borrower of a writer's pool whose one connection is held. */
    private static final Map<String, String> NOT_LENT = Map.of("not lent", "the pool's one connection is held");

    /** What a connection that ran nothing holds, reading or writing. */
    private static Map<String, String> fresh(boolean reading) throws SQLException {
        try (Connection c = java.sql.DriverManager.getConnection(primary.jdbcUrl())) {
            c.setReadOnly(reading);
            return SessionStateMatrix.snapshot(c);
        }
    }

    /** What the next borrower sees, reading or writing; or how borrowing failed. */
    private static Map<String, String> nextBorrower(DataSource ds, boolean reading) {
        try (Connection next = ds.getConnection()) {
            if (reading) {
                next.setReadOnly(true);
            }
            return SessionStateMatrix.snapshot(next);
        } catch (SQLException e) {
            return Map.of("failed", e.getSQLState() + " " + e.getMessage());
        }
    }

    /** Every client backend on the primary but the asking one: the script's connection is the only one in use. */
    private static void kill() throws SQLException {
        try (Statement st = admin.createStatement(); ResultSet rs = st.executeQuery(
                "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 5000)) FROM pg_stat_activity"
                        + " WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()")) {
            rs.next();
            if (rs.getLong(1) == 0) {
                fail("no backend to terminate");
            }
        }
    }

    private static HikariConfig config(String name, String urlExtra) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(primary.jdbcUrl() + urlExtra);
        config.setMaximumPoolSize(1);
        // the pool's own wait for its one connection: a borrower that finds it held fails in 2 s, not 30
        config.setConnectionTimeout(2000);
        config.setPoolName(name);
        return config;
    }

    /** The layer's pools for {@code event}, closed together. */
    private static final class Pools implements Closeable {
        final DataSource ds;
        private final Closeable owner;

        Pools(DataSource ds, Closeable owner) {
            this.ds = ds;
            this.owner = owner;
        }

        @Override
        public void close() throws java.io.IOException {
            owner.close();
        }
    }

    private static Pools layerPools(Row row, Event event) {
        String name = "sm-layer-" + ++runs;
        String named = row.namesTheSetting() ? "&retry.sessionSettings=app.tenant" : "";
        return switch (event) {
            case POOLS_CHANGED_WHILE_READING, POOLS_CHANGED_ON_WRITER, POOLS_BORROWED_WHILE_READING -> {
                HikariConfig writer = config(name, "");
                HikariConfig readers = RetryingHikari.readers(writer, replicas.standbyHosts());
                RetryingHikariDataSource ds = RetryingHikari.over(writer, readers,
                        b -> row.namesTheSetting() ? b.sessionSettings("app.tenant") : b);
                yield new Pools(ds, ds);
            }
            case RETURN_OVER -> {
                RetryingHikariDataSource ds = RetryingHikari.over(config(name, ""),
                        b -> row.namesTheSetting() ? b.sessionSettings("app.tenant") : b);
                yield new Pools(ds, ds);
            }
            case RETURN_UNDER -> {
                HikariDataSource ds = RetryingHikari.under(config(name, named));
                yield new Pools(ds, ds);
            }
            case RETURN_UNDER_WITH_READERS -> {
                HikariDataSource ds = RetryingHikari.under(config(name, named + "&retry.readers=" + replicas.standbyHosts()));
                yield new Pools(ds, ds);
            }
        };
    }

    /** Whether the layer surfaced the loss (a class 08 failure after the fault) instead of healing. */
    private static boolean refused(Result layer) {
        String state = SessionStateMatrix.failedState(layer.session);
        return (state != null && (state.startsWith("08") || state.equals("57P01")))
                || layer.steps.stream().anyMatch(s -> s.endsWith(": 08003") || s.endsWith(": 08006") || s.endsWith(": 57P01"));
    }
}
