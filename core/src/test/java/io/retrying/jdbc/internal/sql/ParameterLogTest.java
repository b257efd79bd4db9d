package io.retrying.jdbc.internal.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.retrying.jdbc.internal.sql.ParameterLog.Setter;
import java.lang.reflect.Proxy;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The journal's copies of a binding ({@link ParameterLog#copy}, copy-on-write since issue 26): a
 * copy is what was set when it was taken, whatever the statement sets or clears afterwards; while
 * nothing changes, the same copy serves every execution. (A recording stand-in for the statement
 * the binding is applied to: what is checked is the calls, which no server sees.)
 */
class ParameterLogTest {

    @Test
    void aCopyKeepsWhatWasSetWhenTheStatementSetsItsParametersAgain() throws SQLException {
        ParameterLog live = new ParameterLog();
        live.record(1, Setter.LONG_LONG, 10L, null);
        live.record(2, Setter.INT_INT, 1, null);
        ParameterLog first = live.copy();

        live.record(1, Setter.LONG_LONG, -10L, null);
        live.record(2, Setter.INT_INT, 2, null);
        ParameterLog second = live.copy();

        assertEquals(List.of("setLong(1, 10)", "setInt(2, 1)"), applied(first));
        assertEquals(List.of("setLong(1, -10)", "setInt(2, 2)"), applied(second));
        assertEquals(List.of("setLong(1, -10)", "setInt(2, 2)"), applied(live));
    }

    @Test
    void whileNothingChangesTheSameCopyServesEachExecution() {
        ParameterLog live = new ParameterLog();
        live.record(1, Setter.STRING_STRING, "k", null);
        ParameterLog first = live.copy();
        assertSame(first, live.copy(), "no parameter set since: no copy made");
        live.record(1, Setter.STRING_STRING, "k", null);
        assertNotSame(first, live.copy(), "set again, even to the same value: a copy of its own");
    }

    @Test
    void clearingOrGrowingAfterACopyLeavesTheCopyAsItWas() throws SQLException {
        ParameterLog live = new ParameterLog();
        live.record(1, Setter.INT_INT, 7, null);
        ParameterLog copy = live.copy();
        live.clear();
        assertEquals(List.of(), applied(live));
        assertEquals(List.of("setInt(1, 7)"), applied(copy));

        live.record(1, Setter.INT_INT, 8, null);
        ParameterLog before = live.copy();
        live.record(20, Setter.INT_INT, 9, null); // past the arrays' capacity
        assertEquals(List.of("setInt(1, 8)"), applied(before));
        assertEquals(List.of("setInt(1, 8)", "setInt(20, 9)"), applied(live));
        assertEquals(List.of("setInt(1, 7)"), applied(copy));
    }

    @Test
    void theByteEstimateAndReplayabilityAreTheCopysOwn() {
        ParameterLog live = new ParameterLog();
        live.record(1, Setter.STRING_STRING, "a", null);
        ParameterLog copy = live.copy();
        long bytes = copy.estimatedBytes();
        live.record(2, Setter.STREAM, null, null);
        live.record(1, Setter.STRING_STRING, "a much longer value than the first one", null);
        assertEquals(bytes, copy.estimatedBytes());
        assertEquals(true, copy.replayable());
        assertEquals(false, live.replayable());
    }

    @Test
    void theByteEstimateIsKeptUpAsParametersAreSetAgainOverwrittenAndCleared() {
        ParameterLog live = new ParameterLog();
        Object[][] calls = {
            {1, Setter.STRING_STRING, "a value", null},
            {3, Setter.BYTES_BYTES, new byte[100], null},
            {1, Setter.STRING_STRING, "a longer value than before", null},
            {2, Setter.NULL_INT_STRING, java.sql.Types.OTHER, "jsonb"},
            {3, Setter.INT_INT, 5, null},
            {12, Setter.OBJECT_OBJECT_INT_INT, new java.math.BigDecimal("1.50"), new Object[] {java.sql.Types.NUMERIC, 2}},
        };
        Object[][] kept = new Object[13][];
        for (Object[] call : calls) {
            int index = (Integer) call[0];
            live.record(index, (Setter) call[1], call[2], call[3]);
            kept[index] = call;
            ParameterLog copy = live.copy();
            assertEquals(expectedBytes(kept), live.estimatedBytes(), "after setting " + index);
            assertEquals(live.estimatedBytes(), copy.estimatedBytes());
        }
        live.clear();
        assertEquals(48, live.estimatedBytes(), "cleared: as a new log");
        assertEquals(new ParameterLog().estimatedBytes(), live.estimatedBytes());
        live.record(2, Setter.STRING_STRING, "x", null);
        assertEquals(32 + 16 * 3 + ParameterSnapshot.size("x"), live.estimatedBytes());
    }

    /** The estimate as it was computed before it was kept up incrementally: every index to the highest, each value at its size. */
    private static long expectedBytes(Object[][] kept) {
        int highest = 0;
        for (int i = 0; i < kept.length; i++) {
            if (kept[i] != null) {
                highest = i;
            }
        }
        long bytes = 32;
        for (int i = 0; i <= highest; i++) {
            bytes += 16;
            if (kept[i] != null) {
                bytes += ParameterSnapshot.size(ParameterSnapshot.of(kept[i][2])) + ParameterSnapshot.size(kept[i][3]);
            }
        }
        return bytes;
    }

    /** The setter calls {@code log} repeats, as text. */
    private static List<String> applied(ParameterLog log) throws SQLException {
        List<String> calls = new ArrayList<>();
        PreparedStatement recorder = (PreparedStatement) Proxy.newProxyInstance(ParameterLogTest.class.getClassLoader(),
                new Class<?>[] {PreparedStatement.class}, (proxy, method, args) -> {
                    calls.add(method.getName() + "(" + args[0] + ", " + args[1] + ")");
                    return null;
                });
        log.applyTo(recorder);
        return calls;
    }
}
