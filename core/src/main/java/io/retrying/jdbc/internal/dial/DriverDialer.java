package io.retrying.jdbc.internal.dial;

import io.retrying.jdbc.internal.config.PgTarget;
import io.retrying.jdbc.internal.telemetry.AgentUrlNote;
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
    /** For several hosts: pgjdbc's reading of the URL and properties, to dial some of the hosts; else null. */
    private final Properties parsed;
    private final String[] hosts;
    private final String[] ports;
    /** Whether the application set no {@code socketFactory}: then the layer's watches its dials' sockets. */
    private final boolean ownSockets;
    /**
     * pgjdbc's reading of the URL and properties, for an attempt whose login time is cut short: the
     * URL's own {@code loginTimeout} would win over a property, so that attempt gives pgjdbc no URL
     * parameters. Null when pgjdbc cannot read the URL (every dial then fails as pgjdbc says).
     */
    private final Properties read;
    /** The {@code loginTimeout} the URL or the properties set (pgjdbc's precedence); null: none. */
    private final String loginTimeout;

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
        Properties all = org.postgresql.Driver.parseURL(pgUrl, this.pgProps);
        this.ownSockets = all != null && all.getProperty("socketFactory") == null;
        this.read = all;
        this.loginTimeout = all == null ? null : all.getProperty(LoginTimeout.KEY);
        if (dialTarget != null && dialTarget.severalHosts() && all != null) {
            this.parsed = new Properties();
            for (String key : all.stringPropertyNames()) {
                parsed.setProperty(key, all.getProperty(key));
            }
            this.hosts = parsed.getProperty("PGHOST").split(",");
            this.ports = parsed.getProperty("PGPORT").split(",");
        } else {
            this.parsed = null;
            this.hosts = null;
            this.ports = null;
        }
    }

    /** What tells a tracing agent, for {@code connection}, the pgjdbc URL and properties this dialer gives pgjdbc. */
    public AgentUrlNote agentNote(Connection connection) {
        return new AgentUrlNote(connection, pgUrl, pgProps);
    }

    @Override
    public boolean choosesHosts() {
        return parsed != null;
    }

    /**
     * Dials the chosen hosts only, in the URL's order, with everything else as pgjdbc read it:
     * pgjdbc is given no host in the URL and the hosts as {@code PGHOST}/{@code PGPORT}, so its
     * own rules (targetServerType, loadBalanceHosts, hostRecheckSeconds) apply to those. Its
     * sockets tell each host's breaker whether it was reached, unless the application set a
     * {@code socketFactory} of its own.
     */
    @Override
    public Connection dial(HostChoice choice) throws SQLException {
        if (parsed == null) {
            return dial();
        }
        StringBuilder h = new StringBuilder();
        StringBuilder p = new StringBuilder();
        for (int i = 0; i < hosts.length; i++) {
            if (choice.tries(i)) {
                if (h.length() > 0) {
                    h.append(',');
                    p.append(',');
                }
                h.append(hosts[i]);
                p.append(i < ports.length ? ports[i] : ports[ports.length - 1]);
            }
        }
        Properties props = new Properties();
        props.putAll(parsed);
        props.setProperty("PGHOST", h.toString());
        props.setProperty("PGPORT", p.toString());
        if (ownSockets) {
            props.setProperty("socketFactory", ObservingSocketFactory.class.getName());
            props.setProperty("socketFactoryArg", ObservingSocketFactory.arg(choice.settings()));
        }
        LoginTimeout.capTo(props);
        Connection c = pg.connect("jdbc:postgresql://", props);
        if (c == null) {
            throw new SQLException("pgjdbc does not accept the URL for " + target.description(), "08001");
        }
        return c;
    }

    /**
     * Dials {@code host:port} (a reader) with everything else as pgjdbc read the URL and properties
     * (database, user, password, SSL, timeouts), and {@code targetServerType=any}: the reader is a
     * standby, which the caller checks itself.
     */
    public Connection dialHost(String host, int port) throws SQLException {
        Properties props = new Properties();
        Properties all = org.postgresql.Driver.parseURL(pgUrl, pgProps);
        if (all == null) {
            throw new SQLException("pgjdbc does not accept the URL for " + target.description(), "08001");
        }
        props.putAll(all);
        props.setProperty("PGHOST", host);
        props.setProperty("PGPORT", Integer.toString(port));
        props.setProperty("targetServerType", "any");
        props.remove("loadBalanceHosts");
        LoginTimeout.capTo(props);
        Connection c = pg.connect("jdbc:postgresql://", props);
        if (c == null) {
            throw new SQLException("pgjdbc does not accept the URL for " + target.description(), "08001");
        }
        return c;
    }

    @Override
    public DialTarget dialTarget() {
        return dialTarget;
    }

    /**
     * Dials with the URL and properties as given; unless the application set a
     * {@code socketFactory} of its own, with sockets that watch for the server's first word (so a
     * proxy with no backend is told from a server that answered), reporting to no breaker: the
     * dial loop moves this target's breaker itself.
     */
    @Override
    public Connection dial() throws SQLException {
        // pgjdbc keeps the Properties it is given: each connection gets its own copy
        Properties props = new Properties();
        boolean capped = LoginTimeout.left() != null && read != null;
        props.putAll(capped ? read : pgProps);
        String url = capped ? "jdbc:postgresql://" : pgUrl;
        LoginTimeout.capTo(props);
        Connection c;
        if (ownSockets) {
            props.setProperty("socketFactory", ObservingSocketFactory.class.getName());
            props.setProperty("socketFactoryArg", ObservingSocketFactory.OBSERVE_ONLY);
            c = ObservingSocketFactory.observe(null, () -> pg.connect(url, props));
        } else {
            c = pg.connect(url, props);
        }
        if (c == null) {
            // said without the URL: it may hold a password
            throw new SQLException("pgjdbc does not accept the URL for " + target.description(), "08001");
        }
        return c;
    }

    @Override
    public long loginTimeoutMillis() {
        return LoginTimeout.millis(loginTimeout);
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
