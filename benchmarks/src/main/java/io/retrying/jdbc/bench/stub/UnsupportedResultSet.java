package io.retrying.jdbc.bench.stub;

import java.sql.*;

/** Every {@code ResultSet} method of the stub driver fails, except those a subclass overrides. Generated from the interface; not edited by hand. */
@SuppressWarnings("deprecation")
abstract class UnsupportedResultSet implements ResultSet {

    @Override public boolean absolute(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.absolute"); }
    @Override public void afterLast() throws SQLException { throw Stubs.unsupported("ResultSet.afterLast"); }
    @Override public void beforeFirst() throws SQLException { throw Stubs.unsupported("ResultSet.beforeFirst"); }
    @Override public void cancelRowUpdates() throws SQLException { throw Stubs.unsupported("ResultSet.cancelRowUpdates"); }
    @Override public void clearWarnings() throws SQLException { throw Stubs.unsupported("ResultSet.clearWarnings"); }
    @Override public void close() throws SQLException { throw Stubs.unsupported("ResultSet.close"); }
    @Override public void deleteRow() throws SQLException { throw Stubs.unsupported("ResultSet.deleteRow"); }
    @Override public int findColumn(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.findColumn"); }
    @Override public boolean first() throws SQLException { throw Stubs.unsupported("ResultSet.first"); }
    @Override public Array getArray(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getArray"); }
    @Override public Array getArray(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getArray"); }
    @Override public java.io.InputStream getAsciiStream(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getAsciiStream"); }
    @Override public java.io.InputStream getAsciiStream(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getAsciiStream"); }
    @Override public java.math.BigDecimal getBigDecimal(String a0, int a1) throws SQLException { throw Stubs.unsupported("ResultSet.getBigDecimal"); }
    @Override public java.math.BigDecimal getBigDecimal(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getBigDecimal"); }
    @Override public java.math.BigDecimal getBigDecimal(int a0, int a1) throws SQLException { throw Stubs.unsupported("ResultSet.getBigDecimal"); }
    @Override public java.math.BigDecimal getBigDecimal(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getBigDecimal"); }
    @Override public java.io.InputStream getBinaryStream(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getBinaryStream"); }
    @Override public java.io.InputStream getBinaryStream(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getBinaryStream"); }
    @Override public Blob getBlob(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getBlob"); }
    @Override public Blob getBlob(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getBlob"); }
    @Override public boolean getBoolean(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getBoolean"); }
    @Override public boolean getBoolean(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getBoolean"); }
    @Override public byte getByte(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getByte"); }
    @Override public byte getByte(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getByte"); }
    @Override public byte[] getBytes(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getBytes"); }
    @Override public byte[] getBytes(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getBytes"); }
    @Override public java.io.Reader getCharacterStream(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getCharacterStream"); }
    @Override public java.io.Reader getCharacterStream(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getCharacterStream"); }
    @Override public Clob getClob(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getClob"); }
    @Override public Clob getClob(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getClob"); }
    @Override public int getConcurrency() throws SQLException { throw Stubs.unsupported("ResultSet.getConcurrency"); }
    @Override public String getCursorName() throws SQLException { throw Stubs.unsupported("ResultSet.getCursorName"); }
    @Override public Date getDate(String a0, java.util.Calendar a1) throws SQLException { throw Stubs.unsupported("ResultSet.getDate"); }
    @Override public Date getDate(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getDate"); }
    @Override public Date getDate(int a0, java.util.Calendar a1) throws SQLException { throw Stubs.unsupported("ResultSet.getDate"); }
    @Override public Date getDate(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getDate"); }
    @Override public double getDouble(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getDouble"); }
    @Override public double getDouble(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getDouble"); }
    @Override public int getFetchDirection() throws SQLException { throw Stubs.unsupported("ResultSet.getFetchDirection"); }
    @Override public int getFetchSize() throws SQLException { throw Stubs.unsupported("ResultSet.getFetchSize"); }
    @Override public float getFloat(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getFloat"); }
    @Override public float getFloat(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getFloat"); }
    @Override public int getHoldability() throws SQLException { throw Stubs.unsupported("ResultSet.getHoldability"); }
    @Override public int getInt(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getInt"); }
    @Override public int getInt(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getInt"); }
    @Override public long getLong(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getLong"); }
    @Override public long getLong(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getLong"); }
    @Override public ResultSetMetaData getMetaData() throws SQLException { throw Stubs.unsupported("ResultSet.getMetaData"); }
    @Override public java.io.Reader getNCharacterStream(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getNCharacterStream"); }
    @Override public java.io.Reader getNCharacterStream(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getNCharacterStream"); }
    @Override public NClob getNClob(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getNClob"); }
    @Override public NClob getNClob(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getNClob"); }
    @Override public String getNString(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getNString"); }
    @Override public String getNString(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getNString"); }
    @Override public <T> T getObject(String a0, Class<T> a1) throws SQLException { throw Stubs.unsupported("ResultSet.getObject"); }
    @Override public Object getObject(String a0, java.util.Map<String, Class<?>> a1) throws SQLException { throw Stubs.unsupported("ResultSet.getObject"); }
    @Override public Object getObject(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getObject"); }
    @Override public <T> T getObject(int a0, Class<T> a1) throws SQLException { throw Stubs.unsupported("ResultSet.getObject"); }
    @Override public Object getObject(int a0, java.util.Map<String, Class<?>> a1) throws SQLException { throw Stubs.unsupported("ResultSet.getObject"); }
    @Override public Object getObject(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getObject"); }
    @Override public Ref getRef(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getRef"); }
    @Override public Ref getRef(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getRef"); }
    @Override public int getRow() throws SQLException { throw Stubs.unsupported("ResultSet.getRow"); }
    @Override public RowId getRowId(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getRowId"); }
    @Override public RowId getRowId(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getRowId"); }
    @Override public SQLXML getSQLXML(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getSQLXML"); }
    @Override public SQLXML getSQLXML(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getSQLXML"); }
    @Override public short getShort(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getShort"); }
    @Override public short getShort(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getShort"); }
    @Override public Statement getStatement() throws SQLException { throw Stubs.unsupported("ResultSet.getStatement"); }
    @Override public String getString(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getString"); }
    @Override public String getString(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getString"); }
    @Override public Time getTime(String a0, java.util.Calendar a1) throws SQLException { throw Stubs.unsupported("ResultSet.getTime"); }
    @Override public Time getTime(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getTime"); }
    @Override public Time getTime(int a0, java.util.Calendar a1) throws SQLException { throw Stubs.unsupported("ResultSet.getTime"); }
    @Override public Time getTime(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getTime"); }
    @Override public Timestamp getTimestamp(String a0, java.util.Calendar a1) throws SQLException { throw Stubs.unsupported("ResultSet.getTimestamp"); }
    @Override public Timestamp getTimestamp(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getTimestamp"); }
    @Override public Timestamp getTimestamp(int a0, java.util.Calendar a1) throws SQLException { throw Stubs.unsupported("ResultSet.getTimestamp"); }
    @Override public Timestamp getTimestamp(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getTimestamp"); }
    @Override public int getType() throws SQLException { throw Stubs.unsupported("ResultSet.getType"); }
    @Override public java.net.URL getURL(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getURL"); }
    @Override public java.net.URL getURL(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getURL"); }
    @Override public java.io.InputStream getUnicodeStream(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.getUnicodeStream"); }
    @Override public java.io.InputStream getUnicodeStream(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.getUnicodeStream"); }
    @Override public SQLWarning getWarnings() throws SQLException { throw Stubs.unsupported("ResultSet.getWarnings"); }
    @Override public void insertRow() throws SQLException { throw Stubs.unsupported("ResultSet.insertRow"); }
    @Override public boolean isAfterLast() throws SQLException { throw Stubs.unsupported("ResultSet.isAfterLast"); }
    @Override public boolean isBeforeFirst() throws SQLException { throw Stubs.unsupported("ResultSet.isBeforeFirst"); }
    @Override public boolean isClosed() throws SQLException { throw Stubs.unsupported("ResultSet.isClosed"); }
    @Override public boolean isFirst() throws SQLException { throw Stubs.unsupported("ResultSet.isFirst"); }
    @Override public boolean isLast() throws SQLException { throw Stubs.unsupported("ResultSet.isLast"); }
    @Override public boolean isWrapperFor(Class<?> a0) throws SQLException { throw Stubs.unsupported("ResultSet.isWrapperFor"); }
    @Override public boolean last() throws SQLException { throw Stubs.unsupported("ResultSet.last"); }
    @Override public void moveToCurrentRow() throws SQLException { throw Stubs.unsupported("ResultSet.moveToCurrentRow"); }
    @Override public void moveToInsertRow() throws SQLException { throw Stubs.unsupported("ResultSet.moveToInsertRow"); }
    @Override public boolean next() throws SQLException { throw Stubs.unsupported("ResultSet.next"); }
    @Override public boolean previous() throws SQLException { throw Stubs.unsupported("ResultSet.previous"); }
    @Override public void refreshRow() throws SQLException { throw Stubs.unsupported("ResultSet.refreshRow"); }
    @Override public boolean relative(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.relative"); }
    @Override public boolean rowDeleted() throws SQLException { throw Stubs.unsupported("ResultSet.rowDeleted"); }
    @Override public boolean rowInserted() throws SQLException { throw Stubs.unsupported("ResultSet.rowInserted"); }
    @Override public boolean rowUpdated() throws SQLException { throw Stubs.unsupported("ResultSet.rowUpdated"); }
    @Override public void setFetchDirection(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.setFetchDirection"); }
    @Override public void setFetchSize(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.setFetchSize"); }
    @Override public <T> T unwrap(Class<T> a0) throws SQLException { throw Stubs.unsupported("ResultSet.unwrap"); }
    @Override public void updateArray(String a0, Array a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateArray"); }
    @Override public void updateArray(int a0, Array a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateArray"); }
    @Override public void updateAsciiStream(String a0, java.io.InputStream a1, int a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateAsciiStream"); }
    @Override public void updateAsciiStream(String a0, java.io.InputStream a1, long a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateAsciiStream"); }
    @Override public void updateAsciiStream(String a0, java.io.InputStream a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateAsciiStream"); }
    @Override public void updateAsciiStream(int a0, java.io.InputStream a1, int a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateAsciiStream"); }
    @Override public void updateAsciiStream(int a0, java.io.InputStream a1, long a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateAsciiStream"); }
    @Override public void updateAsciiStream(int a0, java.io.InputStream a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateAsciiStream"); }
    @Override public void updateBigDecimal(String a0, java.math.BigDecimal a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateBigDecimal"); }
    @Override public void updateBigDecimal(int a0, java.math.BigDecimal a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateBigDecimal"); }
    @Override public void updateBinaryStream(String a0, java.io.InputStream a1, int a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateBinaryStream"); }
    @Override public void updateBinaryStream(String a0, java.io.InputStream a1, long a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateBinaryStream"); }
    @Override public void updateBinaryStream(String a0, java.io.InputStream a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateBinaryStream"); }
    @Override public void updateBinaryStream(int a0, java.io.InputStream a1, int a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateBinaryStream"); }
    @Override public void updateBinaryStream(int a0, java.io.InputStream a1, long a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateBinaryStream"); }
    @Override public void updateBinaryStream(int a0, java.io.InputStream a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateBinaryStream"); }
    @Override public void updateBlob(String a0, java.io.InputStream a1, long a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateBlob"); }
    @Override public void updateBlob(String a0, java.io.InputStream a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateBlob"); }
    @Override public void updateBlob(String a0, Blob a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateBlob"); }
    @Override public void updateBlob(int a0, java.io.InputStream a1, long a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateBlob"); }
    @Override public void updateBlob(int a0, java.io.InputStream a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateBlob"); }
    @Override public void updateBlob(int a0, Blob a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateBlob"); }
    @Override public void updateBoolean(String a0, boolean a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateBoolean"); }
    @Override public void updateBoolean(int a0, boolean a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateBoolean"); }
    @Override public void updateByte(String a0, byte a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateByte"); }
    @Override public void updateByte(int a0, byte a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateByte"); }
    @Override public void updateBytes(String a0, byte[] a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateBytes"); }
    @Override public void updateBytes(int a0, byte[] a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateBytes"); }
    @Override public void updateCharacterStream(String a0, java.io.Reader a1, int a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateCharacterStream"); }
    @Override public void updateCharacterStream(String a0, java.io.Reader a1, long a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateCharacterStream"); }
    @Override public void updateCharacterStream(String a0, java.io.Reader a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateCharacterStream"); }
    @Override public void updateCharacterStream(int a0, java.io.Reader a1, int a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateCharacterStream"); }
    @Override public void updateCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateCharacterStream"); }
    @Override public void updateCharacterStream(int a0, java.io.Reader a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateCharacterStream"); }
    @Override public void updateClob(String a0, java.io.Reader a1, long a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateClob"); }
    @Override public void updateClob(String a0, java.io.Reader a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateClob"); }
    @Override public void updateClob(String a0, Clob a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateClob"); }
    @Override public void updateClob(int a0, java.io.Reader a1, long a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateClob"); }
    @Override public void updateClob(int a0, java.io.Reader a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateClob"); }
    @Override public void updateClob(int a0, Clob a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateClob"); }
    @Override public void updateDate(String a0, Date a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateDate"); }
    @Override public void updateDate(int a0, Date a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateDate"); }
    @Override public void updateDouble(String a0, double a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateDouble"); }
    @Override public void updateDouble(int a0, double a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateDouble"); }
    @Override public void updateFloat(String a0, float a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateFloat"); }
    @Override public void updateFloat(int a0, float a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateFloat"); }
    @Override public void updateInt(String a0, int a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateInt"); }
    @Override public void updateInt(int a0, int a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateInt"); }
    @Override public void updateLong(String a0, long a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateLong"); }
    @Override public void updateLong(int a0, long a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateLong"); }
    @Override public void updateNCharacterStream(String a0, java.io.Reader a1, long a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateNCharacterStream"); }
    @Override public void updateNCharacterStream(String a0, java.io.Reader a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateNCharacterStream"); }
    @Override public void updateNCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateNCharacterStream"); }
    @Override public void updateNCharacterStream(int a0, java.io.Reader a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateNCharacterStream"); }
    @Override public void updateNClob(String a0, java.io.Reader a1, long a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateNClob"); }
    @Override public void updateNClob(String a0, java.io.Reader a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateNClob"); }
    @Override public void updateNClob(String a0, NClob a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateNClob"); }
    @Override public void updateNClob(int a0, java.io.Reader a1, long a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateNClob"); }
    @Override public void updateNClob(int a0, java.io.Reader a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateNClob"); }
    @Override public void updateNClob(int a0, NClob a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateNClob"); }
    @Override public void updateNString(String a0, String a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateNString"); }
    @Override public void updateNString(int a0, String a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateNString"); }
    @Override public void updateNull(String a0) throws SQLException { throw Stubs.unsupported("ResultSet.updateNull"); }
    @Override public void updateNull(int a0) throws SQLException { throw Stubs.unsupported("ResultSet.updateNull"); }
    @Override public void updateObject(String a0, Object a1, int a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateObject"); }
    @Override public void updateObject(String a0, Object a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateObject"); }
    @Override public void updateObject(int a0, Object a1, int a2) throws SQLException { throw Stubs.unsupported("ResultSet.updateObject"); }
    @Override public void updateObject(int a0, Object a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateObject"); }
    @Override public void updateRef(String a0, Ref a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateRef"); }
    @Override public void updateRef(int a0, Ref a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateRef"); }
    @Override public void updateRow() throws SQLException { throw Stubs.unsupported("ResultSet.updateRow"); }
    @Override public void updateRowId(String a0, RowId a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateRowId"); }
    @Override public void updateRowId(int a0, RowId a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateRowId"); }
    @Override public void updateSQLXML(String a0, SQLXML a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateSQLXML"); }
    @Override public void updateSQLXML(int a0, SQLXML a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateSQLXML"); }
    @Override public void updateShort(String a0, short a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateShort"); }
    @Override public void updateShort(int a0, short a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateShort"); }
    @Override public void updateString(String a0, String a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateString"); }
    @Override public void updateString(int a0, String a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateString"); }
    @Override public void updateTime(String a0, Time a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateTime"); }
    @Override public void updateTime(int a0, Time a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateTime"); }
    @Override public void updateTimestamp(String a0, Timestamp a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateTimestamp"); }
    @Override public void updateTimestamp(int a0, Timestamp a1) throws SQLException { throw Stubs.unsupported("ResultSet.updateTimestamp"); }
    @Override public boolean wasNull() throws SQLException { throw Stubs.unsupported("ResultSet.wasNull"); }

}
