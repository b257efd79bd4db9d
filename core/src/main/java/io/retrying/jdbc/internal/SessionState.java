package io.retrying.jdbc.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;

/**
 * The session state an application set on its connection, so that a new physical connection can
 * be given the same. Like HikariCP's dirty bits, only what the application changed is restored.
 *
 * <p>SQL-level {@code SET}/{@code RESET}/{@code SET ROLE}/{@code DISCARD ALL} are recognised from
 * the statement text (only statements that {@link SqlScan} flagged, so the common path costs
 * nothing) and replayed verbatim, the latest per parameter, in the order they were last changed.
 * {@code SET LOCAL}, {@code SET TRANSACTION} and {@code SET CONSTRAINTS} end with their
 * transaction and are ignored. A session {@code SET} inside a transaction only takes effect at
 * commit, so it waits in {@code pending} until then.
 *
 * <p>{@code set_config(name, value, false)} sets what {@code SET} cannot take from a parameter
 * (the usual way to give row-level security its tenant), so it is tracked too: the statement is
 * kept with its parameters and runs again on a new connection. A new connection without it would
 * run the application's queries without its setting: for row-level security, silently the wrong
 * rows. Only a statement that does nothing but call set_config can run again; any other, or one
 * whose is_local argument is not a literal, pins the connection instead (see
 * {@link #configExecuted}).
 *
 * <p>Not thread-safe: guarded by the owning connection's single-user contract.
 */
final class SessionState {

    private static final int AUTO_COMMIT = 1;
    private static final int READ_ONLY = 1 << 1;
    private static final int ISOLATION = 1 << 2;
    private static final int HOLDABILITY = 1 << 3;
    private static final int SCHEMA = 1 << 4;
    private static final int CATALOG = 1 << 5;
    private static final int NETWORK_TIMEOUT = 1 << 6;
    private static final int CLIENT_INFO = 1 << 7;
    private static final int TYPE_MAP = 1 << 8;

    /** The parameter key under which SET SCHEMA / SET search_path and setSchema() meet. */
    private static final String SEARCH_PATH = "search_path";

    private int dirty;
    private boolean autoCommit = true;
    private boolean readOnly;
    private int isolation;
    private int holdability;
    private String schema;
    private String catalog;
    private Executor networkTimeoutExecutor;
    private int networkTimeoutMillis;
    private Properties clientInfo;
    private Map<String, Class<?>> typeMap;
    /** Parameter key to the statement that last set it; insertion order = order of change. */
    /** Made on the first SQL setting (issue 16: most borrows never set one). */
    private LinkedHashMap<String, Restore> sqlSettings;
    /** Session settings seen inside the open transaction: applied at commit, dropped at rollback. */
    private List<Setting> pending;

    /** A statement that sets something, and the parameters it ran with (null for plain SQL). */
    private record Restore(String sql, ParameterLog binding) {}

    /** What one statement did to the settings, and how to do it again. */
    private record Setting(Change change, Restore restore) {}

    boolean autoCommit() {
        return autoCommit;
    }

    boolean readOnly() {
        return readOnly;
    }

    void autoCommit(boolean value) {
        autoCommit = value;
        dirty |= AUTO_COMMIT;
    }

    void readOnly(boolean value) {
        readOnly = value;
        dirty |= READ_ONLY;
    }

    void isolation(int level) {
        isolation = level;
        dirty |= ISOLATION;
    }

    void holdability(int value) {
        holdability = value;
        dirty |= HOLDABILITY;
    }

    void schema(String value) {
        schema = value;
        dirty |= SCHEMA;
        // setSchema() and SQL "SET search_path" set the same thing: the later one wins.
        if (sqlSettings != null) {
            sqlSettings.remove(SEARCH_PATH);
        }
    }

    void catalog(String value) {
        catalog = value;
        dirty |= CATALOG;
    }

    void networkTimeout(Executor executor, int millis) {
        networkTimeoutExecutor = executor;
        networkTimeoutMillis = millis;
        dirty |= NETWORK_TIMEOUT;
    }

    void clientInfo(String name, String value) {
        if (clientInfo == null) {
            clientInfo = new Properties();
        }
        if (value == null) {
            clientInfo.remove(name);
        } else {
            clientInfo.setProperty(name, value);
        }
        dirty |= CLIENT_INFO;
    }

    void clientInfo(Properties properties) {
        clientInfo = new Properties();
        if (properties != null) {
            clientInfo.putAll(properties);
        }
        dirty |= CLIENT_INFO;
    }

    void typeMap(Map<String, Class<?>> map) {
        typeMap = map;
        dirty |= TYPE_MAP;
    }

    /**
     * Records the session-changing statements in {@code sql}, which ran successfully.
     *
     * @param inTransaction whether they ran inside an explicit transaction (then they wait for commit)
     */
    void sqlExecuted(String sql, boolean inTransaction) {
        for (String statement : SqlScan.statements(sql)) {
            record(new Setting(Change.of(statement), new Restore(statement, null)), inTransaction);
        }
    }

    /**
     * Records what a statement that calls {@code set_config} (flagged {@link SqlScan#CONFIG}) ran
     * successfully with {@code binding} (its parameters, or null) did to the session.
     *
     * @return why the connection must be pinned instead (its settings could not be restored), or null
     */
    String configExecuted(String sql, int flags, ParameterLog binding, boolean inTransaction) {
        List<SqlScan.ConfigCall> calls = SqlScan.configCalls(sql);
        boolean session = false;
        for (SqlScan.ConfigCall call : calls) {
            if (call.local() == null) {
                return "set_config() with an is_local argument that is not a literal true or false";
            }
            session |= !call.local();
        }
        if (!session) {
            return null; // only is_local settings: they end with the transaction (a replay re-runs them)
        }
        if (!SqlScan.onlySetsConfig(sql, flags)) {
            return "set_config() in a statement that does more than set: it cannot run again on a new connection";
        }
        String name = calls.size() == 1 ? calls.get(0).name() : null;
        // a later SET or RESET of the same name replaces or drops it; a name we cannot read keys by the statement
        String key = name != null ? name.toLowerCase(Locale.ROOT) : "set_config: " + sql;
        record(new Setting(new Change(Change.Kind.SET, key), new Restore(sql, binding)), inTransaction);
        return null;
    }

    private void record(Setting setting, boolean inTransaction) {
        if (inTransaction) {
            if (pending == null) {
                pending = new ArrayList<>(2);
            }
            pending.add(setting);
        } else {
            apply(setting);
        }
    }

    /** The open transaction committed: its session SETs now hold. */
    void committed() {
        if (pending != null) {
            pending.forEach(this::apply);
            pending = null;
        }
    }

    /**
     * The open transaction's session SETs, taken out while its lost COMMIT is resolved on a new
     * connection (a swap drops them as rolled back); {@link #committedOnto} gives them back.
     */
    Object takePending() {
        List<Setting> taken = pending;
        pending = null;
        return taken;
    }

    /**
     * The transaction whose COMMIT was lost is reported committed: its session SETs hold, and
     * {@code fresh} (the new connection, restored before they were recorded; null when none is in
     * hand yet) gets them now, committed.
     */
    void committedOnto(Object taken, Connection fresh) throws SQLException {
        if (taken == null) {
            return;
        }
        for (Object setting : (List<?>) taken) {
            apply((Setting) setting);
        }
        if (fresh != null) {
            restoreOnto(fresh);
            if (!fresh.getAutoCommit()) {
                fresh.commit();
            }
        }
    }

    /** The open transaction rolled back (or was lost): its session SETs never took effect. */
    void rolledBack() {
        pending = null;
    }

    /** The SQL settings currently recorded, in restore order (for tests and logs; no values are logged). */
    List<String> sqlSettings() {
        return sqlSettings == null ? List.of() : sqlSettings.values().stream().map(Restore::sql).toList();
    }

    private void apply(Setting setting) {
        Change change = setting.change;
        switch (change.kind) {
            case SET -> {
                if (sqlSettings == null) {
                    sqlSettings = new LinkedHashMap<>();
                }
                sqlSettings.remove(change.key);
                sqlSettings.put(change.key, setting.restore);
                if (SEARCH_PATH.equals(change.key)) {
                    dirty &= ~SCHEMA;
                }
            }
            case REMOVE -> {
                if (sqlSettings != null) {
                    sqlSettings.remove(change.key);
                }
                if (SEARCH_PATH.equals(change.key)) {
                    dirty &= ~SCHEMA;
                }
            }
            case CLEAR -> {
                if (sqlSettings != null) {
                    sqlSettings.clear();
                }
                dirty &= ~SCHEMA;
            }
            case IGNORE -> { }
        }
    }

    /**
     * Gives a new physical connection the state the application set on the old one: first SQL
     * settings (SET ROLE first among them if it came first, as privileges may depend on it), then
     * the JDBC properties that differ.
     */
    void restoreOnto(Connection physical) throws SQLException {
        for (Restore setting : sqlSettings == null ? List.<Restore>of() : sqlSettings.values()) {
            if (setting.binding == null) {
                try (Statement st = physical.createStatement()) {
                    st.execute(setting.sql);
                }
            } else {
                try (PreparedStatement ps = physical.prepareStatement(setting.sql)) {
                    setting.binding.applyTo(ps);
                    ps.execute();
                }
            }
        }
        if ((dirty & AUTO_COMMIT) != 0) {
            physical.setAutoCommit(autoCommit);
        }
        if ((dirty & READ_ONLY) != 0) {
            physical.setReadOnly(readOnly);
        }
        if ((dirty & ISOLATION) != 0) {
            physical.setTransactionIsolation(isolation);
        }
        if ((dirty & HOLDABILITY) != 0) {
            physical.setHoldability(holdability);
        }
        if ((dirty & SCHEMA) != 0) {
            physical.setSchema(schema);
        }
        if ((dirty & CATALOG) != 0) {
            physical.setCatalog(catalog);
        }
        if ((dirty & NETWORK_TIMEOUT) != 0) {
            physical.setNetworkTimeout(networkTimeoutExecutor, networkTimeoutMillis);
        }
        if ((dirty & CLIENT_INFO) != 0) {
            physical.setClientInfo(clientInfo);
        }
        if ((dirty & TYPE_MAP) != 0) {
            physical.setTypeMap(typeMap);
        }
    }

    /** What a SET/RESET/DISCARD statement does to the recorded settings. */
    record Change(Kind kind, String key) {

        enum Kind { SET, REMOVE, CLEAR, IGNORE }

        static final Change IGNORED = new Change(Kind.IGNORE, null);

        /** Parses the first words of one statement; anything unrecognised is IGNORE. */
        static Change of(String statement) {
            List<String> w = words(statement, 5);
            if (w.isEmpty()) {
                return IGNORED;
            }
            switch (w.get(0)) {
                case "set" -> {
                    int k = 1;
                    if (k < w.size() && w.get(k).equals("session")) {
                        k++;
                        if (k < w.size() && w.get(k).equals("characteristics")) {
                            return new Change(Kind.SET, "session characteristics");
                        }
                        if (k < w.size() && w.get(k).equals("authorization")) {
                            return valueIsDefault(w, k + 1) ? new Change(Kind.REMOVE, "session_authorization")
                                    : new Change(Kind.SET, "session_authorization");
                        }
                    }
                    if (k >= w.size()) {
                        return IGNORED;
                    }
                    String name = w.get(k);
                    switch (name) {
                        case "local", "transaction", "constraints" -> {
                            return IGNORED;
                        }
                        case "role" -> {
                            return valueIsDefault(w, k + 1) || (k + 1 < w.size() && w.get(k + 1).equals("none"))
                                    ? new Change(Kind.REMOVE, "role") : new Change(Kind.SET, "role");
                        }
                        case "time" -> {
                            return valueIsDefault(w, k + 2) || (k + 2 < w.size() && w.get(k + 2).equals("local"))
                                    ? new Change(Kind.REMOVE, "timezone") : new Change(Kind.SET, "timezone");
                        }
                        case "schema" -> {
                            return new Change(Kind.SET, SEARCH_PATH);
                        }
                        case "names" -> {
                            return new Change(Kind.SET, "client_encoding");
                        }
                        default -> {
                            String key = name;
                            int v = k + 1;
                            if (v < w.size() && (w.get(v).equals("to") || w.get(v).equals("="))) {
                                v++;
                            }
                            return valueIsDefault(w, v) ? new Change(Kind.REMOVE, key) : new Change(Kind.SET, key);
                        }
                    }
                }
                case "reset" -> {
                    if (w.size() < 2) {
                        return IGNORED;
                    }
                    return switch (w.get(1)) {
                        case "all" -> new Change(Kind.CLEAR, null);
                        case "session" -> new Change(Kind.REMOVE, "session_authorization");
                        case "time" -> new Change(Kind.REMOVE, "timezone");
                        default -> new Change(Kind.REMOVE, w.get(1));
                    };
                }
                case "discard" -> {
                    return w.size() > 1 && w.get(1).equals("all") ? new Change(Kind.CLEAR, null) : IGNORED;
                }
                default -> {
                    return IGNORED;
                }
            }
        }

        private static boolean valueIsDefault(List<String> w, int index) {
            return index < w.size() && w.get(index).equals("default");
        }

        /**
         * The first {@code max} tokens, lower-cased: words (a dotted name such as {@code myapp.user}
         * stays one token), "=" on its own, quoted text as is.
         */
        private static List<String> words(String s, int max) {
            List<String> out = new ArrayList<>(max);
            int i = 0;
            int n = s.length();
            while (i < n && out.size() < max) {
                char c = s.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                } else if (c == '=') {
                    out.add("=");
                    i++;
                } else if (c == '\'' || c == '"') {
                    int end = s.indexOf(c, i + 1);
                    end = end < 0 ? n : end + 1;
                    String quoted = s.substring(i, end);
                    out.add(c == '"' ? quoted.substring(1, Math.max(1, quoted.length() - 1)) : quoted);
                    i = end;
                } else {
                    int start = i;
                    while (i < n && !Character.isWhitespace(s.charAt(i)) && s.charAt(i) != '=' && s.charAt(i) != ','
                            && s.charAt(i) != '\'') {
                        i++;
                    }
                    out.add(s.substring(start, i).toLowerCase(Locale.ROOT));
                }
            }
            return out;
        }
    }
}
