package io.retrying.jdbc.internal.commit;

import io.retrying.jdbc.Commits;
import io.retrying.jdbc.internal.jdbc.RetryingConnection;
import io.retrying.jdbc.internal.sql.SqlScan;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.postgresql.jdbc.PgConnection;
import org.postgresql.jdbc.PreferQueryMode;

/**
 * What the open transaction's id is known to be, so that a COMMIT whose reply is lost can be
 * resolved (DESIGN.md "Commit resolution without a round trip"). Inside an explicit transaction,
 * until the server has assigned an id, each statement that can carry it (but a plain read ahead of
 * any write, below) has the capture appended ({@link #RIDE}): pgjdbc sends the two statements with one Sync, so the id costs no round trip of
 * its own, and the application sees only its statement's results. When every statement since the
 * last capture carried it, "no id" is the server's word that the transaction has written nothing
 * (as of its last statement) and COMMIT needs no capture; otherwise ({@link #stale}) COMMIT pays
 * the round trip, as before.
 *
 * <p>A plain read ahead of the transaction's first statement that may write goes without the
 * capture ({@link #readsWithout}): a statement the scanner reads as a read with no function call
 * (SELECT/WITH/VALUES/TABLE/SHOW, no writing keyword, no call). The scanner only filters; what
 * keeps this safe is the invariant below, which the text's reading never enters:
 * <ul>
 *   <li>If any later statement of the transaction carries the capture, the capture answers for the
 *       whole transaction, those reads included: {@code pg_current_xact_id_if_assigned()} returns
 *       the id assigned by any earlier statement (a read that wrote through a volatile function in a
 *       view, an operator, a policy got one then), so the resolution is as exact as if every read
 *       had carried it.</li>
 *   <li>Otherwise ({@link #stale}, and the journal says nothing wrote by its text, so COMMIT pays
 *       no capture round trip) a COMMIT whose reply is lost has no id to look up, and
 *       {@code CommitResolver} judges it as a transaction of reads: each journaled statement is
 *       proven read-only with the server ({@code proof.ReadOnlyProof}) before the outcome is let
 *       not matter; a read that wrote (its transaction then holds an id the layer never saw) fails
 *       the proof, and the application gets 08007 ({@code CommitOutcomeUnknownException}), never
 *       "committed" nor a replay of a transaction that may have committed.</li>
 * </ul>
 * ({@code XidCaptureTest}: a hidden write in such a read, its COMMIT's reply lost or the COMMIT
 * cut, is 08007 and never run again; followed by a write that carries the capture, it is resolved
 * by the id.)
 * Once a statement that may write has run, every later one carries the capture until an id is
 * known, as before: a read after a write that got no id keeps "no id" the server's word, which
 * spares COMMIT its round trip.
 *
 * <p>Work the server gives an id only at COMMIT (NOTIFY) or that runs out of the layer's sight
 * (COPY and large objects through {@code PGConnection}, the unwrapped physical connection) has its
 * id assigned with {@code pg_current_xact_id()} before COMMIT ({@link #force}), so its outcome can
 * be resolved too.
 *
 * <p>One per {@link RetryingConnection}, used by its thread only.
 */
public final class TransactionId {

    /** The capture's first column: the transaction's id, null when none is assigned. */
    public static final String COLUMN = "retrying_jdbc_xid";

    /**
     * Appended to the application's SQL. It starts on a new line (a trailing {@code --} comment
     * ends there) and holds no quote, dollar, comment or placeholder character: it cannot close a
     * literal, identifier or comment the application left open (that SQL fails either way), nor add
     * a parameter. Built-ins by their pg_catalog names: a search_path that puts the application's
     * schema first must not make the capture call the application's code.
     */
    private static final String RIDE_XID = "\n;select pg_catalog.pg_current_xact_id_if_assigned()::pg_catalog.text::bigint as "
            + COLUMN;
    /** As {@link #RIDE_XID}, assigning the id; never on a standby (nothing there gets one, and asking fails). */
    private static final String RIDE_FORCED_XID = "\n;select " + CommitResolver.FORCED_XID_SQL + " as " + COLUMN;

    /** Every capture brings the WAL position once the id is assigned (column 2); the identity rides on (column 3). */
    private static final String POSITION = ", " + CommitResolver.POSITION_SQL;

    private static final String IDENTITY_ONCE_ASSIGNED = POSITION + ", case when pg_catalog.pg_current_xact_id_if_assigned() is null then null else "
            + CommitResolver.IDENTITY_SQL + " end";

    private static final String RIDE = RIDE_XID + POSITION;
    private static final String RIDE_FORCED = RIDE_FORCED_XID + POSITION;
    private static final String RIDE_WITH_IDENTITY = RIDE_XID + IDENTITY_ONCE_ASSIGNED;
    private static final String RIDE_FORCED_WITH_IDENTITY = RIDE_FORCED_XID + IDENTITY_ONCE_ASSIGNED;

    private long xid = Commits.NO_XID;
    /** A statement ran since the last capture without carrying one (or out of sight): "no id" is not known. */
    private boolean stale;
    /** Work that the id must cover was done: the next capture assigns one. */
    private boolean force;
    /** A statement that may write by its text ran (or a replay's, or work out of sight): reads carry the capture too. */
    private boolean mayHaveWritten;
    /** Where ids are assigned on the physical connection of {@link #identityGeneration}. */
    private String identity;
    private int identityGeneration = -1;
    /** Where the WAL was when this transaction's id was first seen ({@link CommitResolver#POSITION_SQL}). */
    private String position;
    /** Whether the capture may ride on the physical connection of {@link #ridesGeneration} ({@link #ridesOn}). */
    private boolean rides;
    private int ridesGeneration = -1;

    /** A new transaction (or a replay's): nothing known yet. */
    public void reset() {
        xid = Commits.NO_XID;
        position = null;
        stale = false;
        force = false;
        mayHaveWritten = false;
    }

    /** The physical connection changed: its server's identity is asked again with the next capture. */
    public void newPhysical() {
        identity = null;
        identityGeneration = -1;
    }

    public boolean known() {
        return xid != Commits.NO_XID;
    }

    public long xid() {
        return xid;
    }

    boolean stale() {
        return stale;
    }

    boolean forced() {
        return force;
    }

    /**
     * Whether a statement of {@code flags} (SqlScan's) runs without the capture: a plain read (no
     * function call) while nothing that may write has run in the transaction (see the class
     * comment for why that is safe). It then counts as run without it ({@link #stale}). Any other
     * statement makes every later one carry the capture until an id is known.
     */
    public boolean readsWithout(int flags) {
        if (!mayHaveWritten && plainRead(flags)) {
            stale = true;
            return true;
        }
        mayHaveWritten = true;
        return false;
    }

    /** SqlScan's flags of a read with no function call (nor a set_config or pinning word the call may hide behind). */
    private static boolean plainRead(int flags) {
        return (flags & (SqlScan.READ_CANDIDATE | SqlScan.CALLS | SqlScan.CONFIG | SqlScan.PINS)) == SqlScan.READ_CANDIDATE;
    }

    /** An execution of the transaction ran without the capture. */
    public void ranWithout() {
        if (xid == Commits.NO_XID) {
            stale = true;
        }
    }

    /** Work outside the journal's sight (COPY, large objects, the physical connection): its id must be assigned. */
    public void outOfSight() {
        if (xid == Commits.NO_XID) {
            stale = true;
            force = true;
            mayHaveWritten = true;
        }
    }

    /**
     * An autocommit write about to run in a transaction of its own ({@code AutocommitResolution})
     * whose text calls a function ({@code flags}, SqlScan's): the capture assigns the id. The
     * function may notify, and a notifying transaction gets its id only at COMMIT; without one, a
     * COMMIT lost before it reached the server would look like a statement that changed nothing.
     * With one it is resolved as any other. The scanner only makes this more careful: a call it
     * does not see (a trigger, attribute notation) leaves "no id" to the server's proof.
     */
    public void assignIfCalls(int flags) {
        if ((flags & SqlScan.CALLS) != 0) {
            force = true;
        }
    }

    /** A replay re-ran {@code sql} ({@code flags}) without the capture: a notification in it needs its id assigned before COMMIT. */
    public void replayed(String sql, int flags) {
        if (xid == Commits.NO_XID) {
            stale = true;
            force |= notifies(sql);
            mayHaveWritten |= !plainRead(flags);
        }
    }

    /** Where the WAL was when the id was first seen in this transaction, or null. */
    public String position() {
        return position;
    }

    /** The identity captured on the physical connection of {@code generation}, or null. */
    public String identity(int generation) {
        return identityGeneration == generation ? identity : null;
    }

    /**
     * The text to append to {@code sql} on {@code physical}, the connection of {@code generation}:
     * with the identity's column until it is known for that connection (this thread may have read
     * it on an earlier borrow of the same one: {@link ServerIdentities}).
     */
    public String ride(String sql, int generation, Connection physical) {
        if (identityGeneration != generation) {
            String known = ServerIdentities.lastReadOn(physical);
            if (known != null) {
                identity = known;
                identityGeneration = generation;
            }
        }
        boolean forced = force || notifies(sql);
        // the identity only matters once there is an id: the server works it out only then, and the first
        // capture that sees an id brings it back
        if (identityGeneration == generation) {
            return forced ? RIDE_FORCED : RIDE;
        }
        return forced ? RIDE_FORCED_WITH_IDENTITY : RIDE_WITH_IDENTITY;
    }

    /**
     * Whether the capture may ride with the application's statements on {@code physical}, the
     * connection of {@code generation}: not where pgjdbc forces binary transfers there
     * ({@link #forcesBinary}), nor with {@code preferQueryMode=simple} ({@link #simpleQueries}), nor
     * once the server refused a statement carrying it ({@link #refusedOn}). Asked of pgjdbc once per
     * physical connection.
     */
    public boolean ridesOn(int generation, Connection physical) {
        if (ridesGeneration != generation) {
            rides = physical != null && !forcesBinary(physical) && !simpleQueries(physical);
            ridesGeneration = generation;
        }
        return rides;
    }

    /**
     * The server refused a statement that carried the capture on the connection of
     * {@code generation}: the capture rides no more there (COMMIT pays the round trip).
     */
    public void refusedOn(int generation) {
        rides = false;
        ridesGeneration = generation;
    }

    /**
     * Whether pgjdbc forces binary transfers on {@code physical} ({@code prepareThreshold=-1},
     * or {@code -Dorg.postgresql.forceBinary}, which its statements read once). It then
     * describes a statement not yet described in a round trip of its own, and for a string of
     * several statements it gives the first one that returns rows the row description of the
     * last (pgjdbc 42.7.14, QueryExecutorImpl: describe-only RowDescriptions do not advance its
     * queue of portals to describe): the application's SELECT would be bound with the capture's
     * three result formats, and the server refuses it (08P01 "bind message has 3 result formats
     * but query has 1 columns"). Not knowing (a connection that is not pgjdbc's): forced.
     */
    static boolean forcesBinary(Connection physical) {
        if (FORCE_BINARY_PROPERTY) {
            return true;
        }
        try {
            return physical.unwrap(PgConnection.class).getForceBinary();
        } catch (SQLException | RuntimeException e) {
            return true;
        }
    }

    /**
     * Whether pgjdbc sends every statement as a simple Query ({@code preferQueryMode=simple}): the
     * server's lexer, not pgjdbc's, then splits the string, and the two read nested comments,
     * {@code U&'...' UESCAPE} and {@code standard_conforming_strings=off} each their own way, so
     * nothing proves that an appended statement cannot join or change the application's. The capture
     * does not ride there (COMMIT pays the round trip). Not knowing: simple.
     */
    static boolean simpleQueries(Connection physical) {
        try {
            return physical.unwrap(PgConnection.class).getPreferQueryMode() == PreferQueryMode.SIMPLE;
        } catch (SQLException | RuntimeException e) {
            return true;
        }
    }

    /** pgjdbc's statements read {@code org.postgresql.forceBinary} when their class loads: read it as they did. */
    private static final boolean FORCE_BINARY_PROPERTY = Boolean.getBoolean("org.postgresql.forceBinary");

    /**
     * Reads a capture's row (the caller checked its first column's label): the id, and the identity
     * when it was asked.
     */
    public void captured(ResultSet rs, int generation, Connection physical) throws SQLException {
        if (!rs.next()) {
            throw new SQLException("The transaction id capture returned no row", "XX000");
        }
        long id = rs.getLong(1);
        if (!rs.wasNull()) {
            xid = id;
        }
        int columns = rs.getMetaData().getColumnCount();
        if (columns > 1 && position == null) {
            position = rs.getString(2);
        }
        if (columns > 2) {
            identity = rs.getString(3);
            // none on a standby: asked again while it stays so (a promoted standby assigns ids)
            identityGeneration = identity != null ? generation : -1;
            ServerIdentities.read(physical, identity);
        }
        stale = false;
        force = false;
    }

    /** A capture made at COMMIT (a round trip): its results. */
    void capturedAtCommit(long id, String identity, String position, int generation, Connection physical) {
        xid = id;
        this.identity = identity;
        ServerIdentities.read(physical, identity);
        if (this.position == null) {
            this.position = position;
        }
        identityGeneration = generation;
        stale = false;
        force = false;
    }

    /**
     * Whether the application's {@code sql} can carry the capture: one statement that starts with a
     * word the capture may follow in the same string (a query, DML, NOTIFY), as the scanner reads it.
     * When unsure, no: that costs only the round trip at COMMIT.
     */
    public static boolean canRide(String sql, int flags) {
        if ((flags & (SqlScan.MULTI | SqlScan.TX_CONTROL | SqlScan.SESSION | SqlScan.PINS | SqlScan.CONFIG)) != 0) {
            return false;
        }
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int eol = sql.indexOf('\n', i);
                if (eol < 0) {
                    return false;
                }
                i = eol + 1;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                // nested comments are not followed: not knowing, do not ride
                int end = sql.indexOf("*/", i + 2);
                if (end < 0 || sql.lastIndexOf("/*", end) != i) {
                    return false;
                }
                i = end + 2;
            } else {
                break;
            }
        }
        return startsWithWord(sql, i, "select") || startsWithWord(sql, i, "insert") || startsWithWord(sql, i, "update")
                || startsWithWord(sql, i, "delete") || startsWithWord(sql, i, "with") || startsWithWord(sql, i, "values")
                || startsWithWord(sql, i, "merge") || startsWithWord(sql, i, "table") || startsWithWord(sql, i, "notify");
    }

    private static boolean startsWithWord(String sql, int at, String word) {
        int end = at + word.length();
        return sql.regionMatches(true, at, word, 0, word.length())
                && (end == sql.length() || !Character.isJavaIdentifierPart(sql.charAt(end)));
    }

    /**
     * Whether {@code sql} surely notifies (NOTIFY, pg_notify): PostgreSQL assigns such a
     * transaction its id only at COMMIT, so the capture assigns it. A notification sent from inside
     * a function the text does not name is judged on the failure path (see CommitResolver).
     */
    static boolean notifies(String sql) {
        int n = sql.length();
        for (int i = sql.indexOf('o'); i > 0 && i < n; i = sql.indexOf('o', i + 1)) {
            if (sql.regionMatches(true, i - 1, "notify", 0, 6)) {
                return true;
            }
        }
        for (int i = sql.indexOf('O'); i > 0 && i < n; i = sql.indexOf('O', i + 1)) {
            if (sql.regionMatches(true, i - 1, "notify", 0, 6)) {
                return true;
            }
        }
        return false;
    }
}
