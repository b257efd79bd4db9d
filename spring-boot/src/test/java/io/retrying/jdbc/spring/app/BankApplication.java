package io.retrying.jdbc.spring.app;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application under test: JPA entities, two services, JdbcTemplate; configured by spring.datasource.url only. */
@SpringBootApplication
public class BankApplication {
}
