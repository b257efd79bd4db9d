package io.retrying.jdbc.bench.stub;

import java.sql.*;

/** Every {@code Connection} method of the stub driver fails, except those a subclass overrides. Generated from the interface; not edited by hand. */
@SuppressWarnings("deprecation")
abstract class UnsupportedConnection implements Connection {

    @Override public void abort(java.util.concurrent.Executor a0) throws SQLException { throw Stubs.unsupported("Connection.abort"); }
    @Override public void clearWarnings() throws SQLException { throw Stubs.unsupported("Connection.clearWarnings"); }
    @Override public void close() throws SQLException { throw Stubs.unsupported("Connection.close"); }
    @Override public void commit() throws SQLException { throw Stubs.unsupported("Connection.commit"); }
    @Override public Array createArrayOf(String a0, Object[] a1) throws SQLException { throw Stubs.unsupported("Connection.createArrayOf"); }
    @Override public Blob createBlob() throws SQLException { throw Stubs.unsupported("Connection.createBlob"); }
    @Override public Clob createClob() throws SQLException { throw Stubs.unsupported("Connection.createClob"); }
    @Override public NClob createNClob() throws SQLException { throw Stubs.unsupported("Connection.createNClob"); }
    @Override public SQLXML createSQLXML() throws SQLException { throw Stubs.unsupported("Connection.createSQLXML"); }
    @Override public Statement createStatement() throws SQLException { throw Stubs.unsupported("Connection.createStatement"); }
    @Override public Statement createStatement(int a0, int a1, int a2) throws SQLException { throw Stubs.unsupported("Connection.createStatement"); }
    @Override public Statement createStatement(int a0, int a1) throws SQLException { throw Stubs.unsupported("Connection.createStatement"); }
    @Override public Struct createStruct(String a0, Object[] a1) throws SQLException { throw Stubs.unsupported("Connection.createStruct"); }
    @Override public boolean getAutoCommit() throws SQLException { throw Stubs.unsupported("Connection.getAutoCommit"); }
    @Override public String getCatalog() throws SQLException { throw Stubs.unsupported("Connection.getCatalog"); }
    @Override public java.util.Properties getClientInfo() throws SQLException { throw Stubs.unsupported("Connection.getClientInfo"); }
    @Override public String getClientInfo(String a0) throws SQLException { throw Stubs.unsupported("Connection.getClientInfo"); }
    @Override public int getHoldability() throws SQLException { throw Stubs.unsupported("Connection.getHoldability"); }
    @Override public DatabaseMetaData getMetaData() throws SQLException { throw Stubs.unsupported("Connection.getMetaData"); }
    @Override public int getNetworkTimeout() throws SQLException { throw Stubs.unsupported("Connection.getNetworkTimeout"); }
    @Override public String getSchema() throws SQLException { throw Stubs.unsupported("Connection.getSchema"); }
    @Override public int getTransactionIsolation() throws SQLException { throw Stubs.unsupported("Connection.getTransactionIsolation"); }
    @Override public java.util.Map<String, Class<?>> getTypeMap() throws SQLException { throw Stubs.unsupported("Connection.getTypeMap"); }
    @Override public SQLWarning getWarnings() throws SQLException { throw Stubs.unsupported("Connection.getWarnings"); }
    @Override public boolean isClosed() throws SQLException { throw Stubs.unsupported("Connection.isClosed"); }
    @Override public boolean isReadOnly() throws SQLException { throw Stubs.unsupported("Connection.isReadOnly"); }
    @Override public boolean isValid(int a0) throws SQLException { throw Stubs.unsupported("Connection.isValid"); }
    @Override public boolean isWrapperFor(Class<?> a0) throws SQLException { throw Stubs.unsupported("Connection.isWrapperFor"); }
    @Override public String nativeSQL(String a0) throws SQLException { throw Stubs.unsupported("Connection.nativeSQL"); }
    @Override public CallableStatement prepareCall(String a0, int a1, int a2, int a3) throws SQLException { throw Stubs.unsupported("Connection.prepareCall"); }
    @Override public CallableStatement prepareCall(String a0, int a1, int a2) throws SQLException { throw Stubs.unsupported("Connection.prepareCall"); }
    @Override public CallableStatement prepareCall(String a0) throws SQLException { throw Stubs.unsupported("Connection.prepareCall"); }
    @Override public PreparedStatement prepareStatement(String a0, int[] a1) throws SQLException { throw Stubs.unsupported("Connection.prepareStatement"); }
    @Override public PreparedStatement prepareStatement(String a0, String[] a1) throws SQLException { throw Stubs.unsupported("Connection.prepareStatement"); }
    @Override public PreparedStatement prepareStatement(String a0, int a1, int a2, int a3) throws SQLException { throw Stubs.unsupported("Connection.prepareStatement"); }
    @Override public PreparedStatement prepareStatement(String a0, int a1, int a2) throws SQLException { throw Stubs.unsupported("Connection.prepareStatement"); }
    @Override public PreparedStatement prepareStatement(String a0, int a1) throws SQLException { throw Stubs.unsupported("Connection.prepareStatement"); }
    @Override public PreparedStatement prepareStatement(String a0) throws SQLException { throw Stubs.unsupported("Connection.prepareStatement"); }
    @Override public void releaseSavepoint(Savepoint a0) throws SQLException { throw Stubs.unsupported("Connection.releaseSavepoint"); }
    @Override public void rollback() throws SQLException { throw Stubs.unsupported("Connection.rollback"); }
    @Override public void rollback(Savepoint a0) throws SQLException { throw Stubs.unsupported("Connection.rollback"); }
    @Override public void setAutoCommit(boolean a0) throws SQLException { throw Stubs.unsupported("Connection.setAutoCommit"); }
    @Override public void setCatalog(String a0) throws SQLException { throw Stubs.unsupported("Connection.setCatalog"); }
    @Override
    public void setClientInfo(String a0, String a1) throws SQLClientInfoException {
        throw new SQLClientInfoException("stub: Connection.setClientInfo", null);
    }

    @Override
    public void setClientInfo(java.util.Properties a0) throws SQLClientInfoException {
        throw new SQLClientInfoException("stub: Connection.setClientInfo", null);
    }

    @Override public void setHoldability(int a0) throws SQLException { throw Stubs.unsupported("Connection.setHoldability"); }
    @Override public void setNetworkTimeout(java.util.concurrent.Executor a0, int a1) throws SQLException { throw Stubs.unsupported("Connection.setNetworkTimeout"); }
    @Override public void setReadOnly(boolean a0) throws SQLException { throw Stubs.unsupported("Connection.setReadOnly"); }
    @Override public Savepoint setSavepoint() throws SQLException { throw Stubs.unsupported("Connection.setSavepoint"); }
    @Override public Savepoint setSavepoint(String a0) throws SQLException { throw Stubs.unsupported("Connection.setSavepoint"); }
    @Override public void setSchema(String a0) throws SQLException { throw Stubs.unsupported("Connection.setSchema"); }
    @Override public void setTransactionIsolation(int a0) throws SQLException { throw Stubs.unsupported("Connection.setTransactionIsolation"); }
    @Override public void setTypeMap(java.util.Map<String, Class<?>> a0) throws SQLException { throw Stubs.unsupported("Connection.setTypeMap"); }
    @Override public <T> T unwrap(Class<T> a0) throws SQLException { throw Stubs.unsupported("Connection.unwrap"); }

}
