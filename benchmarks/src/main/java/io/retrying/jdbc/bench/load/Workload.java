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
  /** A short read-write transaction: read a row, update another, commit. */
  READ_WRITE("read-write tx") {
    @Override
    void run(DataSource ds) throws SQLException {
      try (Connection c = ds.getConnection()) {
        c.setAutoCommit(false);
        try {
          try (PreparedStatement ps = c.prepareStatement("SELECT v FROM bench_kv WHERE id = ?")) {
            ps.setInt(1, randomId());
            try (ResultSet rs = ps.executeQuery()) {
              rs.next();
            }
          }
          try (PreparedStatement ps = c.prepareStatement("UPDATE bench_kv SET v = v + 1 WHERE id = ?")) {
            ps.setInt(1, randomId());
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
  };

  static final int ROWS = 10_000;

  final String label;

  Workload(String label) {
    this.label = label;
  }

  abstract void run(DataSource ds) throws SQLException;

  static int randomId() {
    return ThreadLocalRandom.current().nextInt(1, ROWS + 1);
  }

  /** The table both workloads use, fresh. */
  static void createTable(PgServer server) {
    server.sql("DROP TABLE IF EXISTS bench_kv",
        "CREATE TABLE bench_kv (id int PRIMARY KEY, v bigint NOT NULL)",
        "INSERT INTO bench_kv SELECT g, 0 FROM generate_series(1, " + ROWS + ") g",
        "VACUUM ANALYZE bench_kv");
  }
}
