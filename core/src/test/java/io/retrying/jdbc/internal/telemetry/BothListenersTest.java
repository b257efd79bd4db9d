package io.retrying.jdbc.internal.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.ReplayOutcome;
import io.retrying.jdbc.RetryListener;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The data source's listener and the telemetry provider's, as one. */
class BothListenersTest {

    @Test
    void everyEventOfTheListenerIsForwarded() throws NoSuchMethodException {
        // a new RetryListener event must be forwarded here too, or the provider would miss it
        for (Method m : RetryListener.class.getMethods()) {
            if (Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            Method own = BothListeners.class.getMethod(m.getName(), m.getParameterTypes());
            assertEquals(BothListeners.class, own.getDeclaringClass(), m + " is not forwarded");
        }
    }

    @Test
    void theSecondHearsEvenWhenTheFirstThrows() {
        List<String> heard = new ArrayList<>();
        RetryListener throwing = new RetryListener() {
            @Override
            public void onReplay(ReplayOutcome outcome) {
                throw new IllegalStateException("broken listener");
            }
        };
        RetryListener second = new RetryListener() {
            @Override
            public void onReplay(ReplayOutcome outcome) {
                heard.add("replay " + outcome);
            }

            @Override
            public void onCommitResolved(long xid, CommitOutcome outcome) {
                heard.add("commit " + xid + " " + outcome);
            }
        };
        BothListeners both = new BothListeners(throwing, second);
        assertThrows(IllegalStateException.class, () -> both.onReplay(ReplayOutcome.REPLAYED));
        both.onCommitResolved(7, CommitOutcome.COMMITTED);
        assertEquals(List.of("replay REPLAYED", "commit 7 COMMITTED"), heard);
    }

    @Test
    void withoutAProviderTheConfiguredListenerIsTheOnlyOne() {
        // the core's tests have no provider on the class path
        RetryListener mine = new RetryListener() { };
        assertSame(mine, Telemetry.alongside(mine));
        assertNull(Telemetry.alongside(null));
    }
}
