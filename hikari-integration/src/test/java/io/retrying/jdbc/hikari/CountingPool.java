package io.retrying.jdbc.hikari;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.util.concurrent.atomic.AtomicInteger;

/** A HikariCP pool that counts the evictions asked of it (the retrying layer's discards). */
public final class CountingPool extends HikariDataSource {
    final AtomicInteger evictions = new AtomicInteger();

    CountingPool(HikariConfig config) {
        super(config);
    }

    @Override
    public void evictConnection(Connection connection) {
        evictions.incrementAndGet();
        super.evictConnection(connection);
    }
}
