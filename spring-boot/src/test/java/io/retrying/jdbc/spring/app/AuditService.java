package io.retrying.jdbc.spring.app;

import io.retrying.jdbc.Idempotent;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.stereotype.Service;

/** An {@code @Idempotent} method that calls another: the inner unit must not multiply the attempts. */
@Service
public class AuditService {
    private final LedgerService ledger;
    private final AtomicInteger runs = new AtomicInteger();

    public AuditService(LedgerService ledger) {
        this.ledger = ledger;
    }

    public AtomicInteger runs() {
        return runs;
    }

    @Idempotent
    public void audit(String key) {
        runs.incrementAndGet();
        ledger.record(key, 0);
    }
}
