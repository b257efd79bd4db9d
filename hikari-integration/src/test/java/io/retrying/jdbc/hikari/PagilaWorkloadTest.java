package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.fixtures.Pagila;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import io.retrying.jdbc.hikari.RentalShop.Failure;
import io.retrying.jdbc.hikari.RentalShop.Rent;
import io.retrying.jdbc.hikari.RentalShop.Told;
import java.io.Closeable;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A real application's schema and workload, as a new user would try the library: Pagila (the
 * PostgreSQL port of Sakila, see {@link Pagila}) and a rental shop on it ({@link RentalShop}: rents
 * as transactions through {@code inventory_in_stock}, {@code INSERT ... RETURNING rental_id} and a
 * payment with that id; returns as autocommit updates; browsing through Pagila's functions and its
 * full-text column), five clerks on a HikariCP pool of five, on the library's defaults. Beside it,
 * on the same server and through the same faults, the same shop on plain pgjdbc under HikariCP,
 * for comparison. For {@link #RUN} (per set-up): a backend of each pool terminated every
 * {@link #TERMINATE_EVERY} (about 10), one restart and one SIGKILL of a busy backend (a crash
 * restart), the density of a 36 s run with about 20 terminations.
 *
 * <p>What must hold, always, in every set-up and beside it: nothing lost or doubled. Every rent the
 * application was told committed is in {@code rental} once, with the id {@code RETURNING} gave it,
 * and paid once with that id; every rent told failed left no row; every return told applied
 * applied once (its update count was 1), one told failed applied not at all.
 *
 * <p>What the library aims at ({@link Goal}): on this schema the application sees nothing but
 * 08007 for an autocommit write in flight. The goals that do not hold yet are measured and printed,
 * not asserted: {@link #GOALS_THAT_HOLD} lists those that must (switch one on when its fix is in;
 * {@code -Dpagila.goals=NO_SESSION_REFUSED,...} or {@code -Dpagila.goals=all} asks for more in one run).
 * {@code -Dpagila.withoutRewardsReport=true} drops Pagila's one function that leaves state (a
 * temporary table) before the run: a diagnostic, to see the other goals while 08003 hides them.
 */
class PagilaWorkloadTest {

    /**
     * The library's goals on this workload that hold today, asserted; the others are printed.
     * Add a goal when the fix it waits for is in.
     */
    static final Set<Goal> GOALS_THAT_HOLD = EnumSet.noneOf(Goal.class);

    static final Duration RUN = Duration.ofSeconds(18);
    static final Duration TERMINATE_EVERY = Duration.ofMillis(1_300);
    private static final int POOL = RentalShop.CLERKS;
    private static final Map<SetUp, List<String>> SUMMARY = new EnumMap<>(SetUp.class);

    enum SetUp {
        /** Plain HikariCP with {@code jdbcUrl=jdbc:retrying:postgresql:...}: the README's first set-up. */
        URL_PREFIX,
        /** {@code RetryingHikari.under}: the retrying driver under HikariCP. */
        UNDER,
        /** {@code RetryingHikari.over}: the layer over a HikariCP pool. */
        OVER
    }

    /**
     * What the library means to make of this workload: each a filter on what reached the
     * application. While heals and replays are refused, the failures {@link #NO_40001} and
     * {@link #READS_SEE_NO_ERROR} look for are mostly hidden behind the refusals: they may hold by
     * chance before {@link #NO_SESSION_REFUSED} does ({@code -Dpagila.withoutRewardsReport=true} shows them).
     */
    enum Goal {
        /**
         * No session refused: the shop never calls a routine that leaves state on the session
         * (rewards_report, which makes a temporary table, is in the database but never called), so
         * every heal and replay may go on. Refused, a heal is 08003; a lost COMMIT resolved as not
         * committed whose replay is refused is 40000 ("a new connection cannot be the session it
         * began on"), the only 40000 this workload can meet.
         */
        NO_SESSION_REFUSED("08003 or 40000 (a heal or replay refused)",
                f -> "08003".equals(f.sqlState()) || "40000".equals(f.sqlState())),
        /**
         * No 40001: no two rents touch the same rows, so a 40001 is a replay that diverged (the new
         * serial value of {@code INSERT ... RETURNING rental_id}, other than the id the application used).
         */
        NO_40001("40001 (a replay diverged)", f -> "40001".equals(f.sqlState())),
        /**
         * Nothing that only read fails: browsing (reads through Pagila's functions, healed once the
         * server proves them read-only) and the COMMIT of a rent that found the copy out (a
         * transaction that wrote nothing).
         */
        READS_SEE_NO_ERROR("an error on a read", f -> f.step() == RentalShop.Step.COMMIT_OF_READS
                || f.op() != RentalShop.Op.RENT && f.op() != RentalShop.Op.RETURN),
        /** In all: nothing reaches the application but 08007 for an autocommit write (a return) in flight. */
        ONLY_08007_FOR_AUTOCOMMIT_WRITES("anything but 08007 on a return",
                f -> !(f.op() == RentalShop.Op.RETURN && "08007".equals(f.sqlState())));

        final String breach;
        final Predicate<Failure> breaks;

        Goal(String breach, Predicate<Failure> breaks) {
            this.breach = breach;
            this.breaks = breaks;
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SetUp.class)
    void aRentalShopOnPagilaRidesKilledBackendsARestartAndACrashOnTheDefaults(SetUp setUp) throws Exception {
        CrashRestartTest.awaitSharedBudgetRested();
        try (PgServer pg = PgServers.embedded()) {
            Pagila.load(pg);
            if (Boolean.getBoolean("pagila.withoutRewardsReport")) {
                // a diagnostic run, never CI's: what the other goals see once no stateful routine is in the way
                pg.sql("DROP FUNCTION rewards_report(integer, numeric)");
                System.out.println(setUp + ": rewards_report dropped (-Dpagila.withoutRewardsReport)");
            }
            String app = "pagila-" + setUp.name().toLowerCase(Locale.ROOT).replace('_', '-');
            String plainApp = "pagila-plain";
            try (TwoPools pools = new TwoPools(setUp, pg, app, plainApp)) {
                // given two shops on the same server, one through the library and one on plain pgjdbc
                RentalShop shop = new RentalShop(pools.retrying, 0, true);
                RentalShop plain = new RentalShop(pools.plain, RentalShop.CLERKS, false);
                Faults faults = new Faults(pg, app, plainApp);
                // when backends are terminated, the server restarts once and crashes once while they work
                List<Thread> clerks = new ArrayList<>(shop.open(RUN));
                clerks.addAll(plain.open(RUN));
                faults.run(RUN);
                for (Thread t : clerks) {
                    t.join(RUN.toMillis() + 60_000);
                    assertFalse(t.isAlive(), t.getName() + " is still working");
                }
                String line = String.format("%s: %s%n  faults: %s%n  plain pgjdbc beside it: %s", setUp, shop, faults,
                        plain);
                System.out.println(line);
                SUMMARY.computeIfAbsent(setUp, k -> new ArrayList<>()).add(summary(shop, plain, faults));
                printDistinctFailures(setUp, shop);

                // then nothing was lost or doubled, on either side
                assertEquals(List.of(), List.copyOf(shop.bugs), "a clerk died");
                assertEquals(List.of(), List.copyOf(plain.bugs), "a clerk on plain pgjdbc died");
                Ledger ledger = Ledger.read(pg);
                List<String> lost = ledger.breaches(shop);
                List<String> lostPlain = ledger.breaches(plain);
                assertAll(
                        () -> assertEquals(List.of(), lost, setUp + ": lost or doubled"),
                        () -> assertEquals(List.of(), lostPlain, "plain pgjdbc: lost or doubled (the test's own check)"),
                        () -> assertTrue(shop.count(Told.DONE) > 20 && shop.count(Told.NOT_IN_STOCK) > 0
                                && shop.returned.size() > 10 && shop.browses.sum() > 100, "too little work: " + shop),
                        () -> assertTrue(faults.terminated >= 5 && faults.restarted && faults.crashed, "faults: " + faults));

                // and what reached the application is what the library aims at, for the goals met so far
                Set<Goal> expected = expectedGoals();
                List<Executable> goals = new ArrayList<>();
                for (Goal goal : Goal.values()) {
                    List<Failure> breaches = shop.failures.stream().filter(goal.breaks).toList();
                    String verdict = breaches.isEmpty() ? "holds" : "does not hold: " + breaches.size() + " x "
                            + goal.breach + " " + byStateAndWhere(breaches);
                    System.out.printf("  goal %s %s%s%n", goal, verdict, expected.contains(goal) ? "" : " (not asserted yet)");
                    if (expected.contains(goal)) {
                        goals.add(() -> assertEquals(List.of(), breaches.stream().map(PagilaWorkloadTest::describe).toList(),
                                setUp + ": goal " + goal));
                    }
                }
                assertAll(goals);
            }
        }
    }

    @AfterAll
    static void printTheComparison() {
        System.out.println("Pagila's rental shop, " + RUN.toSeconds() + " s a set-up: errors reaching the application");
        SUMMARY.forEach((setUp, lines) -> lines.forEach(l -> System.out.println("  " + setUp + ": " + l)));
    }

    private static Set<Goal> expectedGoals() {
        String asked = System.getProperty("pagila.goals", "").trim();
        if (asked.equalsIgnoreCase("all")) {
            return EnumSet.allOf(Goal.class);
        }
        Set<Goal> goals = EnumSet.noneOf(Goal.class);
        goals.addAll(GOALS_THAT_HOLD);
        if (!asked.isEmpty()) {
            Arrays.stream(asked.split(",")).map(String::trim).map(Goal::valueOf).forEach(goals::add);
        }
        return goals;
    }

    private static String summary(RentalShop shop, RentalShop plain, Faults faults) {
        return shop.failures.size() + " " + byState(shop) + " " + byStateAndWhere(List.copyOf(shop.failures))
                + "; plain pgjdbc beside it " + plain.failures.size() + " " + byState(plain) + "; " + faults;
    }

    private static Map<String, Long> byState(RentalShop shop) {
        return shop.failures.stream().collect(Collectors.groupingBy(Failure::sqlState, java.util.TreeMap::new,
                Collectors.counting()));
    }

    private static Map<String, Long> byStateAndWhere(List<Failure> failures) {
        return failures.stream().collect(Collectors.groupingBy(f -> f.sqlState() + " at " + f.where(),
                java.util.TreeMap::new, Collectors.counting()));
    }

    /** One line per distinct kind of failure, with the first message of its kind: what the layer said. */
    private static void printDistinctFailures(SetUp setUp, RentalShop shop) {
        Map<String, Failure> first = new java.util.TreeMap<>();
        for (Failure f : shop.failures) {
            first.putIfAbsent(f.sqlState() + " " + f.type() + " at " + f.where(), f);
        }
        first.forEach((kind, f) -> System.out.println("  " + setUp + " " + kind + ": " + f.message()));
    }

    private static String describe(Failure f) {
        return f.sqlState() + " " + f.type() + " at " + f.where() + ": " + f.message();
    }

    /** The two pools: the set-up's, and plain pgjdbc under plain HikariCP beside it. */
    private static final class TwoPools implements Closeable {
        final DataSource retrying;
        final HikariDataSource plain;
        private final Closeable closeRetrying;

        TwoPools(SetUp setUp, PgServer pg, String app, String plainApp) {
            HikariConfig config = config(pg.jdbcUrl(), app);
            switch (setUp) {
                case URL_PREFIX -> {
                    HikariConfig prefixed = config("jdbc:retrying:" + pg.jdbcUrl().substring("jdbc:".length()), app);
                    HikariDataSource ds = new HikariDataSource(prefixed);
                    retrying = ds;
                    closeRetrying = ds;
                }
                case UNDER -> {
                    HikariDataSource ds = RetryingHikari.under(config);
                    retrying = ds;
                    closeRetrying = ds;
                }
                case OVER -> {
                    RetryingHikariDataSource ds = RetryingHikari.over(config);
                    retrying = ds;
                    closeRetrying = ds;
                }
                default -> throw new AssertionError(setUp);
            }
            plain = new HikariDataSource(config(pg.jdbcUrl(), plainApp));
        }

        private static HikariConfig config(String url, String app) {
            HikariConfig config = new HikariConfig();
            config.setJdbcUrl(url + "&ApplicationName=" + app);
            config.setPoolName(app);
            config.setMaximumPoolSize(POOL);
            return config;
        }

        @Override
        public void close() throws java.io.IOException {
            try {
                closeRetrying.close();
            } finally {
                plain.close();
            }
        }
    }

    /**
     * The faults of a run, on a schedule: a backend of each pool terminated every
     * {@link #TERMINATE_EVERY} (one older than 200 ms: a connection still being set up by its pool
     * would fail its set-up, not the application's work; every other beat one at work, in a
     * statement or in a transaction, when there is one, else one idle in the pool), a restart at a third of the run and a
     * SIGKILL of a busy backend of the set-up's pool at two thirds; the last two seconds are quiet.
     */
    private static final class Faults {
        private final PgServer pg;
        private final List<String> apps;
        int terminated;
        int terminatedPlain;
        private int beat;
        boolean restarted;
        boolean crashed;

        Faults(PgServer pg, String... apps) {
            this.pg = pg;
            this.apps = List.of(apps);
        }

        void run(Duration length) throws InterruptedException {
            long start = System.nanoTime();
            long restartAt = length.toNanos() / 3;
            long crashAt = 2 * length.toNanos() / 3;
            long quietAt = length.toNanos() - Duration.ofSeconds(2).toNanos();
            long next = TERMINATE_EVERY.toNanos();
            while (next < quietAt) {
                sleepUntil(start + next);
                long now = System.nanoTime() - start;
                if (!restarted && now >= restartAt) {
                    pg.restart();
                    restarted = true;
                } else if (!crashed && now >= crashAt) {
                    crashed = crashOne(apps.get(0));
                } else {
                    boolean busyFirst = beat++ % 2 == 0;
                    terminated += terminateOne(apps.get(0), busyFirst);
                    terminatedPlain += terminateOne(apps.get(1), busyFirst);
                }
                next += TERMINATE_EVERY.toNanos();
            }
            sleepUntil(start + length.toNanos());
        }

        private boolean crashOne(String app) {
            try {
                pg.killBackend(app);
                return true;
            } catch (RuntimeException e) {
                return false; // no backend of the pool at this instant: the next beat
            }
        }

        private int terminateOne(String app, boolean busyFirst) {
            try {
                return (int) pg.queryLong("SELECT count(*) FROM (SELECT pid FROM pg_stat_activity"
                        + " WHERE backend_type = 'client backend' AND application_name = '" + app + "'"
                        + " AND backend_start < now() - interval '200 milliseconds' ORDER BY "
                        + (busyFirst ? "state = 'idle', " : "") + "random() LIMIT 1) victim"
                        + " WHERE pg_terminate_backend(pid)");
            } catch (RuntimeException e) {
                return 0; // the server is still coming back from the restart or the crash: skip a beat
            }
        }

        private static void sleepUntil(long nanoTime) throws InterruptedException {
            long wait = nanoTime - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
        }

        @Override
        public String toString() {
            return terminated + " backends terminated (" + terminatedPlain + " of plain pgjdbc's), restarted "
                    + restarted + ", crashed " + crashed;
        }
    }

    /** What the server holds after the run: the rentals and payments made during it. */
    private record Ledger(Map<Integer, RentalRow> rentals, Map<Integer, List<PaymentRow>> paymentsByRental) {
        record RentalRow(int rentalId, int inventoryId, int customerId, int staffId, boolean returned) {}

        record PaymentRow(int rentalId, int customerId, int staffId, BigDecimal amount) {}

        static Ledger read(PgServer pg) throws SQLException {
            Map<Integer, RentalRow> rentals = new HashMap<>();
            Map<Integer, List<PaymentRow>> payments = new HashMap<>();
            try (Connection c = pg.connect(); Statement s = c.createStatement()) {
                try (ResultSet rs = s.executeQuery("SELECT rental_id, inventory_id, customer_id, staff_id,"
                        + " return_date IS NOT NULL FROM rental WHERE rental_id > " + Pagila.HISTORY)) {
                    while (rs.next()) {
                        rentals.put(rs.getInt(1), new RentalRow(rs.getInt(1), rs.getInt(2), rs.getInt(3), rs.getInt(4),
                                rs.getBoolean(5)));
                    }
                }
                try (ResultSet rs = s.executeQuery("SELECT rental_id, customer_id, staff_id, amount FROM payment"
                        + " WHERE rental_id > " + Pagila.HISTORY)) {
                    while (rs.next()) {
                        payments.computeIfAbsent(rs.getInt(1), k -> new ArrayList<>())
                                .add(new PaymentRow(rs.getInt(1), rs.getInt(2), rs.getInt(3), rs.getBigDecimal(4)));
                    }
                }
            }
            return new Ledger(rentals, payments);
        }

        /** What the server holds that contradicts what {@code shop} was told, one line each. */
        List<String> breaches(RentalShop shop) {
            List<String> out = new ArrayList<>();
            Map<List<Integer>, List<RentalRow>> byPair = rentals.values().stream()
                    .filter(r -> RentalShop.ofShop(r.inventoryId(), shop.firstSlice()))
                    .collect(Collectors.groupingBy(r -> List.of(r.inventoryId(), r.customerId())));
            Set<List<Integer>> attempted = new java.util.HashSet<>();
            for (Rent rent : shop.rents) {
                List<Integer> pair = List.of(rent.inventoryId(), rent.customerId());
                attempted.add(pair);
                List<RentalRow> rows = byPair.getOrDefault(pair, List.of());
                switch (rent.told()) {
                    case DONE -> {
                        if (rows.size() != 1 || rows.get(0).rentalId() != rent.rentalId()) {
                            out.add("rent " + rent + " was told committed; rental holds " + rows);
                        } else {
                            checkPayment(rows.get(0), out, "rent " + rent);
                        }
                    }
                    case NOT_IN_STOCK, FAILED -> {
                        if (!rows.isEmpty()) {
                            out.add("rent " + rent + " was told " + rent.told() + "; rental holds " + rows);
                        }
                    }
                    case UNKNOWN -> {
                        if (rows.size() > 1) {
                            out.add("rent " + rent + " of unknown outcome; rental holds " + rows);
                        } else if (rows.size() == 1) {
                            checkPayment(rows.get(0), out, "rent " + rent + " of unknown outcome");
                        }
                    }
                    default -> throw new AssertionError(rent);
                }
            }
            byPair.forEach((pair, rows) -> {
                if (!attempted.contains(pair)) {
                    out.add("rental holds rows no rent made: " + rows);
                }
            });
            paymentsByRental.forEach((id, rows) -> {
                if (!rentals.containsKey(id)) {
                    out.add("payments of no rental: " + rows);
                }
            });
            for (RentalRow row : rentals.values()) {
                if (!RentalShop.ofShop(row.inventoryId(), shop.firstSlice())) {
                    continue;
                }
                int id = row.rentalId();
                if (shop.returned.contains(id) && !row.returned()) {
                    out.add("rental " + id + " was told returned; it is not");
                } else if (!shop.returned.contains(id) && !shop.returnUnknown.contains(id) && row.returned()) {
                    out.add("rental " + id + " was never told returned; it is");
                }
            }
            if (!shop.returnedUnseen.isEmpty()) {
                out.add("returns that found their rental already returned (a write applied twice): "
                        + shop.returnedUnseen);
            }
            return out;
        }

        private void checkPayment(RentalRow rental, List<String> out, String what) {
            List<PaymentRow> paid = paymentsByRental.getOrDefault(rental.rentalId(), List.of());
            PaymentRow expected = new PaymentRow(rental.rentalId(), rental.customerId(), rental.staffId(),
                    new BigDecimal(RentalShop.AMOUNT));
            if (paid.size() != 1 || !paid.get(0).equals(expected)) {
                out.add(what + ": payments " + paid + ", expected one " + expected);
            }
        }
    }
}
