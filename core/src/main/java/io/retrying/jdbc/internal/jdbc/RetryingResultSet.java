package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.internal.failure.Recovery;
import io.retrying.jdbc.internal.replay.JournaledRows;
import io.retrying.jdbc.internal.replay.ResultDigest;
import io.retrying.jdbc.internal.retry.Run;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;
import java.util.Set;
import org.postgresql.PGRefCursorResultSet;

/**
 * A result set whose {@link #getStatement()} is the application's statement, not pgjdbc's.
 * Everything but {@code next()} and {@code close()} is a pass-through to the physical result set.
 *
 * <p>Inside a journaled transaction it carries a {@link ResultDigest} of the rows the application
 * moved onto, and a transaction replay may re-point it at the re-executed query's result set,
 * positioned at the same row ({@link #repoint}): the application's object carries on. A failure
 * while fetching more rows of a journaled query (its cursor died with the connection) triggers that
 * replay itself; outside transactions it surfaces as is.
 */
@SuppressWarnings("deprecation")
public final class RetryingResultSet implements ResultSet, PGRefCursorResultSet, JournaledRows {

    /** The {@code org.postgresql.PGRefCursorResultSet} methods that go straight to the physical result set. */
    static final Set<String> PG_PASS_THROUGH = Set.of("getRefCursor()");

    /** Not final: a transaction replay re-points it at the re-executed query's result set. */
    private ResultSet delegate;
    private final RetryingStatement statement;
    /** What the application read, inside a journaled transaction; null otherwise (nothing is hashed). */
    public ResultDigest digest;
    private boolean closedByApp;

    RetryingResultSet(ResultSet delegate, RetryingStatement statement) {
        this.delegate = delegate;
        this.statement = statement;
    }

    @Override
    public Statement getStatement() {
        return statement;
    }

    @Override
    public boolean next() throws SQLException {
        boolean more;
        try {
            more = delegate.next();
        } catch (SQLException e) {
            if (digest == null) {
                throw statement.owner().failedOutsideFunnel(e);
            }
            more = nextAfterReplay(e);
        }
        if (digest != null) {
            digest.moved(delegate, more);
        }
        return more;
    }

    /**
     * Fetching the next rows of a journaled query failed (its cursor died with the connection):
     * the transaction is replayed, which re-points this result set at the same row of the
     * re-executed query, and the fetch is tried there.
     */
    private boolean nextAfterReplay(SQLException first) throws SQLException {
        Recovery recovery = statement.owner().recovery();
        Run run = null;
        SQLException e = first;
        while (true) {
            ResultSet before = delegate;
            run = recovery.callFailed(e, run, "fetching rows");
            if (delegate == before) {
                // the replay could not carry this result set over (it was not its statement's latest)
                throw e;
            }
            try {
                return delegate.next();
            } catch (SQLException again) {
                e = again;
            }
        }
    }

    @Override
    public void close() throws SQLException {
        closedByApp = true;
        delegate.close();
    }

    /**
     * A refcursor column read with {@code getObject} is a result set pgjdbc fetched on the physical
     * connection (FETCH ALL), outside the digest: what the application read through it cannot be
     * verified, so the open transaction is not replayable (a later 40001 or lost connection surfaces).
     */
    private <T> T readCursor(T value) {
        if (value instanceof ResultSet) {
            statement.owner().readOutsideDigest("a refcursor read through getObject");
        }
        return value;
    }

    /**
     * pgjdbc reads a Blob or Clob column as a large object's oid and its content through the
     * physical connection, outside the digest: the open transaction is not replayable.
     */
    private <T> T largeObject(T value) {
        if (value != null) {
            statement.owner().readOutsideDigest("a large object read through getBlob/getClob");
        }
        return value;
    }

    @Override
    public ResultDigest digest() {
        return digest;
    }

    @Override
    public void startDigest() {
        digest = new ResultDigest();
    }

    /** Whether the application closed it. */
    @Override
    public boolean closedByApp() {
        return closedByApp;
    }

    /** A replay re-executed the query and read up to where the application stood: carry on there. */
    @Override
    public void repoint(ResultSet replayed) {
        if (!closedByApp && replayed != null) {
            delegate = replayed;
            if (digest != null) {
                // the new result set may arrive in another wire format: work out how to hash it afresh
                digest.formatsChanged();
            }
        }
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        return iface.isInstance(delegate) ? iface.cast(delegate) : delegate.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || delegate.isWrapperFor(iface);
    }

    @Override
    public String toString() {
        return "RetryingResultSet@" + Integer.toHexString(System.identityHashCode(this)) + " wrapping " + delegate;
    }

    // ---- what the digest must know: peeks, and reads it cannot hold (the transaction is then not replayable)

    @Override
    public Blob getBlob(String a) throws SQLException {
        return largeObject(delegate.getBlob(a));
    }

    @Override
    public Blob getBlob(int a) throws SQLException {
        return largeObject(delegate.getBlob(a));
    }

    @Override
    public Clob getClob(String a) throws SQLException {
        return largeObject(delegate.getClob(a));
    }

    @Override
    public Clob getClob(int a) throws SQLException {
        return largeObject(delegate.getClob(a));
    }

    @Override
    public Object getObject(String a) throws SQLException {
        return readCursor(delegate.getObject(a));
    }

    @Override
    public <T> T getObject(String a, Class<T> b) throws SQLException {
        return readCursor(delegate.getObject(a, b));
    }

    @Override
    public Object getObject(String a, Map<String, Class<?>> b) throws SQLException {
        return readCursor(delegate.getObject(a, b));
    }

    @Override
    public Object getObject(int a) throws SQLException {
        return readCursor(delegate.getObject(a));
    }

    @Override
    public <T> T getObject(int a, Class<T> b) throws SQLException {
        return readCursor(delegate.getObject(a, b));
    }

    @Override
    public Object getObject(int a, Map<String, Class<?>> b) throws SQLException {
        return readCursor(delegate.getObject(a, b));
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        boolean before = delegate.isBeforeFirst();
        if (digest != null) {
            digest.peeked(false, before);
        }
        return before;
    }

    @Override
    public boolean isLast() throws SQLException {
        boolean last = delegate.isLast();
        if (digest != null) {
            digest.peeked(true, last);
        }
        return last;
    }

    // ---- pass-throughs (plain forwarding to the physical result set, one a line)

    /** pgjdbc's (deprecated) name of the refcursor behind this result set; it declares no SQLException. */
    @Override
    public String getRefCursor() {
        try {
            return delegate.unwrap(PGRefCursorResultSet.class).getRefCursor();
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    @Override public boolean absolute(int a) throws SQLException { return delegate.absolute(a); }
    @Override public void afterLast() throws SQLException { delegate.afterLast(); }
    @Override public void beforeFirst() throws SQLException { delegate.beforeFirst(); }
    @Override public void cancelRowUpdates() throws SQLException { delegate.cancelRowUpdates(); }
    @Override public void clearWarnings() throws SQLException { delegate.clearWarnings(); }
    @Override public void deleteRow() throws SQLException { delegate.deleteRow(); }
    @Override public int findColumn(String a) throws SQLException { return delegate.findColumn(a); }
    @Override public boolean first() throws SQLException { return delegate.first(); }
    @Override public Array getArray(String a) throws SQLException { return delegate.getArray(a); }
    @Override public Array getArray(int a) throws SQLException { return delegate.getArray(a); }
    @Override public InputStream getAsciiStream(String a) throws SQLException { return delegate.getAsciiStream(a); }
    @Override public InputStream getAsciiStream(int a) throws SQLException { return delegate.getAsciiStream(a); }
    @Override public BigDecimal getBigDecimal(String a) throws SQLException { return delegate.getBigDecimal(a); }
    @Deprecated @Override public BigDecimal getBigDecimal(String a, int b) throws SQLException { return delegate.getBigDecimal(a, b); }
    @Override public BigDecimal getBigDecimal(int a) throws SQLException { return delegate.getBigDecimal(a); }
    @Deprecated @Override public BigDecimal getBigDecimal(int a, int b) throws SQLException { return delegate.getBigDecimal(a, b); }
    @Override public InputStream getBinaryStream(String a) throws SQLException { return delegate.getBinaryStream(a); }
    @Override public InputStream getBinaryStream(int a) throws SQLException { return delegate.getBinaryStream(a); }

    @Override public boolean getBoolean(String a) throws SQLException { return delegate.getBoolean(a); }
    @Override public boolean getBoolean(int a) throws SQLException { return delegate.getBoolean(a); }
    @Override public byte getByte(String a) throws SQLException { return delegate.getByte(a); }
    @Override public byte getByte(int a) throws SQLException { return delegate.getByte(a); }
    @Override public byte[] getBytes(String a) throws SQLException { return delegate.getBytes(a); }
    @Override public byte[] getBytes(int a) throws SQLException { return delegate.getBytes(a); }
    @Override public Reader getCharacterStream(String a) throws SQLException { return delegate.getCharacterStream(a); }
    @Override public Reader getCharacterStream(int a) throws SQLException { return delegate.getCharacterStream(a); }

    @Override public int getConcurrency() throws SQLException { return delegate.getConcurrency(); }
    @Override public String getCursorName() throws SQLException { return delegate.getCursorName(); }
    @Override public Date getDate(String a) throws SQLException { return delegate.getDate(a); }
    @Override public Date getDate(String a, Calendar b) throws SQLException { return delegate.getDate(a, b); }
    @Override public Date getDate(int a) throws SQLException { return delegate.getDate(a); }
    @Override public Date getDate(int a, Calendar b) throws SQLException { return delegate.getDate(a, b); }
    @Override public double getDouble(String a) throws SQLException { return delegate.getDouble(a); }
    @Override public double getDouble(int a) throws SQLException { return delegate.getDouble(a); }
    @Override public int getFetchDirection() throws SQLException { return delegate.getFetchDirection(); }
    @Override public int getFetchSize() throws SQLException { return delegate.getFetchSize(); }
    @Override public float getFloat(String a) throws SQLException { return delegate.getFloat(a); }
    @Override public float getFloat(int a) throws SQLException { return delegate.getFloat(a); }
    @Override public int getHoldability() throws SQLException { return delegate.getHoldability(); }
    @Override public int getInt(String a) throws SQLException { return delegate.getInt(a); }
    @Override public int getInt(int a) throws SQLException { return delegate.getInt(a); }
    @Override public long getLong(String a) throws SQLException { return delegate.getLong(a); }
    @Override public long getLong(int a) throws SQLException { return delegate.getLong(a); }
    @Override public ResultSetMetaData getMetaData() throws SQLException { return delegate.getMetaData(); }
    @Override public Reader getNCharacterStream(String a) throws SQLException { return delegate.getNCharacterStream(a); }
    @Override public Reader getNCharacterStream(int a) throws SQLException { return delegate.getNCharacterStream(a); }
    @Override public NClob getNClob(String a) throws SQLException { return delegate.getNClob(a); }
    @Override public NClob getNClob(int a) throws SQLException { return delegate.getNClob(a); }
    @Override public String getNString(String a) throws SQLException { return delegate.getNString(a); }
    @Override public String getNString(int a) throws SQLException { return delegate.getNString(a); }

    @Override public Ref getRef(String a) throws SQLException { return delegate.getRef(a); }
    @Override public Ref getRef(int a) throws SQLException { return delegate.getRef(a); }
    @Override public int getRow() throws SQLException { return delegate.getRow(); }
    @Override public RowId getRowId(String a) throws SQLException { return delegate.getRowId(a); }
    @Override public RowId getRowId(int a) throws SQLException { return delegate.getRowId(a); }
    @Override public SQLXML getSQLXML(String a) throws SQLException { return delegate.getSQLXML(a); }
    @Override public SQLXML getSQLXML(int a) throws SQLException { return delegate.getSQLXML(a); }
    @Override public short getShort(String a) throws SQLException { return delegate.getShort(a); }
    @Override public short getShort(int a) throws SQLException { return delegate.getShort(a); }
    @Override public String getString(String a) throws SQLException { return delegate.getString(a); }
    @Override public String getString(int a) throws SQLException { return delegate.getString(a); }
    @Override public Time getTime(String a) throws SQLException { return delegate.getTime(a); }
    @Override public Time getTime(String a, Calendar b) throws SQLException { return delegate.getTime(a, b); }
    @Override public Time getTime(int a) throws SQLException { return delegate.getTime(a); }
    @Override public Time getTime(int a, Calendar b) throws SQLException { return delegate.getTime(a, b); }
    @Override public Timestamp getTimestamp(String a) throws SQLException { return delegate.getTimestamp(a); }
    @Override public Timestamp getTimestamp(String a, Calendar b) throws SQLException { return delegate.getTimestamp(a, b); }
    @Override public Timestamp getTimestamp(int a) throws SQLException { return delegate.getTimestamp(a); }
    @Override public Timestamp getTimestamp(int a, Calendar b) throws SQLException { return delegate.getTimestamp(a, b); }
    @Override public int getType() throws SQLException { return delegate.getType(); }
    @Override public URL getURL(String a) throws SQLException { return delegate.getURL(a); }
    @Override public URL getURL(int a) throws SQLException { return delegate.getURL(a); }
    @Deprecated @Override public InputStream getUnicodeStream(String a) throws SQLException { return delegate.getUnicodeStream(a); }
    @Deprecated @Override public InputStream getUnicodeStream(int a) throws SQLException { return delegate.getUnicodeStream(a); }
    @Override public SQLWarning getWarnings() throws SQLException { return delegate.getWarnings(); }
    @Override public void insertRow() throws SQLException { delegate.insertRow(); }
    @Override public boolean isAfterLast() throws SQLException { return delegate.isAfterLast(); }

    @Override public boolean isClosed() throws SQLException { return delegate.isClosed(); }
    @Override public boolean isFirst() throws SQLException { return delegate.isFirst(); }

    @Override public boolean last() throws SQLException { return delegate.last(); }
    @Override public void moveToCurrentRow() throws SQLException { delegate.moveToCurrentRow(); }
    @Override public void moveToInsertRow() throws SQLException { delegate.moveToInsertRow(); }
    @Override public boolean previous() throws SQLException { return delegate.previous(); }
    @Override public void refreshRow() throws SQLException { delegate.refreshRow(); }
    @Override public boolean relative(int a) throws SQLException { return delegate.relative(a); }
    @Override public boolean rowDeleted() throws SQLException { return delegate.rowDeleted(); }
    @Override public boolean rowInserted() throws SQLException { return delegate.rowInserted(); }
    @Override public boolean rowUpdated() throws SQLException { return delegate.rowUpdated(); }
    @Override public void setFetchDirection(int a) throws SQLException { delegate.setFetchDirection(a); }
    @Override public void setFetchSize(int a) throws SQLException { delegate.setFetchSize(a); }
    @Override public void updateArray(String a, Array b) throws SQLException { delegate.updateArray(a, b); }
    @Override public void updateArray(int a, Array b) throws SQLException { delegate.updateArray(a, b); }
    @Override public void updateAsciiStream(String a, InputStream b) throws SQLException { delegate.updateAsciiStream(a, b); }
    @Override public void updateAsciiStream(String a, InputStream b, int c) throws SQLException { delegate.updateAsciiStream(a, b, c); }
    @Override public void updateAsciiStream(String a, InputStream b, long c) throws SQLException { delegate.updateAsciiStream(a, b, c); }
    @Override public void updateAsciiStream(int a, InputStream b) throws SQLException { delegate.updateAsciiStream(a, b); }
    @Override public void updateAsciiStream(int a, InputStream b, int c) throws SQLException { delegate.updateAsciiStream(a, b, c); }
    @Override public void updateAsciiStream(int a, InputStream b, long c) throws SQLException { delegate.updateAsciiStream(a, b, c); }
    @Override public void updateBigDecimal(String a, BigDecimal b) throws SQLException { delegate.updateBigDecimal(a, b); }
    @Override public void updateBigDecimal(int a, BigDecimal b) throws SQLException { delegate.updateBigDecimal(a, b); }
    @Override public void updateBinaryStream(String a, InputStream b) throws SQLException { delegate.updateBinaryStream(a, b); }
    @Override public void updateBinaryStream(String a, InputStream b, int c) throws SQLException { delegate.updateBinaryStream(a, b, c); }
    @Override public void updateBinaryStream(String a, InputStream b, long c) throws SQLException { delegate.updateBinaryStream(a, b, c); }
    @Override public void updateBinaryStream(int a, InputStream b) throws SQLException { delegate.updateBinaryStream(a, b); }
    @Override public void updateBinaryStream(int a, InputStream b, int c) throws SQLException { delegate.updateBinaryStream(a, b, c); }
    @Override public void updateBinaryStream(int a, InputStream b, long c) throws SQLException { delegate.updateBinaryStream(a, b, c); }
    @Override public void updateBlob(String a, Blob b) throws SQLException { delegate.updateBlob(a, b); }
    @Override public void updateBlob(String a, InputStream b) throws SQLException { delegate.updateBlob(a, b); }
    @Override public void updateBlob(String a, InputStream b, long c) throws SQLException { delegate.updateBlob(a, b, c); }
    @Override public void updateBlob(int a, Blob b) throws SQLException { delegate.updateBlob(a, b); }
    @Override public void updateBlob(int a, InputStream b) throws SQLException { delegate.updateBlob(a, b); }
    @Override public void updateBlob(int a, InputStream b, long c) throws SQLException { delegate.updateBlob(a, b, c); }
    @Override public void updateBoolean(String a, boolean b) throws SQLException { delegate.updateBoolean(a, b); }
    @Override public void updateBoolean(int a, boolean b) throws SQLException { delegate.updateBoolean(a, b); }
    @Override public void updateByte(String a, byte b) throws SQLException { delegate.updateByte(a, b); }
    @Override public void updateByte(int a, byte b) throws SQLException { delegate.updateByte(a, b); }
    @Override public void updateBytes(String a, byte[] b) throws SQLException { delegate.updateBytes(a, b); }
    @Override public void updateBytes(int a, byte[] b) throws SQLException { delegate.updateBytes(a, b); }
    @Override public void updateCharacterStream(String a, Reader b) throws SQLException { delegate.updateCharacterStream(a, b); }
    @Override public void updateCharacterStream(String a, Reader b, int c) throws SQLException { delegate.updateCharacterStream(a, b, c); }
    @Override public void updateCharacterStream(String a, Reader b, long c) throws SQLException { delegate.updateCharacterStream(a, b, c); }
    @Override public void updateCharacterStream(int a, Reader b) throws SQLException { delegate.updateCharacterStream(a, b); }
    @Override public void updateCharacterStream(int a, Reader b, int c) throws SQLException { delegate.updateCharacterStream(a, b, c); }
    @Override public void updateCharacterStream(int a, Reader b, long c) throws SQLException { delegate.updateCharacterStream(a, b, c); }
    @Override public void updateClob(String a, Clob b) throws SQLException { delegate.updateClob(a, b); }
    @Override public void updateClob(String a, Reader b) throws SQLException { delegate.updateClob(a, b); }
    @Override public void updateClob(String a, Reader b, long c) throws SQLException { delegate.updateClob(a, b, c); }
    @Override public void updateClob(int a, Clob b) throws SQLException { delegate.updateClob(a, b); }
    @Override public void updateClob(int a, Reader b) throws SQLException { delegate.updateClob(a, b); }
    @Override public void updateClob(int a, Reader b, long c) throws SQLException { delegate.updateClob(a, b, c); }
    @Override public void updateDate(String a, Date b) throws SQLException { delegate.updateDate(a, b); }
    @Override public void updateDate(int a, Date b) throws SQLException { delegate.updateDate(a, b); }
    @Override public void updateDouble(String a, double b) throws SQLException { delegate.updateDouble(a, b); }
    @Override public void updateDouble(int a, double b) throws SQLException { delegate.updateDouble(a, b); }
    @Override public void updateFloat(String a, float b) throws SQLException { delegate.updateFloat(a, b); }
    @Override public void updateFloat(int a, float b) throws SQLException { delegate.updateFloat(a, b); }
    @Override public void updateInt(String a, int b) throws SQLException { delegate.updateInt(a, b); }
    @Override public void updateInt(int a, int b) throws SQLException { delegate.updateInt(a, b); }
    @Override public void updateLong(String a, long b) throws SQLException { delegate.updateLong(a, b); }
    @Override public void updateLong(int a, long b) throws SQLException { delegate.updateLong(a, b); }
    @Override public void updateNCharacterStream(String a, Reader b) throws SQLException { delegate.updateNCharacterStream(a, b); }
    @Override public void updateNCharacterStream(String a, Reader b, long c) throws SQLException { delegate.updateNCharacterStream(a, b, c); }
    @Override public void updateNCharacterStream(int a, Reader b) throws SQLException { delegate.updateNCharacterStream(a, b); }
    @Override public void updateNCharacterStream(int a, Reader b, long c) throws SQLException { delegate.updateNCharacterStream(a, b, c); }
    @Override public void updateNClob(String a, NClob b) throws SQLException { delegate.updateNClob(a, b); }
    @Override public void updateNClob(String a, Reader b) throws SQLException { delegate.updateNClob(a, b); }
    @Override public void updateNClob(String a, Reader b, long c) throws SQLException { delegate.updateNClob(a, b, c); }
    @Override public void updateNClob(int a, NClob b) throws SQLException { delegate.updateNClob(a, b); }
    @Override public void updateNClob(int a, Reader b) throws SQLException { delegate.updateNClob(a, b); }
    @Override public void updateNClob(int a, Reader b, long c) throws SQLException { delegate.updateNClob(a, b, c); }
    @Override public void updateNString(String a, String b) throws SQLException { delegate.updateNString(a, b); }
    @Override public void updateNString(int a, String b) throws SQLException { delegate.updateNString(a, b); }
    @Override public void updateNull(String a) throws SQLException { delegate.updateNull(a); }
    @Override public void updateNull(int a) throws SQLException { delegate.updateNull(a); }
    @Override public void updateObject(String a, Object b) throws SQLException { delegate.updateObject(a, b); }
    @Override public void updateObject(String a, Object b, SQLType c) throws SQLException { delegate.updateObject(a, b, c); }
    @Override public void updateObject(String a, Object b, SQLType c, int d) throws SQLException { delegate.updateObject(a, b, c, d); }
    @Override public void updateObject(String a, Object b, int c) throws SQLException { delegate.updateObject(a, b, c); }
    @Override public void updateObject(int a, Object b) throws SQLException { delegate.updateObject(a, b); }
    @Override public void updateObject(int a, Object b, SQLType c) throws SQLException { delegate.updateObject(a, b, c); }
    @Override public void updateObject(int a, Object b, SQLType c, int d) throws SQLException { delegate.updateObject(a, b, c, d); }
    @Override public void updateObject(int a, Object b, int c) throws SQLException { delegate.updateObject(a, b, c); }
    @Override public void updateRef(String a, Ref b) throws SQLException { delegate.updateRef(a, b); }
    @Override public void updateRef(int a, Ref b) throws SQLException { delegate.updateRef(a, b); }
    @Override public void updateRow() throws SQLException { delegate.updateRow(); }
    @Override public void updateRowId(String a, RowId b) throws SQLException { delegate.updateRowId(a, b); }
    @Override public void updateRowId(int a, RowId b) throws SQLException { delegate.updateRowId(a, b); }
    @Override public void updateSQLXML(String a, SQLXML b) throws SQLException { delegate.updateSQLXML(a, b); }
    @Override public void updateSQLXML(int a, SQLXML b) throws SQLException { delegate.updateSQLXML(a, b); }
    @Override public void updateShort(String a, short b) throws SQLException { delegate.updateShort(a, b); }
    @Override public void updateShort(int a, short b) throws SQLException { delegate.updateShort(a, b); }
    @Override public void updateString(String a, String b) throws SQLException { delegate.updateString(a, b); }
    @Override public void updateString(int a, String b) throws SQLException { delegate.updateString(a, b); }
    @Override public void updateTime(String a, Time b) throws SQLException { delegate.updateTime(a, b); }
    @Override public void updateTime(int a, Time b) throws SQLException { delegate.updateTime(a, b); }
    @Override public void updateTimestamp(String a, Timestamp b) throws SQLException { delegate.updateTimestamp(a, b); }
    @Override public void updateTimestamp(int a, Timestamp b) throws SQLException { delegate.updateTimestamp(a, b); }
    @Override public boolean wasNull() throws SQLException { return delegate.wasNull(); }
}
