package io.retrying.jdbc.demo;

import java.sql.SQLException;
import javax.sql.DataSource;

/** How a side's application runs one transfer against its data source. */
@FunctionalInterface
interface TransferWork {
    void run(DataSource dataSource, Transfer transfer) throws SQLException;
}
