package io.retrying.jdbc.internal.replay;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * How the application created a statement, so that the same statement can be created again on
 * a new physical connection.
 */
public record Shape(int factory, String sql, int a, int b, int c, int[] columnIndexes, String[] columnNames) {

    public static final int STATEMENT = 0;
    public static final int STATEMENT_TYPED = 1;
    public static final int STATEMENT_HOLDABLE = 2;
    public static final int PREPARED = 3;
    public static final int PREPARED_KEYS = 4;
    public static final int PREPARED_INDEXES = 5;
    public static final int PREPARED_NAMES = 6;
    public static final int PREPARED_TYPED = 7;
    public static final int PREPARED_HOLDABLE = 8;
    public static final int CALL = 9;
    public static final int CALL_TYPED = 10;
    public static final int CALL_HOLDABLE = 11;

    /** The same shape for other SQL: a prepared statement's text is part of its shape. */
    public Shape withSql(String other) {
        return new Shape(factory, other, a, b, c, columnIndexes, columnNames);
    }

    /** Creates the statement on {@code physical} with the application's original arguments. */
    public Statement create(Connection physical) throws SQLException {
        return switch (factory) {
            case STATEMENT -> physical.createStatement();
            case STATEMENT_TYPED -> physical.createStatement(a, b);
            case STATEMENT_HOLDABLE -> physical.createStatement(a, b, c);
            case PREPARED -> physical.prepareStatement(sql);
            case PREPARED_KEYS -> physical.prepareStatement(sql, a);
            case PREPARED_INDEXES -> physical.prepareStatement(sql, columnIndexes);
            case PREPARED_NAMES -> physical.prepareStatement(sql, columnNames);
            case PREPARED_TYPED -> physical.prepareStatement(sql, a, b);
            case PREPARED_HOLDABLE -> physical.prepareStatement(sql, a, b, c);
            case CALL -> physical.prepareCall(sql);
            case CALL_TYPED -> physical.prepareCall(sql, a, b);
            case CALL_HOLDABLE -> physical.prepareCall(sql, a, b, c);
            default -> throw new IllegalStateException("unknown statement factory " + factory);
        };
    }
}
