package io.retrying.jdbc.bench.stub;

import java.sql.*;

/** Every {@code ResultSetMetaData} method of the stub driver fails, except those a subclass overrides. Generated from the interface; not edited by hand. */
abstract class UnsupportedResultSetMetaData implements ResultSetMetaData {

    @Override public String getCatalogName(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.getCatalogName"); }
    @Override public String getColumnClassName(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.getColumnClassName"); }
    @Override public int getColumnCount() throws SQLException { throw Stubs.unsupported("ResultSetMetaData.getColumnCount"); }
    @Override public int getColumnDisplaySize(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.getColumnDisplaySize"); }
    @Override public String getColumnLabel(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.getColumnLabel"); }
    @Override public String getColumnName(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.getColumnName"); }
    @Override public int getColumnType(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.getColumnType"); }
    @Override public String getColumnTypeName(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.getColumnTypeName"); }
    @Override public int getPrecision(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.getPrecision"); }
    @Override public int getScale(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.getScale"); }
    @Override public String getSchemaName(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.getSchemaName"); }
    @Override public String getTableName(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.getTableName"); }
    @Override public boolean isAutoIncrement(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.isAutoIncrement"); }
    @Override public boolean isCaseSensitive(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.isCaseSensitive"); }
    @Override public boolean isCurrency(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.isCurrency"); }
    @Override public boolean isDefinitelyWritable(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.isDefinitelyWritable"); }
    @Override public int isNullable(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.isNullable"); }
    @Override public boolean isReadOnly(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.isReadOnly"); }
    @Override public boolean isSearchable(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.isSearchable"); }
    @Override public boolean isSigned(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.isSigned"); }
    @Override public boolean isWrapperFor(Class<?> a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.isWrapperFor"); }
    @Override public boolean isWritable(int a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.isWritable"); }
    @Override public <T> T unwrap(Class<T> a0) throws SQLException { throw Stubs.unsupported("ResultSetMetaData.unwrap"); }

}
