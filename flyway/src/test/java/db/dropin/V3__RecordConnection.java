package db.dropin;

import java.sql.Connection;
import java.sql.Statement;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

/** A Java migration that records which class the connection Flyway migrates over is. */
public class V3__RecordConnection extends BaseJavaMigration {

    /** The class of the last migration's connection (read by the test). */
    public static volatile String connectionClass;

    @Override
    public void migrate(Context context) throws Exception {
        Connection c = context.getConnection();
        connectionClass = c.getClass().getName();
        try (Statement st = c.createStatement()) {
            st.executeUpdate("INSERT INTO flyway_accounts VALUES (3, 'edsger')");
        }
    }
}
