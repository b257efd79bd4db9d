package io.retrying.jdbc.internal.session;

import static io.retrying.jdbc.internal.session.SessionState.ISOLATION;
import static io.retrying.jdbc.internal.session.SessionState.ROLE;
import static io.retrying.jdbc.internal.session.SessionState.SEARCH_PATH;
import static io.retrying.jdbc.internal.session.SessionState.SESSION_AUTHORIZATION;

import io.retrying.jdbc.internal.config.SettingValues;
import io.retrying.jdbc.internal.session.Restore.SqlRestore;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** Reads SET/RESET/DISCARD statements as PostgreSQL's grammar has them. */
final class SettingStatements {

    /** What a statement does to one setting. */
    enum Kind {
        /** The setting {@code key} now holds what {@code restore} sets. */
        SET,
        /** The setting {@code key} is back to its default. */
        REMOVE,
        /** SET SESSION AUTHORIZATION ({@code restore}, or null for DEFAULT): the role is reset too. */
        SESSION_AUTHORIZATION,
        RESET_ALL,
        DISCARD_ALL,
        /** Changes nothing that outlives the transaction (SET LOCAL, SET TRANSACTION, DISCARD PLANS, ...). */
        IGNORE,
        /** A session statement the model cannot read; {@code key} says which. */
        UNREADABLE
    }

    /** What one statement does to one setting. */
    record Change(Kind kind, String key, Restore restore) {

        /** For tests: the kind and the setting, whatever the restore. */
        boolean is(Kind k, String setting) {
            return kind == k && Objects.equals(key, setting);
        }
    }

    /**
     * The first {@code max} tokens of a statement, comments skipped: words lower-cased (a dotted
     * name such as {@code myapp.user} stays one token), a quoted identifier's text as is, a string
     * literal with its quotes, "=" and "," on their own.
     */
    static List<String> words(String s, int max) {
        List<String> out = new ArrayList<>(max);
        int i = 0;
        int n = s.length();
        while (i < n && out.size() < max) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < n && s.charAt(i + 1) == '-') {
                int eol = s.indexOf('\n', i);
                i = eol < 0 ? n : eol + 1;
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                int depth = 1;
                i += 2;
                while (i < n && depth > 0) {
                    if (s.startsWith("/*", i)) {
                        depth++;
                        i += 2;
                    } else if (s.startsWith("*/", i)) {
                        depth--;
                        i += 2;
                    } else {
                        i++;
                    }
                }
            } else if (c == '=' || c == ',') {
                out.add(String.valueOf(c));
                i++;
            } else if (c == '\'' || c == '"') {
                int end = i + 1;
                while (end < n) {
                    if (s.charAt(end) == c) {
                        if (end + 1 < n && s.charAt(end + 1) == c) {
                            end += 2;
                            continue;
                        }
                        break;
                    }
                    end++;
                }
                end = Math.min(n, end + 1);
                String quoted = s.substring(i, end);
                out.add(c == '"' ? "\"" + quoted.substring(1, Math.max(1, quoted.length() - 1)).replace("\"\"", "\"")
                        : quoted);
                i = end;
            } else {
                int start = i;
                while (i < n && !Character.isWhitespace(s.charAt(i)) && "=,'\"".indexOf(s.charAt(i)) < 0
                        && !s.startsWith("--", i) && !s.startsWith("/*", i)) {
                    i++;
                }
                out.add(s.substring(start, i).toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    private static final Change IGNORED = new Change(Kind.IGNORE, null, null);

    private SettingStatements() {}

    /** What {@code statement} does to the session's settings; anything that is not SET/RESET/DISCARD changes nothing. */
    static List<Change> of(String statement) {
        List<String> w = words(statement, 8);
        if (w.isEmpty()) {
            return List.of();
        }
        return switch (w.get(0)) {
            case "set" -> set(statement, w);
            case "reset" -> List.of(reset(w));
            case "discard" -> List.of(discard(w));
            default -> List.of();
        };
    }

    private static List<Change> set(String statement, List<String> w) {
        int k = 1;
        String scope = at(w, k);
        if (scope.equals("local")) {
            return List.of(IGNORED); // ends with the transaction
        }
        if (scope.equals("session")) {
            k++;
            if (at(w, k).equals("characteristics")) {
                return characteristics(statement);
            }
            if (at(w, k).equals("authorization")) {
                return List.of(sessionAuthorization(statement, at(w, k + 1)));
            }
        }
        String name = at(w, k);
        SqlRestore restore = new SqlRestore(statement, null);
        switch (name) {
            case "transaction", "constraints" -> {
                return List.of(IGNORED);
            }
            case "role" -> {
                // SET ROLE x, or SET role = x / TO x
                String v = valueAfter(w, k);
                return List.of(v.equals("none") || v.equals("'none'") || v.equals("\"none") || v.equals("default")
                        ? new Change(Kind.REMOVE, ROLE, null) : new Change(Kind.SET, ROLE, restore));
            }
            case "time" -> {
                if (!at(w, k + 1).equals("zone")) {
                    return List.of(unreadable(statement));
                }
                String v = at(w, k + 2);
                return List.of(v.equals("default") || v.equals("local")
                        ? new Change(Kind.REMOVE, "timezone", null) : new Change(Kind.SET, "timezone", restore));
            }
            case "schema" -> {
                return List.of(new Change(Kind.SET, SEARCH_PATH, restore));
            }
            case "names" -> {
                return List.of(at(w, k + 1).equals("default") ? new Change(Kind.REMOVE, "client_encoding", null)
                        : new Change(Kind.SET, "client_encoding", restore));
            }
            case "xml" -> {
                return List.of(at(w, k + 1).equals("option") ? new Change(Kind.SET, "xmloption", restore)
                        : unreadable(statement));
            }
            default -> {
                String key = settingName(name);
                if (key == null || at(w, k + 1).startsWith(".")) {
                    return List.of(unreadable(statement)); // not a name, or a quoted part of a dotted one
                }
                String v = valueAfter(w, k);
                if (key.equals(SESSION_AUTHORIZATION)) {
                    return List.of(sessionAuthorization(statement, v));
                }
                if (key.startsWith("transaction_")) {
                    return List.of(IGNORED); // transaction_isolation & co: this transaction only
                }
                return List.of(v.equals("default") ? new Change(Kind.REMOVE, key, null) : new Change(Kind.SET, key, restore));
            }
        }
    }

    /** The value token after {@code name} at {@code k}, past TO or =. */
    private static String valueAfter(List<String> w, int k) {
        int v = k + 1;
        if (at(w, v).equals("to") || at(w, v).equals("=")) {
            v++;
        }
        return at(w, v);
    }

    private static Change sessionAuthorization(String statement, String value) {
        return value.equals("default") ? new Change(Kind.SESSION_AUTHORIZATION, SESSION_AUTHORIZATION, null)
                : new Change(Kind.SESSION_AUTHORIZATION, SESSION_AUTHORIZATION, new SqlRestore(statement, null));
    }

    /**
     * {@code SET SESSION CHARACTERISTICS AS TRANSACTION mode [, ...]}: each mode is a setting
     * of its own (default_transaction_isolation, _read_only, _deferrable), restored by a
     * statement of its own, so that a later change of one leaves the others.
     */
    private static List<Change> characteristics(String statement) {
        List<String> w = words(statement, 64);
        if (!at(w, 3).equals("as") || !at(w, 4).equals("transaction")) {
            return List.of(unreadable(statement));
        }
        List<Change> out = new ArrayList<>(2);
        String prefix = "SET SESSION CHARACTERISTICS AS TRANSACTION ";
        int i = 5;
        while (i < w.size()) {
            String t = w.get(i);
            if (t.equals(",")) {
                i++;
            } else if (t.equals("isolation") && at(w, i + 1).equals("level")) {
                String level = at(w, i + 2);
                String mode;
                if (level.equals("serializable")) {
                    mode = "SERIALIZABLE";
                    i += 3;
                } else if (level.equals("repeatable") && at(w, i + 3).equals("read")) {
                    mode = "REPEATABLE READ";
                    i += 4;
                } else if (level.equals("read") && (at(w, i + 3).equals("committed") || at(w, i + 3).equals("uncommitted"))) {
                    mode = "READ " + at(w, i + 3).toUpperCase(Locale.ROOT);
                    i += 4;
                } else {
                    return List.of(unreadable(statement));
                }
                out.add(new Change(Kind.SET, ISOLATION, new SqlRestore(prefix + "ISOLATION LEVEL " + mode, null)));
            } else if (t.equals("read") && (at(w, i + 1).equals("only") || at(w, i + 1).equals("write"))) {
                out.add(new Change(Kind.SET, "default_transaction_read_only",
                        new SqlRestore(prefix + "READ " + at(w, i + 1).toUpperCase(Locale.ROOT), null)));
                i += 2;
            } else if (t.equals("deferrable") || (t.equals("not") && at(w, i + 1).equals("deferrable"))) {
                boolean not = t.equals("not");
                out.add(new Change(Kind.SET, "default_transaction_deferrable",
                        new SqlRestore(prefix + (not ? "NOT " : "") + "DEFERRABLE", null)));
                i += not ? 2 : 1;
            } else {
                return List.of(unreadable(statement));
            }
        }
        return out.isEmpty() ? List.of(unreadable(statement)) : out;
    }

    private static Change reset(List<String> w) {
        String name = at(w, 1);
        return switch (name) {
            case "all" -> new Change(Kind.RESET_ALL, null, null);
            case "session" -> at(w, 2).equals("authorization")
                    ? new Change(Kind.SESSION_AUTHORIZATION, SESSION_AUTHORIZATION, null) : unreadable(String.join(" ", w));
            case "time" -> new Change(Kind.REMOVE, "timezone", null);
            case "transaction" -> IGNORED; // RESET TRANSACTION ISOLATION LEVEL: this transaction only
            case "role" -> new Change(Kind.REMOVE, ROLE, null);
            default -> {
                String key = settingName(name);
                if (key == null) {
                    yield unreadable(String.join(" ", w));
                }
                if (key.equals(SESSION_AUTHORIZATION)) {
                    yield new Change(Kind.SESSION_AUTHORIZATION, SESSION_AUTHORIZATION, null);
                }
                yield key.startsWith("transaction_") ? IGNORED : new Change(Kind.REMOVE, key, null);
            }
        };
    }

    private static Change discard(List<String> w) {
        return switch (at(w, 1)) {
            case "all" -> new Change(Kind.DISCARD_ALL, null, null);
            case "plans", "sequences", "temp", "temporary" -> IGNORED; // no setting changes
            default -> unreadable(String.join(" ", w));
        };
    }

    private static Change unreadable(String statement) {
        String shown = SettingValues.shown(statement.strip());
        int cut = shown.indexOf(' ', Math.min(shown.length(), 24));
        return new Change(Kind.UNREADABLE, cut > 0 ? shown.substring(0, cut) + " ..." : shown, null);
    }

    /** A setting's name as the server keys it (lower case), from a word or quoted identifier; null if it is neither. */
    private static String settingName(String token) {
        String name = token.startsWith("\"") ? token.substring(1) : token;
        return isName(name) ? name.toLowerCase(Locale.ROOT) : null;
    }

    /** A configuration parameter's name: identifier parts joined by dots. */
    static boolean isName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (String part : name.split("\\.", -1)) {
            if (part.isEmpty() || !(Character.isLetter(part.charAt(0)) || part.charAt(0) == '_')) {
                return false;
            }
            for (int i = 1; i < part.length(); i++) {
                char c = part.charAt(i);
                if (!(Character.isLetterOrDigit(c) || c == '_' || c == '$')) {
                    return false;
                }
            }
        }
        return true;
    }

    /** RESET of a setting by name (a name {@link #isName} accepted). */
    static String resetStatement(String key) {
        return switch (key) {
            case ROLE -> "RESET ROLE";
            case SESSION_AUTHORIZATION -> "RESET SESSION AUTHORIZATION";
            default -> "RESET " + key;
        };
    }

    private static String at(List<String> w, int i) {
        return i < w.size() ? w.get(i) : "";
    }
}
