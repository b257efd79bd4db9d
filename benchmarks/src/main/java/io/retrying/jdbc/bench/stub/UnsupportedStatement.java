package io.retrying.jdbc.bench.stub;

import java.sql.*;

/** Every {@code Statement} method of the stub driver fails, except those a subclass overrides. Generated from the interface; not edited by hand. */
@SuppressWarnings("deprecation")
abstract class UnsupportedStatement implements Statement {

    @Override public void addBatch(String a0) throws SQLException { throw Stubs.unsupported("Statement.addBatch"); }
    @Override public void cancel() throws SQLException { throw Stubs.unsupported("Statement.cancel"); }
    @Override public void clearBatch() throws SQLException { throw Stubs.unsupported("Statement.clearBatch"); }
    @Override public void clearWarnings() throws SQLException { throw Stubs.unsupported("Statement.clearWarnings"); }
    @Override public void close() throws SQLException { throw Stubs.unsupported("Statement.close"); }
    @Override public void closeOnCompletion() throws SQLException { throw Stubs.unsupported("Statement.closeOnCompletion"); }
    @Override public boolean execute(String a0, int[] a1) throws SQLException { throw Stubs.unsupported("Statement.execute"); }
    @Override public boolean execute(String a0, String[] a1) throws SQLException { throw Stubs.unsupported("Statement.execute"); }
    @Override public boolean execute(String a0, int a1) throws SQLException { throw Stubs.unsupported("Statement.execute"); }
    @Override public boolean execute(String a0) throws SQLException { throw Stubs.unsupported("Statement.execute"); }
    @Override public int[] executeBatch() throws SQLException { throw Stubs.unsupported("Statement.executeBatch"); }
    @Override public ResultSet executeQuery(String a0) throws SQLException { throw Stubs.unsupported("Statement.executeQuery"); }
    @Override public int executeUpdate(String a0, int[] a1) throws SQLException { throw Stubs.unsupported("Statement.executeUpdate"); }
    @Override public int executeUpdate(String a0, String[] a1) throws SQLException { throw Stubs.unsupported("Statement.executeUpdate"); }
    @Override public int executeUpdate(String a0, int a1) throws SQLException { throw Stubs.unsupported("Statement.executeUpdate"); }
    @Override public int executeUpdate(String a0) throws SQLException { throw Stubs.unsupported("Statement.executeUpdate"); }
    @Override public Connection getConnection() throws SQLException { throw Stubs.unsupported("Statement.getConnection"); }
    @Override public int getFetchDirection() throws SQLException { throw Stubs.unsupported("Statement.getFetchDirection"); }
    @Override public int getFetchSize() throws SQLException { throw Stubs.unsupported("Statement.getFetchSize"); }
    @Override public ResultSet getGeneratedKeys() throws SQLException { throw Stubs.unsupported("Statement.getGeneratedKeys"); }
    @Override public int getMaxFieldSize() throws SQLException { throw Stubs.unsupported("Statement.getMaxFieldSize"); }
    @Override public int getMaxRows() throws SQLException { throw Stubs.unsupported("Statement.getMaxRows"); }
    @Override public boolean getMoreResults() throws SQLException { throw Stubs.unsupported("Statement.getMoreResults"); }
    @Override public boolean getMoreResults(int a0) throws SQLException { throw Stubs.unsupported("Statement.getMoreResults"); }
    @Override public int getQueryTimeout() throws SQLException { throw Stubs.unsupported("Statement.getQueryTimeout"); }
    @Override public ResultSet getResultSet() throws SQLException { throw Stubs.unsupported("Statement.getResultSet"); }
    @Override public int getResultSetConcurrency() throws SQLException { throw Stubs.unsupported("Statement.getResultSetConcurrency"); }
    @Override public int getResultSetHoldability() throws SQLException { throw Stubs.unsupported("Statement.getResultSetHoldability"); }
    @Override public int getResultSetType() throws SQLException { throw Stubs.unsupported("Statement.getResultSetType"); }
    @Override public int getUpdateCount() throws SQLException { throw Stubs.unsupported("Statement.getUpdateCount"); }
    @Override public SQLWarning getWarnings() throws SQLException { throw Stubs.unsupported("Statement.getWarnings"); }
    @Override public boolean isCloseOnCompletion() throws SQLException { throw Stubs.unsupported("Statement.isCloseOnCompletion"); }
    @Override public boolean isClosed() throws SQLException { throw Stubs.unsupported("Statement.isClosed"); }
    @Override public boolean isPoolable() throws SQLException { throw Stubs.unsupported("Statement.isPoolable"); }
    @Override public boolean isWrapperFor(Class<?> a0) throws SQLException { throw Stubs.unsupported("Statement.isWrapperFor"); }
    @Override public void setCursorName(String a0) throws SQLException { throw Stubs.unsupported("Statement.setCursorName"); }
    @Override public void setEscapeProcessing(boolean a0) throws SQLException { throw Stubs.unsupported("Statement.setEscapeProcessing"); }
    @Override public void setFetchDirection(int a0) throws SQLException { throw Stubs.unsupported("Statement.setFetchDirection"); }
    @Override public void setFetchSize(int a0) throws SQLException { throw Stubs.unsupported("Statement.setFetchSize"); }
    @Override public void setMaxFieldSize(int a0) throws SQLException { throw Stubs.unsupported("Statement.setMaxFieldSize"); }
    @Override public void setMaxRows(int a0) throws SQLException { throw Stubs.unsupported("Statement.setMaxRows"); }
    @Override public void setPoolable(boolean a0) throws SQLException { throw Stubs.unsupported("Statement.setPoolable"); }
    @Override public void setQueryTimeout(int a0) throws SQLException { throw Stubs.unsupported("Statement.setQueryTimeout"); }
    @Override public <T> T unwrap(Class<T> a0) throws SQLException { throw Stubs.unsupported("Statement.unwrap"); }

}
