package io.retrying.jdbc.internal.config;


import io.retrying.jdbc.Classifier;
import java.lang.reflect.Method;
import java.sql.SQLException;
import java.util.Properties;
import javax.sql.DataSource;
import org.postgresql.ds.common.BaseDataSource;

/**
 * What the logs and the classifier may know about a PostgreSQL target: where it is, never who
 * connects or with which password.
 *
 * @param description {@code host:port[,host:port...]/database}
 * @param multiHostPrimary whether several hosts are named with {@code targetServerType=primary}
 *     (or its old spelling {@code master}): then 25006 (read-only transaction) means "landed on a
 *     standby after a failover" and a new connection cures it
 */
public record PgTarget(String description, boolean multiHostPrimary) {

    /** Used when the target cannot be read (a URL pgjdbc itself cannot parse). */
    public static final PgTarget UNKNOWN = new PgTarget("postgresql", false);

    /** Reads the target from a {@code jdbc:postgresql:} URL and its properties. */
    public static PgTarget of(String pgUrl, Properties pgProps) {
        Properties parsed = org.postgresql.Driver.parseURL(pgUrl, pgProps);
        if (parsed == null) {
            return UNKNOWN;
        }
        String[] hosts = parsed.getProperty("PGHOST", "localhost").split(",");
        String[] ports = parsed.getProperty("PGPORT", "5432").split(",");
        return of(hosts, ports, parsed.getProperty("PGDBNAME", ""),
                Classifier.multiHostPrimary(pgUrl, pgProps));
    }

    /**
     * Reads the target of a {@code DataSource}: pgjdbc's data sources (directly or wrapped) and
     * pools with a public {@code getJdbcUrl()} (HikariCP) are read from their URL; anything else
     * is described by its class name alone.
     */
    public static PgTarget of(DataSource target) {
        try {
            if (target.isWrapperFor(BaseDataSource.class)) {
                return of(target.unwrap(BaseDataSource.class).getURL(), new Properties());
            }
            // found by reflection: core does not depend on HikariCP
            Method jdbcUrl = target.getClass().getMethod("getJdbcUrl");
            if (jdbcUrl.getReturnType() == String.class && jdbcUrl.trySetAccessible()
                    && jdbcUrl.invoke(target) instanceof String url) {
                String pgUrl = RetryingUrl.accepts(url)
                        ? "jdbc:postgresql:" + url.substring(RetryingUrl.PREFIX.length()) : url;
                PgTarget t = of(pgUrl, new Properties());
                if (t != UNKNOWN) {
                    return t;
                }
            }
        } catch (SQLException | ReflectiveOperationException | RuntimeException e) {
            // a target that cannot say what it wraps is described by its class alone
        }
        return new PgTarget(target.getClass().getSimpleName(), false);
    }

    /** From host names and ports as separate lists (pgjdbc's data source form). */
    public static PgTarget of(String[] hosts, String[] ports, String database, boolean primary) {
        StringBuilder d = new StringBuilder();
        for (int i = 0; i < hosts.length; i++) {
            if (i > 0) {
                d.append(',');
            }
            String port = i < ports.length ? ports[i] : ports[ports.length - 1];
            d.append(hosts[i]).append(':').append(port);
        }
        d.append('/').append(database);
        return new PgTarget(d.toString(), primary && hosts.length > 1);
    }
}
