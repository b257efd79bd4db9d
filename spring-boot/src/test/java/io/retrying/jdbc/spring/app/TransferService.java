package io.retrying.jdbc.spring.app;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Moves money with JPA in one transaction: read both accounts, change both, record the transfer. */
@Service
public class TransferService {
    private final AccountRepository accounts;
    private final TransferRepository transfers;

    public TransferService(AccountRepository accounts, TransferRepository transfers) {
        this.accounts = accounts;
        this.transfers = transfers;
    }

    @Transactional
    public void transfer(String key, long from, long to, long amount) {
        Account a = accounts.findById(from).orElseThrow();
        Account b = accounts.findById(to).orElseThrow();
        a.add(-amount);
        b.add(amount);
        transfers.save(new Transfer(key, from, to, amount));
    }
}
