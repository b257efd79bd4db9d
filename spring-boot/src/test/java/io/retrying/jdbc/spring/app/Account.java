package io.retrying.jdbc.spring.app;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;

/** An account; its id from Hibernate's default generator (a sequence, allocation size 50). */
@Entity
public class Account {
    @Id
    @GeneratedValue
    private Long id;

    private long balance;

    protected Account() {}

    public Account(long balance) {
        this.balance = balance;
    }

    public Long getId() {
        return id;
    }

    public long getBalance() {
        return balance;
    }

    public void add(long amount) {
        balance += amount;
    }
}
