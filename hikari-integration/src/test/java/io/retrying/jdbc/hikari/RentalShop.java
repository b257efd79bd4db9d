package io.retrying.jdbc.hikari;

import io.retrying.jdbc.fixtures.Pagila;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;

/**
 * A video rental shop on Pagila, written as an application developer writes plain JDBC: clerks
 * (threads) each borrowing a connection per operation from a {@link DataSource}, on whatever the
 * library's defaults are.
 *
 * <ul>
 *   <li>a <b>rent</b> is a transaction: {@code SELECT inventory_in_stock(?)}; if the copy is in,
 *       {@code INSERT INTO rental ... RETURNING rental_id} and {@code INSERT INTO payment ...} with
 *       that id; then {@code COMMIT} (also when the copy was out: the transaction read, and ends);</li>
 *   <li>a <b>return</b> is one autocommit {@code UPDATE} of the clerk's oldest open rental;</li>
 *   <li><b>browsing</b> is an autocommit read: {@code film_in_stock(?, ?)}, the customer's balance
 *       ({@code get_customer_balance(?, now())}) or a full-text search of the films.</li>
 * </ul>
 *
 * <p>Every clerk works on a slice of the copies and customers of its own ({@code id % SLICES}), and
 * each rent is of a (copy, customer) pair no other rent uses: so no two transactions ever touch the
 * same rows (a 40001 can only be a replay's), and the rows a rent left can be found after the run
 * from what the application was told. A clerk keeps a ledger of every rent and return and what it
 * was told; {@link #failures} holds every exception that reached the application.
 */
final class RentalShop {
    static final int CLERKS = 5;
    /** Two shops side by side (one on the library, one on plain pgjdbc), five clerks each. */
    static final int SLICES = 2 * CLERKS;
    private static final int COPIES_PER_SLICE = Pagila.INVENTORY / SLICES;
    private static final int CUSTOMERS_PER_SLICE = Pagila.CUSTOMERS / SLICES;
    /** A clerk's rents before its (copy, customer) pairs run out: far more than a run makes. */
    private static final int PAIRS_PER_SLICE = COPIES_PER_SLICE * CUSTOMERS_PER_SLICE;
    private static final long THINK_MILLIS = 2;
    private static final String IN_STOCK = "SELECT inventory_in_stock(?)";
    private static final String INSERT_RENTAL = "INSERT INTO rental (rental_date, inventory_id, customer_id, staff_id)"
            + " VALUES (now(), ?, ?, ?) RETURNING rental_id";
    private static final String INSERT_PAYMENT = "INSERT INTO payment (customer_id, staff_id, rental_id, amount,"
            + " payment_date) VALUES (?, ?, ?, ?, now())";
    private static final String RETURN = "UPDATE rental SET return_date = now() WHERE rental_id = ? AND return_date IS NULL";
    private static final String FILM_IN_STOCK = "SELECT * FROM film_in_stock(?, ?)";
    private static final String BALANCE = "SELECT get_customer_balance(?, now())";
    private static final String SEARCH = "SELECT film_id, title FROM film WHERE fulltext @@ to_tsquery('english', ?)"
            + " ORDER BY film_id LIMIT 10";
    private static final String[] SEARCHES = {"shark", "canadian & rockies", "epic & drama", "mad & scientist",
        "dentist | moose", "boat", "database & administrator", "squirrel & berlin"};
    static final String AMOUNT = "2.99";

    enum Op { RENT, RETURN, FILM_IN_STOCK, BALANCE, SEARCH }

    /** Where a failure reached the application; {@code COMMIT_OF_READS}: a rent's that found the copy out. */
    enum Step { CONNECT, BEGIN, IN_STOCK, INSERT_RENTAL, INSERT_PAYMENT, COMMIT, COMMIT_OF_READS, ROLLBACK, UPDATE, QUERY, CLOSE }

    /** What the application was told of a rent, or of a return. */
    enum Told {
        /** committed (a rent: with the id {@code RETURNING} gave); a return: applied, one row */
        DONE,
        /** a rent that found the copy out: it committed a transaction that only read */
        NOT_IN_STOCK,
        /** failed, and the failure says nothing was applied */
        FAILED,
        /** failed in a way that leaves the outcome open (08007; on plain pgjdbc, a COMMIT or write in flight) */
        UNKNOWN
    }

    record Rent(int inventoryId, int customerId, int staffId, Told told, int rentalId) {}

    record Failure(Op op, Step step, String sqlState, String type, String message) {
        String where() {
            return op + "/" + step;
        }
    }

    private final DataSource ds;
    private final int firstSlice;
    private final boolean outcomesPromised;
    final Queue<Rent> rents = new ConcurrentLinkedQueue<>();
    /** Rentals whose return was told applied (update count 1). */
    final Set<Integer> returned = ConcurrentHashMap.newKeySet();
    /** Rentals whose return's outcome is open (never tried again: the application cannot know). */
    final Set<Integer> returnUnknown = ConcurrentHashMap.newKeySet();
    /** Rentals open in the application's eyes that its return found already returned (update count 0). */
    final Set<Integer> returnedUnseen = ConcurrentHashMap.newKeySet();
    final Queue<Failure> failures = new ConcurrentLinkedQueue<>();
    /**
     * The application's {@code rollback()} after a failed rent, failing in turn: kept apart from
     * {@link #failures}, as it follows from one of them (HikariCP closes a connection it evicts).
     */
    final Queue<Failure> failedRollbacks = new ConcurrentLinkedQueue<>();
    /** Kinds of failure seen (SQLState, type, where): the first of each kind has its trace printed. */
    private final Set<String> kindsSeen = ConcurrentHashMap.newKeySet();
    final Queue<Throwable> bugs = new ConcurrentLinkedQueue<>();
    final LongAdder browses = new LongAdder();
    final LongAdder returns = new LongAdder();
    final LongAdder pairsRanOut = new LongAdder();

    /**
     * @param firstSlice       the first of this shop's {@link #CLERKS} slices (0 or {@code CLERKS})
     * @param outcomesPromised whether a failure other than 08007 means nothing was applied (the
     *                         library's promise); plain pgjdbc makes none for a COMMIT or a write in flight
     */
    RentalShop(DataSource ds, int firstSlice, boolean outcomesPromised) {
        this.ds = ds;
        this.firstSlice = firstSlice;
        this.outcomesPromised = outcomesPromised;
    }

    /** Starts the clerks; they work until {@code length} has passed. */
    List<Thread> open(Duration length) {
        long deadline = System.nanoTime() + length.toNanos();
        List<Thread> clerks = new ArrayList<>();
        for (int i = 0; i < CLERKS; i++) {
            int slice = firstSlice + i;
            Thread t = new Thread(() -> {
                try {
                    new Clerk(slice).work(deadline);
                } catch (RuntimeException | Error e) {
                    bugs.add(e);
                }
            }, "clerk-" + slice);
            t.setDaemon(true);
            clerks.add(t);
            t.start();
        }
        return clerks;
    }

    /** Every copy of this shop's slices. */
    static boolean ofShop(int inventoryId, int firstSlice) {
        int slice = (inventoryId - 1) % SLICES;
        return slice >= firstSlice && slice < firstSlice + CLERKS;
    }

    int firstSlice() {
        return firstSlice;
    }

    /** Failures by SQLState, then by where they reached the application. */
    Map<String, Map<String, Integer>> failuresByState() {
        Map<String, Map<String, Integer>> byState = new TreeMap<>();
        for (Failure f : failures) {
            byState.computeIfAbsent(f.sqlState(), k -> new TreeMap<>()).merge(f.where(), 1, Integer::sum);
        }
        return byState;
    }

    long count(Told told) {
        return rents.stream().filter(r -> r.told() == told).count();
    }

    @Override
    public String toString() {
        return "rents committed " + count(Told.DONE) + ", found out " + count(Told.NOT_IN_STOCK) + ", failed "
                + count(Told.FAILED) + ", outcome unknown " + count(Told.UNKNOWN) + "; returns " + returns
                + " (applied " + returned.size() + ", unknown " + returnUnknown.size() + "); browses " + browses
                + "; errors " + failures.size() + " " + failuresByState() + (failedRollbacks.isEmpty() ? ""
                : "; and " + failedRollbacks.size() + " rollback() after a failed rent failed too ("
                + failedRollbacks.peek().message() + ")");
    }

    /** One thread's work: its own slice, its own open rentals, its own deterministic choice of work. */
    private final class Clerk {
        private final int[] copies = new int[COPIES_PER_SLICE];
        private final int[] customers = new int[CUSTOMERS_PER_SLICE];
        private final ArrayDeque<Integer> open = new ArrayDeque<>();
        private final Random random;
        private int attempt;

        Clerk(int slice) {
            for (int i = 0; i < copies.length; i++) {
                copies[i] = 1 + slice + i * SLICES;
            }
            for (int i = 0; i < customers.length; i++) {
                customers[i] = 1 + slice + i * SLICES;
            }
            random = new Random(slice);
        }

        void work(long deadline) {
            while (System.nanoTime() < deadline) {
                int roll = random.nextInt(100);
                if (roll < 35 && attempt < PAIRS_PER_SLICE) {
                    rent();
                } else if (roll < 35) {
                    pairsRanOut.increment();
                } else if (roll < 50 && !open.isEmpty()) {
                    giveBack();
                } else {
                    browse(roll % 3);
                }
                pause(THINK_MILLIS);
            }
        }

        private void rent() {
            int n = attempt++;
            int copy = copies[n % copies.length];
            int customer = customers[n / copies.length];
            int staff = Pagila.staffOf(Pagila.storeOf(copy));
            Step step = Step.CONNECT;
            Told told = Told.FAILED;
            int rentalId = 0;
            try (Connection c = ds.getConnection()) {
                try {
                    step = Step.BEGIN;
                    c.setAutoCommit(false);
                    step = Step.IN_STOCK;
                    boolean in;
                    try (PreparedStatement ps = c.prepareStatement(IN_STOCK)) {
                        ps.setInt(1, copy);
                        try (ResultSet rs = ps.executeQuery()) {
                            rs.next();
                            in = rs.getBoolean(1);
                        }
                    }
                    if (in) {
                        step = Step.INSERT_RENTAL;
                        try (PreparedStatement ps = c.prepareStatement(INSERT_RENTAL)) {
                            ps.setInt(1, copy);
                            ps.setInt(2, customer);
                            ps.setInt(3, staff);
                            try (ResultSet rs = ps.executeQuery()) {
                                rs.next();
                                rentalId = rs.getInt(1);
                            }
                        }
                        // the clerk uses the id (a receipt) before the payment: a transaction has idle moments
                        pause(1);
                        step = Step.INSERT_PAYMENT;
                        try (PreparedStatement ps = c.prepareStatement(INSERT_PAYMENT)) {
                            ps.setInt(1, customer);
                            ps.setInt(2, staff);
                            ps.setInt(3, rentalId);
                            ps.setBigDecimal(4, new java.math.BigDecimal(AMOUNT));
                            ps.executeUpdate();
                        }
                    }
                    step = in ? Step.COMMIT : Step.COMMIT_OF_READS;
                    c.commit();
                    told = in ? Told.DONE : Told.NOT_IN_STOCK;
                    if (in) {
                        open.addLast(rentalId);
                    }
                } catch (SQLException e) {
                    fail(Op.RENT, step, e);
                    boolean committing = step == Step.COMMIT || step == Step.COMMIT_OF_READS;
                    told = committing && (outcomeOpen(e) || !outcomesPromised) ? Told.UNKNOWN : Told.FAILED;
                    try {
                        c.rollback();
                    } catch (SQLException r) {
                        // the pool closed the connection when the failure reached it: no new failure
                        failedRollbacks.add(new Failure(Op.RENT, Step.ROLLBACK, String.valueOf(r.getSQLState()),
                                r.getClass().getSimpleName(), firstLine(r)));
                    }
                }
            } catch (SQLException e) {
                // getConnection (nothing ran: failed), or close (the outcome was settled before it)
                fail(Op.RENT, step == Step.CONNECT ? Step.CONNECT : Step.CLOSE, e);
            }
            rents.add(new Rent(copy, customer, staff, told, rentalId));
        }

        private void giveBack() {
            int rentalId = open.peekFirst();
            returns.increment();
            Step step = Step.CONNECT;
            try (Connection c = ds.getConnection()) {
                step = Step.UPDATE;
                int rows;
                try (PreparedStatement ps = c.prepareStatement(RETURN)) {
                    ps.setInt(1, rentalId);
                    rows = ps.executeUpdate();
                }
                open.removeFirst();
                if (rows == 1) {
                    returned.add(rentalId);
                } else {
                    returnedUnseen.add(rentalId);
                }
                step = Step.CLOSE;
            } catch (SQLException e) {
                fail(Op.RETURN, step, e);
                if (step == Step.UPDATE && (outcomeOpen(e) || !outcomesPromised)) {
                    open.removeFirst();
                    returnUnknown.add(rentalId);
                }
                // otherwise still open: returned again later, when its update count proves it ran once
            }
        }

        private void browse(int kind) {
            Op op = switch (kind) {
                case 0 -> Op.FILM_IN_STOCK;
                case 1 -> Op.BALANCE;
                default -> Op.SEARCH;
            };
            Step step = Step.CONNECT;
            try (Connection c = ds.getConnection()) {
                step = Step.QUERY;
                String sql = switch (op) {
                    case FILM_IN_STOCK -> FILM_IN_STOCK;
                    case BALANCE -> BALANCE;
                    default -> SEARCH;
                };
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    switch (op) {
                        case FILM_IN_STOCK -> {
                            ps.setInt(1, 1 + random.nextInt(Pagila.FILMS));
                            ps.setInt(2, 1 + random.nextInt(2));
                        }
                        case BALANCE -> ps.setInt(1, 1 + random.nextInt(Pagila.CUSTOMERS));
                        default -> ps.setString(1, SEARCHES[random.nextInt(SEARCHES.length)]);
                    }
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            rs.getObject(1);
                        }
                    }
                }
                step = Step.CLOSE;
                browses.increment();
            } catch (SQLException e) {
                fail(op, step, e);
            }
        }

        private void fail(Op op, Step step, SQLException e) {
            Failure f = new Failure(op, step, String.valueOf(e.getSQLState()), e.getClass().getSimpleName(), firstLine(e));
            if (outcomesPromised && kindsSeen.add(f.sqlState() + " " + f.type() + " at " + f.where())) {
                // the first failure of each kind with its whole trace: which path of the library let it through
                System.out.println("first " + f.sqlState() + " " + f.type() + " at " + f.where() + " in slice "
                        + firstSlice + "+:");
                e.printStackTrace(System.out);
            }
            failures.add(f);
        }

        private void pause(long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("clerk interrupted", e);
            }
        }
    }

    private static String firstLine(SQLException e) {
        String message = String.valueOf(e.getMessage());
        int eol = message.indexOf('\n');
        return eol < 0 ? message : message.substring(0, eol);
    }

    /** 08007: the library's word that a COMMIT's or a write's outcome is not known. */
    private static boolean outcomeOpen(SQLException e) {
        return "08007".equals(e.getSQLState());
    }
}
