package io.retrying.jdbc.hikari;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import org.postgresql.ds.PGSimpleDataSource;

/** pgjdbc's data source, counting the physical connections it opened. */
public final class CountingPgDataSource extends PGSimpleDataSource {
    private static final long serialVersionUID = 1L;
    final transient AtomicInteger opened = new AtomicInteger();

    CountingPgDataSource(String url) {
        setURL(url);
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        Connection c = super.getConnection(user, password);
        opened.incrementAndGet();
        return c;
    }
}
