package io.retrying.jdbc.demo;

import io.retrying.jdbc.fixtures.PatroniCluster;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

/**
 * {@code --ha}: a Patroni cluster from the test fixtures (etcd and three PostgreSQL nodes in
 * synchronous mode, {@link PatroniCluster}), reached by both sides through one multi-host URL with
 * {@code targetServerType=primary}. The faults are the failover manager's: each event returns once
 * the cluster is healthy again (one leader, two streaming replicas, one of them synchronous).
 */
final class PatroniTarget implements Target {
    private static final Duration HEAL = Duration.ofSeconds(90);
    private static final Duration NEW_LEADER = Duration.ofSeconds(40);
    private static final Duration ETCD_DOWN = Duration.ofSeconds(6);

    private final PatroniCluster cluster;

    PatroniTarget(PatroniCluster cluster) {
        this.cluster = cluster;
    }

    @Override
    public String describe() {
        return "Patroni cluster, etcd and three PostgreSQL nodes (" + cluster.hostPorts() + "), synchronous mode, ttl "
                + PatroniCluster.TTL.toSeconds() + "s, started for this run (test fixtures)";
    }

    @Override
    public String prepare(String side) throws SQLException {
        String schema = Target.schema(side);
        try (Connection c = DriverManager.getConnection(url("retrying-demo-admin", schema)); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            st.execute("CREATE SCHEMA " + schema);
        }
        return url(Target.applicationName(side), schema);
    }

    @Override
    public Connection connectDirect(String side) throws SQLException {
        return DriverManager.getConnection(url("retrying-demo-admin", Target.schema(side)));
    }

    private String url(String applicationName, String schema) {
        return cluster.jdbcUrl("&connectTimeout=2&ApplicationName=" + applicationName + "&currentSchema=" + schema);
    }

    @Override
    public Set<ChaosKind> chaosKinds() {
        return EnumSet.of(ChaosKind.LEADER_KILLED, ChaosKind.SWITCHOVER, ChaosKind.LEADER_FROZEN, ChaosKind.ETCD_RESTART);
    }

    @Override
    public String chaosLimits() {
        return null;
    }

    @Override
    public void inject(ChaosSchedule.Event event) {
        switch (event.kind()) {
            case LEADER_KILLED -> cluster.awaitNewLeader(cluster.killLeader(), NEW_LEADER);
            case SWITCHOVER -> cluster.switchover();
            case LEADER_FROZEN -> {
                PatroniCluster.Node old = cluster.leader().orElseThrow(() -> new IllegalStateException("no leader"));
                PatroniCluster.Frozen frozen = cluster.freeze(old);
                try {
                    cluster.awaitNewLeader(old, NEW_LEADER);
                } finally {
                    frozen.thaw();
                }
            }
            case ETCD_RESTART -> cluster.restartEtcd(ETCD_DOWN);
            default -> throw new IllegalArgumentException("not a fault of a Patroni cluster: " + event.kind().id());
        }
        cluster.awaitHealthy(HEAL);
    }

    @Override
    public void heal() {
        try {
            cluster.awaitHealthy(HEAL);
        } catch (RuntimeException e) {
            // the audit reads whichever node leads; a node that did not rejoin does not change that
        }
    }

    @Override
    public void close() {
        cluster.close();
    }
}
