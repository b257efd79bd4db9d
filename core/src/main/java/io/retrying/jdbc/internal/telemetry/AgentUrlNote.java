package io.retrying.jdbc.internal.telemetry;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverPropertyInfo;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * Tells a JDBC tracing agent which database a connection of {@code jdbc:retrying:postgresql:} talks
 * to, with no configuration: the same way pgjdbc tells it, through a {@link Driver#connect} call.
 *
 * <p>Why: the OpenTelemetry Java agent (2.x) records, when any {@code Driver.connect(String,
 * Properties)} returns, the URL it was called with, parsed, as the database of the connection it
 * returned (its {@code DriverInstrumentation}; the last {@code connect} to return a connection
 * decides). The spans of that connection's statements take their {@code db.system},
 * {@code db.namespace} and {@code server.address} from that record alone, and only when there is
 * none does the agent ask {@code getMetaData().getURL()}. Its URL parser does not know the
 * {@code retrying:} prefix, so after {@code RetryingDriver.connect} the record says
 * {@code other_sql}, no database, no server. This driver is never registered: its {@link #connect}
 * only hands back the retrying connection it was made for, and is called once, after the
 * application's {@code connect} returned, with the pgjdbc URL and properties that pgjdbc was given
 * (the {@code retry.*} settings taken out). The agent's record is then what bare pgjdbc's is.
 * Without an agent the call does nothing.
 */
public final class AgentUrlNote implements Driver {

    private final Connection connection;
    private final String pgUrl;
    private final Properties pgProps;

    /**
     * @param connection the retrying connection the application holds
     * @param pgUrl the {@code jdbc:postgresql:} URL its physical connections are dialed with
     * @param pgProps the properties given to pgjdbc with it (not copied; not changed)
     */
    public AgentUrlNote(Connection connection, String pgUrl, Properties pgProps) {
        this.connection = connection;
        this.pgUrl = pgUrl;
        this.pgProps = pgProps;
    }

    /** Makes the call the agent hears (once: the caller drops this note afterwards). */
    public void tell() {
        connect(pgUrl, pgProps);
    }

    /** The connection this note was made for, when asked with its URL; null otherwise (never dials). */
    @Override
    public Connection connect(String url, Properties info) {
        return pgUrl.equals(url) ? connection : null;
    }

    /** {@code false}: this is not a driver anybody may find. */
    @Override
    public boolean acceptsURL(String url) {
        return false;
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
        return 0;
    }

    @Override
    public int getMinorVersion() {
        return 1;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("not a driver to use");
    }

    @Override
    public String toString() {
        return "AgentUrlNote for " + connection;
    }
}
