package io.retrying.jdbc.internal.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Stands in for the physical connection while there is none (HikariCP's {@code ClosedConnection}):
 * between losing one and dialing the next, or after close. Every JDBC call on it fails with
 * 08003, which the retrying connection recognises as "nothing was sent". Off the hot path, so a
 * JDK proxy is fine here.
 */
public final class Placeholder {

    /** No physical connection at the moment; the next call dials one. */
    static final Connection RECONNECTING = create(false, "No physical connection at the moment (reconnecting)");
    /**
     * Not borrowed yet: over a pool with a pool of readers, a connection borrows at its first use,
     * from the pool its role then needs (issue 27), so that a read-only unit takes no writer's connection.
     */
    static final Connection UNBORROWED = create(false, "No physical connection yet (borrowed at first use)");
    /** The application closed the connection. */
    static final Connection CLOSED = create(true, "This connection has been closed.");

    private Placeholder() {
    }

    static boolean is(Connection c) {
        return c == RECONNECTING || c == UNBORROWED || c == CLOSED;
    }

    private static Connection create(boolean closed, String message) {
        InvocationHandler handler = (proxy, method, args) -> switch (method.getName()) {
            case "isClosed" -> closed;
            case "isValid" -> false;
            case "close", "abort" -> null;
            case "toString" -> closed ? "ClosedConnection" : "ReconnectingConnection"; // UNBORROWED too: not yet in hand
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == args[0];
            default -> throw new SQLException(message, "08003");
        };
        return (Connection) Proxy.newProxyInstance(Placeholder.class.getClassLoader(),
                new Class<?>[] {Connection.class}, handler);
    }
}
