package io.retrying.jdbc.internal.session;

import io.retrying.jdbc.internal.proof.CalledRoutines;
import io.retrying.jdbc.internal.proof.ReadOnlyFrame;
import io.retrying.jdbc.internal.proof.ReadOnlyProof;
import io.retrying.jdbc.internal.proof.RoutineClosure;
import io.retrying.jdbc.internal.sql.SqlScan;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether the database holds code of the application's that may leave state on a session where the
 * layer cannot see it (issue 28): a function, procedure or trigger that runs {@code SET ROLE},
 * {@code SET}/{@code RESET}, {@code set_config}, a session advisory lock, {@code LISTEN},
 * {@code PREPARE}, a temporary object or a {@code WITH HOLD} cursor. A session that may have run
 * such code cannot be healed by restoring what the layer saw the application set: the new session
 * would run as another role or tenant, without its lock. So before a replaced session is used,
 * the server is asked (on the new connection, in a {@link ReadOnlyFrame}, on the failure path only:
 * the happy path pays nothing), and when there is such code the loss surfaces as 08003 until
 * rollback() unless the application registered a {@code ConnectionInitializer} that re-establishes
 * the session (its declaration that running it again is what a new session needs).
 *
 * <p>What is asked of the server, not of our reading of the application's SQL. A routine that runs
 * without a statement naming it (a view, a trigger, a policy, attribute notation, a default) counts
 * for any statement. One called by name counts when the statements that called code
 * ({@link CalledCode}) call it as the server parses them ({@code CalledRoutines}), directly, through a
 * routine that calls it, or as another overload of its name; when the server cannot parse them, any
 * such routine counts. Its body is searched by the server's regular expressions (more matches only
 * make the layer more careful):
 * <ul>
 *   <li>a routine in a language other than SQL and PL/pgSQL (its body is not text we can search);</li>
 *   <li>SQL or PL/pgSQL text with {@code set_config}, a session advisory lock, {@code LISTEN},
 *       {@code PREPARE}, {@code DISCARD}, {@code TEMP}/{@code TEMPORARY}/{@code pg_temp},
 *       {@code WITH HOLD}, {@code dblink_connect}, or a {@code SET}/{@code RESET} of a setting (a name the server knows, a
 *       name with a dot, {@code ROLE}, {@code SESSION}, {@code SCHEMA}, {@code NAMES},
 *       {@code TIME ZONE}, or one built by {@code format}); an {@code UPDATE ... SET column} names a
 *       column, not a setting, and does not count;</li>
 *   <li>a SQL-standard body ({@code BEGIN ATOMIC}) whose parse tree calls {@code set_config} or a
 *       session advisory lock.</li>
 * </ul>
 * An extension's routines are trusted not to change the session (their C code is not ours to read);
 * a {@code SET} of a routine's own ({@code proconfig}) is restored by the server when it returns,
 * so it does not count. Not found: a setting changed by SQL that a routine assembles from pieces no
 * text search can see (an {@code EXECUTE} of a variable holding {@code 'SET ' || ...}).
 */
public final class StatefulRoutines {

    /** Functions that change the session when a routine calls them. */
    private static final String STATEFUL_BUILTINS = "'set_config', 'pg_advisory_lock', 'pg_advisory_lock_shared',"
            + " 'pg_try_advisory_lock', 'pg_try_advisory_lock_shared'";

    // Regular expressions in POSIX classes only ([[:<:]] and [[:>:]] are word bounds): no backslash,
    // so they read the same whatever standard_conforming_strings says. A SET counts where its target
    // is a setting: one pg_settings knows, a custom name (with a dot), or one of SET's own forms.
    // own: the application's routines (not an extension's); stateful: those whose own body may change the
    // session, and every routine whose body calls one of them, by name or by oid (RoutineClosure's search,
    // shared with OutsideEffects);
    // reached: whether a statement with no call of the application's may still run one (a trigger, a
    // view's or a policy's or a default's or a check's expression, an operator, a cast, an aggregate, a
    // type's I/O, attribute notation on a row, or a name that a built-in also has).
    private static final String CLOSURE = (ReadOnlyProof.MARK + RoutineClosure.with("stateful", """
                SELECT o.oid, o.proname FROM own o
                 WHERE o.lanname NOT IN ('sql', 'plpgsql')
                    OR o.prosrc OPERATOR(pg_catalog.~*) ('[[:<:]](set_config|pg_(try_)?advisory_lock(_shared)?|listen'
                           || '|prepare|discard|temp|temporary|pg_temp[[:alnum:]_]*|hold|dblink_connect[[:alnum:]_]*)[[:>:]]')
                    OR o.prosrc OPERATOR(pg_catalog.~*)
                           '[[:<:]](set|reset)[[:space:]]+((role|session|schema|names|time|all)[[:>:]]|%%)'
                    OR EXISTS (SELECT 1 FROM pg_catalog.regexp_matches(o.prosrc,
                           '[[:<:]](?:set|reset)[[:space:]]+"?([a-z_][a-z0-9_$]*([.][a-z_][a-z0-9_$]*)?)', 'gi') m
                         WHERE pg_catalog.strpos(m[1], '.') > 0
                            OR EXISTS (SELECT 1 FROM pg_catalog.pg_settings s
                                        WHERE pg_catalog.lower(s.name) OPERATOR(pg_catalog.=) pg_catalog.lower(m[1])))
                    OR (o.prosqlbody IS NOT NULL AND EXISTS (
                           SELECT 1 FROM pg_catalog.pg_proc b
                            WHERE b.pronamespace = 'pg_catalog'::pg_catalog.regnamespace
                              AND b.proname::pg_catalog.text IN (%1$s)
                              AND o.prosqlbody::pg_catalog.text OPERATOR(pg_catalog.~)
                                  (':funcid ' || b.oid::pg_catalog.text || '[[:>:]]')))""")).formatted(STATEFUL_BUILTINS);

    private static final String UNNAMED = """
            SELECT s.oid::pg_catalog.regprocedure::pg_catalog.text,
                   """ + RoutineClosure.RUN_UNNAMED + """
                OR EXISTS (SELECT 1 FROM pg_catalog.pg_proc b WHERE b.pronamespace = 'pg_catalog'::pg_catalog.regnamespace
                       AND b.proname = s.proname)
                OR EXISTS (SELECT 1 FROM own o JOIN pg_catalog.pg_type ty ON ty.oid = o.proargtypes[0]
                       WHERE o.oid = s.oid AND o.pronargs = 1 AND ty.typtype = 'c')
                OR EXISTS (SELECT 1 FROM (
                           SELECT w.ev_action::pg_catalog.text FROM pg_catalog.pg_rewrite w
                     UNION ALL SELECT pol.polqual::pg_catalog.text FROM pg_catalog.pg_policy pol
                     UNION ALL SELECT pol.polwithcheck::pg_catalog.text FROM pg_catalog.pg_policy pol
                     UNION ALL SELECT ad.adbin::pg_catalog.text FROM pg_catalog.pg_attrdef ad
                     UNION ALL SELECT con.conbin::pg_catalog.text FROM pg_catalog.pg_constraint con) x(t)
                       WHERE x.t OPERATOR(pg_catalog.~) (':funcid ' || s.oid::pg_catalog.text || '[[:>:]]'))""";

    /** Each stateful routine, and whether a statement may run it without naming it (column 2). */
    private static final String QUESTION = CLOSURE + UNNAMED + """

              FROM stateful s
             ORDER BY 2 DESC, 1""";

    /**
     * The same, and (column 3) whether the statements parsed in the frame call it, or a routine of the same
     * name (which overload a bound parameter reaches is not the parse's to say: {@link CalledRoutines}).
     * A routine that calls a stateful one is itself in {@code stateful} (the closure), so a call of it counts.
     */
    private static final String QUESTION_ABOUT_CALLS = CLOSURE + UNNAMED + """
            ,
                   s.proname IN (SELECT p.proname FROM pg_catalog.pg_proc p WHERE p.oid IN (
            """ + CalledRoutines.CALLED + """
            ))
              FROM stateful s
             ORDER BY 2 DESC, 3 DESC, 1""";

    /**
     * A routine of the database that may leave session state and that the session may have run (its
     * signature, for the message), or null when there is none. Asked on {@code physical} in a frame
     * that cannot write.
     *
     * @param called the statements that called code by name since the last clean point
     *               ({@code SqlScan.APPLICATION_CALL}; null or empty: none): a routine counts when they
     *               call it, as the server parses them ({@link CalledRoutines}), or when the server
     *               cannot say (a statement it does not parse, more statements than are kept): then
     *               any such routine counts; routines a statement can reach without naming them (a
     *               trigger, a view, a policy, a default, ...) always count
     */
    public static String first(Connection physical, CalledCode called) throws SQLException {
        if (CalledCode.any(called) && called.allRead()) {
            List<String> texts = new ArrayList<>(called.count());
            List<Boolean> parameterized = new ArrayList<>(called.count());
            for (int k = 0; k < called.count(); k++) {
                texts.add(called.text(k));
                parameterized.add(called.parameterized(k));
            }
            Answer answer;
            try {
                answer = CalledRoutines.ask(physical, texts, parameterized,
                        c -> new Answer(firstOf(c, QUESTION_ABOUT_CALLS, false)));
            } catch (SQLException unanswered) {
                String state = unanswered.getSQLState();
                if (physical.isClosed() || state == null || state.startsWith("08")) {
                    throw unanswered; // the connection broke: a new one is asked
                }
                answer = null; // not answered: as careful as without the question
            }
            if (answer != null) {
                return answer.routine;
            }
        }
        boolean anyCounts = CalledCode.any(called); // calls the server did not read: any routine may be reached
        return ReadOnlyFrame.ask(physical, c -> firstOf(c, QUESTION, anyCounts));
    }

    /** What the question about the session's calls found (null: none), once the server read them. */
    private record Answer(String routine) {}

    private static String firstOf(Connection c, String question, boolean anyCounts) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.setEscapeProcessing(false);
            try (ResultSet rs = st.executeQuery(question)) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    if (anyCounts || rs.getBoolean(2) || (columns > 2 && rs.getBoolean(3))) {
                        return rs.getString(1);
                    }
                }
                return null;
            }
        }
    }

    private StatefulRoutines() {
    }

}
