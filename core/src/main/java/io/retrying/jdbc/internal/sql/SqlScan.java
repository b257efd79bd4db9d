package io.retrying.jdbc.internal.sql;

import io.retrying.jdbc.internal.session.StatefulRoutines;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One cheap pass over SQL text that answers what the retry layer must know about it: may it be
 * replayed after a lost socket, does it change session state, does it pin the connection.
 *
 * <p>It is a lexer, not a parser: it skips literals, quoted identifiers, dollar quotes and
 * comments, and compares words against a short keyword list only after a length check, so a
 * typical statement costs one walk over its characters and no allocation. Every answer errs on
 * the safe side: a statement it cannot judge is "not provably read-only" and "pins nothing"
 * only when no pinning keyword appears at all.
 *
 * <p>It is a filter, never a proof (DESIGN.md "Proofs"): "surely writes" makes the layer careful
 * (08007 after a silent loss, no proof asked for); {@link #READ_CANDIDATE} only means "may be
 * read-only", and the server decides ({@code io.retrying.jdbc.internal.proof.ReadOnlyProof}). A
 * misreading (comments, keyword-named functions, attribute notation, Unicode or non-ASCII names,
 * {@code standard_conforming_strings=off}) can therefore only cost a proof, never a double write.
 */
public final class SqlScan {

    /** Every statement starts with SELECT/WITH/VALUES/SHOW/TABLE and no writing keyword appears. */
    public static final int READ_CANDIDATE = 1;
    /** Some word is followed by '(' and is not a keyword: a function call whose volatility decides. */
    public static final int CALLS = 1 << 1;
    /** A statement starts with SET, RESET or DISCARD: session state may change. */
    public static final int SESSION = 1 << 2;
    /**
     * Creates state a new connection cannot get back: temp table (TEMP, or pg_temp named anywhere), LISTEN, PREPARE,
     * WITH HOLD, COPY, advisory lock, large object, a DO block.
     */
    public static final int PINS = 1 << 3;
    /** More than one statement in the string. */
    public static final int MULTI = 1 << 4;
    /**
     * A statement starts with BEGIN/START/COMMIT/END/ROLLBACK/ABORT/SAVEPOINT/RELEASE, or with
     * CALL/DO (which may commit inside): SQL-level transaction control, never replayed.
     */
    public static final int TX_CONTROL = 1 << 5;
    /** A statement starts with BEGIN or START (opens a transaction the wrapper did not see through setAutoCommit). */
    public static final int TX_BEGIN = 1 << 6;
    /** A statement starts with COMMIT/END/ROLLBACK/ABORT (not ROLLBACK TO, which keeps the transaction). */
    public static final int TX_END = 1 << 7;

    /** A statement starts with MERGE: a unique violation may be a race that a re-run resolves. */
    public static final int MERGING = 1 << 8;

    /** Calls {@code set_config()}: a session setting that the statement's text alone may not show. */
    public static final int CONFIG = 1 << 9;

    /**
     * Calls a function by a name that is not one of the common built-ins ({@link #BUILT_IN_NAMES}), or
     * schema-qualified outside pg_catalog, or a procedure (CALL): code of the application's may have run,
     * and what it left on the session is the server's to say ({@code StatefulRoutines}). A built-in's name
     * shadowed by an application's function is the server's to find too.
     */
    public static final int APPLICATION_CALL = 1 << 10;

    // Keyword ids; the arrays below are indexed by them.
    private static final int SELECT = 0, WITH = 1, VALUES = 2, SHOW = 3, TABLE = 4, SET = 5, RESET = 6,
            DISCARD = 7, LISTEN = 8, PREPARE = 9, COPY = 10, DECLARE = 11, HOLD = 12, CREATE = 13, TEMP = 14,
            TEMPORARY = 15, GLOBAL = 16, LOCAL = 17, INTO = 18, REPLACE = 19, INSERT = 20, UPDATE = 21,
            DELETE = 22, MERGE = 23, SHARE = 24, BEGIN = 25, START = 26, COMMIT = 27, END = 28, ROLLBACK = 29,
            ABORT = 30, SAVEPOINT = 31, RELEASE = 32, TO = 33, CALL = 34, DO = 35;
    private static final String[] KEYWORDS = {
            "select", "with", "values", "show", "table", "set", "reset", "discard", "listen", "prepare",
            "copy", "declare", "hold", "create", "temp", "temporary", "global", "local", "into", "replace",
            "insert", "update", "delete", "merge", "share", "begin", "start", "commit", "end", "rollback",
            "abort", "savepoint", "release", "to", "call", "do",
    };
    private static final int MAX_KEYWORD = 9;
    /**
     * Keyword ids by first letter and length, so that a word is compared only with the keywords it
     * could be: the scan runs on every execution of a plain Statement, and a linear pass over all
     * keywords per word was half of the layer's cost there (JMH, StatementBenchmark.execute).
     */
    private static final int[][] KEYWORDS_BY_LETTER_AND_LENGTH = indexKeywords();

    private static int[][] indexKeywords() {
        List<List<Integer>> buckets = new ArrayList<>();
        for (int b = 0; b < 26 * (MAX_KEYWORD + 1); b++) {
            buckets.add(new ArrayList<>());
        }
        for (int k = 0; k < KEYWORDS.length; k++) {
            String w = KEYWORDS[k];
            if (w.length() > MAX_KEYWORD) {
                throw new AssertionError("keyword longer than MAX_KEYWORD: " + w);
            }
            buckets.get((w.charAt(0) - 'a') * (MAX_KEYWORD + 1) + w.length()).add(k);
        }
        int[][] index = new int[buckets.size()][];
        for (int b = 0; b < index.length; b++) {
            index[b] = buckets.get(b).stream().mapToInt(Integer::intValue).toArray();
        }
        return index;
    }

    /** Words that may stand before '(' without being a function call. */
    private static final String[] NOT_FUNCTIONS = {
            "in", "exists", "any", "all", "some", "as", "on", "using", "from", "join", "where", "and", "or",
            "not", "over", "filter", "within", "cast", "coalesce", "nullif", "greatest", "least", "row",
            "array", "case", "when", "then", "else", "lateral", "by", "is", "distinct", "union", "except",
            "intersect", "like", "ilike", "similar", "between", "returning", "default", "check", "primary",
            "key", "references", "unique", "grouping", "rollup", "cube", "sets", "extract", "position",
            "substring", "overlay", "trim", "numeric", "decimal", "varchar", "char", "character", "timestamp",
            "time", "interval", "bit", "float", "partition", "range", "rows", "groups", "window", "limit",
            "offset", "fetch", "having", "null", "true", "false", "only", "of", "for", "recursive", "group",
            "order", "materialized", "ordinality", "xmlelement", "xmlforest", "xmlparse", "xmlserialize",
            "json", "json_object", "json_array",
    };

    private SqlScan() {
    }

    /** The flags above for {@code sql}: remembered for the last texts this thread asked about ({@link Recent}). */
    public static int analyze(String sql) {
        return ThreadMemos.worthKeeping() ? Recent.MEMO.get().flags(sql) : scan(sql);
    }

    /**
     * The flags of the last texts one thread scanned, by slot of their hash: an application
     * prepares the same few statements again and again (anew for each borrow of a pooled
     * connection, as most do), and each scan walked the text again (about a microsecond a
     * statement on a loaded two-core machine, issue 16). The flags are a function of the text
     * alone, so a remembered answer is the scan's own. Per thread: nothing shared across
     * connections; parallel arrays: a miss allocates nothing either (nor a virtual thread: {@link ThreadMemos}).
     */
    private static final class Recent {
        static final ThreadLocal<Recent> MEMO = ThreadLocal.withInitial(Recent::new);
        private static final int SLOTS = 32;
        /** Longer texts are scanned each time (their scan is small beside their execution), so a thread keeps at most 32 x 2,000 chars. */
        private static final int LONGEST = 2_000;
        private final String[] texts = new String[SLOTS];
        private final int[] flags = new int[SLOTS];

        int flags(String sql) {
            if (sql.length() > LONGEST) {
                return scan(sql); // not kept: a thread must not hold on to large generated texts
            }
            int slot = sql.hashCode() & (SLOTS - 1);
            String known = texts[slot];
            if (known == sql || (known != null && known.equals(sql))) {
                return flags[slot];
            }
            int f = scan(sql);
            flags[slot] = f;
            texts[slot] = sql;
            return f;
        }
    }

    /** Splits a multi-statement string at top-level semicolons (only for SET tracking). */
    public static List<String> statements(String sql) {
        List<String> out = new ArrayList<>();
        int start = 0;
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            int skip = skipOpaque(sql, i);
            if (skip > i) {
                i = skip;
            } else if (c == ';') {
                addTrimmed(out, sql.substring(start, i));
                start = ++i;
            } else {
                i++;
            }
        }
        addTrimmed(out, sql.substring(start));
        return out;
    }

    private static void addTrimmed(List<String> out, String s) {
        String t = s.strip();
        if (!t.isEmpty()) {
            out.add(t);
        }
    }

    /** One walk over {@code sql} (package-private: {@code SqlScanTest} holds the memo to it). */
    static int scan(String sql) {
        final int n = sql.length();
        int flags = READ_CANDIDATE;
        boolean readCandidate = true;
        boolean statementStart = true;
        boolean sawStatement = false;
        boolean declare = false;
        int prev = -1;
        // what names a relation whose '(' opens a column list, not a call: see relationFollows
        int first = -1;
        boolean relationNext = false;
        boolean createIndex = false;
        boolean afterOn = false;
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            int skip = skipOpaque(sql, i);
            if (skip > i) {
                if (mentionsTempSchema(sql, i, skip)) {
                    flags |= PINS; // a literal or quoted name naming pg_temp: a search_path or object that is this session's
                }
                if (c == '"') {
                    boolean relation = relationNext;
                    relationNext = relation && skip < n && sql.charAt(skip) == '.'; // "s"."t": the relation's next part
                    afterOn = false;
                    if (!relation && opensCall(sql, skip)) {
                        flags |= CALLS | APPLICATION_CALL | (pinningFunction(sql, i + 1, skip - i - 2) ? PINS : 0);
                    }
                    if (skip - i == SET_CONFIG.length() + 2 && sql.startsWith(SET_CONFIG, i + 1)) {
                        flags |= CONFIG; // "set_config"(...): a form onlySetsConfig does not read, so it pins
                    }
                    prev = -1;
                }
                i = skip;
                continue;
            }
            if (c == ';') {
                statementStart = true;
                declare = false;
                prev = -1;
                first = -1;
                relationNext = false;
                createIndex = false;
                afterOn = false;
                i++;
                continue;
            }
            if (!isWordStart(c)) {
                if (c != '.' && !Character.isWhitespace(c)) {
                    relationNext = false; // only a (qualified) name may stand between INTO and its column list
                    afterOn = false;
                }
                i++;
                continue;
            }
            int start = i;
            while (i < n && isWordPart(sql.charAt(i))) {
                i++;
            }
            int len = i - start;
            int kw = keyword(sql, start, len);
            if (statementStart) {
                if (sawStatement) {
                    flags |= MULTI;
                }
                sawStatement = true;
                statementStart = false;
                first = kw;
                relationNext = kw == COPY; // COPY t (a, b) FROM ...
                if (kw > TABLE || kw < 0) {
                    readCandidate = false;
                }
                switch (kw) {
                    case SET, RESET, DISCARD -> flags |= SESSION;
                    case LISTEN, PREPARE, COPY -> flags |= PINS;
                    case DECLARE -> declare = true;
                    case MERGE -> flags |= MERGING;
                    case BEGIN, START -> flags |= TX_CONTROL | TX_BEGIN;
                    case COMMIT, END, ABORT -> flags |= TX_CONTROL | TX_END;
                    case ROLLBACK -> flags |= TX_CONTROL | (keywordFollows(sql, i, TO) ? 0 : TX_END);
                    case SAVEPOINT, RELEASE -> flags |= TX_CONTROL;
                    // a procedure or DO block may COMMIT part of its work: a server error then proves nothing
                    case CALL -> flags |= TX_CONTROL | APPLICATION_CALL;
                    // anonymous code: nothing in the catalogs says what it left on the session (issue 28)
                    case DO -> flags |= TX_CONTROL | PINS;
                    default -> { }
                }
                prev = kw;
                continue;
            }
            // a relation's name, its column list after it: INSERT INTO s.t (a, b), REFERENCES t (id), ...
            boolean relation = relationNext && !relationModifier(sql, start, len);
            if (relation) {
                relationNext = i < n && sql.charAt(i) == '.';
            } else if (!relationNext) {
                relationNext = relationFollows(sql, start, len, kw, first, createIndex, afterOn);
            }
            createIndex |= first == CREATE && len == 5 && sql.regionMatches(true, start, "index", 0, 5);
            boolean conflictTarget = afterOn && len == 8 && sql.regionMatches(true, start, "conflict", 0, 8)
                    && conflictTargetAt(sql, i);
            afterOn = len == 2 && sql.regionMatches(true, start, "on", 0, 2);
            switch (kw) {
                case INSERT, UPDATE, DELETE, MERGE, INTO, SHARE -> readCandidate = false;
                case TEMP, TEMPORARY -> {
                    if (prev == CREATE || prev == GLOBAL || prev == LOCAL || prev == INTO || prev == REPLACE) {
                        flags |= PINS;
                    }
                }
                case HOLD -> flags |= declare ? PINS : 0;
                default -> { }
            }
            if (len == SET_CONFIG.length() && sql.regionMatches(true, start, SET_CONFIG, 0, len)) {
                // the word at all, called or not as far as we can tell: a call a comment hides from
                // this reading must still be looked at (and then pins, see onlySetsConfig)
                flags |= CONFIG;
            }
            if (len >= TEMP_SCHEMA.length() && sql.regionMatches(true, start, TEMP_SCHEMA, 0, TEMP_SCHEMA.length())) {
                // pg_temp (or pg_temp_3): CREATE TABLE pg_temp.x, SET search_path = pg_temp, ... make objects only
                // this session has, TEMP written or not (issue 22)
                flags |= PINS;
            }
            if (advisoryLock(sql, start, len)) {
                flags |= PINS; // called or not as far as we can tell: a session lock must not be lost unseen
            }
            if (kw < 0 && !relation && !conflictTarget && opensCall(sql, i) && !isNotAFunction(sql, start, len)) {
                flags |= CALLS;
                if (!builtInCall(sql, start, len)) {
                    flags |= APPLICATION_CALL;
                }
                if (pinningFunction(sql, start, len)) {
                    flags |= PINS;
                }
            }
            prev = kw;
        }
        return readCandidate ? flags : flags & ~READ_CANDIDATE;
    }

    /**
     * Whether the word at {@code [start, start+len)} is one after which a relation is named, so that a
     * {@code (} right after that name opens its column list, not a call: {@code INTO} ({@code INSERT INTO t (a, b)},
     * {@code MERGE INTO}), {@code REFERENCES t (id)}, {@code CREATE ... TABLE t (...)} and {@code VIEW v (a, b)},
     * {@code CREATE INDEX i ON t (col)} ({@code COPY t (a, b)} is armed at the statement's start). Nothing
     * else: a word this reading is unsure of stays a call, which only makes the layer more careful.
     */
    private static boolean relationFollows(String sql, int start, int len, int kw, int first, boolean createIndex,
            boolean afterOn) {
        if (kw == INTO) {
            return true;
        }
        if (kw == TABLE) {
            return first == CREATE;
        }
        if (len == 10 && sql.regionMatches(true, start, "references", 0, 10)) {
            return true;
        }
        if (len == 4 && first == CREATE && sql.regionMatches(true, start, "view", 0, 4)) {
            return true;
        }
        return len == 2 && createIndex && !afterOn && sql.regionMatches(true, start, "on", 0, 2);
    }

    /** Words that may stand between {@code INTO}/{@code TABLE}/{@code ON} and the relation's name. */
    private static boolean relationModifier(String sql, int start, int len) {
        return (len == 2 && sql.regionMatches(true, start, "if", 0, 2))
                || (len == 3 && sql.regionMatches(true, start, "not", 0, 3))
                || (len == 6 && sql.regionMatches(true, start, "exists", 0, 6))
                || (len == 4 && sql.regionMatches(true, start, "only", 0, 4));
    }

    /**
     * Whether {@code ON CONFLICT} at {@code from} is followed by a column list and {@code DO}: the
     * conflict target of an {@code INSERT}, not a call of a function {@code conflict} in a join's
     * condition (which a {@code WHERE} may follow, but never {@code DO}).
     */
    private static boolean conflictTargetAt(String sql, int from) {
        int i = afterSpaceAndComments(sql, from);
        if (i >= sql.length() || sql.charAt(i) != '(') {
            return false;
        }
        int depth = 0;
        while (i < sql.length()) {
            int skip = skipOpaque(sql, i);
            if (skip > i) {
                i = skip;
                continue;
            }
            char c = sql.charAt(i++);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return keywordFollows(sql, afterSpaceAndComments(sql, i), DO);
            } else if (c == ';') {
                return false;
            }
        }
        return false;
    }

    static final String SET_CONFIG = "set_config";
    private static final String TEMP_SCHEMA = "pg_temp";

    /**
     * Names of pg_catalog functions applications call most. A call of one of them, unqualified or
     * qualified with pg_catalog, is not by itself a sign of the application's code (whether an
     * application's function shadows one of these names is asked of the server). Any other name is.
     */
    private static final Set<String> BUILT_IN_NAMES = Set.of("abs", "age", "any", "array_agg", "array_append", "array_cat", "array_dims", "array_fill",
            "array_length", "array_lower", "array_position", "array_prepend", "array_remove", "array_to_json",
            "array_to_string", "array_upper", "avg", "bit_and", "bit_length", "bit_or", "bool_and", "bool_or",
            "btrim", "cardinality", "ceil", "ceiling", "char_length", "character_length", "chr", "clock_timestamp",
            "coalesce", "col_description", "concat", "concat_ws", "corr", "count", "crypt", "current_database",
            "current_schema", "current_schemas", "current_setting", "currval", "date", "date_part", "date_trunc",
            "daterange", "decode", "dense_rank", "digest", "encode", "every", "exp", "extract", "first_value",
            "floor", "format", "format_type", "gen_random_uuid", "gen_salt", "generate_series", "greatest",
            "has_schema_privilege", "has_table_privilege", "hmac", "inet_server_addr", "inet_server_port", "initcap",
            "int4range", "isempty", "isfinite", "json_agg", "json_array_elements", "json_build_array",
            "json_build_object", "json_each", "json_each_text", "json_object_agg", "jsonb_agg",
            "jsonb_array_elements", "jsonb_array_length", "jsonb_build_array", "jsonb_build_object", "jsonb_each",
            "jsonb_each_text", "jsonb_extract_path", "jsonb_extract_path_text", "jsonb_object_agg",
            "jsonb_object_keys", "jsonb_path_exists", "jsonb_path_query", "jsonb_pretty", "jsonb_set",
            "jsonb_strip_nulls", "jsonb_typeof", "lag", "last_value", "lastval", "lead", "least", "left", "length",
            "ln", "localtime", "localtimestamp", "log", "lower", "lower_inc", "lpad", "ltrim", "make_date",
            "make_interval", "make_timestamp", "max", "md5", "min", "mod", "mode", "nextval", "now", "nth_value",
            "ntile", "nullif", "numrange", "obj_description", "octet_length", "overlay", "percent_rank",
            "percentile_cont", "percentile_disc", "pg_advisory_xact_lock", "pg_advisory_xact_lock_shared",
            "pg_backend_pid", "pg_cancel_backend", "pg_current_wal_lsn", "pg_current_xact_id",
            "pg_current_xact_id_if_assigned", "pg_get_expr", "pg_is_in_recovery", "pg_notify",
            "pg_postmaster_start_time", "pg_relation_size", "pg_size_pretty", "pg_sleep", "pg_terminate_backend",
            "pg_total_relation_size", "pg_try_advisory_xact_lock", "pg_typeof", "pg_xact_status", "plainto_tsquery",
            "position", "power", "quote_ident", "quote_literal", "quote_nullable", "random", "rank", "regexp_match",
            "regexp_matches", "regexp_replace", "regexp_split_to_array", "regr_slope", "repeat", "replace",
            "reverse", "right", "round", "row_number", "row_to_json", "rpad", "rtrim", "set_config", "setval",
            "sign", "similarity", "split_part", "sqrt", "starts_with", "statement_timestamp", "stddev", "string_agg",
            "string_to_array", "strpos", "substr", "substring", "sum", "timeofday", "to_char", "to_date", "to_json",
            "to_jsonb", "to_number", "to_regclass", "to_regproc", "to_regtype", "to_timestamp", "to_tsquery",
            "to_tsvector", "transaction_timestamp", "translate", "trim", "trunc", "ts_rank", "tstzrange",
            "txid_current", "txid_current_if_assigned", "unnest", "upper", "upper_inc", "uuid_generate_v4",
            "variance", "version", "websearch_to_tsquery", "width_bucket");

    /** Whether the call at {@code [start, start+len)} names a common built-in, unqualified or in pg_catalog. */
    private static boolean builtInCall(String sql, int start, int len) {
        if (start > 0 && sql.charAt(start - 1) == '.') {
            int q = start - 1;
            int from = q;
            while (from > 0 && isWordPart(sql.charAt(from - 1))) {
                from--;
            }
            if (!sql.regionMatches(true, from, "pg_catalog", 0, q - from) || q - from != "pg_catalog".length()) {
                return false; // qualified with another schema (or a quoted one): the application's
            }
        }
        return len <= 40 && BUILT_IN_NAMES.contains(sql.substring(start, start + len).toLowerCase(Locale.ROOT));
    }

    /** Whether the quoted or commented region {@code [from, to)} names the temporary schema. */
    private static boolean mentionsTempSchema(String sql, int from, int to) {
        for (int j = from; j + TEMP_SCHEMA.length() <= to; j++) {
            if (sql.regionMatches(true, j, TEMP_SCHEMA, 0, TEMP_SCHEMA.length())) {
                return true;
            }
        }
        return false;
    }

    /** Session advisory locks (not the _xact_ ones, which end with the transaction) and large objects. */
    private static boolean pinningFunction(String sql, int start, int len) {
        return (len > 3 && sql.regionMatches(true, start, "lo_", 0, 3)) || advisoryLock(sql, start, len);
    }

    /** A session-level advisory lock function's name (not the {@code _xact} ones, which end with the transaction). */
    private static boolean advisoryLock(String sql, int start, int len) {
        boolean advisory = (len >= 16 && sql.regionMatches(true, start, "pg_advisory_lock", 0, 16))
                || (len >= 20 && sql.regionMatches(true, start, "pg_try_advisory_lock", 0, 20));
        if (!advisory) {
            return false;
        }
        for (int j = start; j + 5 <= start + len; j++) {
            if (sql.regionMatches(true, j, "_xact", 0, 5)) {
                return false;
            }
        }
        return true;
    }

    private static boolean keywordFollows(String sql, int from, int kw) {
        int i = from;
        int n = sql.length();
        while (i < n && Character.isWhitespace(sql.charAt(i))) {
            i++;
        }
        int start = i;
        while (i < n && isWordPart(sql.charAt(i))) {
            i++;
        }
        return keyword(sql, start, i - start) == kw;
    }

    private static int keyword(String sql, int start, int len) {
        if (len < 2 || len > MAX_KEYWORD) {
            return -1;
        }
        int letter = (sql.charAt(start) | 0x20) - 'a'; // ASCII lower case; anything else falls outside 0..25
        if (letter < 0 || letter > 25) {
            return -1;
        }
        // most words have no keyword of their first letter and length: no comparison at all
        for (int k : KEYWORDS_BY_LETTER_AND_LENGTH[letter * (MAX_KEYWORD + 1) + len]) {
            if (sql.regionMatches(true, start, KEYWORDS[k], 0, len)) {
                return k;
            }
        }
        return -1;
    }

    private static boolean isNotAFunction(String sql, int start, int len) {
        for (String w : NOT_FUNCTIONS) {
            if (w.length() == len && sql.regionMatches(true, start, w, 0, len)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the next thing after {@code from}, past whitespace and comments, is '(' (PostgreSQL allows a comment there). */
    private static boolean opensCall(String sql, int from) {
        int i = afterSpaceAndComments(sql, from);
        return i < sql.length() && sql.charAt(i) == '(';
    }

    /** The index of the first character at or after {@code from} that is neither whitespace nor in a comment. */
    static int afterSpaceAndComments(String sql, int from) {
        int i = from;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if ((c == '-' || c == '/') && skipOpaque(sql, i) > i) {
                i = skipOpaque(sql, i);
            } else {
                break;
            }
        }
        return i;
    }

    static boolean isWordStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    static boolean isWordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    /**
     * If a literal, quoted identifier, dollar quote or comment starts at {@code i}, the index just
     * past it; otherwise {@code i}. An unterminated one runs to the end of the text.
     */
    static int skipOpaque(String sql, int i) {
        int n = sql.length();
        char c = sql.charAt(i);
        if (c == '\'') {
            // E'...' (an escape string) takes backslash escapes; LIKE'...' does not
            boolean backslashes = i > 0 && (sql.charAt(i - 1) == 'E' || sql.charAt(i - 1) == 'e')
                    && (i < 2 || !isWordPart(sql.charAt(i - 2)));
            int j = i + 1;
            while (j < n) {
                char d = sql.charAt(j);
                if (backslashes && d == '\\') {
                    j += 2;
                } else if (d == '\'') {
                    if (j + 1 < n && sql.charAt(j + 1) == '\'') {
                        j += 2;
                    } else {
                        return j + 1;
                    }
                } else {
                    j++;
                }
            }
            return n;
        }
        if (c == '"') {
            int j = i + 1;
            while (j < n) {
                if (sql.charAt(j) == '"') {
                    if (j + 1 < n && sql.charAt(j + 1) == '"') {
                        j += 2;
                        continue;
                    }
                    return j + 1;
                }
                j++;
            }
            return n;
        }
        if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
            int j = sql.indexOf('\n', i);
            return j < 0 ? n : j + 1;
        }
        if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
            int depth = 1;
            int j = i + 2;
            while (j < n && depth > 0) {
                if (sql.startsWith("/*", j)) {
                    depth++;
                    j += 2;
                } else if (sql.startsWith("*/", j)) {
                    depth--;
                    j += 2;
                } else {
                    j++;
                }
            }
            return j;
        }
        if (c == '$' && (i == 0 || !isWordPart(sql.charAt(i - 1)))) {
            int j = i + 1;
            while (j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
                j++;
            }
            if (j < n && sql.charAt(j) == '$' && (j == i + 1 || !Character.isDigit(sql.charAt(i + 1)))) {
                String tag = sql.substring(i, j + 1);
                int end = sql.indexOf(tag, j + 1);
                return end < 0 ? n : end + tag.length();
            }
        }
        return i;
    }

    /** Whether {@code sql}, which ends a transaction ({@link #TX_END}), rolls it back rather than commits. */
    public static boolean rollsBack(String sql) {
        String start = sql.stripLeading();
        return start.regionMatches(true, 0, "rollback", 0, 8) || start.regionMatches(true, 0, "abort", 0, 5);
    }
}
