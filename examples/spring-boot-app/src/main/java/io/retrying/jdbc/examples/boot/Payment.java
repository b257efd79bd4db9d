package io.retrying.jdbc.examples.boot;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;

/** A payment, recorded once per idempotency key. */
@Entity
public class Payment {
    @Id
    @GeneratedValue
    private Long id;

    @Column(name = "idempotency_key", unique = true, nullable = false)
    private String key;

    private long cents;

    protected Payment() {}

    public Payment(String key, long cents) {
        this.key = key;
        this.cents = cents;
    }

    public long getCents() {
        return cents;
    }
}
