package io.retrying.jdbc.internal.jdbc;

import java.sql.Array;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.postgresql.copy.CopyManager;
import org.postgresql.fastpath.Fastpath;
import org.postgresql.jdbc.AutoSave;
import org.postgresql.jdbc.PreferQueryMode;
import org.postgresql.largeobject.LargeObjectManager;
import org.postgresql.replication.PGReplicationConnection;
import org.postgresql.util.PGobject;

/**
 * pgjdbc's {@link PGConnection} extensions of the application's connection, so that
 * {@code (PGConnection) connection} and {@code connection instanceof PGConnection} work as on a
 * bare pgjdbc connection ({@link RetryingConnection} extends this class). Each call reaches the
 * current physical connection, so it stays valid across swaps. What would tie the session to one
 * server connection pins it ({@link #pin}, the one hook through which work the layer cannot see
 * reaches both the recovery and the commit path): COPY, large objects, fastpath, replication, and
 * the connection-level settings a new physical connection would not have (addDataType,
 * setAutosave, setDefaultFetchSize, setPrepareThreshold, setAdaptiveFetch, setQueryTimeout).
 */
@SuppressWarnings("deprecation")
public abstract class PgConnectionExtensions implements PGConnection {

    /** The {@code PGConnection} methods that go straight to the current physical connection. */
    static final Set<String> PASS_THROUGH = Set.of(
            "alterUserPassword(String,char[],String)",
            "cancelQuery()",
            "createArrayOf(String,Object)",
            "escapeIdentifier(String)",
            "escapeLiteral(String)",
            "getAdaptiveFetch()",
            "getAutosave()",
            "getBackendPID()",
            "getDefaultFetchSize()",
            "getNotifications()",
            "getNotifications(int)",
            "getParameterStatus(String)",
            "getParameterStatuses()",
            "getPreferQueryMode()",
            "getPrepareThreshold()",
            "getQueryTimeout()");

    /** The current physical connection (dials when there is none): see {@link RetryingConnection#delegate()}. */
    abstract Connection delegate() throws SQLException;

    /**
     * The physical connection now holds what a new one would not have: it may not be swapped
     * transparently, and its loss is not hidden (see {@link RetryingConnection#pin}).
     */
    abstract void pin(String reason);

    /**
     * The application reached work the journal cannot see (COPY, large objects): the transaction gets
     * its id assigned before COMMIT (see {@link RetryingConnection#outOfSight}).
     */
    abstract void outOfSight();

    private PGConnection pg() throws SQLException {
        Connection d = delegate();
        return d instanceof PGConnection pg ? pg : d.unwrap(PGConnection.class);
    }

    /** For the methods PGConnection declares without SQLException. */
    private PGConnection pgNow() {
        try {
            return pg();
        } catch (SQLException e) {
            throw new IllegalStateException("no physical connection: " + e.getMessage(), e);
        }
    }

    private PGConnection pinned(String what) throws SQLException {
        PGConnection pg = pg();
        pin(what + " through PGConnection");
        return pg;
    }

    private PGConnection pinnedNow(String what) {
        PGConnection pg = pgNow();
        pin(what + " through PGConnection");
        return pg;
    }

    // ---- pinning: state a new physical connection would not have

    @Override
    public final CopyManager getCopyAPI() throws SQLException {
        CopyManager copy = pinned("COPY").getCopyAPI();
        outOfSight(); // its rows are written where the journal and the capture cannot see
        return copy;
    }

    @Override
    public final LargeObjectManager getLargeObjectAPI() throws SQLException {
        LargeObjectManager lo = pinned("large objects").getLargeObjectAPI();
        outOfSight();
        return lo;
    }

    @Override
    public final Fastpath getFastpathAPI() throws SQLException {
        Fastpath fastpath = pinned("fastpath").getFastpathAPI();
        outOfSight(); // server functions called past the statements (pgjdbc's large objects use it)
        return fastpath;
    }

    @Override
    public final PGReplicationConnection getReplicationAPI() {
        return pinnedNow("replication").getReplicationAPI();
    }

    @Override
    public final void addDataType(String type, String className) {
        pinnedNow("addDataType").addDataType(type, className);
    }

    @Override
    public final void addDataType(String type, Class<? extends PGobject> klass) throws SQLException {
        pinned("addDataType").addDataType(type, klass);
    }

    @Override
    public final void setAutosave(AutoSave autoSave) {
        pinnedNow("setAutosave").setAutosave(autoSave);
    }

    @Override
    public final void setDefaultFetchSize(int fetchSize) throws SQLException {
        pinned("setDefaultFetchSize").setDefaultFetchSize(fetchSize);
    }

    @Override
    public final void setPrepareThreshold(int threshold) {
        pinnedNow("setPrepareThreshold").setPrepareThreshold(threshold);
    }

    @Override
    public final void setAdaptiveFetch(boolean adaptiveFetch) {
        pinnedNow("setAdaptiveFetch").setAdaptiveFetch(adaptiveFetch);
    }

    @Deprecated
    @Override
    public final void setQueryTimeout(int seconds) throws SQLException {
        pinned("setQueryTimeout").setQueryTimeout(seconds);
    }

    // ---- pass-throughs

    @Override public void alterUserPassword(String a, char[] b, String c) throws SQLException { pg().alterUserPassword(a, b, c); }
    @Override public void cancelQuery() throws SQLException { pg().cancelQuery(); }
    @Override public Array createArrayOf(String a, Object b) throws SQLException { return pg().createArrayOf(a, b); }
    @Override public String escapeIdentifier(String a) throws SQLException { return pg().escapeIdentifier(a); }
    @Override public String escapeLiteral(String a) throws SQLException { return pg().escapeLiteral(a); }
    @Override public boolean getAdaptiveFetch() { return pgNow().getAdaptiveFetch(); }
    @Override public org.postgresql.jdbc.AutoSave getAutosave() { return pgNow().getAutosave(); }
    @Override public int getBackendPID() { return pgNow().getBackendPID(); }
    @Override public int getDefaultFetchSize() { return pgNow().getDefaultFetchSize(); }
    @Override public org.postgresql.PGNotification[] getNotifications() throws SQLException { return pg().getNotifications(); }
    @Override public org.postgresql.PGNotification[] getNotifications(int a) throws SQLException { return pg().getNotifications(a); }
    @Override public String getParameterStatus(String a) { return pgNow().getParameterStatus(a); }
    @Override public Map<String, String> getParameterStatuses() { return pgNow().getParameterStatuses(); }
    @Override public org.postgresql.jdbc.PreferQueryMode getPreferQueryMode() { return pgNow().getPreferQueryMode(); }
    @Override public int getPrepareThreshold() { return pgNow().getPrepareThreshold(); }
    @Override public int getQueryTimeout() { return pgNow().getQueryTimeout(); }
}
