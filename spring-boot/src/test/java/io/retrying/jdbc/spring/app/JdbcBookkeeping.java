package io.retrying.jdbc.spring.app;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.Transactional;

/** Not a bean: the test proxies it with the context's own advisors, as a JDK proxy. */
@Transactional
public class JdbcBookkeeping implements Bookkeeping {
    private final JdbcTemplate jdbc;
    public final AtomicInteger runs = new AtomicInteger();
    private final IntConsumer midway;

    public JdbcBookkeeping(JdbcTemplate jdbc, IntConsumer midway) {
        this.jdbc = jdbc;
        this.midway = midway;
    }

    @Override
    public void book(String key, long amount) {
        int run = runs.incrementAndGet();
        jdbc.update("INSERT INTO ledger (entry_key, amount) VALUES (?, ?) ON CONFLICT (entry_key) DO NOTHING", key, amount);
        midway.accept(run);
        jdbc.update("UPDATE ledger SET amount = amount WHERE entry_key = ?", key);
    }
}
