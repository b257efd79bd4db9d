package io.retrying.jdbc.internal.commit;

import io.retrying.jdbc.internal.proof.ReadOnlyProof;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Where a server assigns transaction ids, as values read once per physical connection and compared
 * field by field (issue 36: the text it replaces rendered the start time in the session's
 * {@code TimeZone}, so a zone the application set made the same server look like another run, and
 * a committed transaction was replayed):
 * <ul>
 *   <li>{@code systemIdentifier}: the cluster ({@code pg_control_system()}, readable by any role).
 *       A standby cloned from it shares it; another cluster behind the same address does not, and
 *       nothing it says about an id is about ours;</li>
 *   <li>{@code timeline}: the WAL timeline ids are assigned on;</li>
 *   <li>{@code startedMicros}: the postmaster's start, as epoch microseconds;</li>
 *   <li>{@code bgwriterResetMicros}, {@code walResetMicros}, {@code archiverResetMicros}: when
 *       bgwriter's, the WAL's and the archiver's shared statistics were last reset.</li>
 * </ul>
 * Instants travel as epoch microseconds ({@code extract(epoch ...)}, an integer once multiplied):
 * no session setting ({@code TimeZone}, {@code DateStyle}, {@code IntervalStyle},
 * {@code extra_float_digits}, {@code lc_numeric}) renders a bigint differently.
 *
 * <p>Why the reset instants, and what they prove. A backend killed by the OOM killer makes the same
 * postmaster (same start time) reinitialise shared memory and run crash recovery, which may lose the
 * WAL of an id that is then handed out again; the reinitialisation discards the statistics and
 * stamps every shared kind's reset time with one clock reading ({@code pgstat_reset_after_failure}).
 * It also ends every backend, the one the identity was read on included, so a reinitialisation
 * between the capture and a lookup came after the identity was read and stamped each kind later than
 * its captured instant. Hence:
 * <ul>
 *   <li>any one kind whose reset instant is unchanged since the capture proves that no
 *       reinitialisation happened since: the same server run ({@link #sameRunAs}), however many of
 *       the others an operator reset by hand ({@code pg_stat_reset_shared('bgwriter')}, which
 *       monitoring scripts run, {@code 'wal'}, {@code 'archiver'});</li>
 *   <li>every kind changed and all now at one instant is what a reinitialisation leaves
 *       ({@link #reinitialisedIn}): a hand reset stamps one kind with a clock reading of its own
 *       (even {@code pg_stat_reset_shared(NULL)} reads the clock once per kind);</li>
 *   <li>every kind changed, at different instants (a reinitialisation then a hand reset, or a hand
 *       reset of all three) proves neither: not the same run, and no reinitialisation known either.
 *       The lookup then falls back to the checkpoint ({@code CommitResolver.Identity}) or answers
 *       UNKNOWN (08007), never a replay on a guess.</li>
 * </ul>
 * A wall clock stepped back between the capture and a reinitialisation could, in principle, stamp a
 * kind with its captured microsecond again; nothing short of the WAL tells that apart.
 *
 * <p>A value: memoised per physical connection ({@link TransactionId}, {@link ServerIdentities})
 * and parsed once from the capture's column. Null throughout for a standby, which assigns no ids.
 */
public record ServerIdentity(long systemIdentifier, long timeline, long startedMicros, long bgwriterResetMicros,
        long walResetMicros, long archiverResetMicros) {

    /**
     * One text column, the fields above in order with a space between (null on a standby, which
     * assigns no ids and refuses the WAL functions). No quote, dollar, comment or placeholder
     * character: it rides appended to the application's SQL ({@link TransactionId}). Built-ins by
     * their pg_catalog names, no operator (whose lookup follows search_path).
     */
    public static final String SQL = "case when pg_catalog.pg_is_in_recovery() then null else"
            + " pg_catalog.concat_ws(pg_catalog.chr(32),"
            + " pg_catalog.substr(pg_catalog.pg_walfile_name(pg_catalog.pg_current_wal_insert_lsn()), 1, 8),"
            + " (pg_catalog.pg_control_system()).system_identifier,"
            + micros("pg_catalog.pg_postmaster_start_time()") + ","
            + micros("pg_catalog.pg_stat_get_bgwriter_stat_reset_time()") + ","
            + micros("(pg_catalog.pg_stat_get_wal()).stats_reset") + ","
            + micros("(pg_catalog.pg_stat_get_archiver()).stats_reset") + ") end";

    private static final int FIELDS = 6;

    private static String micros(String timestamptz) {
        return " pg_catalog.numeric_mul(extract(epoch from " + timestamptz + "), 1000000)::bigint";
    }

    /**
     * The identity in {@code column} (as {@link #SQL} renders it); null for null (a standby) and for
     * a column that does not parse (a field the server left null): not known, as on a standby.
     */
    public static ServerIdentity parse(String column) {
        if (column == null) {
            return null;
        }
        String[] f = column.split(" ");
        if (f.length != FIELDS) {
            return null;
        }
        try {
            return new ServerIdentity(Long.parseLong(f[1]), Long.parseLong(f[0], 16), Long.parseLong(f[2]),
                    Long.parseLong(f[3]), Long.parseLong(f[4]), Long.parseLong(f[5]));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The identity of {@code physical}'s server now, in a frame the caller holds; null on a standby. */
    static ServerIdentity of(Connection physical) throws SQLException {
        try (PreparedStatement ps = physical.prepareStatement(ReadOnlyProof.MARK + "select " + SQL);
                ResultSet rs = ps.executeQuery()) {
            return rs.next() ? parse(rs.getString(1)) : null;
        }
    }

    /** The timeline as WAL file names and history files spell it. */
    String timelineHex() {
        return String.format("%08X", timeline);
    }

    /** Whether {@code now} is the same cluster (a standby cloned from it included). */
    boolean sameSystem(ServerIdentity now) {
        return systemIdentifier == now.systemIdentifier;
    }

    /**
     * Whether {@code now} is the server run this identity was captured in: the same cluster,
     * timeline and postmaster start, and no reinitialisation of shared memory since (one reset
     * instant unchanged; see the class comment).
     */
    boolean sameRunAs(ServerIdentity now) {
        return sameSystem(now) && timeline == now.timeline && startedMicros == now.startedMicros
                && (bgwriterResetMicros == now.bgwriterResetMicros || walResetMicros == now.walResetMicros
                        || archiverResetMicros == now.archiverResetMicros);
    }

    /** Whether {@code now} is the same cluster on the same timeline, its postmaster started since. */
    boolean restartedIn(ServerIdentity now) {
        return sameSystem(now) && timeline == now.timeline && startedMicros != now.startedMicros;
    }

    /**
     * Whether the same postmaster of {@code now} reinitialised shared memory since this identity was
     * captured: every reset instant changed, and all now at one instant ({@link #resetMicros} of
     * {@code now}). False when that is not known (see the class comment).
     */
    boolean reinitialisedIn(ServerIdentity now) {
        return sameSystem(now) && timeline == now.timeline && startedMicros == now.startedMicros
                && bgwriterResetMicros != now.bgwriterResetMicros && walResetMicros != now.walResetMicros
                && archiverResetMicros != now.archiverResetMicros
                && now.bgwriterResetMicros == now.walResetMicros && now.walResetMicros == now.archiverResetMicros;
    }

    /** The instant a reinitialisation stamped every kind with, when {@link #reinitialisedIn} says there was one. */
    long resetMicros() {
        return bgwriterResetMicros;
    }
}
