package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.internal.commit.TransactionId;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/**
 * The results of an execution that carried the transaction id capture (issue 16), the capture's
 * taken off: what the application's statement alone gave, and where the application is in them.
 * The application's {@code getMoreResults}, {@code getUpdateCount} and {@code getResultSet} walk
 * these as they would the physical statement's had it run alone, and the execution answers with
 * what pgjdbc would have answered for it (including its exceptions: a query that returns no rows,
 * an update that does).
 */
final class RiddenResults {

    private final List<Object> results;
    /** The physical statement that ran (a prepared statement's riding twin, or the statement itself). */
    final Statement physical;
    private int position;

    private RiddenResults(List<Object> results, Statement physical) {
        this.results = results;
        this.physical = physical;
    }

    /**
     * Reads every result of {@code s}, whose first is a result set when {@code isResultSet}; the last,
     * when it is the capture's, goes to {@code capture} (learnt on the physical connection
     * {@code connection} of generation {@code generation}) and is closed.
     */
    static RiddenResults read(Statement s, boolean isResultSet, TransactionId capture, int generation,
            Connection connection) throws SQLException {
        List<Object> results = new ArrayList<>(2);
        while (true) {
            if (isResultSet) {
                results.add(s.getResultSet());
            } else {
                long count = s.getLargeUpdateCount();
                if (count == -1) {
                    break;
                }
                results.add(count);
            }
            isResultSet = s.getMoreResults(Statement.KEEP_CURRENT_RESULT);
        }
        Object last = results.isEmpty() ? null : results.get(results.size() - 1);
        if (last instanceof ResultSet rs && TransactionId.COLUMN.equals(rs.getMetaData().getColumnLabel(1))) {
            results.remove(results.size() - 1);
            try (rs) {
                capture.captured(rs, generation, connection);
            }
        } else {
            capture.ranWithout();
        }
        return new RiddenResults(results, s);
    }

    /** Whether a result set of the application's statement is among them. */
    boolean handResultSet() {
        for (Object result : results) {
            if (result instanceof ResultSet) {
                return true;
            }
        }
        return false;
    }

    /** What {@code executeQuery} answers: the one result set, or pgjdbc's exception. */
    ResultSet query() throws SQLException {
        Object first = results.isEmpty() ? null : results.get(0);
        if (!(first instanceof ResultSet rs)) {
            throw new PSQLException("No results were returned by the query.", PSQLState.NO_DATA);
        }
        if (results.size() > 1) {
            throw new PSQLException("Multiple ResultSets were returned by the query.", PSQLState.TOO_MANY_RESULTS);
        }
        return rs;
    }

    /** What {@code execute} answers: 1 when the first result is a result set, else 0. */
    long execute() {
        return !results.isEmpty() && results.get(0) instanceof ResultSet ? 1 : 0;
    }

    /** What {@code executeUpdate} ({@code large}: {@code executeLargeUpdate}) answers, or pgjdbc's exception. */
    long update(boolean large) throws SQLException {
        if (handResultSet()) {
            throw new PSQLException("A result was returned when none was expected.", PSQLState.TOO_MANY_RESULTS);
        }
        long count = results.isEmpty() ? -1 : (Long) results.get(0);
        return large || count <= Integer.MAX_VALUE ? count : Statement.SUCCESS_NO_INFO;
    }

    /** The result the application is at (a result set or a count), or null past the last. */
    Object current() {
        return position < results.size() ? results.get(position) : null;
    }

    /** {@code getUpdateCount}: the count at hand, -1 for a result set or past the last. */
    int updateCount() {
        long count = largeUpdateCount();
        return count > Integer.MAX_VALUE ? Statement.SUCCESS_NO_INFO : (int) count;
    }

    /** {@code getLargeUpdateCount}. */
    long largeUpdateCount() {
        return current() instanceof Long n ? n : -1;
    }

    /** {@code getMoreResults(current)}, as pgjdbc's: moves on, closing the current result or all before as asked. */
    boolean moreResults(int current) throws SQLException {
        if (current == Statement.CLOSE_CURRENT_RESULT && current() instanceof ResultSet rs) {
            rs.close();
        }
        if (position < results.size()) {
            position++;
        }
        if (current == Statement.CLOSE_ALL_RESULTS) {
            for (int i = 0; i < position; i++) {
                if (results.get(i) instanceof ResultSet rs) {
                    rs.close();
                }
            }
        }
        return current() instanceof ResultSet;
    }
}
