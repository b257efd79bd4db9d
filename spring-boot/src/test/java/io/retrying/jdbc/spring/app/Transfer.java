package io.retrying.jdbc.spring.app;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;

/** A transfer, recorded under a key of the caller's: a duplicate would be a unique violation. */
@Entity
public class Transfer {
    @Id
    @GeneratedValue
    private Long id;

    @Column(name = "transfer_key", unique = true, nullable = false)
    private String key;

    private long fromAccount;
    private long toAccount;
    private long amount;

    protected Transfer() {}

    public Transfer(String key, long fromAccount, long toAccount, long amount) {
        this.key = key;
        this.fromAccount = fromAccount;
        this.toAccount = toAccount;
        this.amount = amount;
    }
}
