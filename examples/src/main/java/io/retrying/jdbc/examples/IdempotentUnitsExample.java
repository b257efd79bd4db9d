package io.retrying.jdbc.examples;

import io.retrying.jdbc.Idempotent;
import io.retrying.jdbc.Retrying;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.RetryingDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Whole units of work that may run again: an {@link Idempotent} DAO method through
 * {@link Retrying#proxy}, and a transaction through {@link Retrying#inTransaction}. Both write
 * under an idempotency key, so running them twice (after a lost connection whose write may have
 * been applied) records them once. The code of docs/idempotent-units.md.
 *
 * <pre>{@code
 * java -cp "examples/target/classes:examples/target/lib/*" io.retrying.jdbc.examples.IdempotentUnitsExample [jdbc:postgresql://...]
 * }</pre>
 */
public final class IdempotentUnitsExample {
    private IdempotentUnitsExample() {
    }

    /** The DAO's interface: the annotation says which methods may run again. */
    public interface Payments {
        /** Records a payment once per key, however often it runs. */
        @Idempotent
        void record(String idempotencyKey, long cents) throws SQLException;

        /** Not annotated: called once, its failures reach the caller as they are. */
        long count() throws SQLException;
    }

    /** Plain JDBC; each call takes its own connection. */
    public static final class JdbcPayments implements Payments {
        private final DataSource ds;

        public JdbcPayments(DataSource ds) {
            this.ds = ds;
        }

        @Override
        public void record(String key, long cents) throws SQLException {
            try (Connection c = ds.getConnection();
                 PreparedStatement ps = c.prepareStatement(
                         "INSERT INTO payments (key, cents) VALUES (?, ?) ON CONFLICT (key) DO NOTHING")) {
                ps.setString(1, key);
                ps.setLong(2, cents);
                ps.executeUpdate();
            }
        }

        @Override
        public long count() throws SQLException {
            try (Connection c = ds.getConnection(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT count(*) FROM payments")) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** A transfer under its key, then the account's total, in one transaction that may run again whole. */
    public static long transfer(DataSource ds, String transferKey, String account, long cents) throws SQLException {
        return Retrying.inTransaction(ds, c -> {
            try (PreparedStatement insert = c.prepareStatement(
                    "INSERT INTO transfers (key, account, cents) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING");
                 PreparedStatement sum = c.prepareStatement("SELECT sum(cents) FROM transfers WHERE account = ?")) {
                insert.setString(1, transferKey);
                insert.setString(2, account);
                insert.setLong(3, cents);
                insert.executeUpdate();
                sum.setString(1, account);
                try (ResultSet rs = sum.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }

    static void createTables(DataSource ds) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS payments (key text PRIMARY KEY, cents bigint NOT NULL)");
            s.execute("CREATE TABLE IF NOT EXISTS transfers (key text PRIMARY KEY, account text NOT NULL, "
                    + "cents bigint NOT NULL)");
        }
    }

    public static void main(String[] args) throws SQLException {
        try (ExampleServer server = ExampleServer.from(args)) {
            PGSimpleDataSource pg = new PGSimpleDataSource();
            pg.setURL(server.url());
            DataSource ds = RetryingDataSource.wrap(pg);
            createTables(ds);

            Payments payments = Retrying.proxy(Payments.class, new JdbcPayments(ds), RetryPolicy.defaults());
            payments.record("order-42", 1999);
            payments.record("order-42", 1999); // a second run, as after an unknown outcome: no second row
            System.out.println("payments: " + payments.count());

            transfer(ds, "transfer-7", "alice", 500);
            System.out.println("alice: " + transfer(ds, "transfer-7", "alice", 500));
        }
    }
}
