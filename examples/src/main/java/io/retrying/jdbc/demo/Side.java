package io.retrying.jdbc.demo;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import javax.sql.DataSource;

/**
 * One side of the demo: the data source its application uses, how it runs a transfer, and what
 * it saw. Both sides use the same HikariCP pool settings; the retrying side wraps its pool.
 */
final class Side implements AutoCloseable {
    /**
     * How long the application waits for a pooled connection (both sides). Short, as services that
     * answer users set it: a request should fail in seconds, not hang half a minute (HikariCP's
     * default).
     */
    static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(2);

    private final String name;
    private final String title;
    private final HikariDataSource pool;
    private final DataSource dataSource;
    private final TransferWork work;
    private final RetryCounter retries; // null on the plain side
    private final SideStats stats = new SideStats();

    Side(String name, String title, HikariDataSource pool, DataSource dataSource, TransferWork work,
            RetryCounter retries) {
        this.name = name;
        this.title = title;
        this.pool = pool;
        this.dataSource = dataSource;
        this.work = work;
        this.retries = retries;
    }

    /** A HikariCP pool of {@code size} connections to {@code url}, named after the side. */
    static HikariDataSource pool(String sideName, String url, int size) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("demo-" + sideName);
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(size);
        config.setConnectionTimeout(CONNECTION_TIMEOUT.toMillis());
        return new HikariDataSource(config);
    }

    /** Short name: {@code plain} or {@code retrying}. */
    String name() {
        return name;
    }

    /** What the side runs on, for headers and tables. */
    String title() {
        return title;
    }

    DataSource dataSource() {
        return dataSource;
    }

    TransferWork work() {
        return work;
    }

    SideStats stats() {
        return stats;
    }

    /** The retrying layer's counters; null on the plain side, which does not retry. */
    RetryCounter retries() {
        return retries;
    }

    @Override
    public void close() {
        pool.close();
    }
}
