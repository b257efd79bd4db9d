package io.retrying.jdbc.internal.replay;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.postgresql.PGResultSetMetaData;

/**
 * What the application saw of one result set inside a transaction: a running 64-bit hash
 * (FNV-1a) over every column of every row it moved onto, how many rows that was, and whether it
 * saw the end. A replay re-reads the same number of rows from the re-executed query, hashes them
 * the same way, and compares.
 *
 * <p>Why every column of a row, not the values the application read: the row is hashed once, when
 * {@code next()} lands on it, so no getter is intercepted and a replay need not know which getters
 * ran in what order. The price is hashing columns the application may never read.
 *
 * <p>Cost per row, on the happy path of a transaction: one pass over the columns. Most columns
 * allocate nothing: integers and floats are hashed from {@code getLong}/{@code getDouble},
 * text-format columns from the driver's own row bytes ({@code getBytes} hands out pgjdbc's buffer
 * for non-bytea columns). Columns pgjdbc receives in binary format (after a statement is
 * server-prepared: dates, timestamps, uuids, arrays) are hashed from {@code getString}, one String
 * each, so that a replay on a new connection, where the same query arrives as text, hashes alike.
 * A column whose two renderings still differ makes the replay diverge: a false alarm that costs a
 * {@link io.retrying.jdbc.ReplayDivergedException}, never a silent wrong row. Outside transactions
 * nothing is hashed.
 */
public final class ResultDigest {

    private static final long SEED = 0xcbf29ce484222325L;
    private static final long PRIME = 0x100000001b3L;
    private static final long NULL = -1;
    private static final long ROW = -3;
    private static final long END = -5;

    // how a column is hashed
    private static final byte RAW = 0;
    private static final byte LONG = 1;
    private static final byte DOUBLE = 2;
    private static final byte BYTES = 3;
    private static final byte STRING = 4;
    private static final byte ARRAY = 5;
    private static final byte OBJECT = 6;

    private static final Set<String> GEOMETRIC = Set.of("point", "box", "lseg", "line", "path", "polygon", "circle");

    private long hash = SEED;
    private int rows;
    private boolean ended;
    /** Per column, how it is hashed; worked out on the first row. */
    private byte[] modes;
    /**
     * What the application learnt of the row after the last one it moved onto without moving
     * ({@code isLast()}, {@code isBeforeFirst()}): {@link #NOT_ASKED}, {@link #NONE} or {@link #ANOTHER}.
     */
    private byte peek;

    /**
     * The rows' values (a Long, a String, or pgjdbc's text bytes), kept only for the rows an INSERT
     * returned ({@link #keepValues}), as the digest reads them (nothing more is read or copied): a
     * replay may then insert the keys the application saw instead of drawing new ones. Null otherwise,
     * and after {@link #MAX_KEPT_ROWS} rows (such an insert replays as any other).
     */
    private List<Object[]> kept;

    static final int MAX_KEPT_ROWS = 1000;

    private static final byte NOT_ASKED = 0;
    private static final byte NONE = 1;
    private static final byte ANOTHER = 2;

    /** The application (or a replay) called {@code next()} on {@code rs}, which answered {@code more}. */
    public void moved(ResultSet rs, boolean more) throws SQLException {
        peek = NOT_ASKED; // what it moved onto says more than what it had asked
        if (!more) {
            if (!ended) {
                ended = true;
                hash = mix(hash, END);
            }
            return;
        }
        if (modes == null) {
            modes = modes(rs.getMetaData());
        }
        rows++;
        Object[] row = kept != null ? keptRow() : null;
        long h = mix(hash, ROW);
        for (int i = 0; i < modes.length; i++) {
            int column = i + 1;
            switch (modes[i]) {
                case LONG -> {
                    long v = rs.getLong(column);
                    if (rs.wasNull()) {
                        h = mix(h, NULL);
                    } else {
                        h = mix(mix(h, 8), v);
                        if (row != null) {
                            row[i] = v;
                        }
                    }
                }
                case DOUBLE -> {
                    double v = rs.getDouble(column);
                    h = rs.wasNull() ? mix(h, NULL) : mix(mix(h, 8), Double.doubleToLongBits(v));
                }
                case STRING -> {
                    String v = rs.getString(column);
                    h = mix(h, v);
                    if (row != null) {
                        row[i] = v;
                    }
                }
                case ARRAY -> {
                    Array v = rs.getArray(column);
                    Object elements = v == null ? null : v.getArray();
                    h = mix(h, elements == null ? null
                            : elements instanceof Object[] objects ? Arrays.deepToString(objects) : String.valueOf(elements));
                }
                case OBJECT -> {
                    Object v = rs.getObject(column);
                    h = mix(h, v == null ? null : v.toString());
                }
                default -> {
                    // RAW (text format: the server's text, as bytes) and BYTES (bytea, decoded)
                    byte[] v = rs.getBytes(column);
                    if (row != null && modes[i] == RAW) {
                        row[i] = v; // pgjdbc's own bytes of the row: kept, not copied
                    }
                    if (v == null) {
                        h = mix(h, NULL);
                    } else {
                        h = mix(h, v.length);
                        for (byte b : v) {
                            h = (h ^ (b & 0xff)) * PRIME;
                        }
                    }
                }
            }
        }
        hash = h;
    }

    /**
     * The application asked {@code isLast()} or {@code isBeforeFirst()}: it learnt whether a row
     * follows the last one it moved onto; a replay must find the same. Answers that position alone
     * decides (isBeforeFirst after a row, isLast at the end) say nothing of the rows.
     */
    public void peeked(boolean isLast, boolean answer) {
        if (ended) {
            return;
        }
        if (isLast && rows > 0) {
            peek = answer ? NONE : ANOTHER;
        } else if (!isLast && rows == 0) {
            peek = answer ? ANOTHER : NONE;
        }
    }

    /** Whether a row follows the last one {@code rs} moved onto, asked as the application asked it. */
    private boolean another(ResultSet rs) throws SQLException {
        return rows > 0 ? !rs.isLast() : rs.isBeforeFirst();
    }

    /** Keeps the values of the rows read from now on, as text: the rows an INSERT returned. */
    public void keepValues() {
        if (rows == 0 && kept == null) {
            kept = new ArrayList<>(1);
        }
    }

    /** A row to keep the values of, or null past {@link #MAX_KEPT_ROWS} (then nothing is kept). */
    private Object[] keptRow() {
        if (kept.size() == MAX_KEPT_ROWS) {
            kept = null;
            return null;
        }
        Object[] row = new Object[modes.length];
        kept.add(row);
        return row;
    }

    /**
     * The values of every row read, as text (null where a column's was not kept: floats, arrays,
     * bytea, geometric types), or null when they were not kept. Failure path only.
     */
    List<String[]> kept() {
        if (kept == null || kept.size() != rows) {
            return null;
        }
        List<String[]> text = new ArrayList<>(kept.size());
        for (Object[] row : kept) {
            String[] values = new String[row.length];
            for (int i = 0; i < row.length; i++) {
                Object v = row[i];
                values[i] = v instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8)
                        : v == null ? null : v.toString();
            }
            text.add(values);
        }
        return text;
    }

    /** The rows now come from another result set (a replay's): its column formats are its own. */
    public void formatsChanged() {
        modes = null;
    }

    int rows() {
        return rows;
    }

    boolean ended() {
        return ended;
    }

    /** {@link #replayOn}: the replayed rows are the ones the application saw. */
    static final int SAME = 0;
    /** {@link #replayOn}: as many rows, and the end where it was, but other values in them. */
    static final int OTHER_VALUES = 1;
    /** {@link #replayOn}: fewer or more rows than the application saw. */
    static final int OTHER_ROWS = 2;

    /**
     * Reads from {@code replayed} (positioned before its first row) what the application had read
     * of the original, hashing it the same way; leaves {@code replayed} where the application's
     * result set stood.
     *
     * @return {@link #SAME}, {@link #OTHER_VALUES} or {@link #OTHER_ROWS}
     */
    int replayOn(ResultSet replayed) throws SQLException {
        ResultDigest again = new ResultDigest();
        while (again.rows < rows) {
            boolean more = replayed.next();
            again.moved(replayed, more);
            if (!more) {
                return OTHER_ROWS;
            }
        }
        if (ended) {
            again.moved(replayed, replayed.next());
        }
        if (rows != again.rows || ended != again.ended) {
            return OTHER_ROWS;
        }
        if (peek != NOT_ASKED && (peek == ANOTHER) != again.another(replayed)) {
            return OTHER_ROWS;
        }
        return hash == again.hash ? SAME : OTHER_VALUES;
    }

    private static long mix(long h, String v) {
        if (v == null) {
            return mix(h, NULL);
        }
        h = mix(h, v.length());
        for (int k = 0; k < v.length(); k++) {
            h = (h ^ v.charAt(k)) * PRIME;
        }
        return h;
    }

    private static long mix(long h, long v) {
        for (int shift = 0; shift < 64; shift += 8) {
            h = (h ^ ((v >>> shift) & 0xff)) * PRIME;
        }
        return h;
    }

    /**
     * Integers and floats by value (the same whatever format they arrived in), bytea decoded,
     * arrays element by element and geometric types as pgjdbc's objects (their binary and text
     * renderings differ: {@code {"1","2"}} against {@code {1,2}}, {@code (1.0,2.0)} against
     * {@code (1,2)}), other binary-format columns as pgjdbc renders them (the same as the server's
     * text for numeric, date, time, timestamp, timestamptz and uuid, tested), everything else as the
     * server's text bytes.
     */
    private static byte[] modes(ResultSetMetaData md) throws SQLException {
        int n = md.getColumnCount();
        // pgjdbc's own metadata, as HikariCP's proxies hand it out too, without the reflective wrapper check
        PGResultSetMetaData pg = md instanceof PGResultSetMetaData direct ? direct
                : md.isWrapperFor(PGResultSetMetaData.class) ? md.unwrap(PGResultSetMetaData.class) : null;
        byte[] modes = new byte[n];
        for (int i = 0; i < n; i++) {
            int column = i + 1;
            modes[i] = switch (md.getColumnType(column)) {
                case Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.TINYINT -> LONG;
                case Types.REAL, Types.DOUBLE, Types.FLOAT -> DOUBLE;
                case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY -> BYTES;
                case Types.ARRAY -> ARRAY;
                case Types.OTHER -> GEOMETRIC.contains(md.getColumnTypeName(column)) ? OBJECT
                        : pg != null && pg.getFormat(column) == 0 ? RAW : STRING;
                default -> pg != null && pg.getFormat(column) == 0 ? RAW : STRING;
            };
        }
        return modes;
    }
}
