package io.retrying.jdbc.demo;

import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.Deadline;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.Retrying;
import io.retrying.jdbc.hikari.RetryingHikari;
import io.retrying.jdbc.hikari.RetryingHikariDataSource;

/** Builds the two sides: the same pool settings and the same transfer statements, with and without retrying-jdbc. */
final class Sides {
    static final String PLAIN = "plain";
    static final String RETRYING = "retrying";

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
        // The switch, one line. The plain side's very code, healed by the transparent layer alone
        // (transaction replay, commit resolution): the point of the demo is that the application
        // does not change. inTransaction(counter) passes the audit as well, but it would also run a
        // transfer again after an outcome nobody could resolve, and this transfer is not idempotent.
        TransferWork work = Bank::transfer;
        return new Side(RETRYING, "retrying-jdbc over HikariCP", retrying.pool(), retrying, work, counter);
    }

    /**
     * Each transfer as a unit that {@link Retrying#inTransaction} runs again whole after a retryable
     * failure (and after an unknown outcome the transparent layer could not resolve). Its
     * statements are the plain side's; the application still has no retry loop of its own.
     */
    private static TransferWork inTransaction(RetryCounter counter) {
        return (dataSource, transfer) -> Retrying.inTransaction(dataSource, RetryPolicy.defaults(), Deadline.none(),
                counter, c -> {
                    Bank.transfer(c, transfer);
                    return null;
                });
    }
}
