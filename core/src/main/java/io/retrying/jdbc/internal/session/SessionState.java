package io.retrying.jdbc.internal.session;

import io.retrying.jdbc.internal.sql.ParameterLog;
import io.retrying.jdbc.internal.sql.ConfigCalls;
import io.retrying.jdbc.internal.sql.SqlScan;
import io.retrying.jdbc.internal.session.Restore.Call;
import io.retrying.jdbc.internal.session.Restore.ConfigRestore;
import io.retrying.jdbc.internal.session.Restore.SetterRestore;
import io.retrying.jdbc.internal.session.Restore.SqlRestore;
import io.retrying.jdbc.internal.session.SettingStatements.Change;
import io.retrying.jdbc.internal.session.SettingStatements.Kind;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * The session state an application set on its connection, modelled as PostgreSQL keeps it, so
 * that a new physical connection can be given the same. Like HikariCP's dirty bits, only what the
 * application changed is restored.
 *
 * <p><b>Server settings</b> (what {@code SET}, {@code SET ROLE}, {@code SET SESSION AUTHORIZATION},
 * {@code SET SESSION CHARACTERISTICS}, {@code set_config(..., false)} and the JDBC setters that
 * pgjdbc turns into SQL change) are one ordered model: one entry per server setting, holding how to
 * set it again, in the order the application last changed it. {@code setTransactionIsolation} and
 * {@code SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL} and
 * {@code SET default_transaction_isolation} are one setting, as are {@code setSchema} and
 * {@code SET search_path}, {@code setClientInfo("ApplicationName")} and {@code SET application_name}:
 * whichever came last wins, as on the server. What each statement does, as PostgreSQL does it:
 * <ul>
 *   <li>{@code SET x}, {@code RESET x}: that setting; {@code RESET ALL} every one but the role and
 *       the session authorization (PostgreSQL's {@code GUC_NO_RESET_ALL});</li>
 *   <li>{@code SET SESSION AUTHORIZATION} (and its {@code DEFAULT}/{@code RESET}) also resets the
 *       role; {@code DISCARD ALL} resets everything;</li>
 *   <li>inside a transaction a change holds only once it commits: a rollback drops it, a rollback
 *       to a savepoint drops what came after the savepoint, a release keeps it (JDBC and SQL
 *       savepoints alike);</li>
 *   <li>{@code SET LOCAL}, {@code SET TRANSACTION}, {@code set_config(..., true)} end with their
 *       transaction and are not restored.</li>
 * </ul>
 * A statement the model cannot read (a {@code SET} form it does not know) is reported back as a
 * reason to pin the connection: the layer does not guess what a new connection should be given.
 *
 * <p><b>Client-side JDBC state</b> (auto-commit, read-only, holdability, network timeout, type
 * map: pgjdbc keeps them in the driver) is restored after the server settings, auto-commit last,
 * so that the settings are not restored inside a transaction the application could roll back.
 *
 * <p>Not thread-safe: guarded by the owning connection's single-user contract.
 */
public final class SessionState {

    private static final int AUTO_COMMIT = 1;
    private static final int HOLDABILITY = 1 << 1;
    private static final int CATALOG = 1 << 2;
    private static final int NETWORK_TIMEOUT = 1 << 3;
    private static final int TYPE_MAP = 1 << 4;

    static final String SEARCH_PATH = "search_path";
    static final String ROLE = "role";
    static final String SESSION_AUTHORIZATION = "session_authorization";
    static final String ISOLATION = "default_transaction_isolation";
    static final String APPLICATION_NAME = "application_name";
    /**
     * pgjdbc's read-only flag: kept in the driver (it makes pgjdbc begin READ ONLY), but set on the
     * server too with readOnlyMode=always; in the ordered model so that it keeps its place among
     * default_transaction_read_only changes, and not a server setting RESET ALL could clear.
     */
    private static final String READ_ONLY_FLAG = "(jdbc) readOnly";

    private int dirty;
    private boolean autoCommit = true;
    private boolean readOnly;
    private int holdability;
    private String catalog;
    private Executor networkTimeoutExecutor;
    private int networkTimeoutMillis;
    private Map<String, Class<?>> typeMap;
    /**
     * Server setting to how it is set again; insertion order = order of last change. Made on the
     * first change (issue 16: most borrows never change one); {@link #EMPTY} until then.
     */
    private Map<String, Restore> settings = EMPTY;
    private static final Map<String, Restore> EMPTY = Map.of();
    /**
     * What the open transaction did to the settings, in order: {@link Change}s and
     * {@link Savepoint} markers. Applied at commit, dropped at rollback, cut at a rollback to a savepoint.
     */
    private List<Object> pending;

    /** Drops every setting {@code restore} would have set again (it could not be run on a new connection). */
    public void forget(Restore restore) {
        if (settings != EMPTY) {
            settings.values().removeIf(r -> r == restore);
        }
    }

    /** A savepoint of the open transaction: a JDBC one (by identity) or an SQL one (by name). */
    private record Savepoint(Object id, String name) {}

    public boolean autoCommit() {
        return autoCommit;
    }

    public boolean readOnly() {
        return readOnly;
    }

    /**
     * The read-only flag the first physical connection opened with (a URL's {@code readOnly=true}, a
     * pool's setting): known, not a change to restore (every new connection opens with it).
     */
    public void readOnlyAtOpen(boolean value) {
        readOnly = value;
    }

    /** The holdability the application set, else {@code otherwise} (for a connection lost: no physical to ask). */
    public int holdabilityOr(int otherwise) {
        return (dirty & HOLDABILITY) != 0 ? holdability : otherwise;
    }

    /** The network timeout the application set, else {@code otherwise}. */
    public int networkTimeoutOr(int otherwise) {
        return (dirty & NETWORK_TIMEOUT) != 0 ? networkTimeoutMillis : otherwise;
    }

    /** The type map the application set, else {@code otherwise}. */
    public Map<String, Class<?>> typeMapOr(Map<String, Class<?>> otherwise) {
        return (dirty & TYPE_MAP) != 0 && typeMap != null ? typeMap : otherwise;
    }

    public void autoCommit(boolean value) {
        autoCommit = value;
        dirty |= AUTO_COMMIT;
    }

    public void readOnly(boolean value) {
        readOnly = value;
        // pgjdbc refuses it inside a transaction: it always holds at once
        apply(new Change(Kind.SET, READ_ONLY_FLAG, new SetterRestore("setReadOnly(" + value + ")", c -> c.setReadOnly(value))));
    }

    /** setTransactionIsolation: pgjdbc runs SET SESSION CHARACTERISTICS outside any transaction (it refuses one in progress). */
    public void isolation(int level) {
        apply(new Change(Kind.SET, ISOLATION,
                new SetterRestore("setTransactionIsolation(" + level + ")", c -> c.setTransactionIsolation(level))));
    }

    public void holdability(int value) {
        holdability = value;
        dirty |= HOLDABILITY;
    }

    /**
     * setSchema: pgjdbc runs {@code SET SESSION search_path} as an ordinary statement, so in manual
     * commit it is part of the transaction; null is {@code TO DEFAULT}.
     */
    public void schema(String value, boolean inTransaction) {
        Change change = value == null ? new Change(Kind.REMOVE, SEARCH_PATH, null)
                : new Change(Kind.SET, SEARCH_PATH, new SetterRestore("setSchema(...)", c -> c.setSchema(value)));
        record(change, inTransaction);
    }

    public void catalog(String value) {
        catalog = value;
        dirty |= CATALOG;
    }

    public void networkTimeout(Executor executor, int millis) {
        networkTimeoutExecutor = executor;
        networkTimeoutMillis = millis;
        dirty |= NETWORK_TIMEOUT;
    }

    /**
     * setClientInfo: pgjdbc knows one property, ApplicationName, and sets it with
     * {@code SET application_name} (null as the empty name); any other it only warns about.
     *
     * @param inTransaction whether a server transaction was open (the SET is then part of it)
     */
    public void clientInfo(String name, String value, boolean inTransaction) {
        if ("ApplicationName".equals(name)) {
            String v = value == null ? "" : value;
            record(new Change(Kind.SET, APPLICATION_NAME,
                    new SetterRestore("setClientInfo(ApplicationName, ...)", c -> c.setClientInfo("ApplicationName", v))),
                    inTransaction);
        }
    }

    /**
     * The server reported {@code key} changed on the lost connection where the model did not see it
     * (a function set it): it holds from now on, set again by {@code call}, as its latest change.
     */
    void reported(String key, String value, Call call) {
        apply(new Change(Kind.SET, key.toLowerCase(Locale.ROOT),
                new SetterRestore("set_config('" + key + "', <as the server reported it>, false)", call)));
    }

    /** Whether the open transaction changed a setting (or set a savepoint) that is not yet committed. */
    public boolean hasPending() {
        return pending != null && !pending.isEmpty();
    }

    public void typeMap(Map<String, Class<?>> map) {
        typeMap = map;
        dirty |= TYPE_MAP;
    }

    /**
     * Records what the statements in {@code sql}, which ran successfully, did to the session: its
     * settings, and the transaction structure (BEGIN, COMMIT, ROLLBACK, savepoints) they run in.
     *
     * @param inTransaction whether they began inside a transaction (then changes wait for commit)
     * @return why the connection must be pinned instead (a statement the model cannot read), or null
     */
    public String sqlExecuted(String sql, boolean inTransaction) {
        boolean inTx = inTransaction;
        String pin = null;
        for (String statement : SqlScan.statements(sql)) {
            List<String> w = SettingStatements.words(statement, 8);
            if (w.isEmpty()) {
                continue;
            }
            switch (w.get(0)) {
                case "begin", "start" -> inTx = true;
                case "commit", "end" -> {
                    committed();
                    inTx = chains(w);
                }
                case "rollback", "abort" -> {
                    int to = w.indexOf("to");
                    if (to > 0 && to <= 2) {
                        rollbackTo(null, savepointName(w, to + 1));
                    } else {
                        rolledBack();
                        inTx = chains(w);
                    }
                }
                case "savepoint" -> {
                    if (inTx && w.size() > 1) {
                        savepoint(null, identifier(w.get(1)));
                    }
                }
                case "release" -> release(null, savepointName(w, 1));
                default -> {
                    List<Change> changes = SettingStatements.of(statement);
                    for (Change change : changes) {
                        if (change.kind() == Kind.UNREADABLE) {
                            pin = pin != null ? pin : "a session statement the layer cannot read (" + change.key()
                                    + "): what a new connection should be given is unknown";
                        } else {
                            record(change, inTx);
                        }
                    }
                }
            }
        }
        return pin;
    }

    private static boolean chains(List<String> w) {
        int and = w.indexOf("and");
        return and > 0 && and + 1 < w.size() && w.get(and + 1).equals("chain");
    }

    /** The savepoint name in {@code ROLLBACK [WORK] TO [SAVEPOINT] name} / {@code RELEASE [SAVEPOINT] name}. */
    private static String savepointName(List<String> w, int from) {
        int i = from;
        if (i < w.size() && w.get(i).equals("savepoint")) {
            i++;
        }
        return i < w.size() ? identifier(w.get(i)) : null;
    }

    /** A name as the server compares it: a quoted identifier as written, any other lower-cased (as {@link #words} gives it). */
    private static String identifier(String token) {
        return token.startsWith("\"") ? token.substring(1) : token;
    }

    /**
     * Records what a statement that calls {@code set_config} (flagged {@link SqlScan#CONFIG}) ran
     * successfully with {@code binding} (its parameters, or null) did to the session.
     *
     * @return why the connection must be pinned instead (its settings could not be restored), or null
     */
    public String configExecuted(String sql, int flags, ParameterLog binding, boolean inTransaction) {
        List<ConfigCalls.ConfigCall> calls = ConfigCalls.configCalls(sql);
        List<String> names = new ArrayList<>(calls.size());
        for (ConfigCalls.ConfigCall call : calls) {
            if (call.local() == null) {
                return "set_config() with an is_local argument that is not a literal true or false";
            }
            if (!call.local() && (call.name() == null || !call.name().toLowerCase(Locale.ROOT).startsWith("transaction_"))) {
                if (call.name() == null || !SettingStatements.isName(call.name())) {
                    return "set_config() of a setting whose name is not a literal: which setting it changed is unknown";
                }
                names.add(call.name().toLowerCase(Locale.ROOT));
            }
        }
        boolean onlySets = ConfigCalls.onlySetsConfig(sql, flags);
        if (!onlySets && (calls.isEmpty() || !names.isEmpty())) {
            // (no call read at all: set_config named in a form this reading does not follow)
            return "set_config() in a statement that does more than set, or that the layer cannot read: it cannot"
                    + " run again on a new connection";
        }
        if (names.isEmpty()) {
            return null; // only is_local settings: they end with the transaction (a replay re-runs them)
        }
        if (names.contains(SESSION_AUTHORIZATION)) {
            return "set_config('session_authorization', ...): the layer restores it only from SET SESSION AUTHORIZATION";
        }
        // one statement may set several: each name is kept, the statement shared (see remove())
        Restore restore = new ConfigRestore(new SqlRestore(sql, binding), List.copyOf(names), current(SEARCH_PATH));
        for (String name : names) {
            record(new Change(Kind.SET, name, restore), inTransaction);
        }
        return null;
    }

    /** What sets {@code key} as the session has it now (the open transaction's changes included); null: the default. */
    private Restore current(String key) {
        if (pending != null) {
            for (int i = pending.size() - 1; i >= 0; i--) {
                if (pending.get(i) instanceof Change change && key.equals(change.key())) {
                    return change.kind() == Kind.SET ? change.restore() : null;
                }
            }
        }
        return settings.get(key);
    }

    private void record(Change change, boolean inTransaction) {
        if (inTransaction) {
            if (pending == null) {
                pending = new ArrayList<>(2);
            }
            pending.add(change);
        } else {
            apply(change);
        }
    }

    /** A savepoint was set in the open transaction ({@code id}: the JDBC savepoint, or null for SQL's). */
    public void savepoint(Object id, String name) {
        if (pending == null) {
            pending = new ArrayList<>(2);
        }
        pending.add(new Savepoint(id, name));
    }

    /** Rolled back to a savepoint: what the transaction changed after it never happened; the savepoint stays. */
    public void rollbackTo(Object id, String name) {
        int at = find(id, name);
        if (at >= 0) {
            pending.subList(at + 1, pending.size()).clear();
        }
    }

    /** Released a savepoint: it and the savepoints after it are gone; what was changed stays pending. */
    public void release(Object id, String name) {
        int at = find(id, name);
        if (at >= 0) {
            List<Object> after = pending.subList(at, pending.size());
            after.removeIf(o -> o instanceof Savepoint);
        }
    }

    /** The latest savepoint matching, as PostgreSQL finds a name (the most recent of that name). */
    private int find(Object id, String name) {
        if (pending == null) {
            return -1;
        }
        for (int i = pending.size() - 1; i >= 0; i--) {
            if (pending.get(i) instanceof Savepoint sp
                    && (id != null ? sp.id == id : sp.name != null && sp.name.equals(name))) {
                return i;
            }
        }
        return -1;
    }

    /** The open transaction committed: its session changes now hold, in the order they were made. */
    public void committed() {
        if (pending != null) {
            List<Object> changes = pending;
            pending = null;
            for (Object o : changes) {
                if (o instanceof Change change) {
                    apply(change);
                }
            }
        }
    }

    /**
     * The open transaction's session changes, taken out while its lost COMMIT is resolved on a new
     * connection (a swap drops them as rolled back); {@link #committedOnto} gives them back.
     */
    public Object takePending() {
        List<Object> taken = pending;
        pending = null;
        return taken;
    }

    /**
     * The transaction whose COMMIT was lost is reported committed: its session changes hold, and
     * {@code fresh} (the new connection, restored before they were recorded; null when none is in
     * hand yet) gets them now, committed.
     */
    public void committedOnto(Object taken, Connection fresh) throws SQLException {
        if (taken == null) {
            return;
        }
        HeldSettings restored = held();
        pending = new ArrayList<>((List<?>) taken);
        committed();
        if (fresh != null) {
            // fresh holds the settings from before the transaction, which may have reset some of them
            restored.undoOn(fresh);
            restoreOnto(fresh);
            if (!fresh.getAutoCommit()) {
                fresh.commit();
            }
        }
    }

    /**
     * What a physical connection holding this session holds beyond a fresh one, as the model sees it:
     * the server settings set now (not the driver's read-only flag, which the next session's restore
     * sets either way). Asked only when the layer lets a live connection go, never on the happy path.
     */
    public HeldSettings held() {
        if (settings.isEmpty()) {
            return HeldSettings.NONE;
        }
        List<String> names = new ArrayList<>(settings.size());
        for (String key : settings.keySet()) {
            if (!key.startsWith("(")) { // the model's own entries: the read-only flag, a RESET ALL re-run
                names.add(key);
            }
        }
        return new HeldSettings(names);
    }

    /** The open transaction rolled back (or was lost): its session changes never took effect. */
    public void rolledBack() {
        pending = null;
    }

    /** The settings currently recorded, in restore order (for tests and logs; no values of parameters). */
    List<String> sqlSettings() {
        return distinctRestores().stream().map(Restore::describe).toList();
    }

    /** Each restore once, at its first place: one statement may have set several settings. */
    private List<Restore> distinctRestores() {
        Map<Restore, Boolean> seen = new IdentityHashMap<>();
        List<Restore> out = new ArrayList<>(settings.size());
        for (Restore r : settings.values()) {
            if (seen.put(r, Boolean.TRUE) == null) {
                out.add(r);
            }
        }
        return out;
    }

    /** The server settings recorded, by name, in restore order (for tests). */
    List<String> settingNames() {
        return List.copyOf(settings.keySet());
    }

    /** The settings, to change them. */
    private Map<String, Restore> settings() {
        if (settings == EMPTY) {
            settings = new LinkedHashMap<>();
        }
        return settings;
    }

    private void apply(Change change) {
        if (settings == EMPTY && (change.kind() != Kind.SET && (change.kind() != Kind.SESSION_AUTHORIZATION || change.restore() == null))) {
            return; // nothing set yet, nothing to reset
        }
        Map<String, Restore> settings = settings();
        switch (change.kind()) {
            case SET -> {
                settings.remove(change.key());
                settings.put(change.key(), change.restore());
            }
            case REMOVE -> remove(change.key());
            case SESSION_AUTHORIZATION -> {
                // PostgreSQL resets the role with the session user
                remove(ROLE);
                settings.remove(SESSION_AUTHORIZATION);
                if (change.restore() != null) {
                    settings.put(SESSION_AUTHORIZATION, change.restore());
                }
            }
            case RESET_ALL -> resetAll(false);
            case DISCARD_ALL -> resetAll(true);
            default -> { }
        }
    }

    /**
     * A setting went back to its default. When the statement that set it set others as well (several
     * set_config calls in one), that statement still runs for them, so this one is reset after it.
     */
    private void remove(String key) {
        if (settings == EMPTY) {
            return;
        }
        Restore r = settings.remove(key);
        if (r != null && settings.containsValue(r)) {
            settings.put(key, new SqlRestore(SettingStatements.resetStatement(key), null));
        }
    }

    /** RESET ALL (keeps the role and the session authorization) or DISCARD ALL (keeps nothing). */
    private void resetAll(boolean discard) {
        if (settings == EMPTY) {
            return;
        }
        Map<Restore, Boolean> dropped = new IdentityHashMap<>();
        boolean sharedWithKept = false;
        for (Iterator<Map.Entry<String, Restore>> it = settings.entrySet().iterator(); it.hasNext();) {
            Map.Entry<String, Restore> e = it.next();
            if (e.getKey().equals(READ_ONLY_FLAG)
                    || (!discard && (e.getKey().equals(ROLE) || e.getKey().equals(SESSION_AUTHORIZATION)))) {
                continue;
            }
            dropped.put(e.getValue(), Boolean.TRUE);
            it.remove();
        }
        for (Restore kept : settings.values()) {
            sharedWithKept |= dropped.containsKey(kept);
        }
        if (sharedWithKept) {
            // a kept setting's statement sets dropped ones too: reset them again after it
            settings.put("(reset all)", new SqlRestore("RESET ALL", null));
        }
    }

    /**
     * Gives a new physical connection the state the application set on the old one: the server
     * settings in the order they were last changed (run in autocommit, so that none is part of a
     * transaction), then the client-side JDBC state, auto-commit last.
     */
    public void restoreOnto(Connection physical) throws SQLException {
        if (!settings.isEmpty() && !physical.getAutoCommit()) {
            physical.setAutoCommit(true);
        }
        boolean pathMoved = false;
        for (Restore setting : distinctRestores()) {
            setting.applyTo(physical);
            pathMoved |= setting instanceof ConfigRestore config && config.searchPathThen() != null;
        }
        if (pathMoved && !settings.containsKey(SEARCH_PATH)) {
            // a set_config ran under the search_path it had then; the session's own is the default again
            try (Statement st = physical.createStatement()) {
                st.execute("RESET search_path");
            }
        }
        if ((dirty & HOLDABILITY) != 0) {
            physical.setHoldability(holdability);
        }
        if ((dirty & CATALOG) != 0) {
            physical.setCatalog(catalog);
        }
        if ((dirty & NETWORK_TIMEOUT) != 0) {
            physical.setNetworkTimeout(networkTimeoutExecutor, networkTimeoutMillis);
        }
        if ((dirty & TYPE_MAP) != 0) {
            physical.setTypeMap(typeMap);
        }
        if (physical.getAutoCommit() != autoCommit) {
            physical.setAutoCommit(autoCommit);
        }
    }
}
