package io.retrying.jdbc.demo;

/** The faults the chaos schedule injects; every event hits both sides at the same moment. */
enum ChaosKind {
    /** pg_terminate_backend on every connection of both sides (57P01 to whoever is using it). */
    KILL_BACKENDS("kill-backends", "kill every backend of both sides"),
    /** A fast shutdown (57P01 to every backend), then a start: down for about half the event's length. */
    RESTART_SERVER("restart-server", "server stopped (fast shutdown) and started again"),
    /**
     * Each side's role is held at its connection limit (new connections fail with 53300) and its
     * backends are killed, so the pools must dial into a full server.
     */
    CONNECTIONS_FULL("connections-full", "role connection limit held full, backends killed"),
    /** The fault proxy lets the next COMMIT through, then cuts the connection before the reply. */
    DROP_COMMIT_REPLY("drop-commit-reply", "the next COMMIT is executed, its reply is lost"),
    /** --ha: kill -9 of the Patroni leader's postmaster; Patroni fails over to the synchronous standby. */
    LEADER_KILLED("kill-leader", "kill -9 of the leader's postmaster, Patroni fails over"),
    /** --ha: {@code patronictl switchover} to the synchronous standby (a fast shutdown of the leader). */
    SWITCHOVER("switchover", "patronictl switchover to the synchronous standby"),
    /** --ha: the leader's Patroni and PostgreSQL stopped (SIGSTOP) past the ttl, thawed once another leads. */
    LEADER_FROZEN("freeze-leader", "the leader frozen (SIGSTOP) past the ttl, then thawed"),
    /** --ha: etcd down longer than Patroni's retry_timeout, then started again: the leader demotes itself. */
    ETCD_RESTART("etcd-restart", "etcd stopped for 6s and started again");

    private final String id;
    private final String description;

    ChaosKind(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** Whether this fault needs the Patroni cluster of {@code --ha}. */
    boolean ha() {
        return ordinal() >= LEADER_KILLED.ordinal();
    }

    /** A stable name for JSON and progress lines. */
    String id() {
        return id;
    }

    String description() {
        return description;
    }
}
