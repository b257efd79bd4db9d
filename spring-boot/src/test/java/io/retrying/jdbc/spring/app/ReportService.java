package io.retrying.jdbc.spring.app;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Reads with JdbcTemplate in read-only transactions. */
@Service
@Transactional(readOnly = true)
public class ReportService {
    private final JdbcTemplate jdbc;

    public ReportService(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public long total() {
        return jdbc.queryForObject("SELECT coalesce(sum(balance), 0) FROM account", Long.class);
    }

    public long transfers() {
        return jdbc.queryForObject("SELECT count(*) FROM transfer", Long.class);
    }
}
