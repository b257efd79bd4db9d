package io.retrying.jdbc.internal.commit;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.CommitOutcomeUnknownException;
import io.retrying.jdbc.Commits;
import io.retrying.jdbc.Deadline;
import io.retrying.jdbc.ReplayOutcome;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.events.RetryReporter;
import io.retrying.jdbc.internal.proof.LostWork;
import io.retrying.jdbc.internal.proof.ReadOnlyFrame;
import io.retrying.jdbc.internal.proof.ReadOnlyProof;
import io.retrying.jdbc.internal.replay.Journal;
import io.retrying.jdbc.internal.replay.JournalEntry;
import io.retrying.jdbc.internal.replay.TransactionReplay;
import io.retrying.jdbc.internal.retry.FailureClass;
import io.retrying.jdbc.internal.retry.NewConnections;
import io.retrying.jdbc.internal.retry.Run;
import io.retrying.jdbc.internal.retry.SessionRefused;
import io.retrying.jdbc.internal.telemetry.Telemetry;
import io.retrying.jdbc.spi.LayerTelemetry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * COMMIT, made safe to retry (DESIGN.md "What is replayed, when"; seed 002, "Losing a connection
 * while committing"):
 * <ul>
 *   <li>Before COMMIT, a transaction that wrote (some statement not provably read-only) has its
 *       xid captured with {@code pg_current_xact_id_if_assigned()}: one round trip, skipped for
 *       read-only transactions and when {@code retry.resolveCommits=false}. No xid means nothing
 *       was written: the COMMIT's outcome cannot matter.</li>
 *   <li>COMMIT answered 40001/40P01 (a serialization failure found at commit): the transaction is
 *       replayed ({@link TransactionReplay}) and committed again.</li>
 *   <li>COMMIT sent and the connection lost (no reply, 08xxx, 57P01/57P02): the xid is resolved on
 *       a new connection ({@link Commits#awaitSettled}, within the reconnect window). COMMITTED
 *       returns normally and the connection carries on with the new physical connection; ABORTED
 *       replays and commits again; anything else (IN_PROGRESS to the end, UNKNOWN, no connection
 *       within the window) is {@link CommitOutcomeUnknownException} with the xid.</li>
 * </ul>
 *
 * <p>An xid names a transaction only in the server history that assigned it. A promoted standby
 * that never received the transaction hands the same xid to its own next transactions, and a
 * server restarted after a crash may do the same when the transaction's WAL never reached disk:
 * {@code pg_xact_status} then answers "committed" for somebody else's transaction. So the same
 * round trip that captures the xid captures where it was assigned (the {@link ServerIdentity}, as
 * values no session setting renders differently, and the WAL insert position), and a COMMITTED
 * answer is believed only from a history that provably contains the assignment
 * ({@link Identity#sameHistory}): the same server run; a restart whose checkpoint shows the xid was already handed out; or a later timeline
 * (a switchover, a failover) whose history file says the old timeline ran past the captured
 * position. Otherwise UNKNOWN. ABORTED stays believable (this transaction is not in that history
 * either way, so running it again cannot apply it twice there); and a later timeline whose history
 * left the captured one at or before the captured position is ABORTED without asking the id
 * ({@link Identity#forkedBefore}): the commit record, written after that position, is not in it.
 */
public final class CommitResolver {

    private final CommittingConnection connection;
    private final RetryConfig config;
    private final RetryPolicy policy;
    private final RetryReporter reporter;
    /** The proof of a lost COMMIT of a transaction without an id, asked again when its new connection breaks. */
    private final NewConnections questions;
    /**
     * Why a new connection dialed for a lost COMMIT's question cannot be the application's session
     * (what code left on the lost one, {@link #swapToAsk}), or null: the question needs no session,
     * so it is asked all the same, and the refusal stands once the outcome is known.
     */
    private SessionRefused refusedToAsk;
    /** How many refusals {@link #swapToAsk} takes in a row: each one's cause is forgotten by the session it refuses. */
    private static final int MAX_REFUSALS = 3;

    /**
     * Where the WAL was when the transaction's id was first seen (null while it has none, and so on a
     * standby): past the transaction's first WAL record, which carries the id. Per transaction, unlike
     * the identity. No quote character: it rides with the application's SQL too.
     */
    static final String POSITION_SQL = "case when pg_catalog.pg_current_xact_id_if_assigned() is null then null else"
            + " pg_catalog.pg_current_wal_insert_lsn()::pg_catalog.text end";

    /** The open transaction's id, assigned now if it has none (not on a standby, which assigns none). */
    static final String FORCED_XID_SQL = "(case when pg_catalog.pg_is_in_recovery() then null else"
            + " pg_catalog.pg_current_xact_id() end)::pg_catalog.text::bigint";

    /**
     * The xid and where the WAL was when it was seen, and where it was assigned ({@link ServerIdentity}):
     * the identity only while it is not known for the physical connection (it is read once per one).
     */
    private static final String CAPTURE = "select pg_catalog.pg_current_xact_id_if_assigned()::pg_catalog.text::bigint, "
            + POSITION_SQL;
    private static final String CAPTURE_WITH_IDENTITY = CAPTURE + ", " + ServerIdentity.SQL;
    /** As CAPTURE, for work the server would give an id only at COMMIT or that ran out of sight. */
    private static final String CAPTURE_FORCED = "select " + FORCED_XID_SQL + ", " + POSITION_SQL;
    private static final String CAPTURE_FORCED_WITH_IDENTITY = CAPTURE_FORCED + ", " + ServerIdentity.SQL;

    /**
     * Whether an id, captured under a {@link ServerIdentity} ({@link ServerIdentity#SQL}, once per
     * physical connection) with the WAL at a position ({@link #POSITION_SQL}, once per transaction:
     * past the transaction's first WAL record), names the same transaction on the server a lookup
     * reached: an xid means the same transaction only in a server history that provably contains
     * that assignment ({@link #sameHistory}). The identities are compared field by field, never as
     * text (issue 36).
     */
    public static final class Identity {

        private Identity() {
        }

        public static long parseLsn(String lsn) {
            int slash = lsn.indexOf('/');
            return (Long.parseLong(lsn.substring(0, slash), 16) << 32) | Long.parseLong(lsn.substring(slash + 1), 16);
        }

        /**
         * Whether {@code xid}, captured under {@code captured} with the WAL at {@code position}, still
         * names the same transaction on {@code physical}, whose identity is {@code now}:
         * <ul>
         *   <li>the same server run ({@link ServerIdentity#sameRunAs}: a hand reset of shared
         *       statistics is still the same run);</li>
         *   <li>a restart (or a reinitialisation of shared memory) on the same timeline whose latest
         *       checkpoint (the shutdown checkpoint of a clean stop, or the one that ends crash
         *       recovery) already counts {@code xid} as handed out, so the server cannot hand it out
         *       again;</li>
         *   <li>a later timeline (a switchover, a failover) whose history says the captured timeline
         *       ran in it at least up to {@code position}. The transaction's first WAL record, which
         *       carries the id, lies below that position, so the promoted server replayed it, and
         *       replaying a record moves the next xid past the record's: the new timeline never hands
         *       {@code xid} out, and "committed" there is this transaction's commit record. (A
         *       transaction whose writes all skip WAL, temporary and unlogged tables, has nothing
         *       in the new history either way.) A standby that stopped short of that position (it
         *       missed the transaction, or a crash lost WAL it never received) is another history.</li>
         * </ul>
         * Anything else, another cluster (system identifier) included, or not being allowed to read
         * the checkpoint or the timeline history ({@code pg_read_file} needs superuser,
         * {@code pg_read_server_files} or EXECUTE on it), is another history.
         */
        static boolean sameHistory(ServerIdentity captured, ServerIdentity now, String position, long xid, Connection physical) {
            if (captured == null || now == null || !captured.sameSystem(now)) {
                return false; // captured on a standby (promoted since), or now one, or another cluster
            }
            if (captured.sameRunAs(now)) {
                return true;
            }
            if (now.timeline() == captured.timeline()) {
                return nextXidPast(xid, physical);
            }
            if (now.timeline() < captured.timeline() || position == null) {
                return false;
            }
            Long switchPoint = switchPoint(physical, now, captured.timeline());
            return switchPoint != null && parseLsn(position) <= switchPoint;
        }

        /**
         * Whether {@code xid}, captured under {@code captured}, was never handed out in the history
         * of {@code physical} (identity {@code now}): the same cluster and timeline, a server that
         * started since ({@link ServerIdentity#restartedIn}), or whose shared memory was
         * reinitialised since after a backend crashed ({@link ServerIdentity#reinitialisedIn}), and
         * whose latest checkpoint does not count {@code xid} as handed out. A start ends crash
         * recovery with a checkpoint (a clean stop wrote one) whose next id is past every id in the
         * WAL it kept, and later checkpoints only count further; so none of the transaction's WAL
         * records survived, its commit record included: it did not commit in this history, and
         * running it again cannot apply it twice (issue 26: a busy pool crash-restarted hands
         * {@code xid} out again within moments, so {@code pg_xact_status} would answer for somebody
         * else). A reinitialisation counts only with the latest checkpoint begun at or after its
         * instant (the checkpoint ending its recovery; whole seconds, as the control file keeps
         * them). A hand reset of shared statistics is no reinitialisation (issue 36): one kind
         * reset, or several at instants of their own, is not all of them at one instant. False
         * when anything is not known.
         */
        static boolean neverAssignedIn(ServerIdentity captured, ServerIdentity now, long xid, Connection physical) {
            if (captured == null || now == null || xid == Commits.NO_XID) {
                return false;
            }
            boolean restarted = captured.restartedIn(now);
            boolean reinitialised = captured.reinitialisedIn(now);
            if (!restarted && !reinitialised) {
                return false;
            }
            try (PreparedStatement ps = physical.prepareStatement(ReadOnlyProof.MARK + "select ((pg_catalog.split_part(next_xid, ':', 1)::bigint << 32)"
                    + " + pg_catalog.split_part(next_xid, ':', 2)::bigint <= ?)::pg_catalog.text,"
                    + " extract(epoch from checkpoint_time)::bigint from pg_catalog.pg_control_checkpoint()")) {
                ps.setLong(1, xid);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next() || !"true".equals(rs.getString(1))) {
                        return false;
                    }
                    long checkpointSeconds = rs.getLong(2);
                    return restarted || (!rs.wasNull() && checkpointSeconds >= Math.floorDiv(now.resetMicros(), 1_000_000L));
                }
            } catch (SQLException e) {
                return false; // not allowed to read the checkpoint: not known
            }
        }

        /**
         * Whether {@code physical} (identity {@code now}), a primary of a later timeline than
         * {@code captured}, comes from a history that left the captured timeline at or before
         * {@code position}: its history file's switch point for that timeline is not past the
         * position where the WAL was when the transaction's id was seen. COMMIT was sent after that,
         * so the transaction's commit record lies at or past the position, and a history that took
         * the old timeline's WAL only up to the switch point holds no commit of it, nor ever will
         * (its backend lived on the old timeline): in this history it did not commit, and running it
         * again cannot apply it twice here, whoever holds its id now (a promoted standby that missed
         * the transaction hands the same id out again; its "committed" would be somebody else's).
         * Issue 26: a COMMIT cut by the demotion of a frozen leader whose WAL the synchronous standby
         * never received. False when anything is not known (no position, another cluster, the
         * history file not readable).
         */
        static boolean forkedBefore(ServerIdentity captured, ServerIdentity now, String position, Connection physical) {
            if (captured == null || now == null || position == null || !captured.sameSystem(now)
                    || now.timeline() <= captured.timeline()) {
                return false;
            }
            Long switchPoint = switchPoint(physical, now, captured.timeline());
            return switchPoint != null && switchPoint <= parseLsn(position);
        }

        private static boolean nextXidPast(long xid, Connection physical) {
            try (PreparedStatement ps = physical.prepareStatement(ReadOnlyProof.MARK + "select ((pg_catalog.split_part(next_xid, ':', 1)::bigint << 32)"
                    + " + pg_catalog.split_part(next_xid, ':', 2)::bigint > ?)::pg_catalog.text from pg_catalog.pg_control_checkpoint()")) {
                ps.setLong(1, xid);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() && "true".equals(rs.getString(1));
                }
            } catch (SQLException e) {
                return false;
            }
        }

        /**
         * Where {@code timeline} ended in the history of the server's current timeline (its history
         * file: one line per ancestor, "parent timeline, switch point, reason"); null when it is not
         * an ancestor or the file cannot be read.
         */
        private static Long switchPoint(Connection physical, ServerIdentity now, long timeline) {
            String history;
            try (PreparedStatement ps = physical.prepareStatement(ReadOnlyProof.MARK + "select pg_catalog.pg_read_file(?)")) {
                ps.setString(1, "pg_wal/" + now.timelineHex() + ".history");
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return null;
                    }
                    history = rs.getString(1);
                }
            } catch (SQLException e) {
                return null;
            }
            return switchPoint(history, timeline);
        }

        /** The switch point of {@code timeline} in the text of a timeline history file; null if it is not there. */
        static Long switchPoint(String history, long timeline) {
            if (history == null) {
                return null;
            }
            for (String line : history.split("\n")) {
                String[] fields = line.trim().split("\\s+");
                if (fields.length < 2 || fields[0].isEmpty() || fields[0].startsWith("#")) {
                    continue;
                }
                try {
                    if (Long.parseLong(fields[0]) == timeline) {
                        return parseLsn(fields[1]);
                    }
                } catch (RuntimeException malformed) {
                    return null;
                }
            }
            return null;
        }
    }

    public CommitResolver(CommittingConnection connection, RetryConfig config) {
        this.connection = connection;
        this.config = config;
        this.policy = config.policy();
        this.reporter = config.reporter();
        this.questions = new NewConnections(policy, reporter, connection);
    }

    /** Commits the open transaction, or throws what the application should see. */
    public void commit() throws SQLException {
        Run run = null;
        while (true) {
            Connection d = connection.delegate();
            boolean capture = config.resolveCommits();
            TransactionId tx = capture ? connection.xid() : null;
            // the id rode with the statements (TransactionId): a round trip only when some statement could
            // not carry it and may have written, or for work the server names only at COMMIT or that we cannot see
            Journal journal = connection.journal();
            if (capture && !tx.known() && (tx.forced() || (tx.stale() && journal.wrote()))) {
                try {
                    // the layer's own question, not the application's statement (Telemetry)
                    Telemetry.ownWork(LayerTelemetry.Work.QUESTION, () -> capture(d, tx));
                } catch (SQLException e) {
                    // COMMIT not sent yet: a failure like any statement's
                    run = beforeCommit(e, run);
                    continue;
                }
            }
            long xid = capture ? tx.xid() : Commits.NO_XID;
            ServerIdentity identity = capture ? tx.identity(connection.generation()) : null;
            String position = capture ? tx.position() : null;
            // the server's word that, as of the transaction's last statement, it had no id
            boolean noXid = capture && xid == Commits.NO_XID && !tx.stale();
            boolean wrote = journal.wrote();
            try {
                d.commit();
            } catch (SQLException e) {
                // the entries as they are now (nothing of the layer ran since COMMIT was sent): resolving a lost
                // COMMIT swaps the connection, which clears them. Copied here, on the failure path only
                List<JournalEntry> entries = journal.replayableEntries();
                String notReplayable = entries == null ? journal.refused() : connection.pinnedBy();
                // a pinned transaction did what a new connection cannot do again
                List<JournalEntry> replayable = notReplayable == null ? entries : null;
                Retryability recovery = FailureClass.of(e, false, false, false);
                if ((recovery == Retryability.SAFE || recovery == Retryability.RESET_STATE) && Classifier.serverReported(e)) {
                    // a serialization failure detected at COMMIT: nothing committed. Or pgjdbc's own COMMIT
                    // statement was gone from the server connection (26000 behind PgBouncer, once no statement
                    // of the transaction met that first): COMMIT never ran, and the transaction is aborted
                    run = heal(e, recovery, run, replayable);
                    continue;
                }
                if (!recovery.needsNewConnection()) {
                    // the server answered: the transaction is over (rolled back), and so is its journal
                    connection.commitRefused();
                    throw e;
                }
                // its session SETs hold if it is reported committed; the swaps below would drop them
                Object settings = connection.session().takePending();
                // what only the lost connection held: a swap below forgets it
                String pinned = connection.pinnedBy();
                refusedToAsk = null;
                if ((noXid || !wrote) && xid == Commits.NO_XID && readsCannotHaveWritten(entries, e)) {
                    // no id (the server's word) or only reads (by the text, with no id captured), and the
                    // server proved that nothing it ran can have written or notified: whether the COMMIT
                    // landed makes no difference (the connection may already be a new one)
                    committedOnto(settings);
                    refuseIfAsked(pinned);
                    break;
                }
                if (xid == Commits.NO_XID && (noXid || !wrote)) {
                    connection.markLost(e);
                    CommitOutcomeUnknownException unknown = new CommitOutcomeUnknownException(
                            "The connection was lost during COMMIT; whether the "
                            + "transaction committed is unknown (it had no transaction id, but the server could not prove that "
                            + "nothing it ran can have written or sent a notification: a volatile function, directly or "
                            + "through a view, row-level security policy or operator; or its statements were not kept)",
                            Commits.NO_XID, e);
                    reporter.gaveUp(run(run).event(unknown, Retryability.UNKNOWN, Duration.ZERO,
                            "connection lost during COMMIT"));
                    throw unknown;
                }
                if (!capture) {
                    connection.markLost(e);
                    CommitOutcomeUnknownException unknown = new CommitOutcomeUnknownException(
                            "The connection was lost during COMMIT; whether the "
                            + "transaction committed is unknown (retry.resolveCommits is off)", Commits.NO_XID, e);
                    reporter.gaveUp(run(run).event(unknown, Retryability.UNKNOWN, Duration.ZERO,
                            "connection lost during COMMIT"));
                    throw unknown;
                }
                CommitOutcome outcome = resolve(xid, identity, position, e);
                if (outcome == CommitOutcome.COMMITTED) {
                    committedOnto(settings);
                    refuseIfAsked(pinned);
                    break;
                }
                if (outcome == CommitOutcome.ABORTED) {
                    SessionRefused refused = refusedToAsk;
                    if (replayable == null || refused != null) {
                        // a replay needs the session the transaction began on, which a new connection cannot be
                        String why = refused != null ? "a new connection cannot be the session it began on" : notReplayable;
                        connection.transactionFailed(e);
                        refuseIfAsked(null);
                        throw new SQLException("The connection was lost during COMMIT and the transaction did not commit "
                                + "(it could not be replayed: " + why + ")", "40000", e);
                    }
                    // the connection is already new; the replay rolls back the lookup's transaction and runs again
                    run = heal(e, Retryability.SAFE, run, replayable);
                    continue;
                }
                connection.markLost(e);
                CommitOutcomeUnknownException unknown = new CommitOutcomeUnknownException(
                        "The connection was lost during COMMIT and the outcome of "
                        + "transaction " + xid + " could not be settled (" + outcome + ")", xid, e);
                reporter.gaveUp(run(run).event(unknown, Retryability.UNKNOWN, Duration.ZERO, "COMMIT outcome " + outcome));
                throw unknown;
            }
            break;
        }
        policy.succeeded();
        if (run != null) {
            reporter.recovered(run.recoveredEvent());
        } else {
            reporter.succeededWithoutRetry();
        }
    }

    /**
     * Whether a transaction with no id (none assigned, by the server's word, or none captured for
     * one that only read) cannot have written or notified, so that whether its lost COMMIT landed
     * makes no difference: each statement, with its parameters, proven by the server on a new
     * connection ({@link LostWork#atCommit}; another one when that breaks under the proof). False
     * when the statements were not kept or the proof cannot be had.
     */
    private boolean readsCannotHaveWritten(List<JournalEntry> entries, SQLException lost) {
        if (entries == null) {
            connection.dropPhysical();
            return false;
        }
        List<LostWork.Work> work = new ArrayList<>(entries.size());
        for (JournalEntry entry : entries) {
            if (entry.kind == JournalEntry.EXECUTION) {
                work.add(new LostWork.Work(entry.sql, entry.binding, entry.prepared()));
            }
        }
        return withoutIdCannotMatter(work, lost);
    }

    /**
     * Whether {@code work}, which had no transaction id when its COMMIT was lost ({@code lost}),
     * cannot have written nor left a notification to be sent at COMMIT (a notifying transaction gets
     * its id only then): the server's proof ({@link LostWork#atCommit}) on a new connection, or on
     * another when that one breaks under it. The connection in hand is the new one afterwards (none
     * when no dial succeeded). Reported as a resolved commit ({@link Commits#NO_XID}): COMMITTED when
     * proven, UNKNOWN when not. Also for an autocommit write run in a transaction of its own
     * ({@code AutocommitResolution}).
     */
    public boolean withoutIdCannotMatter(List<LostWork.Work> work, SQLException lost) {
        // No shortcut for a read-only session or for statements our scanner finds no function in:
        // a read-only transaction still sends its notifications, and attribute notation, a trigger
        // or a comment hides a call from the scanner. The server proves each statement, as for a lost
        // autocommit read (ReadOnlyProof), on a new connection.
        Connection fresh;
        try {
            fresh = swapToAsk();
        } catch (SQLException dial) {
            lost.addSuppressed(dial);
            return false;
        }
        Deadline window = Deadline.after(config.reconnectWindow(), policy.nanoClock());
        boolean readOnlySession = connection.session().readOnly();
        boolean proven;
        try {
            // the layer's own work, as a lookup of an id is: a tracer may give it a span of its own (Telemetry)
            proven = Telemetry.ownWork(LayerTelemetry.Work.COMMIT_RESOLUTION,
                    () -> questions.ask(fresh, c -> LostWork.atCommit(c, work, readOnlySession), lost, window)).readOnly();
        } catch (SQLException dial) {
            lost.addSuppressed(dial);
            proven = false;
        }
        // the lost COMMIT is settled either way, as by a lookup of its id: listeners and pools
        // account for the connection the proof replaced
        reporter.commitResolved(Commits.NO_XID, proven ? CommitOutcome.COMMITTED : CommitOutcome.UNKNOWN,
                connection.id());
        return proven;
    }

    /**
     * A new physical connection to ask a lost COMMIT's question on. One that cannot be the
     * application's session (code the lost one ran may have left a role, a tenant, a lock:
     * {@link SessionRefused}) still answers what became of a transaction: the refusal is kept
     * ({@link #refusedToAsk}) and another is dialed, which the session's marks no longer stop (the
     * refusal forgot them). Without this, the question's retry would dial past the refusal, and a
     * session that lost what its code set would go on silently (issue 36's matrix).
     */
    private Connection swapToAsk() throws SQLException {
        for (int refusals = 0; ; refusals++) {
            try {
                return connection.swap();
            } catch (SessionRefused refused) {
                if (refusedToAsk == null) {
                    refusedToAsk = refused;
                }
                if (refusals >= MAX_REFUSALS) {
                    throw refused;
                }
            }
        }
    }

    /**
     * The lost COMMIT is settled: a refusal met on the way stands, and so does the state only the
     * lost connection held ({@code pinned}, or null: a temporary table, LISTEN, a session
     * authorization the layer cannot give a new one). Calls are then refused until rollback().
     */
    private void refuseIfAsked(String pinned) {
        SessionRefused refused = refusedToAsk;
        refusedToAsk = null;
        if (refused == null && pinned != null) {
            refused = new SessionRefused("The connection was lost during COMMIT; the transaction committed, but the"
                    + " session held state only the lost connection had (" + pinned + "), which a new one does not"
                    + " have. Call rollback() to continue on a new connection without that state.", "08003");
        }
        if (refused != null) {
            connection.markLost(refused);
        }
    }

    /** The session SETs of the transaction reported committed hold, on the new physical connection too. */
    private void committedOnto(Object settings) {
        if (settings == null) {
            return;
        }
        try {
            connection.session().committedOnto(settings, connection.physicalInHand());
        } catch (SQLException e) {
            // the COMMIT is settled; a connection that fails its restore is let go, and the next call
            // dials one that gets every setting
            connection.dropPhysical();
        }
    }

    /**
     * The transaction's id, asked just before COMMIT, with the server identity while it is not known
     * for the physical connection (the identity costs the server more than the rest: once per one).
     */
    private void capture(Connection d, TransactionId tx) throws SQLException {
        int generation = connection.generation();
        ServerIdentity known = tx.identity(generation);
        String sql = tx.forced() ? (known != null ? CAPTURE_FORCED : CAPTURE_FORCED_WITH_IDENTITY)
                : (known != null ? CAPTURE : CAPTURE_WITH_IDENTITY);
        try (PreparedStatement ps = d.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            rs.next();
            long id = rs.getLong(1);
            long xid = rs.wasNull() ? Commits.NO_XID : id;
            ServerIdentity identity = known != null ? known : ServerIdentity.parse(rs.getString(3));
            tx.capturedAtCommit(xid, identity, rs.getString(2), generation, d);
        }
    }

    private Run run(Run run) {
        return run != null ? run : new Run(policy, Duration.ZERO, connection.id());
    }

    private Run beforeCommit(SQLException e, Run run) throws SQLException {
        Retryability recovery = FailureClass.of(e, false, false, false);
        if (Classifier.serverReported(e)) {
            connection.transactionFailed(e);
        }
        return heal(e, recovery, run, connection.journal().replayableEntries());
    }

    private Run heal(SQLException e, Retryability recovery, Run run, List<JournalEntry> entries) throws SQLException {
        if (run == null) {
            run = new Run(policy, config.reconnectWindow(), connection.id());
        }
        run.failed(e);
        if (entries == null || !recovery.isRetryable() || connection.pinnedBy() != null) {
            connection.transactionFailed(e);
            if (recovery.needsNewConnection()) {
                connection.markLost(e);
            }
            if (recovery.isRetryable()) {
                reporter.replay(ReplayOutcome.NOT_REPLAYABLE, connection.id());
            }
            reporter.gaveUp(run.event(e, recovery, Duration.ZERO, "COMMIT failed; transaction not replayable"
                    + (entries == null ? ": " + connection.journal().refused() : "")));
            throw Run.withPrevious(e, run);
        }
        return connection.replay().heal(e, recovery, run, entries);
    }

    /**
     * What became of {@code xid}, captured under {@code identity} with the WAL at {@code position},
     * whose COMMIT lost its connection ({@code lost}): {@link #resolve}, for an autocommit
     * statement run in a transaction of its own ({@link AutocommitResolution}).
     */
    public CommitOutcome outcome(long xid, ServerIdentity identity, String position, SQLException lost) {
        return resolve(xid, identity, position, lost);
    }

    /**
     * Asks a new connection what became of {@code xid}, waiting while it is in progress, all within
     * the reconnect window. A lookup connection that dies under the question (a pooled connection
     * killed in the same sweep as the COMMIT's, a server that is still full) is no answer: the
     * question is asked again on another, with the dial's waits. UNKNOWN when the window ends first.
     */
    private CommitOutcome resolve(long xid, ServerIdentity identity, String position, SQLException lost) {
        CommitOutcome outcome;
        try {
            // the layer's own work: a tracer may give it a span of its own (Telemetry)
            outcome = Telemetry.ownWork(LayerTelemetry.Work.COMMIT_RESOLUTION, () -> lookUpWithinWindow(xid, identity, position, lost));
        } catch (SQLException notThrown) {
            // the lookup throws nothing of its own: a telemetry provider's failure, and no answer
            lost.addSuppressed(notThrown);
            outcome = CommitOutcome.UNKNOWN;
        }
        reporter.commitResolved(xid, outcome, connection.id());
        return outcome;
    }

    private CommitOutcome lookUpWithinWindow(long xid, ServerIdentity identity, String position, SQLException lost) {
        long started = policy.nanoClock().getAsLong();
        Deadline deadline = Deadline.after(config.reconnectWindow(), policy.nanoClock());
        CommitOutcome outcome = CommitOutcome.UNKNOWN;
        for (int attempt = 1; ; attempt++) {
            try {
                outcome = lookUp(xid, identity, position, deadline);
                break;
            } catch (SQLException e) {
                lost.addSuppressed(e);
                Attempt next = policy.decideReconnect(e, attempt, deadline.remaining());
                if (!next.retry()) {
                    break;
                }
                // a retry like any other (0: bounded by the window, not by attempts), so that listeners
                // and pools can account for the connection it replaces
                reporter.retrying(RetryReporter.event(e, next, attempt, 0, connection.id(),
                        Duration.ofNanos(policy.nanoClock().getAsLong() - started)));
                try {
                    policy.sleeper().sleep(next.delay());
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    lost.addSuppressed(interrupted);
                    break;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                lost.addSuppressed(e);
                break;
            }
        }
        return outcome;
    }

    private CommitOutcome settled(Connection fresh, long xid, ServerIdentity identity, String position, Deadline deadline)
            throws SQLException {
        // read once: a live connection's server cannot restart, change timeline or cluster under it
        ServerIdentity now = identity == null ? null : ServerIdentity.of(fresh);
        if (Identity.neverAssignedIn(identity, now, xid, fresh)) {
            return CommitOutcome.ABORTED; // lost with the crash, before its WAL reached disk
        }
        if (Identity.forkedBefore(identity, now, position, fresh)) {
            return CommitOutcome.ABORTED; // a later timeline that left ours before the commit record could be written
        }
        CommitOutcome outcome;
        try {
            outcome = Commits.awaitSettled(fresh, xid, deadline, policy.sleeper());
        } catch (InterruptedException e) {
            throw new Interrupted(e);
        }
        if (outcome == CommitOutcome.COMMITTED && !Identity.sameHistory(identity, now, position, xid, fresh)) {
            // another server history (a failover, a crash restart): the xid may be somebody else's
            return CommitOutcome.UNKNOWN;
        }
        return outcome;
    }

    /** Carries an interrupt of the wait out of the frame's question. */
    private static final class Interrupted extends SQLException {
        private static final long serialVersionUID = 1L;
        final transient InterruptedException cause;

        Interrupted(InterruptedException cause) {
            super(cause);
            this.cause = cause;
        }
    }

    /** One question on a new physical connection: throws when that connection fails under it. */
    private CommitOutcome lookUp(long xid, ServerIdentity identity, String position, Deadline deadline)
            throws SQLException, InterruptedException {
        Connection fresh = swapToAsk();
        try {
            // the layer's own questions, where nothing can write or stay
            return ReadOnlyFrame.ask(fresh, c -> settled(c, xid, identity, position, deadline));
        } catch (Interrupted interrupted) {
            throw interrupted.cause;
        } finally {
            if (!fresh.getAutoCommit()) {
                fresh.rollback();
            }
        }
    }
}
