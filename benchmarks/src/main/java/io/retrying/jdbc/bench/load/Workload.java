package io.retrying.jdbc.bench.load;

import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;

/** What one application request does: borrow a connection, do its work, give it back. */
enum Workload {
  /** {@code SELECT v FROM bench_kv WHERE id = ?} in autocommit. */
  POINT_SELECT("point select") {
    @Override
    void run(DataSource ds) throws SQLException {
      try (Connection c = ds.getConnection();
           PreparedStatement ps = c.prepareStatement("SELECT v FROM bench_kv WHERE id = ?")) {
        ps.setInt(1, randomId());
        try (ResultSet rs = ps.executeQuery()) {
          if (!rs.next()) {
            throw new IllegalStateException("bench_kv has no such row");
          }
        }
      }
    }
  },
  /**
   * A short read-write transaction: read a row, update another, commit. The rows read (the lower
   * half) are never written, so a replay that reads something else than the original did is the
   * layer's mistake, not a concurrent write.
   */
  READ_WRITE("read-write tx") {
    @Override
    void run(DataSource ds) throws SQLException {
      try (Connection c = ds.getConnection()) {
        c.setAutoCommit(false);
        try {
          try (PreparedStatement ps = c.prepareStatement("SELECT v FROM bench_kv WHERE id = ?")) {
            ps.setInt(1, randomId(1, ROWS / 2));
            try (ResultSet rs = ps.executeQuery()) {
              rs.next();
            }
          }
          try (PreparedStatement ps = c.prepareStatement("UPDATE bench_kv SET v = v + 1 WHERE id = ?")) {
            ps.setInt(1, randomId(ROWS / 2 + 1, ROWS));
            ps.executeUpdate();
          }
          c.commit();
        } catch (SQLException | RuntimeException e) {
          try {
            c.rollback();
          } catch (SQLException ignored) {
            // the request failed already; this is only tidying the connection before it goes back
          }
          throw e;
        }
      }
    }
  },
  /**
   * The floor under the layer's capture (issue 26): {@link #READ_WRITE} on bare pgjdbc with the
   * capture written by hand, as the layer appends it, the UPDATE and the capture one prepared
   * statement, and the capture's row read back.
   */
  READ_WRITE_FLOOR("read-write tx, hand-written capture") {
    @Override
    void run(DataSource ds) throws SQLException {
      try (Connection c = ds.getConnection()) {
        c.setAutoCommit(false);
        try {
          try (PreparedStatement ps = c.prepareStatement("SELECT v FROM bench_kv WHERE id = ?")) {
            ps.setInt(1, randomId(1, ROWS / 2));
            try (ResultSet rs = ps.executeQuery()) {
              rs.next();
            }
          }
          try (PreparedStatement ps = c.prepareStatement(UPDATE_WITH_CAPTURE)) {
            ps.setInt(1, randomId(ROWS / 2 + 1, ROWS));
            ps.execute();
            if (ps.getUpdateCount() != 1 || !ps.getMoreResults()) {
              throw new IllegalStateException("the update and its capture did not both answer");
            }
            try (ResultSet rs = ps.getResultSet()) {
              rs.next();
              rs.getLong(1);
              rs.getString(2);
            }
          }
          c.commit();
        } catch (SQLException | RuntimeException e) {
          try {
            c.rollback();
          } catch (SQLException ignored) {
            // the request failed already; this is only tidying the connection before it goes back
          }
          throw e;
        }
      }
    }
  },
  /** {@code UPDATE bench_kv SET v = v + 1 WHERE id = ?} in autocommit (issue 26: what resolving it costs). */
  AUTOCOMMIT_UPDATE("autocommit update") {
    @Override
    void run(DataSource ds) throws SQLException {
      try (Connection c = ds.getConnection();
           PreparedStatement ps = c.prepareStatement("UPDATE bench_kv SET v = v + 1 WHERE id = ?")) {
        ps.setInt(1, randomId(ROWS / 2 + 1, ROWS));
        if (ps.executeUpdate() != 1) {
          throw new IllegalStateException("bench_kv has no such row");
        }
      }
    }
  };

  /** The UPDATE with the capture appended by hand, as TransactionId appends it (without the identity). */
  static final String UPDATE_WITH_CAPTURE = "UPDATE bench_kv SET v = v + 1 WHERE id = ?;select"
      + " pg_current_xact_id_if_assigned()::text::bigint, case when pg_current_xact_id_if_assigned() is null then null"
      + " else pg_current_wal_insert_lsn()::text end";

  static final int ROWS = 10_000;

  final String label;

  Workload(String label) {
    this.label = label;
  }

  abstract void run(DataSource ds) throws SQLException;

  static int randomId() {
    return randomId(1, ROWS);
  }

  static int randomId(int from, int to) {
    return ThreadLocalRandom.current().nextInt(from, to + 1);
  }

  /** The table both workloads use, fresh. */
  static void createTable(PgServer server) {
    server.sql("DROP TABLE IF EXISTS bench_kv",
        "CREATE TABLE bench_kv (id int PRIMARY KEY, v bigint NOT NULL)",
        "INSERT INTO bench_kv SELECT g, 0 FROM generate_series(1, " + ROWS + ") g",
        "VACUUM ANALYZE bench_kv");
  }
}
