package io.retrying.jdbc.internal.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The reader hosts of a data source ({@code retry.readers}): hot standbys that a connection in
 * {@code setReadOnly(true)} runs on, while a read-write one runs on the URL's own hosts (the
 * primary). Immutable but for the rotation, which spreads the connections over the readers (it is
 * read on a dial only, never on a statement).
 *
 * @param hosts the readers, in the order given
 * @param maxLag how far behind the primary a reader may be, measured when it is dialed; longer and it
 *     is left for another
 * @param fallBackToPrimary whether reads go to the primary when no reader is up and within the lag bound
 */
public record Readers(List<Host> hosts, Duration maxLag, boolean fallBackToPrimary, AtomicInteger rotation) {

    /** One reader host. */
    public record Host(String host, int port) {
        @Override
        public String toString() {
            return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
        }
    }

    /** The default lag bound: a standby further behind than this is not read from. */
    public static final Duration DEFAULT_MAX_LAG = Duration.ofSeconds(10);

    /** No readers: every connection runs on the URL's hosts. */
    public static final Readers NONE = new Readers(List.of(), DEFAULT_MAX_LAG, true, new AtomicInteger());

    public Readers {
        hosts = List.copyOf(hosts);
        Objects.requireNonNull(maxLag, "maxLag");
        Objects.requireNonNull(rotation, "rotation");
    }

    public boolean none() {
        return hosts.isEmpty();
    }

    /**
     * Parses {@code host:port,host:port} ({@code [v6 address]:port} too); a host without a port is
     * on 5432.
     *
     * @throws IllegalArgumentException naming the entry that is not a host or port
     */
    public static List<Host> parse(String list) {
        List<Host> hosts = new ArrayList<>();
        if (list == null || list.isBlank()) {
            return hosts;
        }
        for (String raw : list.split(",")) {
            String entry = raw.trim();
            if (entry.isEmpty()) {
                throw new IllegalArgumentException("an empty host in the list");
            }
            String host;
            String port = null;
            if (entry.startsWith("[")) {
                int close = entry.indexOf(']');
                if (close < 0) {
                    throw new IllegalArgumentException("'" + entry + "' opens an IPv6 address with [ and never closes it");
                }
                host = entry.substring(1, close);
                String rest = entry.substring(close + 1);
                if (!rest.isEmpty()) {
                    if (!rest.startsWith(":")) {
                        throw new IllegalArgumentException("'" + entry + "' is not [address]:port");
                    }
                    port = rest.substring(1);
                }
            } else {
                int colon = entry.lastIndexOf(':');
                host = colon < 0 ? entry : entry.substring(0, colon);
                port = colon < 0 ? null : entry.substring(colon + 1);
            }
            if (host.isEmpty() || host.chars().anyMatch(Character::isWhitespace) || host.contains("/")) {
                throw new IllegalArgumentException("'" + entry + "' is not a host name or address");
            }
            int number = 5432;
            if (port != null) {
                try {
                    number = Integer.parseInt(port);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + entry + "' has no port number after the colon");
                }
                if (number < 1 || number > 65535) {
                    throw new IllegalArgumentException("'" + entry + "' has a port outside 1-65535");
                }
            }
            hosts.add(new Host(host, number));
        }
        return hosts;
    }

    public Readers withHosts(List<Host> newHosts) {
        return new Readers(newHosts, maxLag, fallBackToPrimary, new AtomicInteger());
    }

    public Readers withMaxLag(Duration newMaxLag) {
        return new Readers(hosts, newMaxLag, fallBackToPrimary, rotation);
    }

    public Readers withFallBackToPrimary(boolean fallBack) {
        return new Readers(hosts, maxLag, fallBack, rotation);
    }

    /** The readers in the order one dial tries them: each dial starts one further along. */
    public List<Host> order() {
        int n = hosts.size();
        int start = Math.floorMod(rotation.getAndIncrement(), Math.max(n, 1));
        List<Host> order = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            order.add(hosts.get((start + i) % n));
        }
        return order;
    }

    @Override
    public String toString() {
        return "Readers" + hosts + "[maxLag=" + maxLag.toMillis() + "ms, fallBackToPrimary=" + fallBackToPrimary + "]";
    }
}
