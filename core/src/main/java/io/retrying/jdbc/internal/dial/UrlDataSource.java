package io.retrying.jdbc.internal.dial;

import io.retrying.jdbc.internal.config.RetryingUrl;
import java.sql.SQLException;
import java.util.Properties;
import org.postgresql.ds.PGSimpleDataSource;

/** The pgjdbc data source that {@code RetryingDataSource.setUrl} makes from a URL (its JavaBean form). */
public final class UrlDataSource {

    private UrlDataSource() {
    }

    /**
     * A {@code PGSimpleDataSource} for {@code url} ({@code jdbc:postgresql:} or
     * {@code jdbc:retrying:postgresql:}, whose {@code retry.*} parameters are moved into
     * {@code settings}), with {@code targetProperties} (pgjdbc's names), the user and password.
     *
     * @throws SQLException 22023 when pgjdbc cannot parse the URL or a {@code retry.} parameter
     */
    public static PGSimpleDataSource pg(String url, String user, String password, Properties targetProperties,
            Properties settings) throws SQLException {
        String pgUrl = url;
        if (RetryingUrl.accepts(url)) {
            RetryingUrl split = RetryingUrl.split(url, null);
            pgUrl = split.pgUrl();
            settings.putAll(split.retryProps());
        }
        RetryingUrl.checkParsable(pgUrl, null, "RetryingDataSource url");
        PGSimpleDataSource pg = new PGSimpleDataSource();
        pg.setURL(pgUrl);
        for (String key : targetProperties.stringPropertyNames()) {
            pg.setProperty(key, targetProperties.getProperty(key));
        }
        if (user != null) {
            pg.setUser(user);
        }
        if (password != null) {
            pg.setPassword(password);
        }
        if (pg.getSocketFactory() == null) {
            // sockets that tell a proxy with no backend from a server that answered, for the dial loop
            pg.setSocketFactory(ObservingSocketFactory.class.getName());
            pg.setSocketFactoryArg(ObservingSocketFactory.OBSERVE_ONLY);
        }
        return pg;
    }
}
