package io.retrying.jdbc.internal.session;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The server settings a physical connection holds beyond a fresh one because a session was given
 * to it: the names the session's model held when the layer let the connection go alive (a role
 * switch parks it, or gives it back to its pool). Whoever takes it next undoes them
 * ({@link #undoOn}) before giving it a session, so that it starts where a fresh connection starts:
 * otherwise what the application reset meanwhile on another server (a role, a tenant, a
 * search_path) would still hold here, and the next statements would run as someone else.
 *
 * <p>Undone by name, each with the {@code RESET} the application itself would run, not by
 * {@code RESET ALL} or {@code DISCARD ALL}: those reset what pgjdbc sets by SQL after it connects
 * ({@code application_name} unless {@code assumeMinServerVersion}), what a pool's
 * {@code connectionInitSql} set (a {@code SET ROLE} to a less privileged role among them), and
 * DISCARD ALL drops the server-prepared statements a toggling pool would prepare again at every
 * switch. What code in the database set unseen is not in the model: at the swap that takes the
 * connection into use, {@link SessionWatch} asks about it as after a loss.
 */
public record HeldSettings(List<String> names) {

    /** Nothing to undo. */
    public static final HeldSettings NONE = new HeldSettings(List.of());

    public HeldSettings {
        names = List.copyOf(names);
    }

    public boolean none() {
        return names.isEmpty();
    }

    /**
     * Resets each setting on {@code physical}, idle between transactions, in one round trip outside
     * any transaction (its autocommit given back as found): the role and the session authorization
     * first, so that the others are reset by the login user who set them.
     *
     * @throws SQLException when the server refused (the connection must then not be used or lent)
     */
    public void undoOn(Connection physical) throws SQLException {
        if (names.isEmpty()) {
            return;
        }
        StringBuilder sql = new StringBuilder();
        if (names.contains(SessionState.SESSION_AUTHORIZATION)) {
            sql.append("RESET SESSION AUTHORIZATION;"); // resets the role with it
        }
        if (names.contains(SessionState.ROLE)) {
            sql.append("RESET ROLE;");
        }
        for (String name : names) {
            if (!name.equals(SessionState.SESSION_AUTHORIZATION) && !name.equals(SessionState.ROLE)) {
                sql.append(SettingStatements.resetStatement(name)).append(';');
            }
        }
        boolean autoCommit = physical.getAutoCommit();
        if (!autoCommit) {
            physical.setAutoCommit(true); // idle: pgjdbc sends nothing for it
        }
        try (Statement st = physical.createStatement()) {
            st.execute(sql.toString());
        } finally {
            if (!autoCommit) {
                physical.setAutoCommit(false);
            }
        }
    }
}
