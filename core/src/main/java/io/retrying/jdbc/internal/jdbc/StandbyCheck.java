package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.internal.proof.ReadOnlyFrame;
import io.retrying.jdbc.internal.proof.ReadOnlyProof;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * Whether a reader's physical connection may take reads (issue 27): its server is a hot standby and
 * within the lag bound. Asked in a read-only frame, one question: {@code pg_is_in_recovery()} and
 * {@code now() - pg_last_xact_replay_timestamp()}, zero when the standby has replayed all it
 * received (an idle primary sends no new transactions to date the replay by); unknown, and so too
 * far, when WAL waits and no transaction was replayed since the standby started.
 */
final class StandbyCheck {

    private static final String LAG = ReadOnlyProof.MARK + "SELECT pg_catalog.pg_is_in_recovery(),"
            + " CASE WHEN pg_catalog.pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_catalog.pg_last_wal_replay_lsn()"
            + " THEN 0 ELSE extract(epoch FROM pg_catalog.now() - pg_catalog.pg_last_xact_replay_timestamp()) * 1000 END";

    /**
     * What the server answered.
     *
     * @param refusal why the reads may not run there, or null when they may
     * @param standby whether the server is in recovery (a promoted one is not, for good)
     * @param lagMs the lag measured, in ms (0 when unknown or no standby)
     */
    record Answer(String refusal, boolean standby, long lagMs) {
    }

    private StandbyCheck() {
    }

    static Answer ask(Connection c, Duration bound) throws SQLException {
        return ReadOnlyFrame.ask(c, physical -> {
            try (Statement st = physical.createStatement(); ResultSet rs = st.executeQuery(LAG)) {
                rs.next();
                if (!rs.getBoolean(1)) {
                    return new Answer("is not a standby (promoted?)", false, 0);
                }
                double lag = rs.getDouble(2);
                if (rs.wasNull()) {
                    // WAL waits to be replayed and no transaction was replayed since it started: unknown
                    return new Answer("has WAL to replay and has replayed no transaction to date its lag by", true, 0);
                }
                long lagMs = (long) lag;
                return lagMs > bound.toMillis()
                        ? new Answer("lags " + lagMs + " ms behind the primary, more than " + bound.toMillis() + " ms",
                                true, lagMs)
                        : new Answer(null, true, lagMs);
            }
        });
    }
}
