package io.retrying.jdbc.spring.app;

import io.retrying.jdbc.Idempotent;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * An {@code @Idempotent} {@code @Transactional} service (a CGLIB proxy, no interface): it records an
 * entry under a key, and lets a test do something to its connection mid-way on chosen runs.
 */
@Service
public class LedgerService {
    private final JdbcTemplate jdbc;
    private final AtomicInteger runs = new AtomicInteger();
    private volatile Consumer<Integer> midway = run -> {};

    public LedgerService(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public AtomicInteger runs() {
        return runs;
    }

    public void midway(Consumer<Integer> action) {
        this.midway = action;
    }

    public JdbcTemplate jdbc() {
        return jdbc;
    }

    @Idempotent
    @Transactional
    public void record(String key, long amount) {
        int run = runs.incrementAndGet();
        jdbc.update("INSERT INTO ledger (entry_key, amount) VALUES (?, ?) ON CONFLICT (entry_key) DO NOTHING", key, amount);
        midway.accept(run);
        jdbc.update("UPDATE ledger SET amount = amount WHERE entry_key = ?", key);
    }
}
