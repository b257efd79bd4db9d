package io.retrying.jdbc.internal.dial;

/**
 * Where one dialer's dials go, for its circuit breaker: a single server ({@code host:port}), or
 * the list of hosts of a multi-host URL with its {@code targetServerType}, whose breaker counts
 * the dials that found no host of that kind.
 *
 * @param breaker the shared breaker of that target
 * @param severalHosts whether the URL names several hosts
 */
public record DialTarget(CircuitBreaker breaker, boolean severalHosts) {

    /**
     * The target of a {@code jdbc:postgresql:} URL and its properties, read as pgjdbc reads them;
     * null when pgjdbc cannot parse the URL (the dial fails on its own then).
     */
    public static DialTarget ofUrl(Breakers breakers, String pgUrl, java.util.Properties props) {
        java.util.Properties parsed = org.postgresql.Driver.parseURL(pgUrl, props);
        if (parsed == null) {
            return null;
        }
        return of(breakers, parsed.getProperty("PGHOST", "localhost").split(","),
                parsed.getProperty("PGPORT", "5432").split(","), parsed.getProperty("targetServerType"));
    }

    /**
     * The target of pgjdbc's parsed host and port lists.
     *
     * @param targetServerType pgjdbc's setting, null for its default ({@code any})
     */
    public static DialTarget of(Breakers breakers, String[] hosts, String[] ports, String targetServerType) {
        StringBuilder key = new StringBuilder();
        for (int i = 0; i < hosts.length; i++) {
            if (i > 0) {
                key.append(',');
            }
            String port = i < ports.length ? ports[i] : ports[ports.length - 1];
            key.append(hosts[i].trim()).append(':').append(port.trim());
        }
        boolean several = hosts.length > 1;
        if (several) {
            key.append(" targetServerType=").append(targetServerType == null ? "any" : targetServerType);
        }
        return new DialTarget(breakers.of(key.toString()), several);
    }
}
