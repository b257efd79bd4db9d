package io.retrying.jdbc.internal.failure;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.core.BaseConnection;

/**
 * Recognises a physical connection that pgjdbc closed on purpose. When the server accepts a
 * setting pgjdbc cannot work with (a {@code client_encoding} other than UTF8 without
 * {@code allowEncodingChanges}, a {@code DateStyle} that is not ISO, an unknown
 * {@code standard_conforming_strings}), pgjdbc closes its connection itself and throws 08006 with
 * no I/O failure behind it. That is pgjdbc's verdict, not a lost connection: nothing was cut, so
 * there is nothing to replay and no "may have written" to report; the application gets pgjdbc's
 * exception and a closed connection, as it would from pgjdbc.
 */
public final class DriverVerdict {

    private DriverVerdict() {
    }

    /** Whether {@code e} is pgjdbc closing {@code physical} on purpose (checked on the failure path only). */
    static boolean closedOnPurpose(SQLException e, Connection physical) {
        if (physical == null || !"08006".equals(e.getSQLState()) || ioCause(e)) {
            return false;
        }
        try {
            if (physical.isClosed()) {
                return true;
            }
            // a pool's proxy answers isClosed() for itself: ask pgjdbc's connection behind it
            // (pgjdbc's own unwrap refuses once closed; a proxy's hands out its delegate)
            return !(physical instanceof BaseConnection) && physical.isWrapperFor(BaseConnection.class)
                    && physical.unwrap(BaseConnection.class).isClosed();
        } catch (SQLException | RuntimeException unknown) {
            return false;
        }
    }

    private static boolean ioCause(Throwable e) {
        for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
            if (t instanceof IOException) {
                return true;
            }
        }
        return false;
    }
}
