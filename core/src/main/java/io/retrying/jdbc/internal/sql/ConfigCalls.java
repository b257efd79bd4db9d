package io.retrying.jdbc.internal.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Our reading of the {@code set_config} calls in a statement (after it ran: never on the hot path):
 * which settings it names, whether it sets them for the session, and whether the statement does
 * nothing else ({@link #onlySetsConfig}), so that it may run again on a new connection once the
 * server proved it (the proof decides; this reading only makes the layer more careful).
 */
public final class ConfigCalls {

    private ConfigCalls() {}

    /**
     * One {@code set_config(name, value, is_local)} call in a statement.
     *
     * @param name the setting's name when the text gives it as a literal, else null
     * @param local the is_local argument when the text gives it as a literal, else null
     */
    public record ConfigCall(String name, Boolean local) {}

    /** The {@code set_config} calls in {@code sql}, outside literals and comments (after it ran, not on the hot path). */
    public static List<ConfigCall> configCalls(String sql) {
        List<ConfigCall> calls = new ArrayList<>(1);
        int n = sql.length();
        int i = 0;
        while (i < n) {
            int skip = SqlScan.skipOpaque(sql, i);
            if (skip > i) {
                i = skip;
                continue;
            }
            if (!SqlScan.isWordStart(sql.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            while (i < n && SqlScan.isWordPart(sql.charAt(i))) {
                i++;
            }
            int open = SqlScan.afterSpaceAndComments(sql, i);
            if (i - start == SqlScan.SET_CONFIG.length() && sql.regionMatches(true, start, SqlScan.SET_CONFIG, 0, i - start)
                    && open < n && sql.charAt(open) == '(') {
                List<String> args = arguments(sql, open);
                String name = args.size() == 3 ? stringLiteral(args.get(0)) : null;
                Boolean local = args.size() == 3 ? booleanLiteral(args.get(2)) : null;
                calls.add(new ConfigCall(name, local));
            }
        }
        return calls;
    }

    /** The top-level, comma-separated arguments of the call whose '(' is at {@code open}, trimmed. */
    private static List<String> arguments(String sql, int open) {
        List<String> args = new ArrayList<>(3);
        int depth = 0;
        int argStart = open + 1;
        int i = open;
        while (i < sql.length()) {
            int skip = SqlScan.skipOpaque(sql, i);
            if (skip > i) {
                i = skip;
                continue;
            }
            char c = sql.charAt(i);
            if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                if (--depth == 0) {
                    args.add(sql.substring(argStart, i).strip());
                    return args;
                }
            } else if (c == ',' && depth == 1) {
                args.add(sql.substring(argStart, i).strip());
                argStart = i + 1;
            }
            i++;
        }
        return List.of(); // unbalanced: nothing known
    }

    /** The text of a plain {@code '...'} literal (no E prefix, nothing after it), else null. */
    private static String stringLiteral(String arg) {
        if (arg.length() >= 2 && arg.charAt(0) == '\'' && SqlScan.skipOpaque(arg, 0) == arg.length()
                && arg.charAt(arg.length() - 1) == '\'') {
            return arg.substring(1, arg.length() - 1).replace("''", "'");
        }
        return null;
    }

    /** {@code true}/{@code false}, bare or quoted ({@code 't'}, {@code 'f'} quoted too), else null. */
    private static Boolean booleanLiteral(String arg) {
        String literal = stringLiteral(arg);
        String v = (literal != null ? literal.strip() : arg).toLowerCase(Locale.ROOT);
        if (v.equals("true") || (literal != null && v.equals("t"))) {
            return Boolean.TRUE;
        }
        if (v.equals("false") || (literal != null && v.equals("f"))) {
            return Boolean.FALSE;
        }
        return null;
    }

    /**
     * Whether {@code sql} (with {@code flags}) does nothing but call {@code set_config}, so that it
     * can run again on a new connection and leave exactly the settings it left before: exactly
     * {@code SELECT [pg_catalog.]set_config(a, b, c) [, ...] [;]}, each argument a plain string
     * literal, {@code true}/{@code false} or a parameter ({@code ?}, {@code $n}), each optionally
     * cast ({@code ::text}). Anything else (a comment, another word, an operator, an escape string, a
     * backslash in a literal) is not read as "only sets", and the connection pins instead: this
     * reading can only make the layer more careful. What it accepts the server proves again before
     * it runs on a new connection ({@code Restore.ConfigRestore}): a {@code set_config} of
     * another schema earlier in {@code search_path}, or a cast that calls a function, is refused there.
     */
    public static boolean onlySetsConfig(String sql, int flags) {
        if ((flags & SqlScan.CONFIG) == 0 || (flags & SqlScan.READ_CANDIDATE) == 0 || (flags & SqlScan.MULTI) != 0) {
            return false;
        }
        int[] at = {0};
        if (!word(sql, at, "select")) {
            return false;
        }
        do {
            int schema = at[0];
            if (!(word(sql, at, "pg_catalog") && symbol(sql, at, '.'))) {
                at[0] = schema;
            }
            if (!word(sql, at, SqlScan.SET_CONFIG) || !symbol(sql, at, '(')) {
                return false;
            }
            for (int arg = 0; arg < 3; arg++) {
                if ((arg > 0 && !symbol(sql, at, ',')) || !plainArgument(sql, at)) {
                    return false;
                }
            }
            if (!symbol(sql, at, ')')) {
                return false;
            }
        } while (symbol(sql, at, ','));
        symbol(sql, at, ';');
        skipSpace(sql, at);
        return at[0] == sql.length();
    }

    /** A string literal without backslashes, true/false, ? or $n; then at most one {@code ::word} cast. */
    private static boolean plainArgument(String sql, int[] at) {
        skipSpace(sql, at);
        int i = at[0];
        int n = sql.length();
        if (i >= n) {
            return false;
        }
        char c = sql.charAt(i);
        if (c == '?') {
            i++;
        } else if (c == '$') {
            int digits = ++i;
            while (i < n && Character.isDigit(sql.charAt(i))) {
                i++;
            }
            if (i == digits) {
                return false;
            }
        } else if (c == '\'') {
            for (i++; ; i++) {
                if (i >= n || sql.charAt(i) == '\\') {
                    return false;
                }
                if (sql.charAt(i) == '\'') {
                    if (i + 1 < n && sql.charAt(i + 1) == '\'') {
                        i++;
                        continue;
                    }
                    i++;
                    break;
                }
            }
        } else {
            at[0] = i;
            return (word(sql, at, "true") || word(sql, at, "false")) && cast(sql, at);
        }
        at[0] = i;
        return cast(sql, at);
    }

    private static boolean cast(String sql, int[] at) {
        int before = at[0];
        skipSpace(sql, at);
        if (!sql.startsWith("::", at[0])) {
            at[0] = before;
            return true;
        }
        at[0] += 2;
        skipSpace(sql, at);
        int start = at[0];
        while (at[0] < sql.length() && SqlScan.isWordPart(sql.charAt(at[0]))) {
            at[0]++;
        }
        return at[0] > start && SqlScan.isWordStart(sql.charAt(start));
    }

    /** Skips whitespace, then consumes {@code word} (case-insensitive, whole) if it is next. */
    private static boolean word(String sql, int[] at, String word) {
        skipSpace(sql, at);
        int i = at[0];
        int end = i + word.length();
        if (!sql.regionMatches(true, i, word, 0, word.length()) || (end < sql.length() && SqlScan.isWordPart(sql.charAt(end)))) {
            return false;
        }
        at[0] = end;
        return true;
    }

    /** Skips whitespace, then consumes {@code c} if it is next. */
    private static boolean symbol(String sql, int[] at, char c) {
        skipSpace(sql, at);
        if (at[0] < sql.length() && sql.charAt(at[0]) == c) {
            at[0]++;
            return true;
        }
        return false;
    }

    private static void skipSpace(String sql, int[] at) {
        while (at[0] < sql.length() && Character.isWhitespace(sql.charAt(at[0]))) {
            at[0]++;
        }
    }
}
