package io.retrying.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Whole units of work run again on a real server: {@code @Idempotent} methods through
 * {@link Retrying#proxy} and {@link Retrying#inTransaction}, with real failures (a socket cut while
 * an INSERT runs, a serialization conflict, a terminated backend, a lost COMMIT reply).
 *
 * <p>{@code inTransaction} runs here over plain pgjdbc, so that the counts of runs are the unit's
 * alone; the proxy's DAO runs over a {@link RetryingDataSource}, whose 08007 is what it heals.
 */
@ExtendWith(PgExtension.class)
class RetryingTest {

    /** Fast waits, no shared budget: the tests are about what runs again, not how long it waits. */
    private static final RetryPolicy FAST = RetryPolicy.builder()
            .maxAttempts(3).baseDelay(Duration.ofMillis(5)).maxDelay(Duration.ofMillis(50)).noTokenBucket().build();

    private final PgServer pg;

    RetryingTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void tables() {
        pg.sql("DROP TABLE IF EXISTS payments", "DROP TABLE IF EXISTS counters",
                "CREATE TABLE payments (key text PRIMARY KEY, amount int NOT NULL)",
                "CREATE TABLE counters (id int PRIMARY KEY, v int NOT NULL)",
                "INSERT INTO counters VALUES (1, 0)");
    }

    private DataSource plain(String url) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(url);
        return ds;
    }

    // ------------------------------------------------------------------ @Idempotent through a proxy

    interface Payments {
        /** Records a payment under its idempotency key: running it twice records it once. */
        @Idempotent
        void record(String key, int amount) throws SQLException;

        /** The same write, not declared idempotent. */
        void recordUndeclared(String key, int amount) throws SQLException;
    }

    /** A DAO over a data source; each call takes its own connection, and is counted. */
    static final class JdbcPayments implements Payments {
        private final DataSource ds;
        final AtomicInteger calls = new AtomicInteger();

        JdbcPayments(DataSource ds) {
            this.ds = ds;
        }

        @Override
        public void record(String key, int amount) throws SQLException {
            insert(key, amount, "/* idem-insert */");
        }

        @Override
        public void recordUndeclared(String key, int amount) throws SQLException {
            insert(key, amount, "/* undeclared-insert */");
        }

        private void insert(String key, int amount, String tag) throws SQLException {
            calls.incrementAndGet();
            // pg_sleep holds the INSERT on the server long enough to cut its socket
            try (Connection c = ds.getConnection();
                 PreparedStatement ps = c.prepareStatement("INSERT INTO payments (key, amount) SELECT ?, ? "
                         + "FROM pg_sleep(1) ON CONFLICT (key) DO NOTHING " + tag)) {
                ps.setString(1, key);
                ps.setInt(2, amount);
                ps.executeUpdate();
            }
        }
    }

    @Test
    void anIdempotentMethodRunsAgainAfterAnUnknownOutcomeAndWritesOnce() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            // given a DAO over a retrying data source, through a proxy that will cut the socket
            // while the first INSERT runs (the wrapper cannot replay a write whose socket was lost:
            // it reports 08007, outcome unknown)
            DataSource retrying = RetryingDataSource.builder(plain(proxy.jdbcUrl())).policy(FAST).build();
            JdbcPayments dao = new JdbcPayments(retrying);
            Payments payments = Retrying.proxy(Payments.class, dao, FAST);
            CompletableFuture<Integer> cut = cutWhileRunning(proxy, "idem-insert");

            // when the @Idempotent method is called
            payments.record("order-1", 100);

            // then it ran again, the caller saw success, and the payment is there once
            assertTrue(cut.join() > 0, "the socket was cut");
            assertEquals(2, dao.calls.get());
            awaitIdle("idem-insert");
            assertEquals(1, pg.queryLong("SELECT count(*) FROM payments WHERE key = 'order-1'"));
        }
    }

    @Test
    void aMethodWithoutTheAnnotationLetsTheUnknownOutcomeReachTheCaller() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            DataSource retrying = RetryingDataSource.builder(plain(proxy.jdbcUrl())).policy(FAST).build();
            JdbcPayments dao = new JdbcPayments(retrying);
            Payments payments = Retrying.proxy(Payments.class, dao, FAST);
            CompletableFuture<Integer> cut = cutWhileRunning(proxy, "undeclared-insert");

            SQLException e = assertThrows(SQLException.class, () -> payments.recordUndeclared("order-2", 100));

            assertTrue(cut.join() > 0, "the socket was cut");
            assertEquals("08007", e.getSQLState());
            assertEquals(1, dao.calls.get());
            awaitIdle("undeclared-insert");
            long rows = pg.queryLong("SELECT count(*) FROM payments WHERE key = 'order-2'");
            assertTrue(rows <= 1, "never twice: " + rows);
        }
    }

    // ------------------------------------------------------------------ issue 13 case 13: generated subclasses

    /** The interface a framework proxies; the annotation is on the implementation's method only. */
    interface Ledger {
        void record(String key, int amount) throws SQLException;
    }

    /** The user's class, annotated on its method, as on a Spring {@code @Service}. */
    static class JdbcLedger implements Ledger {
        private final DataSource ds;
        final AtomicInteger calls = new AtomicInteger();

        JdbcLedger(DataSource ds) {
            this.ds = ds;
        }

        @Idempotent
        @Override
        public void record(String key, int amount) throws SQLException {
            calls.incrementAndGet();
            try (Connection c = ds.getConnection();
                 PreparedStatement ps = c.prepareStatement("INSERT INTO payments (key, amount) SELECT ?, ? "
                         + "FROM pg_sleep(1) ON CONFLICT (key) DO NOTHING /* ledger-insert */")) {
                ps.setString(1, key);
                ps.setInt(2, amount);
                ps.executeUpdate();
            }
        }
    }

    /**
     * What Spring hands out for a {@code @Transactional} bean: a CGLIB subclass, named as CGLIB names
     * it, whose override of the method carries no annotation.
     */
    @SuppressWarnings("checkstyle:TypeName")
    static class JdbcLedger$$SpringCGLIB$$0 extends JdbcLedger {
        JdbcLedger$$SpringCGLIB$$0(DataSource ds) {
            super(ds);
        }

        @Override
        public void record(String key, int amount) throws SQLException {
            super.record(key, amount); // where Spring's interceptors would run
        }
    }

    @Test
    void anIdempotentMethodOfAGeneratedSubclassRunsAgainAfterAnUnknownOutcome() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            // given a bean as Spring hands it out (a CGLIB subclass of the annotated class), behind
            // Retrying.proxy, over a retrying data source whose socket is cut while the INSERT runs
            DataSource retrying = RetryingDataSource.builder(plain(proxy.jdbcUrl())).policy(FAST).build();
            JdbcLedger bean = new JdbcLedger$$SpringCGLIB$$0(retrying);
            Ledger ledger = Retrying.proxy(Ledger.class, bean, FAST);
            CompletableFuture<Integer> cut = cutWhileRunning(proxy, "ledger-insert");

            // when the method, @Idempotent on the user's class only, is called
            ledger.record("order-cglib", 100);

            // then the annotation was found through the subclass: it ran again, and wrote once
            assertTrue(cut.join() > 0, "the socket was cut");
            assertEquals(2, bean.calls.get());
            awaitIdle("ledger-insert");
            assertEquals(1, pg.queryLong("SELECT count(*) FROM payments WHERE key = 'order-cglib'"));
        }
    }

    // ------------------------------------------------------------------ issue 13 case 14: the data source's policy

    /** A data source configured for many attempts, and a listener that hears the units' retries. */
    private static final RetryPolicy PATIENT = RetryPolicy.builder()
            .maxAttempts(30).baseDelay(Duration.ofMillis(1)).maxDelay(Duration.ofMillis(5)).noTokenBucket().build();

    private static final class UnitRetries implements RetryListener {
        final List<String> units = new CopyOnWriteArrayList<>();

        @Override
        public void onRetry(RetryEvent event) {
            units.add(event.connectionId());
        }
    }

    @Test
    void inTransactionOverARetryingDataSourceRunsUnderItsPolicyAndListener() throws SQLException {
        // given a retrying data source built with 30 attempts and a listener, and work that meets a
        // real serialization conflict on each of its first 5 runs (the layer's replay diverges:
        // the counter it read moved, so each reaches the unit as a 40001)
        UnitRetries listener = new UnitRetries();
        DataSource retrying = RetryingDataSource.builder(plain(pg.jdbcUrl())).policy(PATIENT).listener(listener).build();
        AtomicInteger runs = new AtomicInteger();

        // when it runs with no policy of its own
        long before = Retrying.inTransaction(retrying, incrementConflicting(runs, 5));

        // then it ran 6 times (the defaults would have stopped at 3), and the listener heard 5 retries
        assertEquals(6, runs.get());
        assertEquals(500, before);
        assertEquals(501, pg.queryLong("SELECT v FROM counters WHERE id = 1"));
        assertEquals(5, listener.units.stream().filter("inTransaction"::equals).count(), listener.units.toString());
    }

    interface Increments {
        @Idempotent
        long increment() throws SQLException;
    }

    @Test
    void aProxyOverARetryingDataSourceRunsUnderItsPolicyAndListener() throws SQLException {
        UnitRetries listener = new UnitRetries();
        DataSource retrying = RetryingDataSource.builder(plain(pg.jdbcUrl())).policy(PATIENT).listener(listener).build();
        AtomicInteger runs = new AtomicInteger();
        TransactionWork<Long> conflicting = incrementConflicting(runs, 4);
        Increments increments = Retrying.proxy(retrying, Increments.class, () -> {
            try (Connection c = retrying.getConnection()) {
                c.setAutoCommit(false);
                try {
                    long before = conflicting.run(c);
                    c.commit();
                    return before;
                } catch (SQLException e) {
                    c.rollback();
                    throw e;
                }
            }
        });

        long before = increments.increment();

        assertEquals(5, runs.get());
        assertEquals(400, before);
        assertEquals(4, listener.units.stream().filter(u -> u.endsWith(".increment")).count(), listener.units.toString());
    }

    interface Counters {
        @Idempotent
        void set(int value) throws SQLException;
    }

    @Test
    void aLayerBeneathThatRanOutOfAttemptsIsNotRetriedAgain() throws Exception {
        // given a row locked by another transaction, and a DAO over a retrying data source whose
        // UPDATE gives up waiting for the lock after 50 ms (55P03, BACKPRESSURE: retried beneath)
        PGSimpleDataSource target = (PGSimpleDataSource) plain(pg.jdbcUrl());
        target.setOptions("-c lock_timeout=50");
        DataSource retrying = RetryingDataSource.builder(target).policy(FAST).build();
        AtomicInteger calls = new AtomicInteger();
        Counters counters = Retrying.proxy(Counters.class, value -> {
            calls.incrementAndGet();
            try (Connection c = retrying.getConnection(); Statement s = c.createStatement()) {
                s.executeUpdate("UPDATE counters SET v = " + value + " WHERE id = 1");
            }
        }, FAST);
        try (Connection holder = pg.connect()) {
            holder.setAutoCommit(false);
            try (Statement s = holder.createStatement()) {
                s.execute("SELECT * FROM counters WHERE id = 1 FOR UPDATE");
            }

            // when the @Idempotent method is called
            RetriesExhaustedException e = assertThrows(RetriesExhaustedException.class, () -> counters.set(7));

            // then the layer beneath made its 3 attempts and the unit ran once: 3, not 3 x 3
            assertEquals("55P03", e.getSQLState());
            assertEquals(3, e.attempts());
            assertEquals(1, calls.get());
            holder.rollback();
        }
        assertEquals(0, pg.queryLong("SELECT v FROM counters WHERE id = 1"));
    }

    /** Cuts every connection through the proxy once a statement tagged {@code tag} runs on the server. */
    private CompletableFuture<Integer> cutWhileRunning(FaultProxy proxy, String tag) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                awaitRunning(tag);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return proxy.cutAll();
        });
    }

    private void awaitRunning(String tag) throws SQLException, InterruptedException {
        awaitActive(tag, true);
    }

    private void awaitIdle(String tag) throws SQLException, InterruptedException {
        awaitActive(tag, false);
    }

    /** Polls pg_stat_activity until a statement tagged {@code tag} is (or no longer is) active. */
    private void awaitActive(String tag, boolean wanted) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        try (Connection admin = pg.connect();
             PreparedStatement ps = admin.prepareStatement("SELECT count(*) FROM pg_stat_activity "
                     + "WHERE state = 'active' AND query LIKE ? AND pid <> pg_backend_pid()")) {
            ps.setString(1, "%" + tag + "%");
            while (System.nanoTime() < deadline) {
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    if ((rs.getLong(1) > 0) == wanted) {
                        return;
                    }
                }
                Thread.sleep(10);
            }
        }
        throw new AssertionError("statement " + tag + (wanted ? " never ran" : " never finished"));
    }

    // ------------------------------------------------------------------ inTransaction

    /** Reads the counter in a serializable transaction, lets a concurrent writer commit first on run 1..{@code conflicts}, then adds one. */
    private TransactionWork<Long> incrementConflicting(AtomicInteger runs, int conflicts) {
        return c -> {
            int run = runs.incrementAndGet();
            try (Statement s = c.createStatement()) {
                s.execute("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE");
                long before;
                try (ResultSet rs = s.executeQuery("SELECT v FROM counters WHERE id = 1")) {
                    rs.next();
                    before = rs.getLong(1);
                }
                if (run <= conflicts) {
                    pg.sql("UPDATE counters SET v = v + 100 WHERE id = 1"); // the other transaction wins
                }
                s.executeUpdate("UPDATE counters SET v = v + 1 WHERE id = 1"); // 40001 after a concurrent update
                return before;
            }
        };
    }

    @Test
    void inTransactionRunsTheWholeTransactionAgainAfterASerializationFailure() throws SQLException {
        AtomicInteger runs = new AtomicInteger();

        long before = Retrying.inTransaction(plain(pg.jdbcUrl()), FAST, incrementConflicting(runs, 1));

        assertEquals(2, runs.get());
        assertEquals(100, before, "the second run read what the winner committed");
        assertEquals(101, pg.queryLong("SELECT v FROM counters WHERE id = 1"));
    }

    @Test
    void inTransactionRunsAgainOnAFreshConnectionAfterItsBackendWasTerminated() throws SQLException {
        AtomicInteger runs = new AtomicInteger();
        List<Integer> pids = new CopyOnWriteArrayList<>();

        String done = Retrying.inTransaction(plain(pg.jdbcUrl()), FAST, c -> {
            int run = runs.incrementAndGet();
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO payments VALUES ('killed', 1)");
                try (ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
                    rs.next();
                    pids.add(rs.getInt(1));
                }
                if (run == 1) {
                    pg.sql("SELECT pg_terminate_backend(" + pids.get(0) + ", 10000)"); // waits until it is gone
                }
                s.executeUpdate("INSERT INTO payments VALUES ('killed-2', 2)"); // 57P01 / 08006 on run 1
            }
            return "done";
        });

        assertEquals("done", done);
        assertEquals(2, runs.get());
        assertTrue(pids.get(0).intValue() != pids.get(1).intValue(), "a fresh connection: " + pids);
        assertEquals(2, pg.queryLong("SELECT count(*) FROM payments"), "the first run's INSERT was rolled back");
    }

    @Test
    void inTransactionOverARetryingDataSourceCarriesOnAfterATerminatedBackend() throws SQLException {
        // the layer beneath replays the transaction on a new connection, and the replay diverges (the
        // first run read its backend's pid, which a new backend cannot repeat): ReplayDivergedException,
        // a 40001, so the unit runs again, exactly once
        DataSource retrying = RetryingDataSource.builder(plain(pg.jdbcUrl())).policy(FAST).build();
        AtomicInteger runs = new AtomicInteger();

        Retrying.inTransaction(retrying, FAST, c -> {
            int run = runs.incrementAndGet();
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO payments VALUES ('layered', 1)");
                if (run == 1) {
                    try (ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
                        rs.next();
                        pg.sql("SELECT pg_terminate_backend(" + rs.getInt(1) + ", 10000)");
                    }
                }
                s.executeUpdate("INSERT INTO payments VALUES ('layered-2', 2)");
            }
            return null;
        });

        assertEquals(2, runs.get(), "runs of the unit");
        assertEquals(2, pg.queryLong("SELECT count(*) FROM payments"));
    }

    @Test
    void inTransactionRunsAgainWhenTheCommitReplyIsLostAndTheKeyKeepsItOnce() throws SQLException {
        List<RetryEvent> retries = new CopyOnWriteArrayList<>();
        RetryListener listener = new RetryListener() {
            @Override
            public void onRetry(RetryEvent event) {
                retries.add(event);
            }
        };
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            AtomicInteger runs = new AtomicInteger();

            Retrying.inTransaction(plain(proxy.jdbcUrl()), FAST, Deadline.none(), listener, c -> {
                if (runs.incrementAndGet() == 1) {
                    proxy.dropReplyAfterCommit(); // COMMIT reaches the server, its reply never comes back
                }
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("INSERT INTO payments VALUES ('lost-commit', 7) ON CONFLICT (key) DO NOTHING");
                }
                return null;
            });

            assertEquals(2, runs.get());
            assertFalse(proxy.dropReplyArmed(), "the fault fired");
            assertEquals(1, pg.queryLong("SELECT count(*) FROM payments WHERE key = 'lost-commit'"));
            assertEquals(1, retries.size());
            assertEquals(Retryability.UNKNOWN, retries.get(0).recovery(), "a lost COMMIT is reported as unknown");
            assertEquals("inTransaction", retries.get(0).connectionId());
        }
    }

    @Test
    void inTransactionRunsAgainWhenItsCommitTimedOutForTheServerMayHaveCommitted() throws SQLException {
        // given a COMMIT that takes 2 s on the server (a deferred trigger), and a client whose socket
        // times out after 1 s, set for the COMMIT only: the client gives up, the server goes on and commits
        pg.sql("CREATE OR REPLACE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS "
                        + "$$ BEGIN PERFORM pg_sleep(2); RETURN NULL; END $$",
                "CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON payments DEFERRABLE INITIALLY DEFERRED "
                        + "FOR EACH ROW EXECUTE FUNCTION slow_commit()");
        AtomicInteger runs = new AtomicInteger();

        Retrying.inTransaction(plain(pg.jdbcUrl()), FAST, c -> {
            int run = runs.incrementAndGet();
            if (run == 2) {
                awaitCommitted(); // so that this run does not wait on the first one's row lock
            }
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO payments VALUES ('slow', 1) ON CONFLICT (key) DO NOTHING");
            }
            if (run == 1) {
                c.setNetworkTimeout(Runnable::run, 1000);
            }
            return null;
        });

        // then the outcome was unknown, so the unit ran again, and its key kept the row once
        assertEquals(2, runs.get());
        assertEquals(1, pg.queryLong("SELECT count(*) FROM payments WHERE key = 'slow'"));
    }

    private void awaitCommitted() throws SQLException {
        try {
            awaitIdle("COMMIT");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted", e);
        }
    }

    @Test
    void inTransactionDoesNotRetryAFatalFailure() {
        AtomicInteger runs = new AtomicInteger();

        SQLException e = assertThrows(SQLException.class, () -> Retrying.inTransaction(plain(pg.jdbcUrl()), FAST, c -> {
            runs.incrementAndGet();
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO payments VALUES ('fatal', 1)");
                s.execute("SELEC 1");
            }
            return null;
        }));

        assertEquals("42601", e.getSQLState());
        assertFalse(e instanceof RetriesExhaustedException);
        assertEquals(1, runs.get());
        assertEquals(0, pg.queryLong("SELECT count(*) FROM payments"), "rolled back");
    }

    @Test
    void inTransactionNeverReportsACommitThatPgjdbcSilentlyRolledBack() {
        // given work that swallows a failed statement (a duplicate key) and returns normally: the
        // server aborted the transaction, and pgjdbc's commit() would roll it back and return
        AtomicInteger runs = new AtomicInteger();
        pg.sql("INSERT INTO payments VALUES ('dup', 1)");

        SQLException e = assertThrows(SQLException.class, () -> Retrying.inTransaction(plain(pg.jdbcUrl()), FAST, c -> {
            runs.incrementAndGet();
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO payments VALUES ('first', 1)");
                try {
                    s.executeUpdate("INSERT INTO payments VALUES ('dup', 2)");
                } catch (SQLException duplicate) {
                    // swallowed: the application meant to carry on
                }
            }
            return "committed?";
        }));

        // then the caller hears that nothing committed
        assertEquals("40000", e.getSQLState());
        assertEquals(1, runs.get(), "a constraint violation does not heal");
        assertEquals(0, pg.queryLong("SELECT count(*) FROM payments WHERE key = 'first'"));
    }

    @Test
    void inTransactionStopsAtTheAttemptLimitWithRetriesExhausted() {
        AtomicInteger runs = new AtomicInteger();

        RetriesExhaustedException e = assertThrows(RetriesExhaustedException.class,
                () -> Retrying.inTransaction(plain(pg.jdbcUrl()), FAST, incrementConflicting(runs, Integer.MAX_VALUE)));

        assertEquals(3, runs.get());
        assertTrue(e.getMessage().endsWith("(reached max retries: 3)"), e.getMessage());
        assertEquals("40001", e.getSQLState());
        assertEquals(3, e.attempts());
        assertEquals(2, e.previousErrors().size());
        assertEquals(300, pg.queryLong("SELECT v FROM counters WHERE id = 1"), "only the winners committed");
    }

    @Test
    void aNestedTransactionThatRanOutIsNotRunAgainByTheOuterOneAndLeavesNoBackendBehind() throws SQLException {
        // given an outer transaction whose work runs an inner one, on the same data source, that
        // loses every serialization conflict
        DataSource ds = plain(pg.jdbcUrl() + "&ApplicationName=nested-units");
        AtomicInteger outerRuns = new AtomicInteger();
        AtomicInteger innerRuns = new AtomicInteger();

        RetriesExhaustedException e = assertThrows(RetriesExhaustedException.class, () -> Retrying.inTransaction(ds, FAST, c -> {
            outerRuns.incrementAndGet();
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO payments VALUES ('outer', 1)");
            }
            return Retrying.inTransaction(ds, FAST, incrementConflicting(innerRuns, Integer.MAX_VALUE));
        }));

        // then the inner one made its 3 runs and the outer one ran once: 3, not 3 x 3
        assertEquals("40001", e.getSQLState());
        assertEquals(3, e.attempts());
        assertEquals(3, innerRuns.get());
        assertEquals(1, outerRuns.get());
        assertEquals(0, pg.queryLong("SELECT count(*) FROM payments"), "the outer write rolled back");
        assertEquals(0, pg.queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'nested-units'"
                + " AND state <> 'idle'"), "no transaction left open");
    }

    @Test
    void aFailedRunGivesItsConnectionBackInAutocommitToAPoolThatDoesNotResetIt() throws SQLException {
        try (Connection physical = pg.connect()) {
            SQLException e = assertThrows(SQLException.class, () -> Retrying.inTransaction(lending(physical), FAST, c -> {
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("INSERT INTO payments VALUES ('lent', 1)");
                    s.execute("SELEC 1");
                }
                return null;
            }));

            assertEquals("42601", e.getSQLState());
            assertTrue(physical.getAutoCommit(), "the next borrower must not inherit manual commit");
            assertEquals(0, pg.queryLong("SELECT count(*) FROM payments"), "the run's write rolled back");
        }
    }

    /** A pool of one that does not reset what it lends: close() gives the connection back as it is. */
    private static DataSource lending(Connection physical) {
        Connection lent = (Connection) Proxy.newProxyInstance(RetryingTest.class.getClassLoader(),
                new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    if (method.getName().equals("close")) {
                        return null;
                    }
                    try {
                        return method.invoke(physical, args);
                    } catch (InvocationTargetException ite) {
                        throw ite.getCause();
                    }
                });
        return (DataSource) Proxy.newProxyInstance(RetryingTest.class.getClassLoader(),
                new Class<?>[] {DataSource.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getConnection")) {
                        return lent;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void inTransactionStartsNoRunAfterItsDeadline() {
        AtomicInteger runs = new AtomicInteger();
        Deadline passed = Deadline.after(Duration.ZERO);

        SQLException e = assertThrows(SQLException.class, () -> Retrying.inTransaction(plain(pg.jdbcUrl()), FAST,
                passed, null, incrementConflicting(runs, 1)));

        assertEquals("40001", e.getSQLState());
        assertFalse(e instanceof RetriesExhaustedException, "tried once");
        assertEquals(1, runs.get());
    }
}
