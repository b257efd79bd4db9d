package io.retrying.jdbc.internal.commit;

import io.retrying.jdbc.internal.jdbc.RetryingConnection;
import io.retrying.jdbc.internal.sql.ThreadMemos;
import java.lang.ref.WeakReference;
import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.PGConnection;

/**
 * The server identity ({@link ServerIdentity}: where ids are assigned) that this thread
 * last read on one physical connection, so that it is asked once per physical connection and not
 * once per borrow (issue 16). Over a pool each borrow is a new {@link RetryingConnection} around a
 * physical connection the pool keeps, and the first capture of each borrow used to carry the
 * identity's functions again; measured with pgbench, that column cost the server 5 µs of a
 * 119 µs transaction, two thirds again of what the rest of the capture costs (BENCHMARKS.md section 5).
 *
 * <p>Why it may be kept for the connection's life: a pgjdbc connection talks to one server process
 * for as long as it lives, and the identity is read only once that server has assigned an id, i.e.
 * as a primary, whose timeline and start time cannot change under a live connection (a promotion
 * happens to a standby, before any id it assigns; a restart ends the connection). The same rule
 * keeps it per physical connection in {@link TransactionId} under the pool.
 *
 * <p>Per thread, one entry: nothing is shared across connections or threads, and a pool lends a
 * thread the connection it gave back last first (HikariCP does). The key is the pgjdbc connection
 * itself, unwrapped from the pool's proxy, held weakly so a connection the pool closed is not kept.
 */
public final class ServerIdentities {

    private static final ThreadLocal<Entry> LAST = new ThreadLocal<>();

    private record Entry(WeakReference<Object> physical, ServerIdentity identity) {
    }

    private ServerIdentities() {
    }

    /** The identity this thread last read on {@code physical}'s connection, or null. */
    static ServerIdentity lastReadOn(Connection physical) {
        Entry e = physical == null ? null : LAST.get();
        return e != null && e.physical.get() == key(physical) ? e.identity : null;
    }

    /** {@code identity} was just read on {@code physical} (null, from a standby, is not kept). */
    static void read(Connection physical, ServerIdentity identity) {
        if (identity == null || physical == null || !ThreadMemos.worthKeeping()) {
            return;
        }
        Object key = key(physical);
        Entry e = LAST.get();
        if (e == null || e.physical.get() != key || !identity.equals(e.identity)) {
            LAST.set(new Entry(new WeakReference<>(key), identity));
        }
    }

    /** The pgjdbc connection under the pool's proxy; the proxy itself when it does not say. */
    private static Object key(Connection physical) {
        try {
            return physical.unwrap(PGConnection.class);
        } catch (SQLException | RuntimeException e) {
            return physical;
        }
    }
}
