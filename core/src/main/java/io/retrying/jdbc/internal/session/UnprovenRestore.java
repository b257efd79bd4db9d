package io.retrying.jdbc.internal.session;

import java.sql.SQLException;

/**
 * A recorded setting the server would not prove harmless to run again: the new connection does
 * not get it, and the layer does not run it. Not a failure to connect (dialing again would meet
 * it again): the connection drops the setting and refuses calls until rollback().
 */
public final class UnprovenRestore extends SQLException {
    public final transient Restore.ConfigRestore restore;

    UnprovenRestore(Restore.ConfigRestore restore, String why) {
        // names the settings, never the statement: its literals may be secrets
        super("The server did not prove that the set_config() statement setting "
                + String.join(", ", restore.names()) + " only sets (" + why + ")", "55000");
        this.restore = restore;
    }

    /** The one in {@code e}'s causes (a dial that failed before may have wrapped it), or null. */
    public static UnprovenRestore in(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UnprovenRestore unproven) {
                return unproven;
            }
        }
        return null;
    }
}
