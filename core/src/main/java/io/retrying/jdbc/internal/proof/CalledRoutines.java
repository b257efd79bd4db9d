package io.retrying.jdbc.internal.proof;

import io.retrying.jdbc.internal.telemetry.Telemetry;
import io.retrying.jdbc.spi.LayerTelemetry;
import java.sql.Connection;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.postgresql.core.BaseConnection;

/**
 * Which routines statements the session ran call, as the server resolves them, not as our reading of
 * their text guesses: each statement is parsed by the server into the body of a temporary SQL-standard
 * function, as the read-only proof's walk does ({@link CatalogWalk}), whose parse tree names every
 * function it calls by oid, through attribute notation, overloads and the search path; the walk follows
 * views, policies, domains' checks and SQL-standard bodies from there. Failure path only: asked when a
 * session that called code is lost, about the statements it ran since the last clean point.
 *
 * <p>What the parse cannot say: which overload a parameter bound by pgjdbc reaches (the server is asked
 * the types it would give an unbound one), so the caller widens what is called to every routine of the
 * same name. A statement the server cannot take into such a body (a utility statement, a {@code CALL},
 * a text pgjdbc sends as several statements, one naming what the new session lacks) leaves the answer
 * unknown: the caller is then as careful as without asking.
 *
 * <p>The frame is the walk's: a transaction of its own that makes its temporary functions (parse analysis
 * only: nothing of the application's runs), is made read-only before the question, and is rolled back;
 * nothing is left behind.
 */
public final class CalledRoutines {

    /** The temporary functions' names start so ({@code pg_temp}, never committed). */
    private static final String FUNCTION = "pg_temp.retrying_jdbc_proof_reach_";

    /**
     * A subquery of one column, the oids of every function the statements parsed in the frame call
     * (built-ins among them). No {@code %} in it is meant for {@link String#formatted}: append it after.
     */
    public static final String CALLED = CatalogWalk.functionsFrom("""
                SELECT p.prosqlbody::pg_catalog.text FROM pg_catalog.pg_proc p
                 WHERE p.pronamespace = pg_catalog.pg_my_temp_schema()
                   AND p.proname::pg_catalog.text OPERATOR(pg_catalog.~) '^retrying_jdbc_proof_reach_[0-9]+$'""");

    /** The question asked once the statements are parsed, on the frame's connection. */
    @FunctionalInterface
    public interface Question<T> {
        T ask(Connection inFrame) throws SQLException;
    }

    private CalledRoutines() {
    }

    /**
     * Parses {@code statements} into temporary functions on {@code physical} (idle, in autocommit) and
     * asks {@code question}, which may use {@link #CALLED}, in a frame that cannot write once they are
     * made; or null when the server did not parse them all (the caller's careful answer).
     *
     * @param statements   the texts as the application gave them to pgjdbc
     * @param parameterized for each, whether it ran as a prepared statement ({@code ?} placeholders)
     * @throws SQLException when the connection broke: nothing was judged
     */
    public static <T> T ask(Connection physical, List<String> statements, List<Boolean> parameterized,
            Question<T> question) throws SQLException {
        BaseConnection pg;
        try {
            pg = physical.unwrap(BaseConnection.class);
        } catch (SQLException notPgjdbc) {
            return null;
        }
        if (!PgjdbcSplit.extendedProtocol(pg) || !pg.getStandardConformingStrings()) {
            // a second statement of ours would run, or the walk's patterns would not read as written
            return null;
        }
        if (StandbyProof.inRecovery(physical)) {
            return null; // a hot standby cannot make the temporary functions (nor begin READ WRITE)
        }
        List<String> natives = new ArrayList<>(statements.size());
        for (int k = 0; k < statements.size(); k++) {
            String nativeSql = PgjdbcSplit.singleNativeSql(pg, statements.get(k), parameterized.get(k));
            if (nativeSql == null) {
                return null; // pgjdbc sends it as several statements
            }
            natives.add(nativeSql);
        }
        // the layer's own question, for a tracer (a frame of its own: it must create before it turns read-only)
        return Telemetry.ownWork(LayerTelemetry.Work.QUESTION, () -> inFrame(physical, statements, parameterized,
                natives, question));
    }

    private static <T> T inFrame(Connection physical, List<String> statements, List<Boolean> parameterized,
            List<String> natives, Question<T> question) throws SQLException {
        if (physical.getAutoCommit()) {
            return parsed(physical, statements, parameterized, natives, question);
        }
        if (ReadOnlyFrame.transactionOpen(physical)) {
            return null; // the application's transaction is open here: not ours to end
        }
        // manual commit with no transaction begun (a new connection): a frame of its own, as ReadOnlyFrame makes
        physical.setAutoCommit(true);
        try {
            return parsed(physical, statements, parameterized, natives, question);
        } finally {
            physical.setAutoCommit(false);
        }
    }

    private static <T> T parsed(Connection physical, List<String> statements, List<Boolean> parameterized,
            List<String> natives, Question<T> question) throws SQLException {
        try (Statement st = physical.createStatement()) {
            st.setEscapeProcessing(false);
            try {
                // READ WRITE to make the functions (a standby refuses: unknown); jit off as for the walk
                st.execute(PlanCheck.MARK + "BEGIN READ WRITE; SET LOCAL jit = off");
                for (int k = 0; k < natives.size(); k++) {
                    List<String> types = parameterized.get(k) ? parameterTypes(physical, statements.get(k)) : List.of();
                    if (!CatalogWalk.nameable(types)) {
                        return null;
                    }
                    st.execute(PlanCheck.MARK + "CREATE FUNCTION " + FUNCTION + k + "(" + String.join(", ", types)
                            + ") RETURNS void LANGUAGE sql BEGIN ATOMIC\n" + natives.get(k) + "\n;\nEND");
                }
                st.execute(PlanCheck.MARK + "SET TRANSACTION READ ONLY");
                return question.ask(physical);
            } catch (SQLException refused) {
                String state = refused.getSQLState();
                if (physical.isClosed() || state == null || state.startsWith("08")) {
                    throw refused; // the connection broke: not judged
                }
                return null; // the server did not take a statement: unknown
            } finally {
                st.execute(PlanCheck.MARK + "ROLLBACK");
            }
        }
    }

    /**
     * The types the server gives the statement's parameters when none is bound (pgjdbc describes it
     * without running anything), as pgjdbc names them.
     */
    private static List<String> parameterTypes(Connection physical, String sql) throws SQLException {
        try (PreparedStatement ps = physical.prepareStatement(PlanCheck.MARK + sql)) {
            ParameterMetaData meta = ps.getParameterMetaData();
            List<String> types = new ArrayList<>(meta.getParameterCount());
            for (int i = 1; i <= meta.getParameterCount(); i++) {
                types.add(meta.getParameterTypeName(i));
            }
            return types;
        }
    }
}
