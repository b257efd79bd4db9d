package io.retrying.jdbc.internal.dial;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Where one dialer's dials go, for the circuit breakers: a single server ({@code host:port}), or
 * the hosts of a multi-host URL. A multi-host target has a breaker for the list with its
 * {@code targetServerType}, which counts the dials that found no host of that kind (or reached
 * none), and a breaker per host, which lets a dial skip the hosts known to be unreachable.
 *
 * @param breaker the shared breaker of the whole target (for one host: that host's)
 * @param servers the hosts as {@code host:port}, in the URL's order
 * @param hostBreakers for several hosts, each host's breaker, in the same order; empty for one
 */
public record DialTarget(CircuitBreaker breaker, List<String> servers, List<CircuitBreaker> hostBreakers) {

    /** Whether the URL names several hosts. */
    public boolean severalHosts() {
        return !hostBreakers.isEmpty();
    }

    /** The key of one server. */
    public static String server(String host, String port) {
        return host.trim() + ":" + port.trim();
    }

    /**
     * The target of a {@code jdbc:postgresql:} URL and its properties, read as pgjdbc reads them;
     * null when pgjdbc cannot parse the URL (the dial fails on its own then).
     */
    public static DialTarget ofUrl(Breakers breakers, String pgUrl, Properties props) {
        Properties parsed = org.postgresql.Driver.parseURL(pgUrl, props);
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
        List<String> servers = new ArrayList<>(hosts.length);
        for (int i = 0; i < hosts.length; i++) {
            servers.add(server(hosts[i], i < ports.length ? ports[i] : ports[ports.length - 1]));
        }
        if (servers.size() == 1) {
            return new DialTarget(breakers.of(servers.get(0)), List.copyOf(servers), List.of());
        }
        List<CircuitBreaker> each = new ArrayList<>(servers.size());
        for (String s : servers) {
            each.add(breakers.of(s));
        }
        String key = String.join(",", servers) + " targetServerType=" + (targetServerType == null ? "any" : targetServerType);
        return new DialTarget(breakers.of(key), List.copyOf(servers), List.copyOf(each));
    }
}
