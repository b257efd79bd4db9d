package io.retrying.jdbc.ha;

import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Whether transaction replay (issue 5) has landed, found out by behaviour rather than by a class
 * name: a transaction whose backend is terminated after its first statement carries on only when
 * the wrapper replays it on a new connection. Tests that allow a transaction to fail today ask
 * this, so that they tighten by themselves once replay works.
 */
final class TransactionReplay {

    private static final String PROBE_APP = "retrying-replay-probe";

    private TransactionReplay() {
    }

    static boolean landed(PgServer pg) throws SQLException {
        String url = "jdbc:retrying:" + pg.jdbcUrl().substring("jdbc:".length()) + "&ApplicationName=" + PROBE_APP
                + "&retry.baseDelayMs=5&retry.maxDelayMs=50&retry.tokenBucket=none";
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("SELECT 1");
            pg.terminateBackends(PROBE_APP);
            try {
                st.execute("SELECT 2");
                c.commit();
                return true;
            } catch (SQLException notReplayed) {
                c.rollback();
                return false;
            }
        }
    }
}
