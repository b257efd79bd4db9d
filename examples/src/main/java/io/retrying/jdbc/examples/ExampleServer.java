package io.retrying.jdbc.examples;

import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;

/** For the examples' {@code main}: the URL given, or a throwaway server for the length of the run. */
final class ExampleServer implements AutoCloseable {
    private final PgServer server; // null when the user named a server
    private final String url;

    private ExampleServer(PgServer server, String url) {
        this.server = server;
        this.url = url;
    }

    /** {@code args[0]} if given ({@code jdbc:postgresql://...}), else a throwaway server from the test fixtures. */
    static ExampleServer from(String[] args) {
        if (args.length > 0) {
            return new ExampleServer(null, args[0]);
        }
        PgServer server = PgServers.start();
        return new ExampleServer(server, server.jdbcUrl());
    }

    /** A {@code jdbc:postgresql://} URL. */
    String url() {
        return url;
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }
}
