package io.retrying.jdbc.examples.boot;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

public interface PaymentRepository extends JpaRepository<Payment, Long> {
    boolean existsByKey(String key);

    @Query("select coalesce(sum(p.cents), 0) from Payment p")
    long totalCents();
}
