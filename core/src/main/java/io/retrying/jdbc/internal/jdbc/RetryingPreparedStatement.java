package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.internal.commit.RidingTwins;
import io.retrying.jdbc.internal.commit.TransactionId;
import io.retrying.jdbc.internal.commit.TwinHolder;
import io.retrying.jdbc.internal.proof.Binder;
import io.retrying.jdbc.internal.replay.Shape;
import io.retrying.jdbc.internal.sql.ParameterLog.Setter;
import io.retrying.jdbc.internal.sql.ParameterLog;
import io.retrying.jdbc.internal.sql.SqlScan;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Set;

/**
 * The application's {@link PreparedStatement}. Its SQL is judged once ({@link SqlScan}) when it
 * is prepared; every parameter setter call of the current binding is recorded
 * ({@link ParameterLog}), and {@code addBatch()} keeps a copy, so that a re-created physical
 * statement gets exactly what the application gave this one.
 */
public class RetryingPreparedStatement extends RetryingStatement implements PreparedStatement, TwinHolder {

    /** The {@code java.sql.PreparedStatement} methods (beyond Statement's) that go straight through. */
    static final Set<String> PASS_THROUGH = Set.of(
            "getMetaData()",
            "getParameterMetaData()");

    static final String LARGE_OBJECTS = "a LOB parameter (pgjdbc stores it as a large object)";

    static final int PS_QUERY = FIRST_SUBCLASS_OP;
    static final int PS_UPDATE = FIRST_SUBCLASS_OP + 1;
    public static final int PS_EXECUTE = FIRST_SUBCLASS_OP + 2;
    static final int PS_LARGE_UPDATE = FIRST_SUBCLASS_OP + 3;

    /** What SqlScan says about this statement's SQL, judged once. */
    final int flags;
    public final ParameterLog parameters = new ParameterLog();
    private List<ParameterLog> batchBindings;
    /** Whether this statement's SQL can carry the transaction id capture: 0 not judged yet, 1 yes, 2 no. */
    private byte rides;
    /**
     * The application's SQL with the capture appended, prepared on the physical connection of
     * {@link #ridingGeneration}, bound from {@link #parameters} for each execution that carries the
     * capture (until the transaction's id is known). Volatile for cancel() from another thread.
     */
    private volatile PreparedStatement riding;
    private String ridingText;
    private int ridingGeneration;
    /** {@link #riding} is lent by the connection's {@link RidingTwins}, not this statement's own. */
    private boolean ridingLent;
    /**
     * {@link #riding}'s last execution completed and handed the application no result set of its
     * own: as it was lent, once this statement has no settings either ({@link #twinClean}).
     */
    private boolean ridingClean;

    RetryingPreparedStatement(RetryingConnection owner, Shape shape) throws SQLException {
        super(owner, shape);
        this.flags = SqlScan.analyze(shape.sql());
    }

    final PreparedStatement ps() throws SQLException {
        return (PreparedStatement) delegate();
    }

    @Override
    void rebind(Statement fresh) throws SQLException {
        PreparedStatement ps = (PreparedStatement) fresh;
        if (batchBindings != null) {
            for (ParameterLog binding : batchBindings) {
                binding.applyTo(ps);
                ps.addBatch();
            }
        }
        parameters.applyTo(ps);
    }

    @Override
    public boolean prepared() {
        return true;
    }

    @Override
    public boolean isExecute(int op) {
        return op == PS_EXECUTE || super.isExecute(op);
    }

    @Override
    public Binder binder() {
        return parameters::applyTo;
    }

    @Override
    public Object bindingForJournal(int op) {
        if (op == BATCH || op == LARGE_BATCH) {
            return batchBindings == null ? null : List.copyOf(batchBindings);
        }
        return parameters.copy();
    }

    @Override
    public void bindForReplay(Statement fresh, Object binding) throws SQLException {
        PreparedStatement ps = (PreparedStatement) fresh;
        if (binding instanceof ParameterLog single) {
            single.applyTo(ps);
        } else if (binding != null) {
            for (Object log : (List<?>) binding) {
                ((ParameterLog) log).applyTo(ps);
                ps.addBatch();
            }
        }
    }

    @Override
    public boolean replayable() {
        if (!parameters.replayable()) {
            return false;
        }
        if (batchBindings != null) {
            for (ParameterLog binding : batchBindings) {
                if (!binding.replayable()) {
                    return false;
                }
            }
        }
        return true;
    }

    @Override
    public long perform(Statement d, int op, String sql, int intArg, Object arg) throws SQLException {
        PreparedStatement ps = (PreparedStatement) d;
        switch (op) {
            case PS_QUERY:
                physicalResult = ps.executeQuery();
                return 0;
            case PS_UPDATE:
                return ps.executeUpdate();
            case PS_EXECUTE:
                return ps.execute() ? 1 : 0;
            case PS_LARGE_UPDATE:
                return ps.executeLargeUpdate();
            default:
                return super.perform(d, op, sql, intArg, arg);
        }
    }

    @Override
    boolean canRide(Statement d, int op, String sql, int flags) throws SQLException {
        int factory = shape.factory();
        if (op < PS_QUERY || op > PS_LARGE_UPDATE
                || (factory != Shape.PREPARED && factory != Shape.PREPARED_TYPED && factory != Shape.PREPARED_HOLDABLE)
                || (factory != Shape.PREPARED && shape.b() == java.sql.ResultSet.CONCUR_UPDATABLE)
                || !parameters.replayable() || closesOnCompletion()) {
            return false;
        }
        if (rides == 0) {
            rides = TransactionId.canRide(sql, flags) ? (byte) 1 : (byte) 2;
        }
        return rides == 1 && d.getFetchSize() == 0;
    }

    /**
     * Runs the twin that carries the capture, bound from the recorded parameters: a different SQL
     * string is a different statement to pgjdbc (its own cache entry and server-side name). A plain
     * prepared statement's twin is the connection's, one per SQL text ({@link RidingTwins}), lent
     * to this statement; any other shape's is its own.
     */
    @Override
    boolean executeRiding(Statement d, String sql, String ride) throws SQLException {
        PreparedStatement t = riding;
        int gen = owner().generation();
        boolean lent = false;
        if (t == null || ridingGeneration != gen || !ride.equals(ridingText) || t.isClosed()) {
            releaseRiding(twinClean()); // another capture, another physical connection
            java.sql.Connection physical = owner().delegate();
            boolean shared = shape.factory() == Shape.PREPARED;
            t = shared ? owner().twins().lend(this, sql, ride, gen) : null;
            if (t != null) {
                lent = true;
                t.clearParameters();
            } else {
                String text = sql.concat(ride);
                t = switch (shape.factory()) {
                    case Shape.PREPARED_TYPED -> physical.prepareStatement(text, shape.a(), shape.b());
                    case Shape.PREPARED_HOLDABLE -> physical.prepareStatement(text, shape.a(), shape.b(), shape.c());
                    default -> physical.prepareStatement(text);
                };
                lent = shared && owner().twins().keep(this, sql, ride, t, gen);
            }
            riding = t;
            ridingLent = lent;
            ridingText = ride;
            ridingGeneration = gen;
        } else {
            t.clearParameters();
        }
        ridingClean = false;
        applySettings(t);
        parameters.applyTo(t);
        return t.execute();
    }

    /** The capture's results were read; {@code handedResultSet}: a result set of the twin's went to the application. */
    @Override
    void rode(boolean handedResultSet) {
        ridingClean = !handedResultSet;
    }

    /** Whether the twin this statement holds may be lent to another once this one is closed. */
    @Override
    public boolean twinClean() {
        return ridingClean && !hasSettings();
    }

    @Override
    Statement ridingStatement(Statement d) {
        return riding;
    }

    /**
     * Done with the twin while open: a lent one goes back, to be lent again when {@code clean}
     * (else the connection's twins close it), this statement's own is closed.
     */
    private void releaseRiding(boolean clean) {
        PreparedStatement t = riding;
        if (t != null) {
            riding = null;
            if (ridingLent) {
                owner().twins().giveBack(this, t, clean);
            } else {
                closeQuietly(t);
            }
        }
    }

    /** Re-created or adopted by a replay (a failure path): the twin is closed, lent or not. */
    @Override
    void closeRidingStatement() {
        releaseRiding(false);
    }

    /**
     * Closed by the application (perhaps from another thread: nothing of the connection's is
     * touched): a clean lent twin stays open for the next statement of the same text, anything
     * else is closed with this statement, and its results with it.
     */
    @Override
    void closeRidingOnClose() {
        PreparedStatement t = riding;
        if (t != null) {
            riding = null;
            if (!ridingLent || !twinClean()) {
                closeQuietly(t);
                return;
            }
            try {
                t.clearParameters(); // an idle twin keeps no parameter of this statement's alive
            } catch (SQLException | RuntimeException e) {
                closeQuietly(t); // the next lend finds it closed
            }
        }
    }

    @Override
    void cancelRiding() throws SQLException {
        PreparedStatement t = riding;
        if (t != null) {
            t.cancel();
        }
    }

    @Override
    int batchFlags() {
        return flags;
    }

    @Override
    String batchSql() {
        return shape.sql();
    }

    @Override
    void batchDone() {
        super.batchDone();
        batchBindings = null;
    }

    // ---- executions

    @Override
    public final ResultSet executeQuery() throws SQLException {
        run(PS_QUERY, shape.sql(), flags, 0, null);
        ResultSet rs = physicalResult;
        physicalResult = null;
        return wrap(rs);
    }

    @Override
    public final int executeUpdate() throws SQLException {
        return (int) run(PS_UPDATE, shape.sql(), flags, 0, null);
    }

    @Override
    public final boolean execute() throws SQLException {
        return run(PS_EXECUTE, shape.sql(), flags, 0, null) != 0;
    }

    @Override
    public final long executeLargeUpdate() throws SQLException {
        return run(PS_LARGE_UPDATE, shape.sql(), flags, 0, null);
    }

    @Override
    public final void addBatch() throws SQLException {
        ps().addBatch();
        if (batchBindings == null) {
            batchBindings = new ArrayList<>();
        }
        batchBindings.add(parameters.copy());
    }

    @Override
    public final void clearParameters() throws SQLException {
        ps().clearParameters();
        parameters.clear();
    }

    // ---- parameter setters: forwarded, then recorded for re-creation

    @Override
    public final void setArray(int parameterIndex, Array x) throws SQLException {
        ps().setArray(parameterIndex, x);
        parameters.record(parameterIndex, Setter.ARRAY_ARRAY, x, null);
    }

    @Override
    public final void setAsciiStream(int parameterIndex, InputStream x) throws SQLException {
        ps().setAsciiStream(parameterIndex, x);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setAsciiStream(int parameterIndex, InputStream x, int y) throws SQLException {
        ps().setAsciiStream(parameterIndex, x, y);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setAsciiStream(int parameterIndex, InputStream x, long y) throws SQLException {
        ps().setAsciiStream(parameterIndex, x, y);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setBigDecimal(int parameterIndex, BigDecimal x) throws SQLException {
        ps().setBigDecimal(parameterIndex, x);
        parameters.record(parameterIndex, Setter.BIG_DECIMAL_BIGDECIMAL, x, null);
    }

    @Override
    public final void setBinaryStream(int parameterIndex, InputStream x) throws SQLException {
        ps().setBinaryStream(parameterIndex, x);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setBinaryStream(int parameterIndex, InputStream x, int y) throws SQLException {
        ps().setBinaryStream(parameterIndex, x, y);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setBinaryStream(int parameterIndex, InputStream x, long y) throws SQLException {
        ps().setBinaryStream(parameterIndex, x, y);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setBlob(int parameterIndex, Blob x) throws SQLException {
        ps().setBlob(parameterIndex, x);
        owner().pin(LARGE_OBJECTS);
        parameters.record(parameterIndex, Setter.BLOB_BLOB, x, null);
    }

    @Override
    public final void setBlob(int parameterIndex, InputStream x) throws SQLException {
        ps().setBlob(parameterIndex, x);
        owner().pin(LARGE_OBJECTS);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setBlob(int parameterIndex, InputStream x, long y) throws SQLException {
        ps().setBlob(parameterIndex, x, y);
        owner().pin(LARGE_OBJECTS);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setBoolean(int parameterIndex, boolean x) throws SQLException {
        ps().setBoolean(parameterIndex, x);
        parameters.record(parameterIndex, Setter.BOOLEAN_BOOLEAN, x, null);
    }

    @Override
    public final void setByte(int parameterIndex, byte x) throws SQLException {
        ps().setByte(parameterIndex, x);
        parameters.record(parameterIndex, Setter.BYTE_BYTE, x, null);
    }

    @Override
    public final void setBytes(int parameterIndex, byte[] x) throws SQLException {
        ps().setBytes(parameterIndex, x);
        parameters.record(parameterIndex, Setter.BYTES_BYTES, x, null);
    }

    @Override
    public final void setCharacterStream(int parameterIndex, Reader x) throws SQLException {
        ps().setCharacterStream(parameterIndex, x);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setCharacterStream(int parameterIndex, Reader x, int y) throws SQLException {
        ps().setCharacterStream(parameterIndex, x, y);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setCharacterStream(int parameterIndex, Reader x, long y) throws SQLException {
        ps().setCharacterStream(parameterIndex, x, y);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setClob(int parameterIndex, Clob x) throws SQLException {
        ps().setClob(parameterIndex, x);
        owner().pin(LARGE_OBJECTS);
        parameters.record(parameterIndex, Setter.CLOB_CLOB, x, null);
    }

    @Override
    public final void setClob(int parameterIndex, Reader x) throws SQLException {
        ps().setClob(parameterIndex, x);
        owner().pin(LARGE_OBJECTS);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setClob(int parameterIndex, Reader x, long y) throws SQLException {
        ps().setClob(parameterIndex, x, y);
        owner().pin(LARGE_OBJECTS);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setDate(int parameterIndex, Date x) throws SQLException {
        ps().setDate(parameterIndex, x);
        parameters.record(parameterIndex, Setter.DATE_DATE, x, null);
    }

    @Override
    public final void setDate(int parameterIndex, Date x, Calendar y) throws SQLException {
        ps().setDate(parameterIndex, x, y);
        parameters.record(parameterIndex, Setter.DATE_DATE_CALENDAR, x, y);
    }

    @Override
    public final void setDouble(int parameterIndex, double x) throws SQLException {
        ps().setDouble(parameterIndex, x);
        parameters.record(parameterIndex, Setter.DOUBLE_DOUBLE, x, null);
    }

    @Override
    public final void setFloat(int parameterIndex, float x) throws SQLException {
        ps().setFloat(parameterIndex, x);
        parameters.record(parameterIndex, Setter.FLOAT_FLOAT, x, null);
    }

    @Override
    public final void setInt(int parameterIndex, int x) throws SQLException {
        ps().setInt(parameterIndex, x);
        parameters.record(parameterIndex, Setter.INT_INT, x, null);
    }

    @Override
    public final void setLong(int parameterIndex, long x) throws SQLException {
        ps().setLong(parameterIndex, x);
        parameters.record(parameterIndex, Setter.LONG_LONG, x, null);
    }

    @Override
    public final void setNCharacterStream(int parameterIndex, Reader x) throws SQLException {
        ps().setNCharacterStream(parameterIndex, x);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setNCharacterStream(int parameterIndex, Reader x, long y) throws SQLException {
        ps().setNCharacterStream(parameterIndex, x, y);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setNClob(int parameterIndex, NClob x) throws SQLException {
        ps().setNClob(parameterIndex, x);
        owner().pin(LARGE_OBJECTS);
        parameters.record(parameterIndex, Setter.N_CLOB_NCLOB, x, null);
    }

    @Override
    public final void setNClob(int parameterIndex, Reader x) throws SQLException {
        ps().setNClob(parameterIndex, x);
        owner().pin(LARGE_OBJECTS);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setNClob(int parameterIndex, Reader x, long y) throws SQLException {
        ps().setNClob(parameterIndex, x, y);
        owner().pin(LARGE_OBJECTS);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setNString(int parameterIndex, String x) throws SQLException {
        ps().setNString(parameterIndex, x);
        parameters.record(parameterIndex, Setter.N_STRING_STRING, x, null);
    }

    @Override
    public final void setNull(int parameterIndex, int x) throws SQLException {
        ps().setNull(parameterIndex, x);
        parameters.record(parameterIndex, Setter.NULL_INT, x, null);
    }

    @Override
    public final void setNull(int parameterIndex, int x, String y) throws SQLException {
        ps().setNull(parameterIndex, x, y);
        parameters.record(parameterIndex, Setter.NULL_INT_STRING, x, y);
    }

    @Override
    public final void setObject(int parameterIndex, Object x) throws SQLException {
        ps().setObject(parameterIndex, x);
        parameters.record(parameterIndex, Setter.OBJECT_OBJECT, x, null);
    }

    @Override
    public final void setObject(int parameterIndex, Object x, SQLType y) throws SQLException {
        ps().setObject(parameterIndex, x, y);
        parameters.record(parameterIndex, Setter.OBJECT_OBJECT_SQLTYPE, x, y);
    }

    @Override
    public final void setObject(int parameterIndex, Object x, SQLType y, int z) throws SQLException {
        ps().setObject(parameterIndex, x, y, z);
        parameters.record(parameterIndex, Setter.OBJECT_OBJECT_SQLTYPE_INT, x, new Object[] {y, z});
    }

    @Override
    public final void setObject(int parameterIndex, Object x, int y) throws SQLException {
        ps().setObject(parameterIndex, x, y);
        parameters.record(parameterIndex, Setter.OBJECT_OBJECT_INT, x, y);
    }

    @Override
    public final void setObject(int parameterIndex, Object x, int y, int z) throws SQLException {
        ps().setObject(parameterIndex, x, y, z);
        parameters.record(parameterIndex, Setter.OBJECT_OBJECT_INT_INT, x, new Object[] {y, z});
    }

    @Override
    public final void setRef(int parameterIndex, Ref x) throws SQLException {
        ps().setRef(parameterIndex, x);
        parameters.record(parameterIndex, Setter.REF_REF, x, null);
    }

    @Override
    public final void setRowId(int parameterIndex, RowId x) throws SQLException {
        ps().setRowId(parameterIndex, x);
        parameters.record(parameterIndex, Setter.ROW_ID_ROWID, x, null);
    }

    @Override
    public final void setSQLXML(int parameterIndex, SQLXML x) throws SQLException {
        ps().setSQLXML(parameterIndex, x);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }

    @Override
    public final void setShort(int parameterIndex, short x) throws SQLException {
        ps().setShort(parameterIndex, x);
        parameters.record(parameterIndex, Setter.SHORT_SHORT, x, null);
    }

    @Override
    public final void setString(int parameterIndex, String x) throws SQLException {
        ps().setString(parameterIndex, x);
        parameters.record(parameterIndex, Setter.STRING_STRING, x, null);
    }

    @Override
    public final void setTime(int parameterIndex, Time x) throws SQLException {
        ps().setTime(parameterIndex, x);
        parameters.record(parameterIndex, Setter.TIME_TIME, x, null);
    }

    @Override
    public final void setTime(int parameterIndex, Time x, Calendar y) throws SQLException {
        ps().setTime(parameterIndex, x, y);
        parameters.record(parameterIndex, Setter.TIME_TIME_CALENDAR, x, y);
    }

    @Override
    public final void setTimestamp(int parameterIndex, Timestamp x) throws SQLException {
        ps().setTimestamp(parameterIndex, x);
        parameters.record(parameterIndex, Setter.TIMESTAMP_TIMESTAMP, x, null);
    }

    @Override
    public final void setTimestamp(int parameterIndex, Timestamp x, Calendar y) throws SQLException {
        ps().setTimestamp(parameterIndex, x, y);
        parameters.record(parameterIndex, Setter.TIMESTAMP_TIMESTAMP_CALENDAR, x, y);
    }

    @Override
    public final void setURL(int parameterIndex, URL x) throws SQLException {
        ps().setURL(parameterIndex, x);
        parameters.record(parameterIndex, Setter.U_R_L_URL, x, null);
    }

    @Deprecated
    @Override
    public final void setUnicodeStream(int parameterIndex, InputStream x, int y) throws SQLException {
        ps().setUnicodeStream(parameterIndex, x, y);
        parameters.record(parameterIndex, Setter.STREAM, null, null);
    }
    // ---- pass-throughs (plain forwarding to the current physical statement)

    @Override public ResultSetMetaData getMetaData() throws SQLException { return ps().getMetaData(); }
    @Override public ParameterMetaData getParameterMetaData() throws SQLException { return ps().getParameterMetaData(); }

    /**
     * pgjdbc's rendering: the SQL with its bound parameters (logging relies on it), as the physical
     * statement in hand gives it; it holds the application's current binding (re-created ones are
     * rebound), and after close() the closed one answers as pgjdbc's would.
     */
    @Override
    public String toString() {
        return String.valueOf(physicalNow());
    }
}
