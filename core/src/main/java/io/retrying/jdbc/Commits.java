package io.retrying.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Resolving a COMMIT whose answer never arrived: keep the transaction's id before COMMIT
 * ({@link #transactionId}), and ask another connection what became of it ({@link #resolve}).
 * Needs PostgreSQL 13 or later ({@code pg_current_xact_id}, {@code pg_xact_status}). Ids are the
 * 64-bit, epoch-extended {@code xid8}, so they never wrap in practice.
 *
 * <p>Stateless and thread-safe; each call uses only the connection it is given.
 */
public final class Commits {

    /** What {@link #transactionId transactionId(c, false)} returns when the transaction has no id yet (it has not written). */
    public static final long NO_XID = -1L;

    private static final String ASSIGN = "select pg_catalog.pg_current_xact_id()::pg_catalog.text::bigint";
    private static final String IF_ASSIGNED = "select pg_catalog.pg_current_xact_id_if_assigned()::pg_catalog.text::bigint";
    private static final String STATUS = "/* retrying-jdbc proof */ select pg_catalog.pg_xact_status(cast(cast(? as pg_catalog.text) as pg_catalog.xid8))";
    /** invalid_parameter_value: pg_xact_status's "transaction ID ... is in the future". */
    private static final String FUTURE_XID = "22023";

    private static final Duration FIRST_POLL = Duration.ofMillis(10);
    private static final Duration LAST_POLL = Duration.ofMillis(500);

    private Commits() {
    }

    /**
     * The id of the transaction open on {@code c}. Call it inside that transaction (autocommit off),
     * before COMMIT.
     *
     * @param assign true to give the transaction an id now if it has none (one small statement; a
     *               transaction that writes gets one anyway); false to learn only an id it already has
     * @return the id, or {@link #NO_XID} when {@code assign} is false and the transaction has not written
     *         (a transaction with no id has nothing to commit, so it needs no resolving)
     * @throws SQLException for a connection in autocommit (each statement would be its own
     *                      transaction; SQLSTATE 25000), or the connection's own failure
     */
    public static long transactionId(Connection c, boolean assign) throws SQLException {
        if (c == null) {
            throw new NullPointerException("c");
        }
        if (c.getAutoCommit()) {
            throw new SQLException("transactionId needs an open transaction, but the connection is in autocommit", "25000");
        }
        try (PreparedStatement ps = c.prepareStatement(assign ? ASSIGN : IF_ASSIGNED);
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            long xid = rs.getLong(1);
            return rs.wasNull() ? NO_XID : xid;
        }
    }

    /**
     * What became of transaction {@code xid}, asked on {@code other}: a connection other than the one
     * that ran it (that one is usually gone; on it, its own open transaction is IN_PROGRESS).
     *
     * <p>{@code pg_xact_status} answers committed, aborted or in progress; null (the id is older than
     * the commit-log horizon) is UNKNOWN. An id "in the future" (22023: this server never assigned it,
     * e.g. a failover to a standby that had not received it) is UNKNOWN too, not an exception: the
     * commit may have landed on a server that is gone, and that is exactly what UNKNOWN reports.
     * Any other failure of {@code other} is thrown.
     *
     * @throws IllegalArgumentException for a negative xid such as {@link #NO_XID}
     */
    public static CommitOutcome resolve(Connection other, long xid) throws SQLException {
        if (other == null) {
            throw new NullPointerException("other");
        }
        if (xid < 0) {
            throw new IllegalArgumentException("xid must not be negative: " + xid);
        }
        String status;
        try (PreparedStatement ps = other.prepareStatement(STATUS)) {
            ps.setLong(1, xid);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                status = rs.getString(1);
            }
        } catch (SQLException e) {
            if (FUTURE_XID.equals(e.getSQLState())) {
                return CommitOutcome.UNKNOWN;
            }
            throw e;
        }
        if (status == null) {
            return CommitOutcome.UNKNOWN;
        }
        switch (status) {
            case "committed": return CommitOutcome.COMMITTED;
            case "aborted": return CommitOutcome.ABORTED;
            case "in progress": return CommitOutcome.IN_PROGRESS;
            default: return CommitOutcome.UNKNOWN;
        }
    }

    /**
     * {@link #resolve} until the answer is no longer IN_PROGRESS or the deadline comes: polls every
     * 10 ms at first, doubling up to 500 ms, never sleeping past the deadline.
     *
     * @return the last answer: IN_PROGRESS only when the deadline came first
     * @throws InterruptedException when interrupted while waiting
     */
    public static CommitOutcome awaitSettled(Connection other, long xid, Deadline deadline, Sleeper sleeper)
            throws SQLException, InterruptedException {
        if (deadline == null) {
            throw new NullPointerException("deadline");
        }
        if (sleeper == null) {
            throw new NullPointerException("sleeper");
        }
        Duration poll = FIRST_POLL;
        for (;;) {
            CommitOutcome outcome = resolve(other, xid);
            Duration remaining = deadline.remaining();
            if (outcome != CommitOutcome.IN_PROGRESS || remaining.isZero()) {
                return outcome;
            }
            sleeper.sleep(poll.compareTo(remaining) < 0 ? poll : remaining);
            poll = poll.multipliedBy(2).compareTo(LAST_POLL) < 0 ? poll.multipliedBy(2) : LAST_POLL;
        }
    }
}
