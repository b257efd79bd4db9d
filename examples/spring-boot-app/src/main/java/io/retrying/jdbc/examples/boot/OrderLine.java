package io.retrying.jdbc.examples.boot;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;

/** A line of an order: a child row holding the order's generated id. */
@Entity
public class OrderLine {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @ManyToOne(optional = false)
    private CustomerOrder customerOrder;

    private int quantity;

    protected OrderLine() {}

    public OrderLine(CustomerOrder customerOrder, int quantity) {
        this.customerOrder = customerOrder;
        this.quantity = quantity;
    }

    public Long getId() {
        return id;
    }
}
