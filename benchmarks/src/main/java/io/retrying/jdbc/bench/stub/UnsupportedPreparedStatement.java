package io.retrying.jdbc.bench.stub;

import java.sql.*;

/** Every {@code PreparedStatement} method of the stub driver fails, except those a subclass overrides. Generated from the interface; not edited by hand. */
@SuppressWarnings("deprecation")
abstract class UnsupportedPreparedStatement extends StubStatement implements PreparedStatement {

    UnsupportedPreparedStatement(StubConnection connection) {
        super(connection);
    }

    @Override public void addBatch() throws SQLException { throw Stubs.unsupported("PreparedStatement.addBatch"); }
    @Override public void clearParameters() throws SQLException { throw Stubs.unsupported("PreparedStatement.clearParameters"); }
    @Override public boolean execute() throws SQLException { throw Stubs.unsupported("PreparedStatement.execute"); }
    @Override public ResultSet executeQuery() throws SQLException { throw Stubs.unsupported("PreparedStatement.executeQuery"); }
    @Override public int executeUpdate() throws SQLException { throw Stubs.unsupported("PreparedStatement.executeUpdate"); }
    @Override public ResultSetMetaData getMetaData() throws SQLException { throw Stubs.unsupported("PreparedStatement.getMetaData"); }
    @Override public ParameterMetaData getParameterMetaData() throws SQLException { throw Stubs.unsupported("PreparedStatement.getParameterMetaData"); }
    @Override public void setArray(int a0, Array a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setArray"); }
    @Override public void setAsciiStream(int a0, java.io.InputStream a1, int a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setAsciiStream"); }
    @Override public void setAsciiStream(int a0, java.io.InputStream a1, long a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setAsciiStream"); }
    @Override public void setAsciiStream(int a0, java.io.InputStream a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setAsciiStream"); }
    @Override public void setBigDecimal(int a0, java.math.BigDecimal a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setBigDecimal"); }
    @Override public void setBinaryStream(int a0, java.io.InputStream a1, int a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setBinaryStream"); }
    @Override public void setBinaryStream(int a0, java.io.InputStream a1, long a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setBinaryStream"); }
    @Override public void setBinaryStream(int a0, java.io.InputStream a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setBinaryStream"); }
    @Override public void setBlob(int a0, java.io.InputStream a1, long a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setBlob"); }
    @Override public void setBlob(int a0, java.io.InputStream a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setBlob"); }
    @Override public void setBlob(int a0, Blob a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setBlob"); }
    @Override public void setBoolean(int a0, boolean a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setBoolean"); }
    @Override public void setByte(int a0, byte a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setByte"); }
    @Override public void setBytes(int a0, byte[] a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setBytes"); }
    @Override public void setCharacterStream(int a0, java.io.Reader a1, int a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setCharacterStream"); }
    @Override public void setCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setCharacterStream"); }
    @Override public void setCharacterStream(int a0, java.io.Reader a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setCharacterStream"); }
    @Override public void setClob(int a0, java.io.Reader a1, long a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setClob"); }
    @Override public void setClob(int a0, java.io.Reader a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setClob"); }
    @Override public void setClob(int a0, Clob a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setClob"); }
    @Override public void setDate(int a0, Date a1, java.util.Calendar a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setDate"); }
    @Override public void setDate(int a0, Date a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setDate"); }
    @Override public void setDouble(int a0, double a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setDouble"); }
    @Override public void setFloat(int a0, float a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setFloat"); }
    @Override public void setInt(int a0, int a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setInt"); }
    @Override public void setLong(int a0, long a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setLong"); }
    @Override public void setNCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setNCharacterStream"); }
    @Override public void setNCharacterStream(int a0, java.io.Reader a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setNCharacterStream"); }
    @Override public void setNClob(int a0, java.io.Reader a1, long a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setNClob"); }
    @Override public void setNClob(int a0, java.io.Reader a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setNClob"); }
    @Override public void setNClob(int a0, NClob a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setNClob"); }
    @Override public void setNString(int a0, String a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setNString"); }
    @Override public void setNull(int a0, int a1, String a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setNull"); }
    @Override public void setNull(int a0, int a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setNull"); }
    @Override public void setObject(int a0, Object a1, int a2, int a3) throws SQLException { throw Stubs.unsupported("PreparedStatement.setObject"); }
    @Override public void setObject(int a0, Object a1, int a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setObject"); }
    @Override public void setObject(int a0, Object a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setObject"); }
    @Override public void setRef(int a0, Ref a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setRef"); }
    @Override public void setRowId(int a0, RowId a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setRowId"); }
    @Override public void setSQLXML(int a0, SQLXML a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setSQLXML"); }
    @Override public void setShort(int a0, short a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setShort"); }
    @Override public void setString(int a0, String a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setString"); }
    @Override public void setTime(int a0, Time a1, java.util.Calendar a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setTime"); }
    @Override public void setTime(int a0, Time a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setTime"); }
    @Override public void setTimestamp(int a0, Timestamp a1, java.util.Calendar a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setTimestamp"); }
    @Override public void setTimestamp(int a0, Timestamp a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setTimestamp"); }
    @Override public void setURL(int a0, java.net.URL a1) throws SQLException { throw Stubs.unsupported("PreparedStatement.setURL"); }
    @Override public void setUnicodeStream(int a0, java.io.InputStream a1, int a2) throws SQLException { throw Stubs.unsupported("PreparedStatement.setUnicodeStream"); }

}
