package io.retrying.jdbc.demo;

import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A server from the test fixtures ({@code PgServers.start()}: a throwaway embedded cluster unless the
 * environment names another). Each side connects as a role of its own, to a schema of its own,
 * through a fault proxy of its own, so that a role connection limit and a dropped COMMIT reply can
 * hit both sides alike.
 */
final class EmbeddedTarget implements Target {
    private static final Duration RESTART_WAIT = Duration.ofSeconds(60);

    private final PgServer server;
    private final Map<String, FaultProxy> proxies = new ConcurrentHashMap<>();

    EmbeddedTarget(PgServer server) {
        this.server = server;
    }

    @Override
    public String describe() {
        return "throwaway PostgreSQL " + server.queryString("SHOW server_version") + " on " + server.host() + ":"
                + server.port() + ", started for this run (test fixtures)";
    }

    @Override
    public String prepare(String side) {
        String role = Target.schema(side);
        server.createRole(role);
        server.setConnectionLimit(role, -1);
        server.sql("DROP SCHEMA IF EXISTS " + role + " CASCADE", "CREATE SCHEMA " + role + " AUTHORIZATION " + role);
        FaultProxy proxy = FaultProxy.start(server);
        proxies.put(side, proxy);
        // the server's own URL for the role (with its password where one is needed), pointed at the proxy
        String viaProxy = server.jdbcUrl(role).replaceFirst("//[^/]+/", "//127.0.0.1:" + proxy.port() + "/");
        return withSideParameters(viaProxy, Target.applicationName(side), role);
    }

    @Override
    public Connection connectDirect(String side) throws SQLException {
        String role = Target.schema(side);
        // another application_name: killing the side's backends must spare its setup and audit
        return DriverManager.getConnection(withSideParameters(server.jdbcUrl(role), "retrying-demo-admin", role));
    }

    private static String withSideParameters(String url, String applicationName, String schema) {
        return url + "&ApplicationName=" + applicationName + "&currentSchema=" + schema;
    }

    @Override
    public Set<ChaosKind> chaosKinds() {
        return EnumSet.allOf(ChaosKind.class);
    }

    @Override
    public String chaosLimits() {
        return null;
    }

    @Override
    public void inject(ChaosSchedule.Event event) throws InterruptedException, SQLException {
        switch (event.kind()) {
            case KILL_BACKENDS -> killBackends();
            case RESTART_SERVER -> restart(event.length());
            case CONNECTIONS_FULL -> holdFull(event.length());
            case DROP_COMMIT_REPLY -> proxies.values().forEach(FaultProxy::dropReplyAfterCommit);
        }
    }

    private void killBackends() throws SQLException {
        try (Connection admin = server.connect()) {
            Backends.terminate(admin, proxies.keySet().stream().map(Target::applicationName).toList());
        }
    }

    /**
     * A clean restart with an outage: fast shutdown (every backend gets 57P01), down for a while,
     * started again. Not a crash: a COMMIT in flight when the server crashes may leave no trace
     * from which its outcome can be told, and then retrying-jdbc rightly reports it unknown (08007)
     * instead of guessing; the demo shows the faults a retry can fix.
     */
    private void restart(Duration window) throws InterruptedException {
        // down for the first half of the window; the second is for the start (crash recovery is not needed)
        long startAt = System.nanoTime() + window.toNanos() / 2;
        server.stop();
        try {
            long wait = startAt - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(Duration.ofNanos(wait).toMillis());
            }
        } finally {
            server.start();
        }
        awaitAcceptingConnections(System.nanoTime() + RESTART_WAIT.toNanos());
    }

    /** After an immediate shutdown the server runs crash recovery before it lets anyone in (57P03). */
    private void awaitAcceptingConnections(long deadlineNanos) throws InterruptedException {
        while (true) {
            try {
                server.connect().close();
                return;
            } catch (SQLException e) {
                if (System.nanoTime() - deadlineNanos > 0) {
                    throw new IllegalStateException("the server did not come back within " + RESTART_WAIT, e);
                }
                Thread.sleep(50);
            }
        }
    }

    private void holdFull(Duration hold) throws InterruptedException, SQLException {
        try {
            for (String side : proxies.keySet()) {
                // limit 0: the role is "full" whatever it holds; then its connections go, so the pool must dial
                server.setConnectionLimit(Target.schema(side), 0);
            }
            killBackends();
            Thread.sleep(hold.toMillis());
        } finally {
            releaseLimits();
        }
    }

    private void releaseLimits() {
        for (String side : proxies.keySet()) {
            server.setConnectionLimit(Target.schema(side), -1);
        }
    }

    @Override
    public void heal() {
        proxies.values().forEach(FaultProxy::passThrough);
        if (!server.isRunning()) {
            server.start();
        }
        try {
            awaitAcceptingConnections(System.nanoTime() + RESTART_WAIT.toNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        releaseLimits();
    }

    @Override
    public void close() {
        proxies.values().forEach(FaultProxy::close);
        server.close();
    }
}
