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
    DROP_COMMIT_REPLY("drop-commit-reply", "the next COMMIT is executed, its reply is lost");

    private final String id;
    private final String description;

    ChaosKind(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** A stable name for JSON and progress lines. */
    String id() {
        return id;
    }

    String description() {
        return description;
    }
}
