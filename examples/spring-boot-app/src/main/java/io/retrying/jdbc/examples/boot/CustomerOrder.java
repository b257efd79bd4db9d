package io.retrying.jdbc.examples.boot;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;

/** An order whose id the database generates (an identity column): JPA learns it from the INSERT. */
@Entity
public class CustomerOrder {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    private String item;

    protected CustomerOrder() {}

    public CustomerOrder(String item) {
        this.item = item;
    }

    public Long getId() {
        return id;
    }
}
