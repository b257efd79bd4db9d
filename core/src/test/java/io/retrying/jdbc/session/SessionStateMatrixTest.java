package io.retrying.jdbc.session;

import static io.retrying.jdbc.fixtures.SessionStateMatrix.Defect.*;
import static io.retrying.jdbc.fixtures.SessionStateMatrix.difference;
import static io.retrying.jdbc.fixtures.SessionStateMatrix.script;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.SessionStateMatrix;
import io.retrying.jdbc.fixtures.SessionStateMatrix.Defect;
import io.retrying.jdbc.fixtures.SessionStateMatrix.Row;
import io.retrying.jdbc.fixtures.StreamingReplicas;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The session-state matrix ({@link SessionStateMatrix}: each piece of state × each way SQL changes
 * it) under each event of core that takes a connection out of use or into it: a heal after an idle
 * backend is terminated, a transaction replayed after its backend is killed mid-transaction, a
 * COMMIT whose reply the proxy drops, and a role switch with {@code retry.readers} (the other role's
 * connection parked). Each case runs its script on a retrying connection with the fault and on plain
 * pgjdbc without it; the steps must fail alike, and afterwards the server must hold the same session
 * (who it runs as, search_path, time zone, the custom settings, read-only, the server's kind) and
 * the same marks. The library's defaults, with {@code retry.sessionSettings=app.tenant} for the
 * tenant's rows. HikariCP's events (a switch over two pools, a return to the pool) are in
 * hikari-integration's {@code SessionStateMatrixOverPoolsTest}, on the same rows.
 *
 * <p>One primary with one standby for the whole matrix; each case opens its own connections and
 * kills backends, never restarts a server. Rows that fail today are listed in {@link #KNOWN_FAILURES}
 * with why: each is checked to still fail, so the list cannot go stale.
 */
@ExtendWith(PgExtension.class)
class SessionStateMatrixTest {

    private static final String VICTIM = "sm-victim";

    /** A case's name ("row × event") with what the layer does wrong there, on the code of today. */
    static final Map<String, Defect> KNOWN_FAILURES = Map.of();

    /** Where each event places a row's script around its fault. */
    enum Event {
        HEAL("heal (idle backend terminated)"),
        /** The statement that finds the loss is run again: it must see the session as a statement of the application's does. */
        FIRST_STATEMENT_AFTER_A_HEAL("heal, as the statement that found the loss sees it"),
        REPLAY("replay (backend killed mid-transaction)"),
        COMMIT_RESOLUTION("commit resolution (COMMIT reply lost)"),
        PARKED_CHANGED_WHILE_READING("parked switch: changed while reading, back to the writer"),
        PARKED_CHANGED_ON_WRITER("parked switch: changed on the writer, reading again"),
        ROUTED_HEAL("readers: changed, then the idle backend terminated");

        final String label;

        Event(String label) {
            this.label = label;
        }

        /** Whether it runs {@code row}: the first statement after a heal sees what any row's does, so one change is enough. */
        boolean runs(Row row) {
            SessionStateMatrix.Change change = row.change();
            return switch (this) {
                case FIRST_STATEMENT_AFTER_A_HEAL -> change == SessionStateMatrix.Change.SET;
                // a heal is core's HEAL: with readers, what the routing adds (the role it dials for)
                case ROUTED_HEAL -> row.state() == SessionStateMatrix.State.READ_ONLY
                        || change == SessionStateMatrix.Change.NONE || change == SessionStateMatrix.Change.SET;
                default -> true;
            };
        }

        boolean routed() {
            return this == PARKED_CHANGED_WHILE_READING || this == PARKED_CHANGED_ON_WRITER || this == ROUTED_HEAL;
        }
    }

    private static PgServer primary;
    private static StreamingReplicas replicas;
    private static FaultProxy proxy;
    /** Superuser connections kept for the matrix's own questions and kills: a connection a case would cost more than the case. */
    private static Connection admin;
    private static Connection standbyAdmin;
    /** Each run of a script writes its marks under a name of its own. */
    private static int runs;

    @BeforeAll
    static void servers(PgServer pg) {
        primary = pg;
        pg.sql(SessionStateMatrix.schema());
        proxy = FaultProxy.start(pg);
        replicas = StreamingReplicas.start(pg, 1);
        try {
            admin = pg.connect();
            standbyAdmin = replicas.standby(0).connect();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterAll
    static void stop() throws SQLException {
        for (Connection c : new Connection[] {admin, standbyAdmin}) {
            if (c != null) {
                c.close();
            }
        }
        if (proxy != null) {
            proxy.close();
        }
    }

    @TestFactory
    Stream<DynamicTest> heal() {
        return cases(Event.HEAL);
    }

    @TestFactory
    Stream<DynamicTest> firstStatementAfterAHeal() {
        return cases(Event.FIRST_STATEMENT_AFTER_A_HEAL);
    }

    @TestFactory
    Stream<DynamicTest> replay() {
        return cases(Event.REPLAY);
    }

    @TestFactory
    Stream<DynamicTest> commitResolution() {
        return cases(Event.COMMIT_RESOLUTION);
    }

    @TestFactory
    Stream<DynamicTest> parkedChangedWhileReading() {
        return cases(Event.PARKED_CHANGED_WHILE_READING);
    }

    @TestFactory
    Stream<DynamicTest> parkedChangedOnTheWriter() {
        return cases(Event.PARKED_CHANGED_ON_WRITER);
    }

    @TestFactory
    Stream<DynamicTest> routedHeal() {
        return cases(Event.ROUTED_HEAL);
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

    /** The script of {@code row} placed around {@code event}'s fault. */
    static List<String> placed(Row row, Event event) {
        List<String> change = row.changeInsideATransaction();
        return switch (event) {
            // the application's next statement finds the loss and heals; then the session is read
            case HEAL -> script(row.setup(), row.changeAlone(), List.of("fault:kill", "SELECT 1"));
            case FIRST_STATEMENT_AFTER_A_HEAL -> script(row.setup(), row.changeAlone(), List.of("fault:kill"));
            case REPLAY -> change == null
                    ? script(row.setup(), row.changeAlone(), row.beginWriting(), replayed())
                    : script(row.setup(), row.beginWriting(), change, replayed());
            case COMMIT_RESOLUTION -> change == null
                    ? script(row.setup(), row.changeAlone(), row.beginWriting(), commitLost())
                    : script(row.setup(), row.beginWriting(), change, commitLost());
            case PARKED_CHANGED_WHILE_READING -> script(row.setup(), List.of("jdbc:readOnly=true", "SELECT 1"),
                    row.changeAlone(), List.of("jdbc:readOnly=false"));
            case PARKED_CHANGED_ON_WRITER -> script(row.setup(), List.of("jdbc:readOnly=true", "SELECT 1",
                    "jdbc:readOnly=false"), row.changeAlone(), List.of("jdbc:readOnly=true"));
            case ROUTED_HEAL -> script(row.setup(), row.changeAlone(), List.of("fault:killAll", "SELECT 1"));
        };
    }

    private static List<String> replayed() {
        return List.of("INSERT INTO " + SessionStateMatrix.MARKS + " VALUES ('{run}', 1)", "fault:kill",
                "INSERT INTO " + SessionStateMatrix.MARKS + " VALUES ('{run}', 2)", "jdbc:commit", "jdbc:autoCommit=true");
    }

    private static List<String> commitLost() {
        return List.of("INSERT INTO " + SessionStateMatrix.MARKS + " VALUES ('{run}', 1)", "fault:dropCommitReply",
                "jdbc:commit", "jdbc:autoCommit=true");
    }

    /** Null when the retrying connection ended as plain pgjdbc did; else how it differs. */
    private String mismatch(Row row, Event event) throws Exception {
        List<String> steps = placed(row, event);
        Result plain;
        try (Connection c = DriverManager.getConnection(primary.jdbcUrl())) {
            plain = result(c, steps, "plain-" + ++runs, null);
        }
        Result layer;
        try (Connection c = open(row, event)) {
            layer = result(c, steps, "layer-" + ++runs, (fault, conn) -> {
                inject(fault);
            });
        } finally {
            proxy.passThrough();
        }
        boolean readOnly = "true".equals(plain.snapshot.get("isReadOnly()"));
        Map<String, String> expected = readOnly && event.routed() ? SessionStateMatrix.unrouted(plain.snapshot) : plain.snapshot;
        Map<String, String> actual = readOnly && event.routed() ? SessionStateMatrix.unrouted(layer.snapshot) : layer.snapshot;
        boolean mayRefuse = switch (event) {
            case REPLAY -> row.mayRefuseAReplay();
            case COMMIT_RESOLUTION -> row.mayRefuseACommitResolution();
            default -> row.mayRefuseAHeal();
        };
        if (mayRefuse && refused(layer)) {
            // by design: the layer surfaced that it cannot give the new physical connection (a heal's, or
            // the other role's) what the session holds, rather than a guess at it
            return null;
        }
        String steps1 = difference(plain.steps, layer.steps);
        if (steps1 != null) {
            return "the steps: " + steps1;
        }
        if (event == Event.FIRST_STATEMENT_AFTER_A_HEAL) {
            actual = asOutsideTheProvenReadsFrame(expected, actual);
        }
        String session = difference(expected, actual);
        if (session != null) {
            return "the session: " + session;
        }
        return difference(plain.marks, layer.marks) == null ? null
                : "the marks written: plain " + plain.marks + ", layer " + layer.marks;
    }

    /**
     * By design: the statement that found the loss is a read the server proved cannot write, and its
     * run again on the new connection is inside {@code BEGIN READ ONLY ... COMMIT} (the second line
     * against a write the proof missed; docs/what-is-retried.md, docs/differences-from-pgjdbc.md),
     * so it reads {@code transaction_read_only = on} where pgjdbc reads off. Only that field is let
     * through, and only that way round.
     */
    private static Map<String, String> asOutsideTheProvenReadsFrame(Map<String, String> expected, Map<String, String> actual) {
        if (!"on".equals(actual.get("transaction_read_only")) || !"off".equals(expected.get("transaction_read_only"))) {
            return actual;
        }
        Map<String, String> out = new java.util.LinkedHashMap<>(actual);
        out.put("transaction_read_only", "off");
        return out;
    }

    /** Whether the layer surfaced the loss (a class 08 failure after the fault) instead of healing. */
    private static boolean refused(Result layer) {
        String state = SessionStateMatrix.failedState(layer.snapshot);
        if (state != null && (state.startsWith("08") || state.equals("57P01"))) {
            return true;
        }
        return layer.steps.stream().anyMatch(s -> s.endsWith(": 08003") || s.endsWith(": 08006") || s.endsWith(": 57P01"));
    }

    record Result(List<String> steps, Map<String, String> snapshot, long marks) {}

    private static Result result(Connection c, List<String> script, String run, SessionStateMatrix.Faults faults)
            throws Exception {
        List<String> steps = script.stream().map(s -> s.replace("{run}", run)).toList();
        List<String> outcomes = SessionStateMatrix.run(c, steps, faults).stream()
                .map(s -> s.replace("'" + run + "'", "'{run}'")).toList();
        Map<String, String> snapshot = SessionStateMatrix.snapshot(c);
        long marks = count(admin, "SELECT count(*) FROM " + SessionStateMatrix.MARKS + " WHERE run = '" + run + "'");
        return new Result(outcomes, snapshot, marks);
    }

    /** The retrying connection under test: over the proxy for the faults of one server; with a reader for the routed events. */
    private static Connection open(Row row, Event event) throws SQLException {
        if (event.routed()) {
            PGSimpleDataSource pg = new PGSimpleDataSource();
            pg.setURL(primary.jdbcUrl() + "&ApplicationName=" + VICTIM);
            RetryingDataSource.Builder ds = RetryingDataSource.builder(pg).readers(replicas.standbyHosts());
            if (row.namesTheSetting()) {
                ds.sessionSettings("app.tenant");
            }
            return ds.build().getConnection();
        }
        RetryConfig config = RetryConfig.defaults();
        if (row.namesTheSetting()) {
            config = config.withSessionSettings(List.of("app.tenant"));
        }
        return new Physical(proxy.jdbcUrl() + "&ApplicationName=" + VICTIM).open(config);
    }

    /** Every client backend but the asking one, waiting until each has exited. */
    private static final String TERMINATE = "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 5000))"
            + " FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()";

    private static long count(Connection c, String sql) throws SQLException {
        try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void inject(String fault) throws SQLException {
        switch (fault) {
            case "fault:kill", "fault:killAll" -> {
                // every client backend: the plain connection is closed by now, and a RESET ALL or DISCARD ALL
                // may have reset the victim's application_name (pgjdbc sets it after the startup packet)
                long killed = count(admin, TERMINATE);
                if (fault.equals("fault:killAll")) {
                    killed += count(standbyAdmin, TERMINATE);
                }
                if (killed == 0) {
                    fail("no backend of the victim to terminate");
                }
            }
            case "fault:dropCommitReply" -> proxy.dropReplyAfterCommit();
            default -> throw new IllegalArgumentException(fault);
        }
    }
}
