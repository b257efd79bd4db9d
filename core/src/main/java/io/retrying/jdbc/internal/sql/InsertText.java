package io.retrying.jdbc.internal.sql;

import java.util.Arrays;
import java.util.List;

/**
 * Where, in the text of an {@code INSERT INTO t (cols) VALUES (...), (...)}, a column and its
 * values can be added: after the last column named, and after the last value of each row. A
 * replay uses it to insert a key the application saw instead of drawing a new one
 * ({@code internal.replay.KeptKeys}).
 *
 * <p>A lexer's reading, so never a proof: the statement it writes is used only after the server has
 * planned it and found it the application's statement but for the added column. Anything it does
 * not recognise (no column list, {@code DEFAULT VALUES}, {@code INSERT ... SELECT}, a leading
 * {@code WITH}, an {@code OVERRIDING} clause of the application's) is refused: the replay then runs
 * the application's text as it is.
 */
public final class InsertText {

    private final String sql;
    /** The index of the ')' that closes the column list. */
    private final int columnsEnd;
    /** The index of the VALUES keyword. */
    private final int valuesAt;
    /** The index of the ')' that closes each row of VALUES. */
    private final int[] rowEnds;

    private InsertText(String sql, int columnsEnd, int valuesAt, int[] rowEnds) {
        this.sql = sql;
        this.columnsEnd = columnsEnd;
        this.valuesAt = valuesAt;
        this.rowEnds = rowEnds;
    }

    /** Whether {@code sql} begins with INSERT: one look at its first word, no walk over the text. */
    public static boolean startsWithInsert(String sql) {
        if (sql == null) {
            return false;
        }
        int i = SqlScan.afterSpaceAndComments(sql, 0);
        return word(sql, i, "insert");
    }

    /** The places of {@code sql}, or null when it is not an INSERT of rows of VALUES with a column list. */
    public static InsertText of(String sql) {
        if (!startsWithInsert(sql)) {
            return null;
        }
        int i = SqlScan.afterSpaceAndComments(sql, 0) + "insert".length();
        i = SqlScan.afterSpaceAndComments(sql, i);
        if (!word(sql, i, "into")) {
            return null;
        }
        i += "into".length();
        // the target, and its alias: words, quoted names and dots up to the column list
        while (true) {
            i = SqlScan.afterSpaceAndComments(sql, i);
            if (i >= sql.length()) {
                return null;
            }
            char c = sql.charAt(i);
            if (c == '(') {
                break;
            }
            if (c == '"') {
                i = SqlScan.skipOpaque(sql, i);
            } else if (c == '.') {
                i++;
            } else if (SqlScan.isWordStart(c)) {
                if (word(sql, i, "values") || word(sql, i, "select") || word(sql, i, "default")
                        || word(sql, i, "overriding") || word(sql, i, "table")) {
                    return null;
                }
                while (i < sql.length() && SqlScan.isWordPart(sql.charAt(i))) {
                    i++;
                }
            } else {
                return null;
            }
        }
        int columnsEnd = closing(sql, i);
        if (columnsEnd < 0) {
            return null;
        }
        i = SqlScan.afterSpaceAndComments(sql, columnsEnd + 1);
        if (!word(sql, i, "values")) {
            return null; // OVERRIDING, SELECT, a query in parentheses...
        }
        int valuesAt = i;
        i += "values".length();
        int[] rows = new int[4];
        int n = 0;
        while (true) {
            i = SqlScan.afterSpaceAndComments(sql, i);
            if (i >= sql.length() || sql.charAt(i) != '(') {
                return null;
            }
            int end = closing(sql, i);
            if (end < 0) {
                return null;
            }
            if (n == rows.length) {
                rows = Arrays.copyOf(rows, n * 2);
            }
            rows[n++] = end;
            i = SqlScan.afterSpaceAndComments(sql, end + 1);
            if (i >= sql.length() || sql.charAt(i) != ',') {
                break;
            }
            i++;
        }
        return new InsertText(sql, columnsEnd, valuesAt, Arrays.copyOf(rows, n));
    }

    /** How many rows of VALUES the statement inserts. */
    public int rows() {
        return rowEnds.length;
    }

    /**
     * The statement with {@code columns} (quoted names) added to its column list and
     * {@code values.get(row)} (SQL literals, one per column) to each row, with
     * {@code OVERRIDING SYSTEM VALUE} before VALUES when {@code overriding}.
     */
    public String with(List<String> columns, boolean overriding, List<List<String>> values) {
        StringBuilder out = new StringBuilder(sql.length() + 64 * (1 + rowEnds.length));
        out.append(sql, 0, columnsEnd);
        for (String column : columns) {
            out.append(", ").append(column);
        }
        out.append(sql, columnsEnd, valuesAt);
        if (overriding) {
            out.append("OVERRIDING SYSTEM VALUE ");
        }
        int from = valuesAt;
        for (int row = 0; row < rowEnds.length; row++) {
            out.append(sql, from, rowEnds[row]);
            for (String value : values.get(row)) {
                out.append(", ").append(value);
            }
            from = rowEnds[row];
        }
        return out.append(sql, from, sql.length()).toString();
    }

    /** Whether the word {@code w} (lower case) stands at {@code i}, whole. */
    private static boolean word(String sql, int i, String w) {
        int end = i + w.length();
        return sql.regionMatches(true, i, w, 0, w.length())
                && (end == sql.length() || !SqlScan.isWordPart(sql.charAt(end)));
    }

    /** The index of the ')' closing the '(' at {@code open}, skipping literals and comments; -1 if none. */
    private static int closing(String sql, int open) {
        int depth = 0;
        int i = open;
        while (i < sql.length()) {
            int past = SqlScan.skipOpaque(sql, i);
            if (past > i) {
                i = past;
                continue;
            }
            char c = sql.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
            i++;
        }
        return -1;
    }
}
