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

    public ParameterLog() {
        this(8);
    }

    private ParameterLog(int capacity) {
        setters = new Setter[capacity];
        first = new Object[capacity];
        second = new Object[capacity];
    }

    public void record(int index, Setter setter, Object a, Object b) {
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

    /** A copy of the current binding (for addBatch). */
    public ParameterLog copy() {
        ParameterLog c = new ParameterLog(highest + 1);
        System.arraycopy(setters, 0, c.setters, 0, highest + 1);
        System.arraycopy(first, 0, c.first, 0, highest + 1);
        System.arraycopy(second, 0, c.second, 0, highest + 1);
        c.highest = highest;
        return c;
    }

    /** Roughly what this binding keeps alive, for the transaction journal's byte bound: each snapshot at its size. */
    public long estimatedBytes() {
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
