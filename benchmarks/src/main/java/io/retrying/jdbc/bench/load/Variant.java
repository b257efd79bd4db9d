package io.retrying.jdbc.bench.load;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.hikari.RetryingHikari;
import java.io.Closeable;
import javax.sql.DataSource;

/**
 * The three set-ups the load harnesses compare, each a HikariCP pool of the same size over pgjdbc
 * with the same settings: {@code plain} (the baseline), the retrying layer {@code over} the pool
 * ({@link RetryingHikari#over}) and {@code under} it ({@link RetryingHikari#under}).
 */
enum Variant {
  PLAIN {
    @Override
    Pool open(PgServer server, int size) {
      HikariDataSource pool = new HikariDataSource(config(server, size, "plain"));
      return new Pool(pool, pool);
    }
  },
  /**
   * Plain HikariCP and pgjdbc running the read-write transaction with the capture written by hand
   * ({@link Workload#READ_WRITE_FLOOR}): the floor under the layer's commit resolution (issue 26).
   */
  FLOOR {
    @Override
    Pool open(PgServer server, int size) {
      HikariDataSource pool = new HikariDataSource(config(server, size, "floor"));
      return new Pool(pool, pool);
    }

    @Override
    Workload workload(Workload w) {
      return w == Workload.READ_WRITE ? Workload.READ_WRITE_FLOOR : w;
    }
  },
  OVER {
    @Override
    Pool open(PgServer server, int size) {
      var ds = RetryingHikari.over(config(server, size, "over"));
      return new Pool(ds, ds);
    }
  },
  UNDER {
    @Override
    Pool open(PgServer server, int size) {
      HikariDataSource pool = RetryingHikari.under(config(server, size, "under"));
      return new Pool(pool, pool);
    }
  },
  /** Over, with {@code resolveCommits(false)}: no xid capture before COMMIT. */
  OVER_NO_RESOLVE {
    @Override
    Pool open(PgServer server, int size) {
      var ds = RetryingHikari.over(config(server, size, "over-no-resolve"), b -> b.resolveCommits(false));
      return new Pool(ds, ds);
    }
  },
  /** Under, with {@code retry.resolveCommits=false} in the URL. */
  UNDER_NO_RESOLVE {
    @Override
    Pool open(PgServer server, int size) {
      HikariConfig config = config(server, size, "under-no-resolve");
      config.setJdbcUrl(server.jdbcUrl() + "&retry.resolveCommits=false");
      HikariDataSource pool = RetryingHikari.under(config);
      return new Pool(pool, pool);
    }
  },
  /** Over, with {@code resolveAutocommitWrites(true)} (issue 26). */
  OVER_RESOLVE_AUTOCOMMIT {
    @Override
    Pool open(PgServer server, int size) {
      var ds = RetryingHikari.over(config(server, size, "over-resolve-autocommit"), b -> b.resolveAutocommitWrites(true));
      return new Pool(ds, ds);
    }
  },
  /** Under, with {@code retry.resolveAutocommitWrites=true} in the URL. */
  UNDER_RESOLVE_AUTOCOMMIT {
    @Override
    Pool open(PgServer server, int size) {
      HikariConfig config = config(server, size, "under-resolve-autocommit");
      config.setJdbcUrl(server.jdbcUrl() + "&retry.resolveAutocommitWrites=true");
      HikariDataSource pool = RetryingHikari.under(config);
      return new Pool(pool, pool);
    }
  };

  /** The baseline and the two topologies with their defaults. */
  static final java.util.List<Variant> MAIN = java.util.List.of(PLAIN, OVER, UNDER);

  /** The read-write transaction's: the baseline, the hand-written floor, the layer with resolution on and off. */
  static final java.util.List<Variant> READ_WRITE = java.util.List.of(PLAIN, FLOOR, OVER, UNDER, OVER_NO_RESOLVE,
      UNDER_NO_RESOLVE);

  /** The autocommit update's: the baseline, the layer with its defaults and with autocommit writes resolved. */
  static final java.util.List<Variant> AUTOCOMMIT = java.util.List.of(PLAIN, OVER, UNDER, OVER_RESOLVE_AUTOCOMMIT,
      UNDER_RESOLVE_AUTOCOMMIT);

  /** What this variant runs for {@code w}: {@code w} itself, but for the floor's hand-written capture. */
  Workload workload(Workload w) {
    return w;
  }

  /** A data source and what closes it. */
  record Pool(DataSource dataSource, Closeable owner) implements AutoCloseable {
    @Override
    public void close() {
      try {
        owner.close();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  abstract Pool open(PgServer server, int size);

  String label() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  /**
   * The same pool for every variant: fixed size, a 5 s acquire timeout (HikariCP's default is
   * 30 s; shorter, so that an outage the pool cannot ride out shows as errors within a run).
   */
  static HikariConfig config(PgServer server, int size, String name) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(server.jdbcUrl());
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(size);
    config.setConnectionTimeout(5_000);
    config.setPoolName("bench-" + name);
    return config;
  }
}
