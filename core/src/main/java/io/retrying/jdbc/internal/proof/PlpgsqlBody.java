package io.retrying.jdbc.internal.proof;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A PL/pgSQL body read as the SQL it runs, so that the server can parse it as it parses a
 * statement ({@link CatalogWalk}): every expression and query of the body, each as PL/pgSQL itself
 * runs it ({@code SELECT <expression>}, a query without its {@code INTO} target), its variables
 * declared as parameters of their declared types. The server then resolves every function,
 * operator, relation and type in them; this reading only finds where the SQL is.
 *
 * <p>Our reading can only make the proof more careful: every token of the body must belong to a
 * construct read here (a block, a declaration, IF, a loop, EXIT, RETURN, RAISE, ASSERT, PERFORM, a
 * query, an assignment, GET DIAGNOSTICS, NULL), or the body is not read at all. Statements are cut
 * where PL/pgSQL cuts them (its first {@code ;} outside literals and comments, whatever the
 * parentheses), conditions where it stops (its first {@code THEN} or {@code LOOP} outside
 * parentheses), and the {@code INTO} taken out is its first {@code INTO} not after INSERT or MERGE.
 * Not read (so not proven): dynamic SQL ({@code EXECUTE}), a write, CALL, COPY, transaction control,
 * cursors, FOR and FOREACH loops, CASE statements, labels, compiler options ({@code #...}),
 * {@code %TYPE}, {@code %ROWTYPE} and {@code RECORD} variables, {@code COLLATE}, aliases, a name a
 * parameter already has, and any backslash or {@code U&} (so no escape can make our reading of a
 * literal differ from the server's). A name PL/pgSQL would not resolve where we do (a variable of an
 * inner block used outside it) fails there at run time: that statement runs nothing.
 */
final class PlpgsqlBody {

    /** The body as SQL, or why it was not read. */
    record Read(List<String> statements, Map<String, String> variables, String refusal) {

        static Read not(String why) {
            return new Read(List.of(), Map.of(), why);
        }
    }

    /** A type name as a declaration may write it: words, schema-qualified, a precision, array brackets. */
    private static final Pattern TYPE = Pattern.compile(
            "(?i)[a-z_][a-z0-9_$]*(\\s*\\.\\s*[a-z_][a-z0-9_$]*)?(\\s+[a-z_][a-z0-9_$]*)*"
                    + "(\\s*\\(\\s*\\d+(\\s*,\\s*\\d+)?\\s*\\))?(\\s+[a-z_][a-z0-9_$]*)*(\\s*\\[\\s*\\d*\\s*\\])*");
    private static final Pattern NAME = Pattern.compile("(?i)[a-z_][a-z0-9_$]*");
    private static final Set<String> UNREADABLE_TYPES = Set.of("record", "refcursor", "cursor");
    private static final Set<String> QUERY_STARTS = Set.of("select", "with", "values", "table");
    private static final Set<String> WRITES = Set.of("insert", "update", "delete", "merge", "copy", "call", "execute",
            "commit", "rollback", "savepoint", "release", "lock", "notify", "listen", "unlisten", "set", "reset",
            "truncate", "create", "alter", "drop", "grant", "revoke", "import", "refresh", "vacuum", "analyze",
            "cluster", "reindex", "discard", "prepare", "deallocate", "load", "security", "comment");

    private final String src;
    private final List<Token> tokens;
    private final Set<String> known;
    private final Map<String, String> variables = new LinkedHashMap<>();
    private final List<String> statements = new ArrayList<>();
    private int at;

    private PlpgsqlBody(String src, List<Token> tokens, Set<String> known) {
        this.src = src;
        this.tokens = tokens;
        this.known = known;
    }

    /**
     * @param body the routine's {@code prosrc}
     * @param arguments the routine's argument names (lower case as PL/pgSQL folds them; empty for an
     *        unnamed one), already declared as parameters: a variable may not reuse one
     */
    static Read of(String body, Set<String> arguments) {
        if (body.indexOf('\\') >= 0 || body.toLowerCase(Locale.ROOT).contains("u&")) {
            return Read.not("a backslash or U& in its body");
        }
        List<Token> tokens;
        try {
            tokens = Lexer.tokens(body);
        } catch (Unreadable e) {
            return Read.not(e.getMessage());
        }
        if (!tokens.isEmpty() && tokens.get(0).is("#")) {
            return Read.not("a compiler option (#) in its body");
        }
        PlpgsqlBody reader = new PlpgsqlBody(body, tokens, new java.util.HashSet<>(arguments));
        try {
            reader.block();
            if (reader.at < tokens.size() && reader.peek().is(";")) {
                reader.at++;
            }
            if (reader.at != tokens.size()) {
                throw new Unreadable("text after its block");
            }
        } catch (Unreadable e) {
            return Read.not(e.getMessage());
        }
        // FOUND is every PL/pgSQL function's own variable
        if (!reader.known.add("found")) {
            return Read.not("a parameter named found");
        }
        reader.variables.put("found", "boolean");
        return new Read(List.copyOf(reader.statements), reader.variables, null);
    }

    // ---- the grammar

    /** {@code [DECLARE declarations] BEGIN statements [EXCEPTION handlers] END} (its ; left to the caller). */
    private void block() {
        if (word("declare")) {
            at++;
            while (!word("begin")) {
                declaration();
            }
        }
        expectWord("begin");
        statements(Set.of("end", "exception"));
        if (word("exception")) {
            at++;
            if (!word("when")) {
                throw new Unreadable("an EXCEPTION section without WHEN");
            }
            while (word("when")) {
                at++;
                // condition names and SQLSTATE 'xxxxx', joined by OR: no SQL runs
                while (!word("then")) {
                    Token t = next();
                    if (t.kind != Kind.WORD && t.kind != Kind.STRING) {
                        throw new Unreadable("an exception condition the proof cannot read");
                    }
                }
                at++;
                statements(Set.of("when", "end"));
            }
            // inside a handler PL/pgSQL knows SQLSTATE and SQLERRM
            declare("sqlstate", "text");
            declare("sqlerrm", "text");
        }
        expectWord("end");
        if (at < tokens.size() && peek().kind == Kind.WORD) {
            throw new Unreadable("a label");
        }
    }

    private void declaration() {
        Token name = next();
        if (name.kind != Kind.WORD || !NAME.matcher(name.text).matches()) {
            throw new Unreadable("a declaration the proof cannot read");
        }
        if (word("constant")) {
            at++;
        }
        int typeStart = at;
        while (!(word("default") || word("not") || word("collate") || peek().is(":=") || peek().is("=")
                || peek().is(";"))) {
            Token t = next();
            if (t.is("%") || word(t, "alias") || word(t, "cursor") || word(t, "scroll") || word(t, "for")) {
                throw new Unreadable("an alias, cursor, %TYPE or %ROWTYPE declaration");
            }
        }
        if (at == typeStart) {
            throw new Unreadable("a declaration without a type");
        }
        String type = src.substring(tokens.get(typeStart).start, tokens.get(at - 1).end).trim();
        if (!TYPE.matcher(type).matches() || UNREADABLE_TYPES.contains(type.toLowerCase(Locale.ROOT))) {
            throw new Unreadable("a variable of a type the proof cannot name");
        }
        if (word("collate")) {
            throw new Unreadable("a COLLATE declaration");
        }
        if (word("not")) {
            at++;
            expectWord("null");
        }
        declare(name.lower(), type);
        if (word("default") || peek().is(":=") || peek().is("=")) {
            at++;
            statements.add("SELECT " + until(";"));
        }
        expect(";");
    }

    private void declare(String name, String type) {
        if (variables.containsKey(name) && variables.get(name).equalsIgnoreCase(type)
                && (name.equals("sqlstate") || name.equals("sqlerrm"))) {
            return; // a second handler's
        }
        if (!known.add(name)) {
            throw new Unreadable("a variable named as another variable or parameter");
        }
        variables.put(name, type);
        // the type's input and output, its domain's checks: what an assignment to it runs
        statements.add("SELECT CAST(NULL AS " + type + ")");
    }

    /** Statements up to (not including) a word of {@code ends} at a statement's start. */
    private void statements(Set<String> ends) {
        while (true) {
            Token t = peek();
            if (t.kind == Kind.WORD && ends.contains(t.lower())) {
                return;
            }
            statement();
        }
    }

    private void statement() {
        Token first = next();
        if (first.is("<<")) {
            throw new Unreadable("a label");
        }
        if (first.kind != Kind.WORD) {
            throw new Unreadable("a statement the proof cannot read");
        }
        String w = first.lower();
        switch (w) {
            case "declare", "begin" -> {
                at--;
                block();
                expect(";");
            }
            case "if" -> {
                condition("then");
                statements(Set.of("elsif", "elseif", "else", "end"));
                while (word("elsif") || word("elseif")) {
                    at++;
                    condition("then");
                    statements(Set.of("elsif", "elseif", "else", "end"));
                }
                if (word("else")) {
                    at++;
                    statements(Set.of("end"));
                }
                expectWord("end");
                expectWord("if");
                expect(";");
            }
            case "loop" -> loopBody();
            case "while" -> {
                condition("loop");
                loopBody();
            }
            case "exit", "continue" -> {
                if (word("when")) {
                    at++;
                    statements.add("SELECT " + until(";"));
                } else if (!peek().is(";")) {
                    throw new Unreadable("a label");
                }
                expect(";");
            }
            case "return" -> returnStatement();
            case "raise" -> raise();
            case "assert" -> {
                statements.add("SELECT " + until(";"));
                expect(";");
            }
            case "null" -> expect(";");
            case "perform" -> {
                statements.add("SELECT " + until(";"));
                expect(";");
            }
            case "get" -> diagnostics();
            default -> {
                if (QUERY_STARTS.contains(w)) {
                    at--;
                    statements.add(query());
                    expect(";");
                } else if (WRITES.contains(w)) {
                    throw new Unreadable("its body runs " + w.toUpperCase(Locale.ROOT));
                } else if (peek().is(":=") || peek().is("=")) {
                    if (!known.contains(first.lower())) {
                        throw new Unreadable("an assignment to a name the proof does not know");
                    }
                    at++;
                    statements.add("SELECT " + until(";"));
                    expect(";");
                } else {
                    throw new Unreadable("a statement the proof cannot read");
                }
            }
        }
    }

    private void loopBody() {
        statements(Set.of("end"));
        expectWord("end");
        expectWord("loop");
        expect(";");
    }

    /** An expression up to {@code stop} (a word, outside parentheses), read as {@code SELECT <it>}; the word consumed. */
    private void condition(String stop) {
        int start = at;
        int depth = 0;
        while (true) {
            Token t = next();
            if (t.is(";")) {
                throw new Unreadable("a condition without " + stop.toUpperCase(Locale.ROOT));
            }
            depth += t.is("(") || t.is("[") ? 1 : t.is(")") || t.is("]") ? -1 : 0;
            if (depth == 0 && word(t, stop)) {
                if (at - 1 == start) {
                    throw new Unreadable("an empty condition");
                }
                statements.add("SELECT " + src.substring(tokens.get(start).start, tokens.get(at - 2).end));
                return;
            }
        }
    }

    private void returnStatement() {
        if (word("next")) {
            at++;
        } else if (word("query")) {
            at++;
            Token q = peek();
            if (q.kind != Kind.WORD || !QUERY_STARTS.contains(q.lower())) {
                throw new Unreadable("RETURN QUERY of what the proof cannot read");
            }
            statements.add(query());
            expect(";");
            return;
        }
        if (!peek().is(";")) {
            statements.add("SELECT " + until(";"));
        }
        expect(";");
    }

    /**
     * {@code RAISE [level] ['format' [, expression ...]] [USING option = expression [, ...]]}, or a
     * condition name, or {@code SQLSTATE 'xxxxx'}, or nothing (a re-raise).
     */
    private void raise() {
        if (peek().kind == Kind.WORD && Set.of("debug", "log", "info", "notice", "warning", "exception")
                .contains(peek().lower())) {
            at++;
        }
        if (peek().kind == Kind.STRING) {
            at++;
            if (peek().is(",")) {
                at++;
                int start = at;
                skipTo(Set.of("using"));
                if (at == start) {
                    throw new Unreadable("a RAISE the proof cannot read");
                }
                statements.add("SELECT " + src.substring(tokens.get(start).start, tokens.get(at - 1).end));
            }
        } else if (word("sqlstate")) {
            at++;
            if (next().kind != Kind.STRING) {
                throw new Unreadable("a RAISE the proof cannot read");
            }
        } else if (peek().kind == Kind.WORD && !word("using")) {
            at++; // a condition's name
        }
        if (word("using")) {
            at++;
            while (true) {
                Token option = next();
                if (option.kind != Kind.WORD || !(peek().is("=") || peek().is(":="))) {
                    throw new Unreadable("a RAISE option the proof cannot read");
                }
                at++;
                int start = at;
                int depth = 0;
                while (!(peek().is(";") || (depth == 0 && peek().is(",")))) {
                    Token t = next();
                    depth += t.is("(") || t.is("[") ? 1 : t.is(")") || t.is("]") ? -1 : 0;
                }
                if (at == start) {
                    throw new Unreadable("a RAISE option the proof cannot read");
                }
                statements.add("SELECT " + src.substring(tokens.get(start).start, tokens.get(at - 1).end));
                if (!peek().is(",")) {
                    break;
                }
                at++;
            }
        }
        expect(";");
    }

    /** {@code GET [CURRENT | STACKED] DIAGNOSTICS variable {= | :=} item [, ...]}: no SQL, only known variables set. */
    private void diagnostics() {
        if (word("current") || word("stacked")) {
            at++;
        }
        expectWord("diagnostics");
        while (true) {
            Token target = next();
            if (target.kind != Kind.WORD || !known.contains(target.lower())) {
                throw new Unreadable("GET DIAGNOSTICS into a name the proof does not know");
            }
            Token op = next();
            if (!(op.is("=") || op.is(":="))) {
                throw new Unreadable("a GET DIAGNOSTICS the proof cannot read");
            }
            if (next().kind != Kind.WORD) {
                throw new Unreadable("a GET DIAGNOSTICS the proof cannot read");
            }
            if (!peek().is(",")) {
                break;
            }
            at++;
        }
        expect(";");
    }

    /**
     * A query up to its {@code ;}, without its {@code INTO [STRICT] target [, ...]} (PL/pgSQL's
     * first INTO that does not follow INSERT or MERGE): the targets must be known variables.
     */
    private String query() {
        int start = at;
        int intoStart = -1;
        int intoEnd = -1;
        while (!peek().is(";")) {
            Token t = next();
            if (intoStart < 0 && word(t, "into") && !(word(tokens.get(at - 2), "insert") || word(tokens.get(at - 2), "merge"))) {
                intoStart = at - 1;
                if (word("strict")) {
                    at++;
                }
                while (true) {
                    Token target = next();
                    if (target.kind != Kind.WORD || !known.contains(target.lower()) || peek().is(".")) {
                        throw new Unreadable("INTO a name the proof does not know");
                    }
                    if (!peek().is(",")) {
                        break;
                    }
                    at++;
                }
                intoEnd = at - 1;
            }
        }
        if (at == start) {
            throw new Unreadable("an empty query");
        }
        int from = tokens.get(start).start;
        int to = tokens.get(at - 1).end;
        if (intoStart < 0) {
            return src.substring(from, to);
        }
        return src.substring(from, tokens.get(intoStart).start) + " "
                + (intoEnd + 1 < at ? src.substring(tokens.get(intoEnd + 1).start, to) : "");
    }

    // ---- tokens

    /** The text from the next token up to (not including) the next {@code ;}. */
    private String until(String stop) {
        int start = at;
        while (!peek().is(stop)) {
            at++;
        }
        if (at == start) {
            throw new Unreadable("an empty expression");
        }
        return src.substring(tokens.get(start).start, tokens.get(at - 1).end);
    }

    /** Moves to the next {@code ;}, or a word of {@code words} outside parentheses. */
    private void skipTo(Set<String> words) {
        int depth = 0;
        while (!peek().is(";")) {
            Token t = peek();
            if (depth == 0 && t.kind == Kind.WORD && words.contains(t.lower())) {
                return;
            }
            depth += t.is("(") || t.is("[") ? 1 : t.is(")") || t.is("]") ? -1 : 0;
            at++;
        }
    }

    private Token peek() {
        if (at >= tokens.size()) {
            throw new Unreadable("its body ends early");
        }
        return tokens.get(at);
    }

    private Token next() {
        Token t = peek();
        at++;
        return t;
    }

    private boolean word(String w) {
        return at < tokens.size() && word(tokens.get(at), w);
    }

    private static boolean word(Token t, String w) {
        return t.kind == Kind.WORD && t.text.equalsIgnoreCase(w);
    }

    private void expectWord(String w) {
        if (!word(next(), w)) {
            throw new Unreadable("a block the proof cannot read (" + w.toUpperCase(Locale.ROOT) + " expected)");
        }
    }

    private void expect(String punct) {
        if (!next().is(punct)) {
            throw new Unreadable("a statement the proof cannot read (" + punct + " expected)");
        }
    }

    enum Kind { WORD, QUOTED, STRING, NUMBER, PARAM, OTHER }

    record Token(Kind kind, String text, int start, int end) {

        boolean is(String s) {
            return kind == Kind.OTHER && text.equals(s);
        }

        String lower() {
            return text.toLowerCase(Locale.ROOT);
        }
    }

    /** Why a body was not read: carried out of the reader, never shown with the body's text. */
    static final class Unreadable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unreadable(String why) {
            super(why, null, false, false);
        }
    }

    /**
     * The body's tokens, as PostgreSQL's scanner cuts them for what this reader needs (comments,
     * nested, dropped; literals, quoted names and dollar-quoted strings whole). With no backslash in
     * the body, a literal ends where the server's scanner ends it whatever standard_conforming_strings
     * says.
     */
    static final class Lexer {

        private static final String OPERATOR_CHARS = "+-*/<>=~!@#%^&|`?";

        private Lexer() {
        }

        static List<Token> tokens(String s) {
            List<Token> out = new ArrayList<>();
            int n = s.length();
            int i = 0;
            while (i < n) {
                char c = s.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                } else if (c == '-' && i + 1 < n && s.charAt(i + 1) == '-') {
                    int eol = s.indexOf('\n', i);
                    i = eol < 0 ? n : eol + 1;
                } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                    i = commentEnd(s, i);
                } else if (c == '\'') {
                    int end = quoted(s, i, '\'');
                    out.add(new Token(Kind.STRING, s.substring(i, end), i, end));
                    i = end;
                } else if (c == '"') {
                    int end = quoted(s, i, '"');
                    out.add(new Token(Kind.QUOTED, s.substring(i, end), i, end));
                    i = end;
                } else if (c == '$' && i + 1 < n && Character.isDigit(s.charAt(i + 1))) {
                    int end = i + 1;
                    while (end < n && Character.isDigit(s.charAt(end))) {
                        end++;
                    }
                    out.add(new Token(Kind.PARAM, s.substring(i, end), i, end));
                    i = end;
                } else if (c == '$') {
                    int tagEnd = s.indexOf('$', i + 1);
                    if (tagEnd < 0 || !s.substring(i + 1, tagEnd).matches("[A-Za-z_][A-Za-z0-9_]*|")) {
                        throw new Unreadable("a $ the proof cannot read");
                    }
                    String tag = s.substring(i, tagEnd + 1);
                    int close = s.indexOf(tag, tagEnd + 1);
                    if (close < 0) {
                        throw new Unreadable("an unterminated dollar-quoted string");
                    }
                    out.add(new Token(Kind.STRING, s.substring(i, close + tag.length()), i, close + tag.length()));
                    i = close + tag.length();
                } else if (Character.isLetter(c) || c == '_' || c >= 0x80) {
                    int end = i + 1;
                    while (end < n && (Character.isLetterOrDigit(s.charAt(end)) || s.charAt(end) == '_'
                            || s.charAt(end) == '$' || s.charAt(end) >= 0x80)) {
                        end++;
                    }
                    if (end < n && s.charAt(end) == '\'') {
                        // a prefixed literal: E'', B'', X'', N''
                        int close = quoted(s, end, '\'');
                        out.add(new Token(Kind.STRING, s.substring(i, close), i, close));
                        i = close;
                    } else {
                        out.add(new Token(Kind.WORD, s.substring(i, end), i, end));
                        i = end;
                    }
                } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(s.charAt(i + 1)))) {
                    int end = i + 1;
                    while (end < n && (Character.isLetterOrDigit(s.charAt(end)) || s.charAt(end) == '_'
                            || (s.charAt(end) == '.' && !(end + 1 < n && s.charAt(end + 1) == '.')))) {
                        end++;
                    }
                    out.add(new Token(Kind.NUMBER, s.substring(i, end), i, end));
                    i = end;
                } else if (c == ':' && i + 1 < n && (s.charAt(i + 1) == '=' || s.charAt(i + 1) == ':')) {
                    out.add(new Token(Kind.OTHER, s.substring(i, i + 2), i, i + 2));
                    i += 2;
                } else if (c == '.' && i + 1 < n && s.charAt(i + 1) == '.') {
                    out.add(new Token(Kind.OTHER, "..", i, i + 2));
                    i += 2;
                } else if (OPERATOR_CHARS.indexOf(c) >= 0) {
                    int end = i;
                    while (end < n && OPERATOR_CHARS.indexOf(s.charAt(end)) >= 0
                            && !s.startsWith("--", end) && !s.startsWith("/*", end)) {
                        end++;
                    }
                    out.add(new Token(Kind.OTHER, s.substring(i, end), i, end));
                    i = end;
                } else {
                    out.add(new Token(Kind.OTHER, String.valueOf(c), i, i + 1));
                    i++;
                }
            }
            return out;
        }

        private static int commentEnd(String s, int from) {
            int depth = 0;
            int i = from;
            while (i < s.length()) {
                if (s.startsWith("/*", i)) {
                    depth++;
                    i += 2;
                } else if (s.startsWith("*/", i)) {
                    depth--;
                    i += 2;
                    if (depth == 0) {
                        return i;
                    }
                } else {
                    i++;
                }
            }
            throw new Unreadable("an unterminated comment");
        }

        /** The end of a literal or quoted name opened at {@code from} (a doubled quote stays inside). */
        private static int quoted(String s, int from, char q) {
            int i = from + 1;
            while (i < s.length()) {
                if (s.charAt(i) == q) {
                    if (i + 1 < s.length() && s.charAt(i + 1) == q) {
                        i += 2;
                        continue;
                    }
                    return i + 1;
                }
                i++;
            }
            throw new Unreadable("an unterminated literal");
        }
    }
}
