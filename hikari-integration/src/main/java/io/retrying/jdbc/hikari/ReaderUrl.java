package io.retrying.jdbc.hikari;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The URL of a pool of readers: the writer's, with the reader hosts and the settings that spread over them. */
final class ReaderUrl {

    private static final String PG_PREFIX = "jdbc:postgresql://";
    /** Set by {@link #of}: whatever the writer's URL says of them is the writer's. */
    private static final List<String> SET_HERE = List.of("targetservertype", "loadbalancehosts");

    private ReaderUrl() {
    }

    /** Never quotes {@code writerUrl}: it may hold a password. */
    static String of(String writerUrl, String hostPorts) {
        if (writerUrl == null || !writerUrl.startsWith(PG_PREFIX)) {
            throw new IllegalArgumentException("RetryingHikari.readers: jdbcUrl must start with " + PG_PREFIX
                    + " (a host list, which the reader hosts replace)");
        }
        String rest = writerUrl.substring(PG_PREFIX.length());
        int query = rest.indexOf('?');
        int path = rest.indexOf('/');
        if (path < 0 || (query >= 0 && query < path)) {
            path = query < 0 ? rest.length() : query;
        }
        String database = query < 0 ? rest.substring(path) : rest.substring(path, query);
        List<String> params = new ArrayList<>();
        if (query >= 0) {
            for (String p : rest.substring(query + 1).split("&")) {
                String key = p.indexOf('=') < 0 ? p : p.substring(0, p.indexOf('='));
                if (!p.isEmpty() && !SET_HERE.contains(key.toLowerCase(Locale.ROOT))) {
                    params.add(p);
                }
            }
        }
        params.add("targetServerType=preferSecondary");
        params.add("loadBalanceHosts=true");
        return PG_PREFIX + hostPorts + database + "?" + String.join("&", params);
    }
}
