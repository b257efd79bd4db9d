package io.retrying.jdbc.internal.config;

import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * What the reads of one data source must see (issue 39): the WAL position a standby must have
 * replayed before it serves a read-only unit, so that a read sees the data source's own commits
 * (read your writes) and never an older state than an earlier read was routed to (monotonic reads).
 *
 * <p>The position of a commit is not known when it returns (the layer reads the WAL insert position
 * with a transaction's id, which lies before its commit record, and asking after COMMIT would cost
 * the writer a round trip). So the writer's path only counts: {@link #mayHaveCommitted} bumps a
 * counter. The first read-only unit that finds commits the mark does not cover asks the primary for
 * its WAL insert position (which lies past every commit record that had returned before the
 * question) and raises the mark with {@link #learned}: the question is paid on the reader's path,
 * once for all the commits before it.
 *
 * <p>Three atomics, no lock; a race only costs a second question. The mark is raised before the
 * count it covers, so a read that finds its commits covered finds the mark that covers them.
 * Thread-safe.
 */
public final class ReadPositions {

    /** No position is needed: nothing was committed through the data source or carried into it. */
    public static final long NONE = 0;

    private final AtomicLong commits = new AtomicLong();
    private final AtomicLong covered = new AtomicLong();
    private final AtomicLong mark = new AtomicLong();
    /** A session of the data source set {@code synchronous_commit} (off, maybe): its commits may lie past the flush position. */
    private volatile boolean asyncCommits;

    /** A session set {@code synchronous_commit}: from now on the primary's insert position is asked, not its flush position. */
    public void asyncCommitsSeen() {
        if (!asyncCommits) {
            asyncCommits = true;
        }
    }

    /** Whether a session of the data source may commit without flushing ({@link #asyncCommitsSeen}). */
    public boolean asyncCommits() {
        return asyncCommits;
    }

    /** Something may have been committed on the primary through the data source (or read there: see the routing). */
    public void mayHaveCommitted() {
        commits.incrementAndGet();
    }

    /**
     * The count of commits the mark does not cover yet, to hand to {@link #learned} with the
     * primary's position asked after this call; -1 when the mark covers them all.
     */
    public long uncovered() {
        long c = commits.get();
        return c == covered.get() ? -1 : c;
    }

    /** The primary's WAL insert position, asked after {@link #uncovered} returned {@code commitsBefore}. */
    public void learned(long commitsBefore, long position) {
        raise(position);
        covered.accumulateAndGet(commitsBefore, Math::max);
    }

    /** A read must see at least {@code position} from now on (a standby's replay, a token carried in). */
    public void raise(long position) {
        if (mark.get() < position) {
            mark.accumulateAndGet(position, Math::max);
        }
    }

    /** The position a standby must have replayed to serve a read ({@link #NONE} for none). */
    public long mark() {
        return mark.get();
    }

    /** {@code position} as PostgreSQL writes an LSN ({@code 16/B374D848}): a token's text. */
    public static String text(long position) {
        return Long.toHexString(position >>> 32).toUpperCase() + "/" + Long.toHexString(position & 0xFFFFFFFFL).toUpperCase();
    }

    /**
     * An LSN's text read back.
     *
     * @throws IllegalArgumentException naming the text when it is no LSN
     */
    public static long parse(String lsn) {
        if (lsn != null && LSN.matcher(lsn).matches()) {
            int slash = lsn.indexOf('/');
            return (Long.parseLong(lsn.substring(0, slash), 16) << 32) | Long.parseLong(lsn.substring(slash + 1), 16);
        }
        throw new IllegalArgumentException("'" + SettingValues.shown(lsn) + "' is not a read position (an LSN such as"
                + " 16/B374D848, as readPosition() returns it)");
    }

    private static final Pattern LSN = Pattern.compile("[0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8}");
}
