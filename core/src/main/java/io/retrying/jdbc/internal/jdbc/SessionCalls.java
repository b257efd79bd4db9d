package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.events.RetryReporter;
import io.retrying.jdbc.internal.retry.SessionRefused;
import io.retrying.jdbc.internal.session.HeldSettings;
import io.retrying.jdbc.internal.session.ReportedSettings;
import io.retrying.jdbc.internal.session.SessionState;
import io.retrying.jdbc.internal.session.SessionWatch;
import io.retrying.jdbc.internal.session.StatefulRoutines;
import io.retrying.jdbc.internal.sql.SqlScan;
import java.sql.Array;
import java.sql.Connection;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Executor;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * The session calls of the application's connection ({@link RetryingConnection} extends this
 * class): the JDBC setters, each run on the physical connection and recorded in
 * {@link SessionState} for the next one to be given; and the getters, answered without a round
 * trip where the layer knows pgjdbc's answer, and from what the layer last saw once the connection
 * is lost inside a transaction ({@link LastSeen}, {@link RetryingConnection#ANSWERS_WHEN_LOST}).
 * A call that finds the physical connection gone heals it and runs once more
 * ({@link #onPhysical}, {@link #askPhysical}: the connection's funnel). And the marks of what the
 * application's statements may have done to the session where the layer cannot see it (a function
 * setting a role or a tenant), which a new physical connection is asked about at a swap
 * ({@link SessionWatch}).
 */
public abstract class SessionCalls extends PgConnectionExtensions implements Connection {

    /**
     * The {@code java.sql.Connection} methods that still answer once the connection is lost inside
     * a transaction (or with pinned state) and refuses the rest with 08003 until {@code rollback()}:
     * the getters pgjdbc answers without the server, answered from what the layer knows; warnings
     * (none); isValid (false); rollback and close, which end the loss. Every other method would run SQL in the lost transaction,
     * change its session, or needs a physical connection, and refuses. A reflection test holds every
     * {@code java.sql.Connection} method to this list or the refusal.
     */
    public static final Set<String> ANSWERS_WHEN_LOST = Set.of(
            "abort(Executor)", "beginRequest()", "clearWarnings()", "close()", "endRequest()",
            "getAutoCommit()", "getCatalog()", "getClientInfo()", "getClientInfo(String)", "getHoldability()",
            "getNetworkTimeout()", "getSchema()", "getTransactionIsolation()", "getTypeMap()", "getWarnings()",
            "isClosed()", "isReadOnly()", "isValid(int)", "isWrapperFor(Class)", "unwrap(Class)", "rollback()");

    /** What the application set on this connection: restored on every new physical connection. */
    public final SessionState session = new SessionState();
    final RetryConfig config;
    /**
     * Whether the application ran a statement on the session in hand since its values were last
     * read: code in the database may then have left state on it that a new session would lack
     * ({@link SessionWatch}, asked at the swap).
     */
    private boolean sessionUsed;
    /** Whether one of those statements called a function that may be the application's ({@link SqlScan#APPLICATION_CALL}). */
    private boolean calledApplicationCode;
    /**
     * The same marks for the statements of the open transaction, kept apart: a loss inside the
     * transaction replays them on the new session, which must first be the one the transaction began
     * on; they join the session's marks when it ends (unless a read after its COMMIT covers them).
     * Kept apart with or without named settings: a lost COMMIT resolved committed must ask about what
     * the transaction's code may have left on the session that is gone (issue 36's matrix).
     */
    private boolean transactionUsed;
    private boolean transactionCalledApplicationCode;
    /**
     * A new physical connection stands in while the open transaction's statements (marked above)
     * had run on the old one, and no replay ran them again there: if it commits (a lost COMMIT
     * resolved), what they did to the session is not on the connection in hand.
     */
    private boolean transactionElsewhere;
    /**
     * The session's two marks (used, called) since a role switch last let a physical connection go (or a loss was
     * acknowledged): what the next switch asks about the connection it lets go ({@link #heldOn}).
     * Neither a read of the values nor a heal forgets them: the values say what the session holds,
     * not that it holds nothing a reset by name leaves, and a heal's replay may run again on the new
     * connection what ran on the old.
     */
    private boolean ranSinceSwitch;
    private boolean calledCodeSinceSwitch;
    /**
     * pgjdbc's live map of the settings the server reports for the physical connection in hand,
     * taken while it is alive (a dead pgjdbc connection refuses unwrap) when a statement that may
     * change them unseen first succeeds (a function, DO, CALL); null until then.
     */
    private Map<String, String> reported;
    /** What code in the database may have done to the session unseen ({@link SessionWatch}); made on first need. */
    private SessionWatch watch;

    /**
     * What pgjdbc's getTransactionIsolation (a round trip: SHOW TRANSACTION ISOLATION LEVEL) answers
     * now, when the layer knows it without asking, else -1: the level setTransactionIsolation set, or
     * the one read last, until a statement that may change it runs (see {@link RetryingConnection#executed}); one read
     * is forgotten by a swap (the new server's default may differ), a set one is restored with it.
     */
    private int knownIsolation = -1;
    private boolean isolationSet;
    /** What the getters last answered, for a connection lost inside a transaction; made on first need. */
    private LastSeen seen;

    SessionCalls(RetryConfig config) {
        this.config = config;
    }

    private SessionWatch watch() {
        SessionWatch w = watch;
        if (w == null) {
            w = watch = new SessionWatch(config);
        }
        return w;
    }

    // ---- what the connection provides

    /** Runs a session call on the physical connection, healing a connection found gone once. */
    abstract void onPhysical(PhysicalCall call) throws SQLException;

    /** As {@link #onPhysical}, for a call that answers (session calls, catalog reads). */
    abstract <T> T askPhysical(PhysicalFunction<T> call) throws SQLException;

    /** The physical connection in hand, or null between a loss and the next dial (never dials). */
    abstract Connection physicalInHand();

    /** Lost inside a transaction (or with pinned state) and not closed: the getters answer from memory. */
    abstract boolean lostInHand();

    /** Whether statements run inside a transaction the application opened. */
    public abstract boolean inTransaction();

    /** A setter changed a setting inside the open transaction (when {@code inTransaction}): no replay can give it back. */
    abstract void setterInTransaction(boolean inTransaction, String setter);

    /** {@code setReadOnly(readOnly)} is about to run: with reader hosts, the connection may change role first. */
    abstract void routeFor(boolean readOnly) throws SQLException;

    // ---- what the application's statements may have done to the session unseen (issue 28)

    /** A statement of the application's succeeded on the session in hand. */
    final void ranOnSession() {
        if (marksTransaction()) {
            transactionUsed = true;
        } else {
            sessionUsed = true;
        }
        ranSinceSwitch = true;
    }

    /** Whether a statement's marks are the open transaction's (see {@link #transactionUsed}). */
    private boolean marksTransaction() {
        return inTransaction();
    }

    /** Its reading ({@link SqlScan} flags) says it may change the session where the layer cannot see it. */
    final void mayChangeUnseen(int flags) {
        boolean called = (flags & SqlScan.APPLICATION_CALL) != 0;
        if (marksTransaction()) {
            transactionCalledApplicationCode |= called;
        } else {
            calledApplicationCode |= called;
        }
        calledCodeSinceSwitch |= called;
        if ((flags & (SqlScan.CALLS | SqlScan.TX_CONTROL)) != 0 && reported == null) {
            // a function, DO or CALL may change a setting unseen: keep the server's word on them at hand
            Connection d = physicalInHand();
            if (d != null) {
                reported = ReportedSettings.view(d);
            }
        }
    }

    /**
     * With named settings (or an initializer), who the session runs as and its settings are read
     * after it; inside a transaction, after its COMMIT (what the server says inside is the
     * transaction's view: see {@link SessionWatch}).
     */
    final void readValuesAfter(int flags) {
        if (!config.checksSessionValues() || !SessionWatch.readsValuesAfter(flags)) {
            return;
        }
        if (inTransaction()) {
            watch().changedInTransaction();
        } else {
            readValuesNow();
        }
    }

    private boolean readValuesNow() {
        Connection d = physicalInHand();
        if (d != null && serverTransactionOpen(d)) {
            // the server has a transaction open all the same (a BEGIN after a COMMIT in one string):
            // its view is not the session's, and the question's frame must not end it
            watch().changedInTransaction();
            return false;
        }
        if (watch().readValues(d, session)) {
            sessionUsed = false;
            calledApplicationCode = false;
            return true;
        }
        return false;
    }

    /**
     * The open transaction ended. Committed after a statement that may have changed the values, they
     * are read again (one question, on those transactions only); rolled back, PostgreSQL undid every
     * setting it made, and the values it began with stand, but not what else its code may have left
     * (a session lock): its marks join the session's, and a loss asks the catalogs about them.
     *
     * @return why the connection in hand may not go on as the application's session (the transaction
     *     committed on a session now gone, and what its code set is not on this one), or null
     */
    final SessionRefused sessionAfterTransaction(boolean committed) {
        boolean used = transactionUsed;
        boolean called = transactionCalledApplicationCode;
        boolean elsewhere = transactionElsewhere;
        transactionUsed = false;
        transactionCalledApplicationCode = false;
        transactionElsewhere = false;
        boolean changed = watch != null && watch.transactionEnded();
        sessionUsed |= used;
        calledApplicationCode |= called;
        if (committed && elsewhere && (used || called)) {
            SessionRefused refused = watch().committedElsewhere(physicalInHand(), calledApplicationCode);
            if (refused != null) {
                return refused;
            }
        }
        if (committed && changed) {
            readValuesNow();
        }
        return null;
    }

    /** A replay ran the open transaction's statements again on the connection in hand. */
    final void transactionReplayedOnSession() {
        transactionElsewhere = false;
    }

    /** The physical connection in hand is being let go ({@link SessionWatch#lettingGo}). */
    final void lettingGoOfSession(boolean transactionMayBeOpen) {
        Map<String, String> view = reported;
        reported = null;
        if (view != null || watch != null) {
            watch().lettingGo(view, transactionMayBeOpen);
        }
    }

    /** The application acknowledged a loss with rollback(): the next connection starts without what was lost. */
    final void lossAcknowledged() {
        sessionUsed = false;
        calledApplicationCode = false;
        transactionUsed = false;
        transactionCalledApplicationCode = false;
        transactionElsewhere = false;
        ranSinceSwitch = false;
        calledCodeSinceSwitch = false;
        if (watch != null) {
            watch.acknowledged();
        }
    }

    /**
     * A role switch lets {@code physical} go alive (back to its pool, or parked for the switch back):
     * what it holds beyond a fresh connection ({@link HeldSettings}). Code in the database that the
     * session ran there may have set a role, a tenant or a lock where the layer cannot see it, which
     * no reset by name undoes: when the application ran a statement since the last switch, the
     * catalogs are asked as a heal asks them ({@link StatefulRoutines}, on {@code physical} itself,
     * idle, in a frame that cannot write). A question that fails counts as a routine found: the
     * connection is let go for good either way. When they name none, the swap that follows need not
     * ask them again (the same database, about what the same session ran): its marks start afresh,
     * so that a switch asks once, as it did at its swap.
     */
    final HeldSettings heldOn(Connection physical) {
        HeldSettings held = session.held();
        if (!ranSinceSwitch) {
            return held;
        }
        String routine;
        try {
            routine = StatefulRoutines.first(physical, calledCodeSinceSwitch);
        } catch (SQLException unanswered) {
            routine = "code the server was not asked about (" + unanswered.getSQLState() + ")";
        }
        ranSinceSwitch = false; // the next physical connection has run nothing of the session's
        calledCodeSinceSwitch = false;
        if (routine != null) {
            return held.leftBy(routine); // the swap asks the new connection, and refuses as at a heal
        }
        sessionUsed = false;
        calledApplicationCode = false;
        return held;
    }

    /** Dials the replacement of a lost physical connection and asks it the questions the old session raises. */
    final SessionWatch.Checked dialChecked(SessionWatch.Dial dial, Dialer dialer, RetryReporter reporter,
            String connectionId) throws SQLException {
        // only what ran before the open transaction: a replay runs its statements again on the new session
        SessionWatch.Checked checked = watch().dial(dial, dialer, reporter, connectionId, session, sessionUsed,
                calledApplicationCode);
        transactionElsewhere |= transactionUsed || transactionCalledApplicationCode;
        if (!checked.marksStand()) {
            sessionUsed = false;
            calledApplicationCode = false;
        }
        return checked;
    }

    // ---- what the connection tells about the isolation the getters may answer without asking

    /** SQL ran that may change the isolation, the search path or the application name (a SET, DO, CALL, a function). */
    final void settingsMayHaveChanged() {
        knownIsolation = -1;
        if (seen != null) {
            seen.sqlMayHaveChangedSettings();
        }
    }

    /** The transaction ended: a level read inside it was its own, which may not be the session's. */
    final void transactionEndedForIsolation() {
        if (!isolationSet) {
            knownIsolation = -1;
        }
    }

    /** A new physical connection stands in: a level read is forgotten (its default may differ), a set one restored, unless an initializer ran after the restore. */
    final void newPhysicalForIsolation(boolean initializerRan) {
        if (!isolationSet || initializerRan) {
            knownIsolation = -1;
        }
    }

    @Override
    public final void setReadOnly(boolean readOnly) throws SQLException {
        routeFor(readOnly);
        onPhysical(c -> c.setReadOnly(readOnly));
        session.readOnly(readOnly);
    }

    @Override
    public final void setTransactionIsolation(int level) throws SQLException {
        onPhysical(c -> c.setTransactionIsolation(level));
        session.isolation(level);
        knownIsolation = level;
        isolationSet = true;
        seen().isolation = level;
    }

    /**
     * pgjdbc asks the server (SHOW TRANSACTION ISOLATION LEVEL); answered without a round trip when
     * the layer knows pgjdbc's answer (see {@link #knownIsolation}), else asked like a session call,
     * healing a connection found gone (Spring asks it first thing for a {@code @Transactional} with
     * an isolation, on a connection that may have sat idle in a pool while its backend died).
     */
    @Override
    public final int getTransactionIsolation() throws SQLException {
        if (lostInHand()) {
            // the lost transaction's level as the layer last knew it; PostgreSQL's default when it never asked
            return knownIsolation >= 0 ? knownIsolation
                    : seen != null && seen.isolation >= 0 ? seen.isolation : TRANSACTION_READ_COMMITTED;
        }
        int known = knownIsolation;
        if (known >= 0 && physicalInHand() != null) {
            return known;
        }
        int level = askPhysical(Connection::getTransactionIsolation);
        knownIsolation = level;
        isolationSet = false;
        seen().isolation = level;
        return level;
    }

    /** pgjdbc asks the server (select current_schema()): a session call. Lost: the last one seen, or null. */
    @Override
    public final String getSchema() throws SQLException {
        if (lostInHand()) {
            return seen == null ? null : seen.schema;
        }
        String schema = askPhysical(Connection::getSchema);
        seen().schema = schema;
        return schema;
    }

    /** pgjdbc asks the server the first time (select current_catalog): a session call. Lost: the last one seen, or null. */
    @Override
    public final String getCatalog() throws SQLException {
        if (lostInHand()) {
            return seen == null ? null : seen.catalog;
        }
        String catalog = askPhysical(Connection::getCatalog);
        seen().catalog = catalog;
        return catalog;
    }

    private LastSeen seen() {
        LastSeen l = seen;
        if (l == null) {
            l = seen = new LastSeen();
        }
        return l;
    }

    /** pgjdbc answers from memory. Lost: what the application set, or the flag the connection opened with. */
    @Override
    public final boolean isReadOnly() throws SQLException {
        return lostInHand() ? session.readOnly() : delegate().isReadOnly();
    }

    /** pgjdbc answers from memory. Lost: the mode the application set (the lost transaction's). */
    @Override
    public final boolean getAutoCommit() throws SQLException {
        return lostInHand() ? session.autoCommit() : delegate().getAutoCommit();
    }

    /** pgjdbc answers from memory. Lost: what the application set, else pgjdbc's default. */
    @Override
    public final int getHoldability() throws SQLException {
        return lostInHand() ? session.holdabilityOr(java.sql.ResultSet.CLOSE_CURSORS_AT_COMMIT) : delegate().getHoldability();
    }

    /** The socket's timeout. Lost: what the application set, else the last answer seen, else 0 (pgjdbc's default). */
    @Override
    public final int getNetworkTimeout() throws SQLException {
        if (lostInHand()) {
            return session.networkTimeoutOr(seen != null && seen.networkTimeout >= 0 ? seen.networkTimeout : 0);
        }
        int timeout = delegate().getNetworkTimeout();
        seen().networkTimeout = timeout;
        return timeout;
    }

    /** pgjdbc answers from memory. Lost: the map the application set, else an empty one (a copy either way). */
    @Override
    public final Map<String, Class<?>> getTypeMap() throws SQLException {
        return lostInHand() ? new java.util.HashMap<>(session.typeMapOr(Map.of())) : delegate().getTypeMap();
    }

    /** pgjdbc answers from memory (ApplicationName). Lost: the ApplicationName last seen or set, if known. */
    @Override
    public final Properties getClientInfo() throws SQLException {
        if (lostInHand()) {
            Properties known = new Properties();
            if (seen != null && seen.applicationNameKnown && seen.applicationName != null) {
                known.setProperty("ApplicationName", seen.applicationName);
            }
            return known;
        }
        Properties info = delegate().getClientInfo();
        if (info != null) {
            noteApplicationName(info.getProperty("ApplicationName"));
        }
        return info;
    }

    /** As {@link #getClientInfo()}, for one property; null when not known. */
    @Override
    public final String getClientInfo(String name) throws SQLException {
        if (lostInHand()) {
            return "ApplicationName".equals(name) && seen != null && seen.applicationNameKnown ? seen.applicationName : null;
        }
        String value = delegate().getClientInfo(name);
        if ("ApplicationName".equals(name)) {
            noteApplicationName(value);
        }
        return value;
    }

    private void noteApplicationName(String value) {
        LastSeen l = seen();
        l.applicationNameKnown = true;
        l.applicationName = value;
    }

    /** JDBC 4.3's request markers (pgjdbc: no-ops). Lost: a no-op, as there is nothing to mark. */
    @Override
    public final void beginRequest() throws SQLException {
        if (!lostInHand()) {
            delegate().beginRequest();
        }
    }

    /** See {@link #beginRequest()}. */
    @Override
    public final void endRequest() throws SQLException {
        if (!lostInHand()) {
            delegate().endRequest();
        }
    }

    /** pgjdbc looks the type up in pg_type unless it knows it: a catalog read, healed like one. */
    @Override
    public final Array createArrayOf(String typeName, Object[] elements) throws SQLException {
        return askPhysical(c -> c.createArrayOf(typeName, elements));
    }

    /**
     * Whether {@code physical} has a server transaction open (pgjdbc's own state, no round trip): a
     * setting changed then is part of it. When the physical connection is not pgjdbc's to ask, our
     * own reading: inside a transaction the application opened.
     */
    private boolean serverTransactionOpen(Connection physical) {
        try {
            return physical.unwrap(BaseConnection.class).getTransactionState() != TransactionState.IDLE;
        } catch (SQLException | RuntimeException notPgjdbc) {
            return inTransaction();
        }
    }

    @Override
    public final void setHoldability(int holdability) throws SQLException {
        onPhysical(c -> c.setHoldability(holdability));
        session.holdability(holdability);
    }

    @Override
    public final void setSchema(String schema) throws SQLException {
        boolean[] inTransaction = new boolean[1];
        onPhysical(c -> {
            c.setSchema(schema);
            inTransaction[0] = serverTransactionOpen(c);
        });
        session.schema(schema, inTransaction[0]);
        seen().schema = schema;
        setterInTransaction(inTransaction[0], "setSchema");
    }

    @Override
    public final void setCatalog(String catalog) throws SQLException {
        onPhysical(c -> c.setCatalog(catalog));
        session.catalog(catalog);
    }

    @Override
    public final void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
        onPhysical(c -> c.setNetworkTimeout(executor, milliseconds));
        session.networkTimeout(executor, milliseconds);
    }

    @Override
    public final void setClientInfo(String name, String value) throws SQLClientInfoException {
        boolean[] inTransaction = new boolean[1];
        clientInfoCall(c -> {
            c.setClientInfo(name, value);
            inTransaction[0] = serverTransactionOpen(c);
        });
        session.clientInfo(name, value, inTransaction[0]);
        if ("ApplicationName".equals(name)) {
            noteApplicationName(value == null ? "" : value);
        }
        setterInTransaction(inTransaction[0] && "ApplicationName".equals(name), "setClientInfo");
    }

    @Override
    public final void setClientInfo(Properties properties) throws SQLClientInfoException {
        boolean[] inTransaction = new boolean[1];
        clientInfoCall(c -> {
            c.setClientInfo(properties);
            inTransaction[0] = serverTransactionOpen(c);
        });
        // pgjdbc sets the one property it knows, ApplicationName, from these (absent: the empty name)
        session.clientInfo("ApplicationName", properties == null ? null : properties.getProperty("ApplicationName"),
                inTransaction[0]);
        setterInTransaction(inTransaction[0], "setClientInfo");
    }

    /** A session call that heals like the others but may only throw what setClientInfo declares. */
    private void clientInfoCall(PhysicalCall call) throws SQLClientInfoException {
        try {
            onPhysical(call);
        } catch (SQLClientInfoException e) {
            throw e;
        } catch (SQLException e) {
            throw new SQLClientInfoException(e.getMessage(), e.getSQLState(), Map.of(), e);
        }
    }

    @Override
    public final void setTypeMap(Map<String, Class<?>> map) throws SQLException {
        onPhysical(c -> c.setTypeMap(map));
        session.typeMap(map);
    }

    @FunctionalInterface
    interface PhysicalCall {
        void on(Connection physical) throws SQLException;
    }

    @FunctionalInterface
    interface PhysicalFunction<T> {
        T on(Connection physical) throws SQLException;
    }
}
