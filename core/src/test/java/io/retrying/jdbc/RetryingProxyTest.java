package io.retrying.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The plumbing of {@link Retrying#proxy}, without a server: which methods run again, what reaches
 * the caller, Object and default methods. {@code RetryingTest} provokes the real failures.
 */
class RetryingProxyTest {

    /** Package-private on purpose: the proxy must call through a non-public interface too. */
    interface Ledger {
        @Idempotent
        String record(String key, Integer amount) throws SQLException;

        String plain(String key) throws SQLException;

        @Idempotent
        void unchecked();

        int count();

        default String both(String key) throws SQLException {
            return record(key, 1) + "+" + plain(key);
        }

        @Idempotent
        default String retriedDefault() throws SQLException {
            return record("d", 0);
        }
    }

    /** A ledger that throws what it is told to, once per call, then succeeds; it counts its calls. */
    static class ScriptedLedger implements Ledger {
        final Deque<Exception> failures = new ArrayDeque<>();
        final List<String> calls = new CopyOnWriteArrayList<>();
        final List<Object[]> arguments = new CopyOnWriteArrayList<>();
        Error error;

        ScriptedLedger failing(Exception... next) {
            failures.addAll(Arrays.asList(next));
            return this;
        }

        private void step(String method) throws SQLException {
            calls.add(method);
            if (error != null) {
                throw error;
            }
            Exception next = failures.poll();
            if (next instanceof SQLException) {
                throw (SQLException) next;
            }
            if (next != null) {
                throw (RuntimeException) next;
            }
        }

        @Override
        public String record(String key, Integer amount) throws SQLException {
            arguments.add(new Object[] {key, amount});
            step("record");
            return "recorded " + key;
        }

        @Override
        public String plain(String key) throws SQLException {
            step("plain");
            return "plain " + key;
        }

        @Override
        public void unchecked() {
            calls.add("unchecked");
            Exception next = failures.poll();
            if (next != null) {
                throw (RuntimeException) next;
            }
        }

        @Override
        public int count() {
            return calls.size();
        }

        long calls(String method) {
            return calls.stream().filter(method::equals).count();
        }

        @Override
        public String toString() {
            return "ScriptedLedger";
        }
    }

    private final List<Duration> sleeps = new ArrayList<>();
    private final RetryPolicy policy = RetryPolicy.builder()
            .maxAttempts(3)
            .noTokenBucket()
            .random(FixedRandom.most())
            .sleeper(sleeps::add)
            .build();

    private static SQLException state(String sqlState) {
        return new SQLException("failure " + sqlState, sqlState);
    }

    // ------------------------------------------------------------------ what runs again

    @ParameterizedTest
    @ValueSource(strings = {"40001", "40P01", "08006", "57P01", "53300", "26000", "08007", "40003"})
    void anIdempotentMethodRunsAgainForEveryRetryableClassAndForUnknown(String sqlState) throws SQLException {
        // given a method that fails once with the code
        ScriptedLedger target = new ScriptedLedger().failing(state(sqlState));
        Ledger ledger = Retrying.proxy(Ledger.class, target, policy);

        // when it is called through the proxy, then it runs again and the caller sees the success
        assertEquals("recorded k", ledger.record("k", 1));
        assertEquals(2, target.calls("record"));
        assertEquals(1, sleeps.size());
    }

    @Test
    void aMethodWithoutTheAnnotationRunsOnceAndItsFailureReachesTheCallerAsIs() {
        SQLException conflict = state("40001");
        ScriptedLedger target = new ScriptedLedger().failing(conflict);
        Ledger ledger = Retrying.proxy(Ledger.class, target, policy);

        SQLException e = assertThrows(SQLException.class, () -> ledger.plain("k"));

        assertSame(conflict, e);
        assertEquals(1, target.calls("plain"));
        assertTrue(sleeps.isEmpty());
    }

    @Test
    void aFatalFailureSurfacesAtOnce() {
        SQLException syntax = state("42601");
        ScriptedLedger target = new ScriptedLedger().failing(syntax);
        Ledger ledger = Retrying.proxy(Ledger.class, target, policy);

        assertSame(syntax, assertThrows(SQLException.class, () -> ledger.record("k", 1)));
        assertEquals(1, target.calls("record"));
        assertEquals(0, syntax.getSuppressed().length);
    }

    @Test
    void anExhaustedLayerBeneathIsNotRetriedAgain() {
        // a retrying layer beneath already ran out of attempts on a conflict: retrying it here
        // would multiply the attempts (3 x 3)
        SQLException beneath = new RetriesExhaustedException(state("40001"), 3, List.of(state("40001"), state("40001")));
        ScriptedLedger target = new ScriptedLedger().failing(beneath);
        Ledger ledger = Retrying.proxy(Ledger.class, target, policy);

        assertSame(beneath, assertThrows(SQLException.class, () -> ledger.record("k", 1)));
        assertEquals(1, target.calls("record"));
    }

    @Test
    void theAttemptLimitEndsInRetriesExhausted() {
        SQLException first = state("40001");
        SQLException second = state("40001");
        SQLException third = state("40001");
        ScriptedLedger target = new ScriptedLedger().failing(first, second, third, state("40001"));
        Ledger ledger = Retrying.proxy(Ledger.class, target, policy);

        RetriesExhaustedException e = assertThrows(RetriesExhaustedException.class, () -> ledger.record("k", 1));

        assertEquals(3, target.calls("record"));
        assertEquals("failure 40001 (reached max retries: 3)", e.getMessage());
        assertEquals("40001", e.getSQLState());
        assertEquals(3, e.attempts());
        assertEquals(List.of(first, second), e.previousErrors());
        assertSame(third, e.getCause());
        assertEquals(2, sleeps.size());
    }

    @Test
    void aMethodThatCannotThrowSqlExceptionRunsOutWithItsLastFailure() {
        RuntimeException first = new IllegalStateException(state("40P01"));
        RuntimeException second = new IllegalStateException(state("40P01"));
        RuntimeException third = new IllegalStateException(state("40P01"));
        ScriptedLedger target = new ScriptedLedger().failing(first, second, third);
        Ledger ledger = Retrying.proxy(Ledger.class, target, policy);

        RuntimeException e = assertThrows(RuntimeException.class, ledger::unchecked);

        assertSame(third, e);
        assertEquals(List.of(first, second), Arrays.asList(e.getSuppressed()));
        assertEquals(3, target.calls("unchecked"));
    }

    @Test
    void anUncheckedExceptionIsClassifiedByWhatItWraps() {
        ScriptedLedger target = new ScriptedLedger()
                .failing(new IllegalStateException("dao", state("08006")), new IllegalStateException("dao", state("42P01")));
        Ledger ledger = Retrying.proxy(Ledger.class, target, policy);

        // the wrapped 08006 runs again, the wrapped 42P01 (undefined table) does not
        IllegalStateException e = assertThrows(IllegalStateException.class, ledger::unchecked);

        assertEquals("42P01", ((SQLException) e.getCause()).getSQLState());
        assertEquals(2, target.calls("unchecked"));
        assertEquals(1, e.getSuppressed().length, "the earlier failure travels along");
    }

    @Test
    void anInterruptDuringTheWaitEndsTheRetryingAndIsKept() {
        SQLException conflict = state("40001");
        ScriptedLedger target = new ScriptedLedger().failing(conflict);
        RetryPolicy interrupted = policy.toBuilder().sleeper(d -> {
            throw new InterruptedException("shutting down");
        }).build();
        Ledger ledger = Retrying.proxy(Ledger.class, target, interrupted);

        SQLException e = assertThrows(SQLException.class, () -> ledger.record("k", 1));

        assertTrue(Thread.interrupted(), "the interrupt flag is set again (and cleared here)");
        assertSame(conflict, e);
        assertEquals(1, e.getSuppressed().length);
        assertTrue(e.getSuppressed()[0] instanceof InterruptedException);
        assertEquals(1, target.calls("record"));
    }

    @Test
    void anInterruptedThreadStartsNoNewRunWhenTheWaitIsZero() {
        // full jitter may draw a zero wait (always, with a zero base delay): no sleep to throw
        // InterruptedException, yet the thread was interrupted during the run (on a virtual thread
        // that is also what closed its socket) and must not start another
        RuntimeException lost = new IllegalStateException(state("08006"));
        ScriptedLedger target = new ScriptedLedger() {
            @Override
            public void unchecked() {
                Thread.currentThread().interrupt();
                super.unchecked();
            }
        }.failing(lost);
        RetryPolicy noWait = policy.toBuilder().random(FixedRandom.least()).build();
        Ledger ledger = Retrying.proxy(Ledger.class, target, noWait);

        RuntimeException e = assertThrows(RuntimeException.class, ledger::unchecked);

        assertTrue(Thread.interrupted(), "the interrupt flag is kept (and cleared here)");
        assertSame(lost, e);
        assertEquals(1, target.calls("unchecked"));
    }

    @Test
    void eachRetryOfAUnitIsChargedToTheBucketByItsClassAndEachSuccessPaysOneBack() throws SQLException {
        // a bucket on a clock that stands still: no refill, only charges and paybacks move it
        TokenBucket bucket = new TokenBucket(100, new FakeClock());
        ScriptedLedger target = new ScriptedLedger().failing(state("08007"), state("53300"));
        Ledger ledger = Retrying.proxy(Ledger.class, target, policy.toBuilder().tokenBucket(bucket).build());

        ledger.record("k", 1);

        // UNKNOWN, run again as RECONNECT, costs 14; BACKPRESSURE 5; the success pays 1 back
        assertEquals(100 - 14 - 5 + 1, bucket.tokens(), 1e-9);
        assertEquals(3, target.calls("record"));
        ledger.plain("k"); // a method that is not a unit neither spends nor pays back
        assertEquals(82, bucket.tokens(), 1e-9);
    }

    @Test
    void errorsAreNeverRetried() {
        ScriptedLedger target = new ScriptedLedger();
        target.error = new OutOfMemoryError("test");
        Ledger ledger = Retrying.proxy(Ledger.class, target, policy);

        assertSame(target.error, assertThrows(OutOfMemoryError.class, () -> ledger.record("k", 1)));
        assertEquals(1, target.calls("record"));
    }

    @Test
    void theListenerHearsOfTheRetryAndTheRecoveryWithTheUnitsName() throws SQLException {
        List<RetryEvent> retries = new CopyOnWriteArrayList<>();
        List<RetryEvent> recoveries = new CopyOnWriteArrayList<>();
        RetryListener listener = new RetryListener() {
            @Override
            public void onRetry(RetryEvent event) {
                retries.add(event);
            }

            @Override
            public void onRecovered(RetryEvent event) {
                recoveries.add(event);
            }
        };
        Ledger ledger = Retrying.proxy(Ledger.class, new ScriptedLedger().failing(state("08007")), policy, listener);

        ledger.record("k", 1);

        assertEquals(1, retries.size());
        RetryEvent retry = retries.get(0);
        assertEquals("08007", retry.sqlState());
        assertEquals(Retryability.UNKNOWN, retry.recovery(), "reported as what it is, decided as RECONNECT");
        assertEquals(1, retry.attempt());
        assertEquals(3, retry.maxAttempts());
        assertEquals("Ledger.record", retry.connectionId());
        assertTrue(retry.reason().startsWith("UNKNOWN, run again as the unit is idempotent"), retry.reason());
        assertEquals(1, recoveries.size());
        assertEquals(2, recoveries.get(0).attempt());
    }

    // ------------------------------------------------------------------ plumbing

    @Test
    void nullArgumentsAndNoArgumentsPassThrough() throws SQLException {
        ScriptedLedger target = new ScriptedLedger();
        Ledger ledger = Retrying.proxy(Ledger.class, target, policy);

        assertEquals("recorded null", ledger.record(null, null));
        assertNull(target.arguments.get(0)[0]);
        assertNull(target.arguments.get(0)[1]);
        assertEquals(1, ledger.count());
    }

    @Test
    void uncheckedFailuresOfPlainMethodsAreNotWrapped() {
        IllegalArgumentException bad = new IllegalArgumentException("bad");
        ScriptedLedger target = new ScriptedLedger() {
            @Override
            public int count() {
                throw bad;
            }
        };
        Ledger ledger = Retrying.proxy(Ledger.class, target, policy);

        assertSame(bad, assertThrows(IllegalArgumentException.class, ledger::count));
    }

    @Test
    void objectMethodsAreTheProxysOwn() {
        ScriptedLedger target = new ScriptedLedger();
        Ledger ledger = Retrying.proxy(Ledger.class, target, policy);
        Ledger twin = Retrying.proxy(Ledger.class, target, policy);
        Ledger otherPolicy = Retrying.proxy(Ledger.class, target, RetryPolicy.defaults());
        Ledger otherTarget = Retrying.proxy(Ledger.class, new ScriptedLedger(), policy);

        assertTrue(ledger.toString().startsWith("Retrying<Ledger>@"), ledger.toString());
        assertTrue(ledger.toString().endsWith(" wrapping ScriptedLedger"), ledger.toString());
        assertEquals(ledger, ledger);
        assertEquals(ledger, twin);
        assertEquals(ledger.hashCode(), twin.hashCode());
        assertEquals(target.hashCode(), ledger.hashCode());
        assertNotEquals(ledger, otherPolicy);
        assertNotEquals(ledger, otherTarget);
        assertNotEquals(ledger, target);
        assertFalse(ledger.equals(null));
        assertTrue(target.calls.isEmpty(), "no Object method reached the target as a unit");
    }

    @Test
    void aDefaultMethodRunsOnTheTargetAndItsInnerCallsBypassTheProxy() throws SQLException {
        // both() is not idempotent: the record() it calls on `this` is the target's, not the proxy's
        ScriptedLedger target = new ScriptedLedger().failing(state("40001"));
        Ledger ledger = Retrying.proxy(Ledger.class, target, policy);

        assertThrows(SQLException.class, () -> ledger.both("k"));
        assertEquals(1, target.calls("record"));
        assertEquals(0, target.calls("plain"));

        assertEquals("recorded k+plain k", ledger.both("k"));
    }

    @Test
    void anIdempotentDefaultMethodRunsAgainWhole() throws SQLException {
        ScriptedLedger target = new ScriptedLedger().failing(state("40001"));
        Ledger ledger = Retrying.proxy(Ledger.class, target, policy);

        assertEquals("recorded d", ledger.retriedDefault());
        assertEquals(2, target.calls("record"));
    }

    interface Store {
        String put(String key) throws SQLException;

        String get(String key) throws SQLException;
    }

    static class CountingStore implements Store {
        final Deque<SQLException> failures = new ArrayDeque<>();
        int puts;
        int gets;

        @Override
        public String put(String key) throws SQLException {
            puts++;
            SQLException next = failures.poll();
            if (next != null) {
                throw next;
            }
            return key;
        }

        @Override
        public String get(String key) throws SQLException {
            gets++;
            SQLException next = failures.poll();
            if (next != null) {
                throw next;
            }
            return key;
        }
    }

    static class AnnotatedPut extends CountingStore {
        @Idempotent
        @Override
        public String put(String key) throws SQLException {
            return super.put(key);
        }
    }

    @Idempotent
    static class AnnotatedClass extends CountingStore {
    }

    static class SubclassOfAnnotated extends AnnotatedClass {
    }

    @Idempotent
    interface IdempotentStore extends Store {
    }

    static class PlainIdempotentStore extends CountingStore implements IdempotentStore {
    }

    @Test
    void theAnnotationOnTheImplementationMethodCounts() throws SQLException {
        AnnotatedPut target = new AnnotatedPut();
        Store store = Retrying.proxy(Store.class, target, policy);

        target.failures.add(state("40001"));
        assertEquals("a", store.put("a"));
        assertEquals(2, target.puts);

        target.failures.add(state("40001"));
        assertThrows(SQLException.class, () -> store.get("a"));
        assertEquals(1, target.gets);
    }

    @Test
    void theAnnotationOnTheImplementationClassOrASuperclassCoversEveryMethod() throws SQLException {
        for (CountingStore target : List.of(new AnnotatedClass(), new SubclassOfAnnotated())) {
            Store store = Retrying.proxy(Store.class, target, policy);
            target.failures.add(state("40001"));
            assertEquals("a", store.put("a"));
            target.failures.add(state("40001"));
            assertEquals("b", store.get("b"));
            assertEquals(2, target.puts);
            assertEquals(2, target.gets);
        }
    }

    @Test
    void theAnnotationOnTheInterfaceCoversItsInheritedMethods() throws SQLException {
        PlainIdempotentStore target = new PlainIdempotentStore();
        IdempotentStore store = Retrying.proxy(IdempotentStore.class, target, policy);

        target.failures.add(state("57P01"));
        assertEquals("a", store.get("a"));
        assertEquals(2, target.gets);

        // through the plain interface, a plain target has nothing idempotent
        CountingStore counting = new CountingStore();
        Store plain = Retrying.proxy(Store.class, counting, policy);
        counting.failures.add(state("57P01"));
        assertThrows(SQLException.class, () -> plain.get("a"));
        assertEquals(1, counting.gets);
    }

    @Test
    void argumentsAreChecked() {
        ScriptedLedger target = new ScriptedLedger();
        assertThrows(NullPointerException.class, () -> Retrying.proxy(null, target, policy));
        assertThrows(NullPointerException.class, () -> Retrying.proxy(Ledger.class, null, policy));
        assertThrows(NullPointerException.class, () -> Retrying.proxy(Ledger.class, target, null));
        assertThrows(NullPointerException.class, () -> Retrying.proxy(Ledger.class, target, policy, null));
        IllegalArgumentException notInterface = assertThrows(IllegalArgumentException.class,
                () -> Retrying.proxy(ScriptedLedger.class, target, policy));
        assertTrue(notInterface.getMessage().contains("interface"), notInterface.getMessage());
        @SuppressWarnings({"unchecked", "rawtypes"})
        IllegalArgumentException notImplemented = assertThrows(IllegalArgumentException.class,
                () -> Retrying.proxy((Class) Store.class, target, policy));
        assertTrue(notImplemented.getMessage().contains("does not implement"), notImplemented.getMessage());
    }

    @Test
    void inTransactionChecksItsArguments() {
        assertThrows(NullPointerException.class, () -> Retrying.inTransaction(null, c -> 1));
        assertThrows(NullPointerException.class, () -> Retrying.inTransaction(new org.postgresql.ds.PGSimpleDataSource(), null));
        assertThrows(NullPointerException.class,
                () -> Retrying.inTransaction(new org.postgresql.ds.PGSimpleDataSource(), null, c -> 1));
        assertThrows(NullPointerException.class,
                () -> Retrying.inTransaction(new org.postgresql.ds.PGSimpleDataSource(), policy, null, null, c -> 1));
    }
}
