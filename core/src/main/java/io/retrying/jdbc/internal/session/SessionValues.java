package io.retrying.jdbc.internal.session;

import io.retrying.jdbc.internal.proof.ReadOnlyFrame;
import io.retrying.jdbc.internal.proof.ReadOnlyProof;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Who a session runs as, and for whom: {@code current_user}, {@code session_user} and the settings
 * the application names ({@code retry.sessionSettings}, e.g. {@code app.tenant}), which PostgreSQL 15
 * reports to no client. Read from the server after a statement that may change them where the
 * layer cannot see it (a function, a procedure, a SET), outside a transaction (inside one, after
 * its COMMIT: there the server answers with the transaction's view), and only when the application asked for
 * the check (named settings, or a {@code ConnectionInitializer}): then, after a lost connection, the
 * new session must match them before anything runs there (issue 28).
 *
 * <p>A named setting that differs is set again from the value read ({@code set_config}), unless an
 * initializer re-established the session: then the initializer is the application's word, and a
 * difference surfaces. Who the session runs as is never set again from what was read: a role
 * entered inside a function is the application's code to enter, not the layer's.
 */
public final class SessionValues {

    /** Who the session runs as: compared, never set again. */
    static final List<String> IDENTITY = List.of("current_user", "session_user");
    /**
     * Where {@link #read} says what else the session holds, that no value read covers and no restore
     * gives back (null: nothing): a key with a space, never a setting's name.
     */
    static final String HELD_BEYOND = " held beyond the values";
    /** Reported settings a heal checks and gives back itself: a read need not vouch for them. */
    private static final List<String> CARRIED = ReportedSettings.carried();

    /**
     * What a session may hold that the values do not cover (issue 36): a read vouches only for what it
     * read, so when code left one of these the session's marks stand and a heal asks the catalogs as
     * without named settings. The server's own views, asked in the same query (no round trip more):
     * a session advisory lock, LISTEN, a temporary object, a WITH HOLD cursor, a PREPARE of SQL, and a
     * setting the session changed that is not named, not the role (who it runs as is read and compared),
     * not one the layer restores itself ({@code %1$s}: the settings it recorded, the reported ones it carries), and not the
     * transaction's (the frame's own {@code SET TRANSACTION}, the isolation the layer keeps).
     */
    private static final String BEYOND = """
            , (SELECT x.what FROM (
                  SELECT 'a session advisory lock' FROM pg_catalog.pg_locks l
                   WHERE l.pid = pg_catalog.pg_backend_pid() AND l.locktype = 'advisory'
                  UNION ALL SELECT 'LISTEN' FROM pg_catalog.pg_listening_channels()
                  UNION ALL SELECT 'a temporary object' FROM pg_catalog.pg_class k
                   WHERE k.relnamespace = pg_catalog.pg_my_temp_schema()
                  UNION ALL SELECT 'a WITH HOLD cursor' FROM pg_catalog.pg_cursors u WHERE u.is_holdable
                  UNION ALL SELECT 'a prepared statement' FROM pg_catalog.pg_prepared_statements p WHERE p.from_sql
                  UNION ALL SELECT 'the setting ' || s.name FROM pg_catalog.pg_settings s
                   WHERE s.source = 'session'
                     AND pg_catalog.lower(s.name) NOT IN ('role', 'session_authorization'%1$s)
                     AND pg_catalog.strpos(s.name, 'transaction') = 0) x(what) LIMIT 1)""";

    private SessionValues() {
    }

    /**
     * Reads identity and {@code names} on {@code physical}, in a frame that cannot write (three
     * round trips; after such statements only, and only when the check is asked for).
     */
    public static Map<String, String> read(Connection physical, List<String> names) throws SQLException {
        return read(physical, names, List.of());
    }

    /**
     * As {@link #read(Connection, List)}, and says under {@link #HELD_BEYOND} what else the session
     * holds (settings in {@code restored} excepted: the layer sets them again itself).
     */
    public static Map<String, String> read(Connection physical, List<String> names, List<String> restored)
            throws SQLException {
        StringBuilder sql = new StringBuilder(ReadOnlyProof.MARK).append("select current_user::text, session_user::text");
        StringBuilder covered = new StringBuilder();
        for (String name : names) {
            // names are checked as identifiers when configured; quoted as a literal all the same
            String literal = "'" + name.replace("'", "''") + "'";
            sql.append(", pg_catalog.current_setting(").append(literal).append(", true)");
            covered.append(", ").append(literal.toLowerCase(java.util.Locale.ROOT));
        }
        for (String name : CARRIED) {
            covered.append(", '").append(name).append('\'');
        }
        for (String name : restored) {
            covered.append(", '").append(name.replace("'", "''").toLowerCase(java.util.Locale.ROOT)).append('\'');
        }
        sql.append(BEYOND.formatted(covered));
        String question = sql.toString();
        return ReadOnlyFrame.ask(physical, c -> {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(question)) {
                rs.next();
                Map<String, String> values = new LinkedHashMap<>();
                values.put(IDENTITY.get(0), rs.getString(1));
                values.put(IDENTITY.get(1), rs.getString(2));
                for (int i = 0; i < names.size(); i++) {
                    values.put(names.get(i), rs.getString(i + 3));
                }
                values.put(HELD_BEYOND, rs.getString(names.size() + 3));
                return values;
            }
        });
    }

    /**
     * Brings {@code fresh}, a restored new connection, to the {@code known} values where it may,
     * and says which one it cannot.
     *
     * @param restore whether a named setting that differs is set again (no initializer)
     * @param session where a setting set again is recorded, for later connections
     * @return the name of the first value that differs and is not set again, or null when the new
     *     session matches in everything the application named
     */
    public static String settle(Map<String, String> known, Connection fresh, List<String> names, boolean restore,
            SessionState session) throws SQLException {
        Map<String, String> now = read(fresh, names);
        for (String who : IDENTITY) {
            if (!same(known.get(who), now.get(who))) {
                return who;
            }
        }
        Map<String, String> toSet = new java.util.LinkedHashMap<>();
        for (String name : names) {
            String value = known.get(name);
            if (same(value, now.get(name))) {
                continue;
            }
            if (!restore || value == null) {
                return name;
            }
            toSet.put(name, value);
        }
        if (toSet.isEmpty()) {
            return null;
        }
        // set as the session's, outside any transaction: in manual commit, a set_config would wait in the
        // implicit transaction, which a commit lookup's frame rolls back (issue 36's matrix: the tenant lost)
        boolean manual = !fresh.getAutoCommit();
        if (manual) {
            fresh.setAutoCommit(true);
        }
        for (Map.Entry<String, String> setting : toSet.entrySet()) {
            String name = setting.getKey();
            String value = setting.getValue();
            ReportedSettings.set(fresh, name, value);
            session.reported(name, value, c -> ReportedSettings.set(c, name, value));
        }
        if (manual) {
            fresh.setAutoCommit(false);
        }
        return null;
    }

    /** An unset custom setting reads as null on a session that never had it, '' on one that reset it. */
    private static boolean same(String a, String b) {
        return Objects.equals(a == null ? "" : a, b == null ? "" : b);
    }
}
