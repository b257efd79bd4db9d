package io.retrying.jdbc.ha;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The connection an application thread holds, dialed at its first use and set up there: the
 * retrying side keeps its own through every failure, the plain side dials a new one after each, as
 * a plain application has to. Confined to its thread.
 */
final class HeldConnection {

    /** What the thread sets on a connection it dialed, before its first work. */
    @FunctionalInterface
    interface Setup {
        void prepare(Connection c) throws SQLException;
    }

    /** One unit of the thread's work on the connection. */
    @FunctionalInterface
    interface Work {
        void run(Connection c) throws SQLException;
    }

    private final BankWorkload.Dial dial;
    private final boolean redial;
    private final Setup setup;
    private final Runnable dialFailed;
    private Connection connection;

    /**
     * @param redial whether a failure makes the thread close its connection and dial a new one next time
     * @param dialFailed told of each dial that failed
     */
    HeldConnection(BankWorkload.Dial dial, boolean redial, Setup setup, Runnable dialFailed) {
        this.dial = dial;
        this.redial = redial;
        this.setup = setup;
        this.dialFailed = dialFailed;
    }

    void run(Work work) throws SQLException {
        if (connection == null) {
            try {
                connection = dial.open();
            } catch (SQLException e) {
                dialFailed.run();
                throw e;
            }
            setup.prepare(connection);
        }
        try {
            work.run(connection);
        } catch (SQLException e) {
            if (redial) {
                try {
                    connection.close();
                } catch (SQLException ignored) {
                    // it is broken anyway
                }
                connection = null;
            }
            throw e;
        }
    }
}
