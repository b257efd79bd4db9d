package io.retrying.jdbc.internal.sql;

import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.Calendar;

/**
 * The parameter setter calls of a prepared statement's current binding (or its registered OUT
 * parameters), one per index, so that the same binding can be given to a re-created statement.
 *
 * <p>Three parallel arrays indexed by parameter: no object per call beyond boxing a primitive.
 * Each value is kept as {@link ParameterSnapshot} makes it: by reference when it cannot change,
 * copied deeply when the application could change it after the call (a refilled PGobject, array or
 * map), so a re-run or a replay sends what was set then. Streams and readers cannot be read twice,
 * and some values cannot be copied: such a binding is marked not replayable, and the value is not
 * re-applied.
 *
 * <p>The journal keeps the binding of each execution ({@link #copy}); most statements are executed
 * once per binding, so the copy shares this log's arrays (copy-on-write): they are copied only
 * when the application sets a parameter again, or clears them, on the same statement after an
 * execution. A copy is never changed by the statement it was taken from.
 */
public final class ParameterLog {

    /** Re-applies one recorded call. */
    @FunctionalInterface
    interface Apply {
        void apply(PreparedStatement s, int index, Object a, Object b) throws SQLException;
    }

    /** Every setter call we can record, with how to repeat it. */
    public enum Setter {
        ARRAY_ARRAY((s, i, a, b) -> s.setArray(i, (Array) a)),
        BIG_DECIMAL_BIGDECIMAL((s, i, a, b) -> s.setBigDecimal(i, (BigDecimal) a)),
        BLOB_BLOB((s, i, a, b) -> s.setBlob(i, (Blob) a)),
        BOOLEAN_BOOLEAN((s, i, a, b) -> s.setBoolean(i, (Boolean) a)),
        BYTE_BYTE((s, i, a, b) -> s.setByte(i, (Byte) a)),
        BYTES_BYTES((s, i, a, b) -> s.setBytes(i, (byte[]) a)),
        CLOB_CLOB((s, i, a, b) -> s.setClob(i, (Clob) a)),
        DATE_DATE((s, i, a, b) -> s.setDate(i, (Date) a)),
        DATE_DATE_CALENDAR((s, i, a, b) -> s.setDate(i, (Date) a, (Calendar) b)),
        DOUBLE_DOUBLE((s, i, a, b) -> s.setDouble(i, (Double) a)),
        FLOAT_FLOAT((s, i, a, b) -> s.setFloat(i, (Float) a)),
        INT_INT((s, i, a, b) -> s.setInt(i, (Integer) a)),
        LONG_LONG((s, i, a, b) -> s.setLong(i, (Long) a)),
        N_CLOB_NCLOB((s, i, a, b) -> s.setNClob(i, (NClob) a)),
        N_STRING_STRING((s, i, a, b) -> s.setNString(i, (String) a)),
        NULL_INT((s, i, a, b) -> s.setNull(i, (Integer) a)),
        NULL_INT_STRING((s, i, a, b) -> s.setNull(i, (Integer) a, (String) b)),
        OBJECT_OBJECT((s, i, a, b) -> s.setObject(i, (Object) a)),
        OBJECT_OBJECT_SQLTYPE((s, i, a, b) -> s.setObject(i, (Object) a, (SQLType) b)),
        OBJECT_OBJECT_SQLTYPE_INT((s, i, a, b) -> s.setObject(i, (Object) a, (SQLType) ((Object[]) b)[0], (Integer) ((Object[]) b)[1])),
        OBJECT_OBJECT_INT((s, i, a, b) -> s.setObject(i, (Object) a, (Integer) b)),
        OBJECT_OBJECT_INT_INT((s, i, a, b) -> s.setObject(i, (Object) a, (Integer) ((Object[]) b)[0], (Integer) ((Object[]) b)[1])),
        REF_REF((s, i, a, b) -> s.setRef(i, (Ref) a)),
        ROW_ID_ROWID((s, i, a, b) -> s.setRowId(i, (RowId) a)),
        SHORT_SHORT((s, i, a, b) -> s.setShort(i, (Short) a)),
        STRING_STRING((s, i, a, b) -> s.setString(i, (String) a)),
        TIME_TIME((s, i, a, b) -> s.setTime(i, (Time) a)),
        TIME_TIME_CALENDAR((s, i, a, b) -> s.setTime(i, (Time) a, (Calendar) b)),
        TIMESTAMP_TIMESTAMP((s, i, a, b) -> s.setTimestamp(i, (Timestamp) a)),
        TIMESTAMP_TIMESTAMP_CALENDAR((s, i, a, b) -> s.setTimestamp(i, (Timestamp) a, (Calendar) b)),
        U_R_L_URL((s, i, a, b) -> s.setURL(i, (URL) a)),
        OUT_SQLTYPE((s, i, a, b) -> ((CallableStatement) s).registerOutParameter(i, (SQLType) a)),
        OUT_SQLTYPE_STRING((s, i, a, b) -> ((CallableStatement) s).registerOutParameter(i, (SQLType) a, (String) b)),
        OUT_SQLTYPE_INT((s, i, a, b) -> ((CallableStatement) s).registerOutParameter(i, (SQLType) a, (Integer) b)),
        OUT_INT((s, i, a, b) -> ((CallableStatement) s).registerOutParameter(i, (Integer) a)),
        OUT_INT_STRING((s, i, a, b) -> ((CallableStatement) s).registerOutParameter(i, (Integer) a, (String) b)),
        OUT_INT_INT((s, i, a, b) -> ((CallableStatement) s).registerOutParameter(i, (Integer) a, (Integer) b)),
        /** A stream or reader: consumed by the first execution, so never re-applied. */
        STREAM((s, i, a, b) -> { }),
        /** A value of a type the layer cannot copy ({@link ParameterSnapshot}): never re-applied. */
        UNCOPYABLE((s, i, a, b) -> { });

        private final Apply apply;

        Setter(Apply apply) {
            this.apply = apply;
        }
    }

    private Setter[] setters;
    private Object[] first;
    private Object[] second;
    private int highest;
    /** The arrays are shared with a copy ({@link #copy}): they are copied before they are changed. */
    private boolean shared;
    /** The copy taken since the last change, handed out again while nothing changes. */
    private ParameterLog lastCopy;

    public ParameterLog() {
        this(8);
    }

    private ParameterLog(int capacity) {
        setters = new Setter[capacity];
        first = new Object[capacity];
        second = new Object[capacity];
    }

    public void record(int index, Setter setter, Object a, Object b) {
        changing(index + 1);
        if (index >= setters.length) {
            int size = Math.max(index + 1, setters.length * 2);
            setters = Arrays.copyOf(setters, size);
            first = Arrays.copyOf(first, size);
            second = Arrays.copyOf(second, size);
        }
        // pgjdbc renders the value (and reads a Calendar) at set time; the caller may change either
        // for its next execution, and a re-run or a replay must send what was set now
        Object value = ParameterSnapshot.of(a);
        Object extra = b instanceof Calendar calendar ? calendar.clone() : b;
        boolean copied = value != ParameterSnapshot.UNCOPYABLE;
        setters[index] = copied ? setter : Setter.UNCOPYABLE;
        first[index] = copied ? value : null;
        second[index] = copied ? extra : null;
        highest = Math.max(highest, index);
    }

    public void clear() {
        if (shared) {
            // the copy keeps the arrays: start afresh rather than copy what is cleared
            setters = new Setter[setters.length];
            first = new Object[setters.length];
            second = new Object[setters.length];
            shared = false;
            lastCopy = null;
            highest = 0;
            return;
        }
        lastCopy = null;
        Arrays.fill(setters, 0, highest + 1, null);
        Arrays.fill(first, 0, highest + 1, null);
        Arrays.fill(second, 0, highest + 1, null);
        highest = 0;
    }

    /** Whether the binding can be sent again: no stream, nothing that could not be copied. */
    public boolean replayable() {
        for (int i = 0; i <= highest; i++) {
            if (setters[i] == Setter.STREAM || setters[i] == Setter.UNCOPYABLE) {
                return false;
            }
        }
        return true;
    }

    /**
     * A copy of the current binding (for the journal, addBatch) that later calls on this log do not
     * change: it shares this log's arrays until this log changes ({@link #changing}), and is the same
     * copy while this log has not changed since.
     */
    public ParameterLog copy() {
        if (lastCopy == null) {
            ParameterLog c = new ParameterLog(setters, first, second, highest);
            shared = true;
            lastCopy = c;
        }
        return lastCopy;
    }

    /** A copy sharing {@code setters}, {@code first} and {@code second}, which it never changes without copying them first. */
    private ParameterLog(Setter[] setters, Object[] first, Object[] second, int highest) {
        this.setters = setters;
        this.first = first;
        this.second = second;
        this.highest = highest;
        this.shared = true;
    }

    /** Before a change to the binding: the arrays made this log's own, with room for {@code size} parameters. */
    private void changing(int size) {
        lastCopy = null;
        if (shared) {
            // as large as the binding, as the copy taken at each execution used to be: a statement bound
            // again after every execution allocates no more than before
            int capacity = Math.max(size, highest + 1);
            setters = Arrays.copyOf(setters, capacity);
            first = Arrays.copyOf(first, capacity);
            second = Arrays.copyOf(second, capacity);
            shared = false;
        }
    }

    /** Roughly what this binding keeps alive, for the transaction journal's byte bound: each snapshot at its size. */
    public long estimatedBytes() {
        // measured when the journal asks (inside a transaction), not on every set: autocommit pays nothing
        long bytes = 32;
        for (int i = 0; i <= highest; i++) {
            bytes += 16 + ParameterSnapshot.size(first[i]) + ParameterSnapshot.size(second[i]);
        }
        return bytes;
    }

    /** Repeats the recorded calls on {@code target}. */
    public void applyTo(PreparedStatement target) throws SQLException {
        for (int i = 0; i <= highest; i++) {
            Setter s = setters[i];
            if (s != null) {
                s.apply.apply(target, i, first[i], second[i]);
            }
        }
    }
}
