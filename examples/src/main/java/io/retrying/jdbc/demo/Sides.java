package io.retrying.jdbc.demo;

import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.hikari.RetryingHikari;
import io.retrying.jdbc.hikari.RetryingHikariDataSource;

/** Builds the two sides: the same pool settings and the same application code, with and without retrying-jdbc. */
final class Sides {
    static final String PLAIN = "plain";
    static final String RETRYING = "retrying";

    /**
     * How the retrying side's application runs a transfer. Today: the same plain JDBC transaction as
     * the other side, so the only difference between the sides is the data source.
     */
    static final TransferWork RETRYING_WORK = Bank::transfer;

    private Sides() {
    }

    static Side plain(String url, int poolSize) {
        HikariDataSource pool = Side.pool(PLAIN, url, poolSize);
        return new Side(PLAIN, "HikariCP + pgjdbc", pool, pool, Bank::transfer, null);
    }

    /** The same pool, with retrying-jdbc over it: every retry, recovery and give-up reaches the counter. */
    static Side retrying(String url, int poolSize) {
        RetryCounter counter = new RetryCounter();
        RetryingHikariDataSource retrying = RetryingHikari.over(Side.pool(RETRYING, url, poolSize),
                settings -> settings.listener(counter));
        return new Side(RETRYING, "retrying-jdbc over HikariCP", retrying.pool(), retrying, RETRYING_WORK, counter);
    }
}
