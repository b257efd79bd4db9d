package io.retrying.jdbc.examples.boot;

import io.retrying.jdbc.Idempotent;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Records payments with JPA; a payment's key makes running {@link #record} twice harmless. */
@Service
public class PaymentService {
    private final PaymentRepository payments;

    public PaymentService(PaymentRepository payments) {
        this.payments = payments;
    }

    /** Records the payment unless its key is there: safe to run again, so {@code @Idempotent}. */
    @Idempotent
    @Transactional
    public void record(String idempotencyKey, long cents) {
        if (!payments.existsByKey(idempotencyKey)) {
            payments.save(new Payment(idempotencyKey, cents));
        }
    }

    @Transactional(readOnly = true)
    public long totalCents() {
        return payments.totalCents();
    }
}
