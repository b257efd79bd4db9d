package io.retrying.jdbc.internal.sql;

import io.retrying.jdbc.internal.commit.ServerIdentities;

/**
 * Whether a memo kept per thread ({@link SqlScan}'s recent texts, {@link ServerIdentities}) pays
 * off on the current thread: not on a virtual thread (Java 21+), which lives for one task, so a
 * memo there would be allocated for each request and never read again.
 */
public final class ThreadMemos {

    /** {@code java.lang.VirtualThread}, or null before Java 21. */
    private static final Class<?> VIRTUAL = virtualThreadClass();

    private ThreadMemos() {
    }

    public static boolean worthKeeping() {
        return Thread.currentThread().getClass() != VIRTUAL;
    }

    private static Class<?> virtualThreadClass() {
        try {
            return Class.forName("java.lang.VirtualThread", false, Thread.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError | SecurityException e) {
            return null;
        }
    }
}
