package io.retrying.jdbc.bench.jmh;

import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.bench.stub.StubDataSource;
import javax.sql.DataSource;

/** What a benchmark talks to: the bare stub driver (the baseline) or the retrying layer over it. */
enum Layer {
  /** The stub driver itself. */
  BARE {
    @Override
    DataSource dataSource() {
      return new StubDataSource();
    }
  },
  /** {@code RetryingDataSource.wrap(stub)}: the defaults (commit resolution on). */
  WRAPPED {
    @Override
    DataSource dataSource() {
      return RetryingDataSource.wrap(new StubDataSource());
    }
  },
  /** The retrying layer with {@code retry.resolveCommits=false}: no xid capture before COMMIT. */
  WRAPPED_NO_RESOLVE {
    @Override
    DataSource dataSource() {
      return RetryingDataSource.builder(new StubDataSource()).resolveCommits(false).build();
    }
  };

  abstract DataSource dataSource();

  static Layer of(String name) {
    return valueOf(name.toUpperCase(java.util.Locale.ROOT).replace('-', '_'));
  }
}
