package io.retrying.jdbc.examples.boot;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Boot application with the retrying-jdbc starter and nothing else of it: the
 * auto-configured pool's connections retry what is safe to retry, and {@link PaymentService#record}
 * ({@code @Idempotent}) runs again, in a fresh transaction, after what they cannot heal.
 */
@SpringBootApplication
public class PaymentsApplication {
    public static void main(String[] args) {
        SpringApplication.run(PaymentsApplication.class, args);
    }
}
