package io.retrying.jdbc.internal;

import io.retrying.jdbc.internal.dial.Breakers;
import io.retrying.jdbc.internal.dial.DialTarget;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Dials pgjdbc directly, with the same URL and properties every time. Going through
 * {@code DriverManager} instead could find this library's own driver again and recurse.
 * Immutable and thread-safe.
 */
public final class DriverDialer implements Dialer {
    private final Driver pg;
    private final String pgUrl;
    private final Properties pgProps;
    private final PgTarget target;
    private final DialTarget dialTarget;

    /**
     * @param pg pgjdbc's driver
     * @param pgUrl a {@code jdbc:postgresql:} URL
     * @param pgProps properties for pgjdbc; copied
     */
    public DriverDialer(Driver pg, String pgUrl, Properties pgProps) {
        this.pg = pg;
        this.pgUrl = pgUrl;
        this.pgProps = new Properties();
        this.pgProps.putAll(pgProps);
        this.target = PgTarget.of(pgUrl, pgProps);
        this.dialTarget = DialTarget.ofUrl(Breakers.shared(), pgUrl, this.pgProps);
    }

    @Override
    public DialTarget dialTarget() {
        return dialTarget;
    }

    @Override
    public Connection dial() throws SQLException {
        // pgjdbc keeps the Properties it is given: each connection gets its own copy
        Properties props = new Properties();
        props.putAll(pgProps);
        Connection c = pg.connect(pgUrl, props);
        if (c == null) {
            // said without the URL: it may hold a password
            throw new SQLException("pgjdbc does not accept the URL for " + target.description(), "08001");
        }
        return c;
    }

    @Override
    public String describe() {
        return target.description();
    }

    @Override
    public boolean multiHostPrimary() {
        return target.multiHostPrimary();
    }

    @Override
    public String toString() {
        return "DriverDialer[" + target.description() + "]";
    }
}
