package io.retrying.jdbc.internal.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.postgresql.PGConnection;
import org.postgresql.PGRefCursorResultSet;
import org.postgresql.PGStatement;
import org.postgresql.jdbc.PgConnection;
import org.postgresql.jdbc.PgDatabaseMetaData;
import org.postgresql.jdbc.PgResultSet;
import org.postgresql.jdbc.PgStatement;

/**
 * Every JDBC method of our delegating classes is either intercepted (written with care, final)
 * or declared a pass-through, never neither and never both: a method a new JDBC version adds
 * cannot slip through unclassified (HikariCP generates its pass-throughs, and forwards new methods
 * silently; we fail here instead).
 */
class DelegationCoverageTest {

    static List<Arguments> wrappers() {
        return List.of(
                Arguments.of(Connection.class, RetryingConnection.class, RetryingConnection.PASS_THROUGH),
                Arguments.of(Statement.class, RetryingStatement.class, RetryingStatement.PASS_THROUGH),
                Arguments.of(PreparedStatement.class, RetryingPreparedStatement.class,
                        union(RetryingStatement.PASS_THROUGH, RetryingPreparedStatement.PASS_THROUGH)),
                Arguments.of(CallableStatement.class, RetryingCallableStatement.class,
                        union(RetryingStatement.PASS_THROUGH, RetryingPreparedStatement.PASS_THROUGH,
                                RetryingCallableStatement.PASS_THROUGH)),
                Arguments.of(PGConnection.class, RetryingConnection.class, PgConnectionExtensions.PASS_THROUGH),
                Arguments.of(PGStatement.class, RetryingStatement.class, RetryingStatement.PG_PASS_THROUGH),
                Arguments.of(PGStatement.class, RetryingPreparedStatement.class, RetryingStatement.PG_PASS_THROUGH),
                Arguments.of(PGStatement.class, RetryingCallableStatement.class, RetryingStatement.PG_PASS_THROUGH),
                Arguments.of(PGRefCursorResultSet.class, RetryingResultSet.class, RetryingResultSet.PG_PASS_THROUGH));
    }

    /** Each of our classes and the pgjdbc class it stands in for. */
    static List<Arguments> standIns() throws ClassNotFoundException {
        return List.of(
                Arguments.of(PgConnection.class, RetryingConnection.class),
                Arguments.of(PgStatement.class, RetryingStatement.class),
                Arguments.of(Class.forName("org.postgresql.jdbc.PgPreparedStatement"), RetryingPreparedStatement.class),
                Arguments.of(Class.forName("org.postgresql.jdbc.PgCallableStatement"), RetryingCallableStatement.class),
                Arguments.of(PgResultSet.class, RetryingResultSet.class),
                Arguments.of(PgDatabaseMetaData.class, RetryingDatabaseMetaData.class));
    }

    private static void interfaces(Class<?> c, Set<Class<?>> into) {
        for (; c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                if (into.add(i)) {
                    interfaces(i, into);
                }
            }
        }
    }

    /**
     * An application casts pgjdbc's objects to the public interfaces of package {@code org.postgresql}
     * ({@code (PGConnection) con}, {@code (PGStatement) ps}): ours must take the same casts. The
     * internal ones ({@code org.postgresql.core.BaseConnection} and the like) no wrapper can offer.
     */
    @ParameterizedTest
    @MethodSource("standIns")
    void takesEveryCastToAPublicPgjdbcInterfaceThatPgjdbcsClassTakes(Class<?> pgjdbc, Class<?> ours) {
        Set<Class<?>> theirs = new HashSet<>();
        interfaces(pgjdbc, theirs);
        List<String> missing = theirs.stream()
                .filter(i -> i.getPackageName().equals("org.postgresql") || i.getPackageName().startsWith("java."))
                .filter(i -> !i.isAssignableFrom(ours))
                .map(Class::getName).sorted().collect(Collectors.toList());
        assertEquals(List.of(), missing, ours.getSimpleName() + " lacks interfaces " + pgjdbc.getSimpleName() + " has");
    }

    @SafeVarargs
    private static Set<String> union(Set<String>... sets) {
        Set<String> all = new HashSet<>();
        for (Set<String> s : sets) {
            all.addAll(s);
        }
        return all;
    }

    static String signature(Method m) {
        return m.getName() + "(" + Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName)
                .collect(Collectors.joining(",")) + ")";
    }

    @ParameterizedTest
    @MethodSource("wrappers")
    void everyJdbcMethodIsInterceptedOrDeclaredPassThrough(Class<?> jdbc, Class<?> wrapper, Set<String> passThrough)
            throws Exception {
        List<String> unclassified = new ArrayList<>();
        List<String> both = new ArrayList<>();
        for (Method m : jdbc.getMethods()) {
            if (Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            Method impl = wrapper.getMethod(m.getName(), m.getParameterTypes());
            boolean implementedByUs = !impl.getDeclaringClass().isInterface();
            boolean intercepted = implementedByUs && Modifier.isFinal(impl.getModifiers());
            boolean declared = passThrough.contains(signature(m));
            if (!implementedByUs || (!intercepted && !declared)) {
                unclassified.add(signature(m));
            } else if (intercepted && declared) {
                both.add(signature(m));
            }
        }
        assertEquals(List.of(), unclassified, jdbc.getSimpleName() + " methods neither intercepted (final) nor pass-through");
        assertEquals(List.of(), both, jdbc.getSimpleName() + " methods both intercepted and declared pass-through");
    }

    @ParameterizedTest
    @MethodSource("wrappers")
    void everyDeclaredPassThroughIsAJdbcMethod(Class<?> jdbc, Class<?> wrapper, Set<String> passThrough) {
        Set<String> jdbcSignatures = Arrays.stream(jdbc.getMethods()).map(DelegationCoverageTest::signature)
                .collect(Collectors.toSet());
        Set<String> stale = new TreeSet<>(passThrough);
        stale.removeAll(jdbcSignatures);
        assertEquals(Set.of(), stale, "pass-through entries that are not " + jdbc.getSimpleName() + " methods");
    }

    @ParameterizedTest
    @MethodSource("wrappers")
    void theInterceptedMethodsIncludeEveryExecutionAndParameterSetter(Class<?> jdbc, Class<?> wrapper,
            Set<String> passThrough) throws Exception {
        for (Method m : jdbc.getMethods()) {
            String name = m.getName();
            boolean mustIntercept = name.startsWith("execute") || name.equals("addBatch") || name.equals("close")
                    || name.equals("commit") || name.equals("rollback") || name.equals("unwrap")
                    || (name.startsWith("set") && !name.startsWith("setSavepoint") && !name.startsWith("setShardingKey"))
                    || name.startsWith("registerOutParameter");
            if (mustIntercept) {
                Method impl = wrapper.getMethod(name, m.getParameterTypes());
                assertTrue(Modifier.isFinal(impl.getModifiers()), signature(m) + " must be intercepted (final) in "
                        + wrapper.getSimpleName());
            }
        }
    }

    /**
     * The Connection methods pgjdbc 42.7 answers with a round trip (SHOW TRANSACTION ISOLATION
     * LEVEL, select current_schema(), select current_catalog, a pg_type look-up, the empty query)
     * must heal a connection found gone like a session call: none of them may be a plain
     * pass-through, which would hand a killed idle backend's failure to the application.
     */
    @org.junit.jupiter.api.Test
    void theConnectionMethodsThatReachTheServerAreNotPassThroughs() throws Exception {
        for (String m : List.of("getTransactionIsolation()", "getSchema()", "getCatalog()",
                "createArrayOf(String,Object[])", "isValid(int)", "getWarnings()", "getMetaData()")) {
            assertTrue(!RetryingConnection.PASS_THROUGH.contains(m), m + " reaches the server: it must be intercepted");
        }
    }
}
