package io.retrying.jdbc.internal.proof;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A volatile routine of the application's own, opened so that its body can be walked as a
 * statement is ({@link CatalogWalk}): read fresh from {@code pg_proc} (a {@code CREATE OR REPLACE}
 * is seen at once), in a {@link ReadOnlyFrame}.
 *
 * <ul>
 *   <li>A SQL-standard body ({@code BEGIN ATOMIC}) is the server's own parse tree: walked as it is.</li>
 *   <li>A SQL body in a string is parsed by the server as the body of a temporary function with the
 *       routine's input parameters, as PostgreSQL parses it when it runs (parameters by name or
 *       {@code $n}, columns before parameters).</li>
 *   <li>A PL/pgSQL body is read as the SQL it runs ({@link PlpgsqlBody}), its arguments (all of
 *       them, numbered as PL/pgSQL numbers them) and variables the temporary function's
 *       parameters.</li>
 * </ul>
 * Not opened, so not proven: a built-in, an extension's function (C code: not ours to read), another
 * language, a procedure, aggregate or window function, a routine with polymorphic or pseudo-type
 * arguments or a trigger's result (what it resolves depends on its caller), with a {@code SET}
 * clause (its body is resolved under settings the walk does not have), a PL/pgSQL body while
 * {@code plpgsql.variable_conflict} is not {@code error} (a name would then be resolved to a
 * variable where the server's parse takes the column), or while the database has a cast whose
 * function is volatile (PL/pgSQL's assignments may run one where no statement names it). Also the
 * return type and every variable's type are named in the body ({@code CAST(NULL AS type)}), so that
 * the walk judges their input and output functions and domain checks, which an assignment runs.
 */
final class RoutineBody {

    /**
     * How a routine's body is walked.
     *
     * @param name the routine as the server prints it (its signature)
     * @param refusal why it is not opened, or null
     * @param stored its SQL-standard body is walked as the server stored it
     * @param parameters the temporary function's parameter list (names and types)
     * @param body its statements, separated by {@code ;}
     */
    record Opened(String name, String refusal, boolean stored, String parameters, String body) {}

    /** A longer body is not read: the proof's round trips and the server's parse stay small. */
    static final int LONGEST_BODY = 64 * 1024;

    private static final String READ = ReadOnlyProof.MARK + """
            SELECT p.oid::pg_catalog.regprocedure::pg_catalog.text, l.lanname::pg_catalog.text, p.prosrc,
                   p.prosqlbody IS NOT NULL, p.prokind::pg_catalog.text, p.proconfig IS NOT NULL,
                   p.pronamespace IN ('pg_catalog'::pg_catalog.regnamespace, 'information_schema'::pg_catalog.regnamespace)
                     OR EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
                           WHERE d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.objid = p.oid AND d.deptype = 'e'),
                   ARRAY(SELECT pg_catalog.format_type(a.t, NULL)
                           FROM pg_catalog.unnest(coalesce(p.proallargtypes, p.proargtypes::pg_catalog.oid[]))
                                WITH ORDINALITY a(t, n) ORDER BY a.n),
                   p.proargnames, p.proargmodes::pg_catalog.text[],
                   EXISTS (SELECT 1 FROM pg_catalog.unnest(coalesce(p.proallargtypes, p.proargtypes::pg_catalog.oid[])) a(t)
                             JOIN pg_catalog.pg_type ty ON ty.oid = a.t WHERE ty.typtype = 'p'),
                   rt.typtype::pg_catalog.text, rt.typname::pg_catalog.text, pg_catalog.format_type(p.prorettype, NULL),
                   pg_catalog.current_setting('plpgsql.variable_conflict', true),
                   EXISTS (SELECT 1 FROM pg_catalog.pg_cast c JOIN pg_catalog.pg_proc f ON f.oid = c.castfunc
                            WHERE f.provolatile = 'v')
              FROM pg_catalog.pg_proc p
              JOIN pg_catalog.pg_language l ON l.oid = p.prolang
              JOIN pg_catalog.pg_type rt ON rt.oid = p.prorettype
             WHERE p.oid = ?::pg_catalog.oid""";

    private RoutineBody() {
    }

    /** {@code routine} read and opened on {@code fresh} (autocommit, nothing open). */
    static Opened open(Connection fresh, long routine) throws SQLException {
        return ReadOnlyFrame.ask(fresh, c -> {
            try (PreparedStatement ps = c.prepareStatement(READ)) {
                ps.setLong(1, routine);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? opened(rs) : new Opened("(oid " + routine + ")", "it was dropped", false, null, null);
                }
            }
        });
    }

    private static Opened opened(ResultSet rs) throws SQLException {
        String name = rs.getString(1);
        String language = rs.getString(2);
        String source = rs.getString(3);
        String why = refusal(rs, language, source);
        if (why != null) {
            return new Opened(name, why, false, null, null);
        }
        if (rs.getBoolean(4)) {
            return new Opened(name, null, true, null, null);
        }
        List<String> types = strings(rs.getArray(8));
        List<String> names = strings(rs.getArray(9));
        List<String> modes = strings(rs.getArray(10));
        boolean plpgsql = language.equals("plpgsql");
        List<String> parameters = new ArrayList<>();
        Set<String> arguments = new LinkedHashSet<>();
        for (int i = 0; i < types.size(); i++) {
            String mode = modes.isEmpty() ? "i" : modes.get(i);
            // a SQL body sees its input arguments only ($n counts them); PL/pgSQL all of them, in order
            if (!plpgsql && !(mode.equals("i") || mode.equals("b") || mode.equals("v"))) {
                continue;
            }
            String argument = i < names.size() ? names.get(i) : null;
            if (argument == null || argument.isEmpty()) {
                parameters.add(types.get(i));
            } else {
                if (!arguments.add(argument)) {
                    return new Opened(name, "two arguments of one name", false, null, null);
                }
                parameters.add(quoted(argument) + " " + types.get(i));
            }
        }
        List<String> statements = new ArrayList<>();
        String returnType = rs.getString(12).equals("p") ? null : rs.getString(14);
        if (returnType != null) {
            statements.add("SELECT CAST(NULL AS " + returnType + ")");
        }
        if (plpgsql) {
            PlpgsqlBody.Read read = PlpgsqlBody.of(source, arguments);
            if (read.refusal() != null) {
                return new Opened(name, read.refusal(), false, null, null);
            }
            for (Map.Entry<String, String> variable : read.variables().entrySet()) {
                parameters.add(variable.getKey() + " " + variable.getValue());
            }
            statements.addAll(read.statements());
            return new Opened(name, null, false, String.join(", ", parameters), String.join(";\n", statements));
        }
        // the SQL body as PostgreSQL parses it when the routine runs: its statements, in the string
        statements.add(source);
        return new Opened(name, null, false, String.join(", ", parameters), String.join(";\n", statements));
    }

    private static String refusal(ResultSet rs, String language, String source) throws SQLException {
        if (rs.getBoolean(7)) {
            return "a built-in or an extension's function";
        }
        if (!language.equals("sql") && !language.equals("plpgsql")) {
            return "a function in another language";
        }
        if (!rs.getString(5).equals("f")) {
            return "not a plain function";
        }
        if (rs.getBoolean(6)) {
            return "a function with a SET clause";
        }
        if (rs.getBoolean(11)) {
            return "a function with polymorphic or pseudo-type arguments";
        }
        if (rs.getString(12).equals("p") && !(rs.getString(13).equals("void") || rs.getString(13).equals("record"))) {
            return "a function returning " + rs.getString(13);
        }
        if (source == null || source.length() > LONGEST_BODY) {
            return "a body longer than the proof reads";
        }
        if (language.equals("plpgsql")) {
            String conflict = rs.getString(15);
            if (conflict != null && !conflict.equals("error")) {
                return "plpgsql.variable_conflict is not error";
            }
            if (rs.getBoolean(16)) {
                return "the database has a cast whose function is volatile";
            }
        }
        return null;
    }

    private static String quoted(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    private static List<String> strings(Array array) throws SQLException {
        if (array == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (Object each : (Object[]) array.getArray()) {
            out.add(each == null ? null : each.toString());
        }
        return out;
    }
}
