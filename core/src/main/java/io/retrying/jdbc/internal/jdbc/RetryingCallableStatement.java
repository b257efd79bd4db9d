package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.internal.replay.Shape;
import io.retrying.jdbc.internal.sql.ParameterLog.Setter;
import io.retrying.jdbc.internal.sql.ParameterLog;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;
import java.util.Set;

/**
 * The application's {@link CallableStatement}: a prepared statement whose OUT parameter
 * registrations are recorded too. Named parameters ({@code setInt("name", ...)}) are forwarded;
 * pgjdbc does not support them, and should a future version do so, a binding that used them is
 * treated as not replayable rather than silently re-created without them.
 */
public final class RetryingCallableStatement extends RetryingPreparedStatement implements CallableStatement {

    /** The {@code java.sql.CallableStatement} methods (beyond PreparedStatement's) that go straight through. */
    static final Set<String> PASS_THROUGH = Set.of(
            "getArray(String)",
            "getArray(int)",
            "getBigDecimal(String)",
            "getBigDecimal(int)",
            "getBigDecimal(int,int)",
            "getBlob(String)",
            "getBlob(int)",
            "getBoolean(String)",
            "getBoolean(int)",
            "getByte(String)",
            "getByte(int)",
            "getBytes(String)",
            "getBytes(int)",
            "getCharacterStream(String)",
            "getCharacterStream(int)",
            "getClob(String)",
            "getClob(int)",
            "getDate(String)",
            "getDate(String,Calendar)",
            "getDate(int)",
            "getDate(int,Calendar)",
            "getDouble(String)",
            "getDouble(int)",
            "getFloat(String)",
            "getFloat(int)",
            "getInt(String)",
            "getInt(int)",
            "getLong(String)",
            "getLong(int)",
            "getNCharacterStream(String)",
            "getNCharacterStream(int)",
            "getNClob(String)",
            "getNClob(int)",
            "getNString(String)",
            "getNString(int)",
            "getObject(String)",
            "getObject(String,Class)",
            "getObject(String,Map)",
            "getObject(int)",
            "getObject(int,Class)",
            "getObject(int,Map)",
            "getRef(String)",
            "getRef(int)",
            "getRowId(String)",
            "getRowId(int)",
            "getSQLXML(String)",
            "getSQLXML(int)",
            "getShort(String)",
            "getShort(int)",
            "getString(String)",
            "getString(int)",
            "getTime(String)",
            "getTime(String,Calendar)",
            "getTime(int)",
            "getTime(int,Calendar)",
            "getTimestamp(String)",
            "getTimestamp(String,Calendar)",
            "getTimestamp(int)",
            "getTimestamp(int,Calendar)",
            "getURL(String)",
            "getURL(int)",
            "wasNull()");

    final ParameterLog outParameters = new ParameterLog();
    private boolean namedParameters;

    RetryingCallableStatement(RetryingConnection owner, Shape shape) throws SQLException {
        super(owner, shape);
    }

    CallableStatement cs() throws SQLException {
        return (CallableStatement) delegate();
    }

    @Override
    void rebind(Statement fresh) throws SQLException {
        super.rebind(fresh);
        outParameters.applyTo((CallableStatement) fresh);
    }

    @Override
    public boolean callable() {
        return true;
    }

    @Override
    public boolean replayable() {
        return !namedParameters && super.replayable();
    }

    private void namedParameterUsed() {
        namedParameters = true;
    }

    // ---- OUT registrations and named setters

    @Override
    public final void registerOutParameter(int parameterIndex, SQLType x) throws SQLException {
        cs().registerOutParameter(parameterIndex, x);
        outParameters.record(parameterIndex, Setter.OUT_SQLTYPE, x, null);
    }

    @Override
    public final void registerOutParameter(int parameterIndex, SQLType x, String y) throws SQLException {
        cs().registerOutParameter(parameterIndex, x, y);
        outParameters.record(parameterIndex, Setter.OUT_SQLTYPE_STRING, x, y);
    }

    @Override
    public final void registerOutParameter(int parameterIndex, SQLType x, int y) throws SQLException {
        cs().registerOutParameter(parameterIndex, x, y);
        outParameters.record(parameterIndex, Setter.OUT_SQLTYPE_INT, x, y);
    }

    @Override
    public final void registerOutParameter(int parameterIndex, int x) throws SQLException {
        cs().registerOutParameter(parameterIndex, x);
        outParameters.record(parameterIndex, Setter.OUT_INT, x, null);
    }

    @Override
    public final void registerOutParameter(int parameterIndex, int x, String y) throws SQLException {
        cs().registerOutParameter(parameterIndex, x, y);
        outParameters.record(parameterIndex, Setter.OUT_INT_STRING, x, y);
    }

    @Override
    public final void registerOutParameter(int parameterIndex, int x, int y) throws SQLException {
        cs().registerOutParameter(parameterIndex, x, y);
        outParameters.record(parameterIndex, Setter.OUT_INT_INT, x, y);
    }

    @Override
    public final void registerOutParameter(String parameterName, SQLType x) throws SQLException {
        cs().registerOutParameter(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void registerOutParameter(String parameterName, SQLType x, String y) throws SQLException {
        cs().registerOutParameter(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void registerOutParameter(String parameterName, SQLType x, int y) throws SQLException {
        cs().registerOutParameter(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void registerOutParameter(String parameterName, int x) throws SQLException {
        cs().registerOutParameter(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void registerOutParameter(String parameterName, int x, String y) throws SQLException {
        cs().registerOutParameter(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void registerOutParameter(String parameterName, int x, int y) throws SQLException {
        cs().registerOutParameter(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setAsciiStream(String parameterName, InputStream x) throws SQLException {
        cs().setAsciiStream(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setAsciiStream(String parameterName, InputStream x, int y) throws SQLException {
        cs().setAsciiStream(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setAsciiStream(String parameterName, InputStream x, long y) throws SQLException {
        cs().setAsciiStream(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setBigDecimal(String parameterName, BigDecimal x) throws SQLException {
        cs().setBigDecimal(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setBinaryStream(String parameterName, InputStream x) throws SQLException {
        cs().setBinaryStream(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setBinaryStream(String parameterName, InputStream x, int y) throws SQLException {
        cs().setBinaryStream(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setBinaryStream(String parameterName, InputStream x, long y) throws SQLException {
        cs().setBinaryStream(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setBlob(String parameterName, Blob x) throws SQLException {
        cs().setBlob(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setBlob(String parameterName, InputStream x) throws SQLException {
        cs().setBlob(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setBlob(String parameterName, InputStream x, long y) throws SQLException {
        cs().setBlob(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setBoolean(String parameterName, boolean x) throws SQLException {
        cs().setBoolean(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setByte(String parameterName, byte x) throws SQLException {
        cs().setByte(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setBytes(String parameterName, byte[] x) throws SQLException {
        cs().setBytes(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setCharacterStream(String parameterName, Reader x) throws SQLException {
        cs().setCharacterStream(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setCharacterStream(String parameterName, Reader x, int y) throws SQLException {
        cs().setCharacterStream(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setCharacterStream(String parameterName, Reader x, long y) throws SQLException {
        cs().setCharacterStream(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setClob(String parameterName, Clob x) throws SQLException {
        cs().setClob(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setClob(String parameterName, Reader x) throws SQLException {
        cs().setClob(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setClob(String parameterName, Reader x, long y) throws SQLException {
        cs().setClob(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setDate(String parameterName, Date x) throws SQLException {
        cs().setDate(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setDate(String parameterName, Date x, Calendar y) throws SQLException {
        cs().setDate(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setDouble(String parameterName, double x) throws SQLException {
        cs().setDouble(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setFloat(String parameterName, float x) throws SQLException {
        cs().setFloat(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setInt(String parameterName, int x) throws SQLException {
        cs().setInt(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setLong(String parameterName, long x) throws SQLException {
        cs().setLong(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setNCharacterStream(String parameterName, Reader x) throws SQLException {
        cs().setNCharacterStream(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setNCharacterStream(String parameterName, Reader x, long y) throws SQLException {
        cs().setNCharacterStream(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setNClob(String parameterName, NClob x) throws SQLException {
        cs().setNClob(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setNClob(String parameterName, Reader x) throws SQLException {
        cs().setNClob(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setNClob(String parameterName, Reader x, long y) throws SQLException {
        cs().setNClob(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setNString(String parameterName, String x) throws SQLException {
        cs().setNString(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setNull(String parameterName, int x) throws SQLException {
        cs().setNull(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setNull(String parameterName, int x, String y) throws SQLException {
        cs().setNull(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setObject(String parameterName, Object x) throws SQLException {
        cs().setObject(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setObject(String parameterName, Object x, SQLType y) throws SQLException {
        cs().setObject(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setObject(String parameterName, Object x, SQLType y, int z) throws SQLException {
        cs().setObject(parameterName, x, y, z);
        namedParameterUsed();
    }

    @Override
    public final void setObject(String parameterName, Object x, int y) throws SQLException {
        cs().setObject(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setObject(String parameterName, Object x, int y, int z) throws SQLException {
        cs().setObject(parameterName, x, y, z);
        namedParameterUsed();
    }

    @Override
    public final void setRowId(String parameterName, RowId x) throws SQLException {
        cs().setRowId(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setSQLXML(String parameterName, SQLXML x) throws SQLException {
        cs().setSQLXML(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setShort(String parameterName, short x) throws SQLException {
        cs().setShort(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setString(String parameterName, String x) throws SQLException {
        cs().setString(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setTime(String parameterName, Time x) throws SQLException {
        cs().setTime(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setTime(String parameterName, Time x, Calendar y) throws SQLException {
        cs().setTime(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setTimestamp(String parameterName, Timestamp x) throws SQLException {
        cs().setTimestamp(parameterName, x);
        namedParameterUsed();
    }

    @Override
    public final void setTimestamp(String parameterName, Timestamp x, Calendar y) throws SQLException {
        cs().setTimestamp(parameterName, x, y);
        namedParameterUsed();
    }

    @Override
    public final void setURL(String parameterName, URL x) throws SQLException {
        cs().setURL(parameterName, x);
        namedParameterUsed();
    }
    // ---- pass-throughs (plain forwarding to the current physical statement)

    @Override public Array getArray(String a) throws SQLException { return cs().getArray(a); }
    @Override public Array getArray(int a) throws SQLException { return cs().getArray(a); }
    @Override public BigDecimal getBigDecimal(String a) throws SQLException { return cs().getBigDecimal(a); }
    @Override public BigDecimal getBigDecimal(int a) throws SQLException { return cs().getBigDecimal(a); }
    @Deprecated @Override public BigDecimal getBigDecimal(int a, int b) throws SQLException { return cs().getBigDecimal(a, b); }
    @Override public Blob getBlob(String a) throws SQLException { return cs().getBlob(a); }
    @Override public Blob getBlob(int a) throws SQLException { return cs().getBlob(a); }
    @Override public boolean getBoolean(String a) throws SQLException { return cs().getBoolean(a); }
    @Override public boolean getBoolean(int a) throws SQLException { return cs().getBoolean(a); }
    @Override public byte getByte(String a) throws SQLException { return cs().getByte(a); }
    @Override public byte getByte(int a) throws SQLException { return cs().getByte(a); }
    @Override public byte[] getBytes(String a) throws SQLException { return cs().getBytes(a); }
    @Override public byte[] getBytes(int a) throws SQLException { return cs().getBytes(a); }
    @Override public Reader getCharacterStream(String a) throws SQLException { return cs().getCharacterStream(a); }
    @Override public Reader getCharacterStream(int a) throws SQLException { return cs().getCharacterStream(a); }
    @Override public Clob getClob(String a) throws SQLException { return cs().getClob(a); }
    @Override public Clob getClob(int a) throws SQLException { return cs().getClob(a); }
    @Override public Date getDate(String a) throws SQLException { return cs().getDate(a); }
    @Override public Date getDate(String a, Calendar b) throws SQLException { return cs().getDate(a, b); }
    @Override public Date getDate(int a) throws SQLException { return cs().getDate(a); }
    @Override public Date getDate(int a, Calendar b) throws SQLException { return cs().getDate(a, b); }
    @Override public double getDouble(String a) throws SQLException { return cs().getDouble(a); }
    @Override public double getDouble(int a) throws SQLException { return cs().getDouble(a); }
    @Override public float getFloat(String a) throws SQLException { return cs().getFloat(a); }
    @Override public float getFloat(int a) throws SQLException { return cs().getFloat(a); }
    @Override public int getInt(String a) throws SQLException { return cs().getInt(a); }
    @Override public int getInt(int a) throws SQLException { return cs().getInt(a); }
    @Override public long getLong(String a) throws SQLException { return cs().getLong(a); }
    @Override public long getLong(int a) throws SQLException { return cs().getLong(a); }
    @Override public Reader getNCharacterStream(String a) throws SQLException { return cs().getNCharacterStream(a); }
    @Override public Reader getNCharacterStream(int a) throws SQLException { return cs().getNCharacterStream(a); }
    @Override public NClob getNClob(String a) throws SQLException { return cs().getNClob(a); }
    @Override public NClob getNClob(int a) throws SQLException { return cs().getNClob(a); }
    @Override public String getNString(String a) throws SQLException { return cs().getNString(a); }
    @Override public String getNString(int a) throws SQLException { return cs().getNString(a); }
    @Override public Object getObject(String a) throws SQLException { return cs().getObject(a); }
    @Override public <T> T getObject(String a, Class<T> b) throws SQLException { return cs().getObject(a, b); }
    @Override public Object getObject(String a, Map<String, Class<?>> b) throws SQLException { return cs().getObject(a, b); }
    @Override public Object getObject(int a) throws SQLException { return cs().getObject(a); }
    @Override public <T> T getObject(int a, Class<T> b) throws SQLException { return cs().getObject(a, b); }
    @Override public Object getObject(int a, Map<String, Class<?>> b) throws SQLException { return cs().getObject(a, b); }
    @Override public Ref getRef(String a) throws SQLException { return cs().getRef(a); }
    @Override public Ref getRef(int a) throws SQLException { return cs().getRef(a); }
    @Override public RowId getRowId(String a) throws SQLException { return cs().getRowId(a); }
    @Override public RowId getRowId(int a) throws SQLException { return cs().getRowId(a); }
    @Override public SQLXML getSQLXML(String a) throws SQLException { return cs().getSQLXML(a); }
    @Override public SQLXML getSQLXML(int a) throws SQLException { return cs().getSQLXML(a); }
    @Override public short getShort(String a) throws SQLException { return cs().getShort(a); }
    @Override public short getShort(int a) throws SQLException { return cs().getShort(a); }
    @Override public String getString(String a) throws SQLException { return cs().getString(a); }
    @Override public String getString(int a) throws SQLException { return cs().getString(a); }
    @Override public Time getTime(String a) throws SQLException { return cs().getTime(a); }
    @Override public Time getTime(String a, Calendar b) throws SQLException { return cs().getTime(a, b); }
    @Override public Time getTime(int a) throws SQLException { return cs().getTime(a); }
    @Override public Time getTime(int a, Calendar b) throws SQLException { return cs().getTime(a, b); }
    @Override public Timestamp getTimestamp(String a) throws SQLException { return cs().getTimestamp(a); }
    @Override public Timestamp getTimestamp(String a, Calendar b) throws SQLException { return cs().getTimestamp(a, b); }
    @Override public Timestamp getTimestamp(int a) throws SQLException { return cs().getTimestamp(a); }
    @Override public Timestamp getTimestamp(int a, Calendar b) throws SQLException { return cs().getTimestamp(a, b); }
    @Override public URL getURL(String a) throws SQLException { return cs().getURL(a); }
    @Override public URL getURL(int a) throws SQLException { return cs().getURL(a); }
    @Override public boolean wasNull() throws SQLException { return cs().wasNull(); }
}
