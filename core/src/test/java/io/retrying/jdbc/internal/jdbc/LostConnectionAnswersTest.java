package io.retrying.jdbc.internal.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A connection the layer gave up on inside a transaction stays usable as JDBC applications expect
 * (issue 23: BenchBase's error handler asks {@code isClosed}, {@code isReadOnly},
 * {@code getAutoCommit}, then calls {@code rollback()} and carries on): the getters pgjdbc answers
 * without the server answer from what the layer knows, {@code rollback()} and {@code close()}
 * work, and only what would run SQL in the lost transaction (or change its session, or needs a
 * physical connection) refuses, with 08003 "... Call rollback() to continue". Every
 * {@code java.sql.Connection} method is held to {@link RetryingConnection#ANSWERS_WHEN_LOST} or the
 * refusal.
 */
@ExtendWith(PgExtension.class)
class LostConnectionAnswersTest {

    private static final Set<String> ENDS_THE_LOSS = Set.of("abort(Executor)", "close()", "rollback()");

    /** A connection lost inside a transaction the layer cannot replay (it holds a temp table), on the defaults. */
    private static Connection lostInTransaction(PgServer pg, String app) throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:retrying:" + pg.jdbcUrl().substring("jdbc:".length())
                + "&ApplicationName=" + app);
        c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        assertEquals("public", c.getSchema());
        assertEquals("postgres", c.getCatalog());
        assertEquals(app, c.getClientInfo("ApplicationName"));
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            st.execute("CREATE TEMP TABLE lost_work AS SELECT 1 AS id");
            st.execute("INSERT INTO lost_work VALUES (1)");
        }
        assertEquals(1, pg.terminateBackends(app));
        try (Statement st = c.createStatement()) {
            SQLException gaveUp = assertThrows(SQLException.class, () -> st.execute("SELECT count(*) FROM lost_work"));
            assertEquals("57P01", gaveUp.getSQLState(), "the layer gave up: the transaction held a temp table");
            SQLException refused = assertThrows(SQLException.class, () -> st.execute("SELECT 1"));
            assertEquals("08003", refused.getSQLState());
            assertTrue(refused.getMessage().contains("Call rollback() to continue"), refused.getMessage());
        }
        return c;
    }

    @Test
    void theLocalGettersAnswerFromWhatTheLayerKnowsAndRollbackCarriesOn(PgServer pg) throws Exception {
        Connection c = lostInTransaction(pg, "lost-getters");
        // BenchBase's handler, then the others pgjdbc answers from memory
        assertFalse(c.isClosed());
        assertFalse(c.isReadOnly());
        assertFalse(c.getAutoCommit());
        assertEquals(Connection.TRANSACTION_REPEATABLE_READ, c.getTransactionIsolation());
        assertEquals(ResultSet.CLOSE_CURSORS_AT_COMMIT, c.getHoldability());
        assertEquals("public", c.getSchema());
        assertEquals("postgres", c.getCatalog());
        assertNull(c.getWarnings());
        assertEquals("lost-getters", c.getClientInfo("ApplicationName"));
        assertEquals("lost-getters", c.getClientInfo().getProperty("ApplicationName"));
        assertEquals(0, c.getNetworkTimeout());
        assertEquals(new HashMap<>(), c.getTypeMap());
        assertFalse(c.isValid(1));
        // then rollback() acknowledges the loss, and the connection carries on on a new server connection
        c.rollback();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
            assertTrue(rs.next());
        }
        assertTrue(c.isValid(1));
        assertEquals(Connection.TRANSACTION_REPEATABLE_READ, c.getTransactionIsolation(), "the session is restored");
        c.commit();
        c.close();
    }

    @Test
    void everyConnectionMethodAnswersOrRefusesUntilRollback(PgServer pg) throws Exception {
        Connection c = lostInTransaction(pg, "lost-reflection");
        List<String> refusedButListed = new ArrayList<>();
        List<String> answeredButNotListed = new ArrayList<>();
        for (Method m : Connection.class.getMethods()) {
            String signature = DelegationCoverageTest.signature(m);
            if (Modifier.isStatic(m.getModifiers()) || ENDS_THE_LOSS.contains(signature)) {
                continue;
            }
            boolean listed = RetryingConnection.ANSWERS_WHEN_LOST.contains(signature);
            SQLException refusal = null;
            try {
                Object result = m.invoke(c, arguments(m));
                if (result instanceof Statement st) {
                    st.close();
                }
            } catch (InvocationTargetException e) {
                if (!(e.getCause() instanceof SQLException sql)) {
                    throw new AssertionError(signature + " threw " + e.getCause(), e.getCause());
                }
                refusal = sql;
            }
            boolean refused = refusal != null && "08003".equals(refusal.getSQLState())
                    && String.valueOf(refusal.getMessage()).contains("Call rollback()");
            if (refusal != null && !refused) {
                fail(signature + " failed other than with the loss: " + refusal.getSQLState() + " " + refusal.getMessage());
            }
            if (listed && refused) {
                refusedButListed.add(signature);
            } else if (!listed && !refused) {
                answeredButNotListed.add(signature);
            }
            assertFalse(c.isClosed(), signature + " closed the lost connection");
        }
        assertEquals(List.of(), refusedButListed, "listed as answering when lost, but refused");
        assertEquals(List.of(), answeredButNotListed, "answered when lost, but not listed (decide, then list it)");
        Set<String> stale = new TreeSet<>(RetryingConnection.ANSWERS_WHEN_LOST);
        stale.removeAll(Arrays.stream(Connection.class.getMethods()).map(DelegationCoverageTest::signature)
                .collect(Collectors.toSet()));
        assertEquals(Set.of(), stale, "listed, but not Connection methods");
        c.rollback();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
            assertTrue(rs.next());
        }
        c.close();
    }

    @Test
    void closeEndsALostConnection(PgServer pg) throws Exception {
        Connection c = lostInTransaction(pg, "lost-close");
        c.close();
        assertTrue(c.isClosed());
        assertEquals("08003", assertThrows(SQLException.class, c::isReadOnly).getSQLState(), "closed, as pgjdbc's");
    }

    private static Object[] arguments(Method m) {
        Class<?>[] types = m.getParameterTypes();
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            Class<?> t = types[i];
            args[i] = t == int.class ? 1 : t == boolean.class ? Boolean.FALSE : t == String.class ? "x"
                    : t == Class.class ? Connection.class : t == Object[].class ? new Object[0]
                    : t == int[].class ? new int[] {1} : t == String[].class ? new String[] {"x"}
                    : t == Executor.class ? (Executor) Runnable::run : t == java.util.Map.class ? new HashMap<>()
                    : t == Properties.class ? new Properties() : null;
        }
        return args;
    }
}
