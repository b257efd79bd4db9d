package io.retrying.jdbc.internal.proof;

import io.retrying.jdbc.internal.telemetry.Telemetry;
import io.retrying.jdbc.spi.LayerTelemetry;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * The frame every question the layer asks the server on its own behalf runs in (DESIGN.md "The
 * layer's own statements"): one that cannot write and leaves nothing behind.
 *
 * <p>Why a frame and not a careful choice of statements: the planner runs STABLE functions while it
 * estimates, so even a plain {@code EXPLAIN} executes the application's code, and PostgreSQL lets a
 * STABLE PL/pgSQL function call a VOLATILE writer. Only the server's own rule holds whatever the
 * code does: in a read-only transaction a write (a table, a sequence's {@code nextval}) is refused
 * with 25006, and a rolled-back transaction keeps nothing.
 *
 * <ul>
 *   <li>On a connection in autocommit: {@code BEGIN READ ONLY}, the question, {@code ROLLBACK}.</li>
 *   <li>Inside a transaction (the replay's, where a question must see what the transaction did): a
 *       savepoint, {@code SET TRANSACTION READ ONLY} (making a transaction read-only is allowed at
 *       any point, and a subtransaction's rollback undoes it), the question, then the savepoint
 *       rolled back (never released) and let go. A failed question aborts only the savepoint.</li>
 * </ul>
 * Costs two round trips a question, on the failure path only. What the frame cannot stop is what
 * leaves the database (dblink to another server): the questions that look for that ask the
 * catalogs before anything plans the application's SQL.
 */
public final class ReadOnlyFrame {

    private static final String BEGIN = ReadOnlyProof.MARK + "BEGIN READ ONLY";
    private static final String ROLLBACK = ReadOnlyProof.MARK + "ROLLBACK";
    private static final String READ_ONLY = ReadOnlyProof.MARK + "SET TRANSACTION READ ONLY";

    /** One question to the server, asked on the connection it is given. */
    @FunctionalInterface
    public interface Question<T> {
        T ask(Connection physical) throws SQLException;
    }

    private ReadOnlyFrame() {
    }

    /**
     * Asks {@code question} on {@code physical} inside a frame that cannot write and is rolled back.
     * The question's own failure is thrown after the frame is undone; when undoing it fails too (the
     * connection broke), that failure is added to the question's as suppressed.
     *
     * <p>The frame and the question run as the layer's own work ({@link Telemetry#ownWork}: a tracer
     * may suppress its spans of them), so that none of them reads as the application's statement.
     */
    public static <T> T ask(Connection physical, Question<T> question) throws SQLException {
        return Telemetry.ownWork(LayerTelemetry.Work.QUESTION, () -> framed(physical, question));
    }

    private static <T> T framed(Connection physical, Question<T> question) throws SQLException {
        if (physical.getAutoCommit()) {
            return inTransaction(physical, question);
        }
        if (!transactionOpen(physical)) {
            // manual commit with no transaction begun yet (a new connection): a frame of its own, so
            // that the application's transaction still begins with its own first statement
            physical.setAutoCommit(true);
            try {
                return inTransaction(physical, question);
            } finally {
                physical.setAutoCommit(false);
            }
        }
        return underSavepoint(physical, question);
    }

    /** Whether pgjdbc has begun a transaction on the server (it knows from ReadyForQuery: no round trip). */
    static boolean transactionOpen(Connection physical) {
        try {
            return physical.unwrap(BaseConnection.class).getTransactionState() != TransactionState.IDLE;
        } catch (SQLException notPgjdbc) {
            return true; // a savepoint is right either way
        }
    }

    private static <T> T inTransaction(Connection physical, Question<T> question) throws SQLException {
        run(physical, BEGIN);
        T answer;
        try {
            answer = question.ask(physical);
        } catch (SQLException | RuntimeException failed) {
            undo(physical, failed, () -> run(physical, ROLLBACK));
            throw failed;
        }
        run(physical, ROLLBACK);
        return answer;
    }

    private static <T> T underSavepoint(Connection physical, Question<T> question) throws SQLException {
        Savepoint frame = physical.setSavepoint();
        T answer;
        try {
            run(physical, READ_ONLY);
            answer = question.ask(physical);
        } catch (SQLException | RuntimeException failed) {
            undo(physical, failed, () -> rollBack(physical, frame));
            throw failed;
        }
        rollBack(physical, frame);
        return answer;
    }

    /** Rolls the savepoint back, undoing whatever ran under it, then lets it go (nothing is left to release). */
    private static void rollBack(Connection physical, Savepoint frame) throws SQLException {
        physical.rollback(frame);
        physical.releaseSavepoint(frame);
    }

    private interface Undo {
        void run() throws SQLException;
    }

    private static void undo(Connection physical, Exception failed, Undo undo) {
        try {
            undo.run();
        } catch (SQLException broken) {
            failed.addSuppressed(broken);
        }
    }

    private static void run(Connection physical, String sql) throws SQLException {
        try (Statement st = physical.createStatement()) {
            st.execute(sql);
        }
    }
}
