package io.retrying.jdbc.internal.session;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.postgresql.PGConnection;

/**
 * The server's own word on part of the session: the settings PostgreSQL reports to the driver
 * whenever they change (ParameterStatus, for GUC_REPORT settings), which pgjdbc keeps in a live map.
 * It costs nothing while the connection works (the map is taken once a function, DO or CALL runs,
 * the only way a setting changes unseen, and read only once the connection is lost);
 * then the settings it last reported must read the same on the new connection once the session is
 * restored. One that does not was changed where the layer could not see it (inside a function, a
 * procedure, a DO block), or the new server's default differs: it is set again from the server's
 * word when it can be; a difference in who the session runs as surfaces the loss.
 */
public final class ReportedSettings {

    /**
     * Reported settings a session may change and a new one can be given by set_config. Not
     * default_transaction_read_only: a server reports it changed by its configuration too (a primary
     * fenced for a switchover), and the new connection must not carry the fence to the new primary.
     */
    private static final Set<String> SETTABLE = Set.of("TimeZone", "DateStyle", "IntervalStyle", "application_name",
            "search_path", "standard_conforming_strings");
    /** Reported settings that say who the session runs as: a role set unseen cannot be set again from them. */
    private static final Set<String> IDENTITY = Set.of("session_authorization", "is_superuser");

    private ReportedSettings() {}

    /**
     * The reported settings whose change a heal checks and gives back from the server's word, lower
     * case (a read of the values need not vouch for them, {@link SessionValues}): not search_path,
     * which servers before 18 do not report.
     */
    static List<String> carried() {
        return java.util.stream.Stream.concat(SETTABLE.stream(), IDENTITY.stream())
                .filter(n -> !n.equals("search_path")).map(n -> n.toLowerCase(java.util.Locale.ROOT)).sorted().toList();
    }

    /**
     * pgjdbc's live map of the reported settings of {@code physical}, or null when it is not
     * pgjdbc's to ask. A dead pgjdbc connection refuses unwrap (it checks it is open), but a pool's
     * proxy and datasource-proxy hand out their target without asking it.
     */
    public static Map<String, String> view(Connection physical) {
        try {
            PGConnection pg = physical instanceof PGConnection p ? p : physical.unwrap(PGConnection.class);
            return pg.getParameterStatuses();
        } catch (SQLException | RuntimeException notPgjdbc) {
            return null;
        }
    }

    /**
     * The session settings a connection last reported ({@code view}: pgjdbc's map, which outlives
     * the connection), or null when it reports none.
     */
    public static Map<String, String> session(Map<String, String> view) {
        Map<String, String> last = null;
        for (Map.Entry<String, String> e : view.entrySet()) {
            if (SETTABLE.contains(e.getKey()) || IDENTITY.contains(e.getKey())) {
                if (last == null) {
                    last = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
                }
                last.put(e.getKey(), e.getValue());
            }
        }
        return last;
    }

    /**
     * Gives {@code fresh} (restored) the reported settings of {@code lost} that it lacks, and records
     * them in {@code session} for later connections.
     *
     * @return the setting that cannot be given back (who the session runs as), or null
     */
    public static String keep(Map<String, String> lost, Connection fresh, SessionState session) throws SQLException {
        Map<String, String> now = view(fresh);
        if (now == null) {
            return null;
        }
        for (Map.Entry<String, String> e : lost.entrySet()) {
            String key = e.getKey();
            String value = e.getValue();
            if (Objects.equals(now.get(key), value)) {
                continue;
            }
            if (!SETTABLE.contains(key)) {
                return key;
            }
            set(fresh, key, value);
            session.reported(key, value, c -> set(c, key, value));
        }
        return null;
    }

    /** Sets {@code key} on {@code c} for the session, as the server reported it or as it was read. */
    static void set(Connection c, String key, String value) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT pg_catalog.set_config(?, ?, false)")) {
            ps.setString(1, key);
            ps.setString(2, value);
            ps.executeQuery().close();
        }
    }
}
