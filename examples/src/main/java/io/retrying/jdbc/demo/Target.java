package io.retrying.jdbc.demo;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Set;

/**
 * Where the demo runs: the server, how each side connects to it, and the faults that can be
 * injected there. Every fault hits every prepared side at once.
 */
interface Target extends AutoCloseable {

    /** One line about the server, for the header (never a password). */
    String describe();

    /**
     * Gives a side a place of its own (a schema, on an embedded server also a role) and returns the
     * JDBC URL its pool uses.
     */
    String prepare(String side) throws SQLException;

    /** A connection for the side's setup and audit, outside any fault injection. */
    Connection connectDirect(String side) throws SQLException;

    /** The faults this target can inject. */
    Set<ChaosKind> chaosKinds();

    /** Why some faults are missing, for the header; null when every kind is there. */
    String chaosLimits();

    /** Injects one fault; blocks for the event's length where it has one (server down, limit held). */
    void inject(ChaosSchedule.Event event) throws Exception;

    /** Undoes what a fault interrupted midway could have left: the server down, a limit held. */
    void heal();

    @Override
    void close();

    /** The application_name each side's connections carry, so that faults can find them. */
    static String applicationName(String side) {
        return "retrying-demo-" + side;
    }

    /** The schema (and on an embedded server the role) of a side. */
    static String schema(String side) {
        return "demo_" + side;
    }
}
