package io.retrying.jdbc.demo;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import javax.sql.DataSource;

/**
 * The demo's bank: its tables, the transfer transaction every side runs, and the audit that says
 * whether money was conserved and whether a transfer was applied twice.
 *
 * <p>The tables live in the connection's current schema, so each side has its own. The transfers
 * table has a plain, non-unique index on the idempotency key on purpose: the database does not stop
 * a transfer from being applied twice, so the audit sees it if it happens.
 */
final class Bank {
    static final long INITIAL_BALANCE = 1_000;

    private final int accounts;

    Bank(int accounts) {
        this.accounts = accounts;
    }

    long expectedTotal() {
        return accounts * INITIAL_BALANCE;
    }

    /** Drops and creates the tables in the current schema and opens the accounts. */
    void create(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS transfers, accounts");
            s.execute("CREATE TABLE accounts (id int PRIMARY KEY, balance bigint NOT NULL)");
            s.execute("CREATE TABLE transfers (id bigserial PRIMARY KEY, idempotency_key text NOT NULL,"
                    + " from_id int NOT NULL, to_id int NOT NULL, amount bigint NOT NULL,"
                    + " created_at timestamptz NOT NULL DEFAULT now())");
            s.execute("CREATE INDEX transfers_key ON transfers (idempotency_key)"); // not UNIQUE: see the class comment
            s.execute("INSERT INTO accounts SELECT g, " + INITIAL_BALANCE + " FROM generate_series(1, " + accounts + ") g");
        }
    }

    /**
     * The application's transaction, written as any JDBC application writes it: no retry here.
     * The balances are updated in the transfer's direction, not in id order, so two transfers
     * between the same accounts in opposite directions can deadlock; PostgreSQL then aborts one
     * (40P01), which is a failure a retry may safely fix.
     */
    static void transfer(DataSource dataSource, Transfer t) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                transfer(c, t);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(c, e);
                throw e;
            }
        }
    }

    /** The statements of one transfer, in the caller's transaction. */
    static void transfer(Connection c, Transfer t) throws SQLException {
        try (PreparedStatement log = c.prepareStatement(
                "INSERT INTO transfers (idempotency_key, from_id, to_id, amount) VALUES (?, ?, ?, ?)")) {
            log.setString(1, t.key());
            log.setInt(2, t.from());
            log.setInt(3, t.to());
            log.setLong(4, t.amount());
            log.executeUpdate();
        }
        try (PreparedStatement move = c.prepareStatement("UPDATE accounts SET balance = balance + ? WHERE id = ?")) {
            move.setLong(1, -t.amount());
            move.setInt(2, t.from());
            move.executeUpdate();
            move.setLong(1, t.amount());
            move.setInt(2, t.to());
            move.executeUpdate();
        }
    }

    private static void rollbackQuietly(Connection c, Exception failure) {
        try {
            c.rollback();
        } catch (SQLException | RuntimeException e) {
            failure.addSuppressed(e); // the connection is likely gone; the first failure is what matters
        }
    }

    /** Reads the outcome; {@code failedKeys} are the transfers the application was told had failed. */
    Audit audit(Connection c, Collection<String> failedKeys) throws SQLException {
        long total = queryLong(c, "SELECT coalesce(sum(balance), 0) FROM accounts");
        long rows = queryLong(c, "SELECT count(*) FROM transfers");
        long distinct = queryLong(c, "SELECT count(DISTINCT idempotency_key) FROM transfers");
        long duplicated = queryLong(c, "SELECT count(*) FROM (SELECT idempotency_key FROM transfers"
                + " GROUP BY idempotency_key HAVING count(*) > 1) d");
        long failedButCommitted = 0;
        if (!failedKeys.isEmpty()) {
            Array keys = c.createArrayOf("text", failedKeys.toArray());
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT count(DISTINCT idempotency_key) FROM transfers WHERE idempotency_key = ANY (?)")) {
                ps.setArray(1, keys);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    failedButCommitted = rs.getLong(1);
                }
            } finally {
                keys.free();
            }
        }
        return new Audit(total, expectedTotal(), rows, distinct, duplicated, failedButCommitted);
    }

    private static long queryLong(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * What the database holds after a run.
     *
     * @param totalBalance the sum of all balances
     * @param expectedTotal the sum at the start: transfers move money, they never make or lose it
     * @param rows rows in the transfers table
     * @param distinctKeys distinct idempotency keys among them
     * @param duplicatedKeys keys found more than once: transfers applied twice
     * @param failedButCommitted transfers the application was told had failed that are in the table
     */
    record Audit(long totalBalance, long expectedTotal, long rows, long distinctKeys, long duplicatedKeys,
            long failedButCommitted) {

        boolean moneyConserved() {
            return totalBalance == expectedTotal;
        }
    }
}
