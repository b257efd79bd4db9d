package io.retrying.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The default budget's arithmetic, on a fake clock (DESIGN.md "Waits, budget, deadline"). */
class ScalingRetryBudgetTest {
    private final FakeClock clock = new FakeClock();
    private final ScalingRetryBudget budget = new ScalingRetryBudget(clock);

    private int withdrawAll(Retryability recovery) {
        int n = 0;
        while (budget.tryWithdraw(recovery)) {
            n++;
        }
        return n;
    }

    @Test
    void aQuietBudgetHoldsItsFloorOfOneHundredRetries() {
        assertEquals(100.0, budget.floor(), 1e-9);
        assertEquals(100.0, budget.balance(), 1e-9);
        assertEquals(100, withdrawAll(Retryability.RECONNECT));
        assertFalse(budget.tryWithdraw(Retryability.SAFE));
    }

    @Test
    void everyClassCostsOneRetry() {
        for (Retryability r : new Retryability[] {Retryability.SAFE, Retryability.RECONNECT,
                Retryability.BACKPRESSURE, Retryability.RESET_STATE}) {
            double before = budget.balance();
            assertTrue(budget.tryWithdraw(r));
            assertEquals(before - 1, budget.balance(), 1e-6, r.name());
        }
    }

    @Test
    void aSpentBudgetRefillsAtTenASecondTowardItsFloor() {
        withdrawAll(Retryability.SAFE);
        clock.advance(Duration.ofMillis(150));
        assertEquals(100 * (1 - Math.exp(-0.015)), budget.balance(), 1e-6); // 1.5: ten a second when empty
        assertTrue(budget.tryWithdraw(Retryability.SAFE));
        clock.advance(Duration.ofSeconds(10));
        assertEquals(100 * (1 - Math.exp(-1)), budget.balance(), 1.0); // 63 % of the floor after 10 s
        clock.advance(Duration.ofSeconds(60));
        assertEquals(100.0, budget.balance(), 0.1);
    }

    @Test
    void theFloorScalesWithTheOpenConnections() {
        for (int i = 0; i < 80; i++) {
            budget.connectionOpened();
        }
        assertEquals(160.0, budget.floor(), 1e-9); // 2 per open connection, above the 100
        clock.advance(Duration.ofMinutes(5)); // the balance is drawn up to the new floor
        int withdrawn = withdrawAll(Retryability.RECONNECT);
        assertTrue(withdrawn >= 159 && withdrawn <= 160, "withdrawn " + withdrawn);
        for (int i = 0; i < 80; i++) {
            budget.connectionClosed();
        }
        assertEquals(100.0, budget.floor(), 1e-9);
    }

    @Test
    void aPoolOfFiftyRidesTwoOutagesFiveSecondsApartOnTheFloorAlone() {
        for (int i = 0; i < 50; i++) {
            budget.connectionOpened();
        }
        clock.advance(Duration.ofMinutes(5));
        for (int i = 0; i < 50; i++) {
            assertTrue(budget.tryWithdraw(Retryability.RECONNECT), "first outage, connection " + i);
        }
        clock.advance(Duration.ofSeconds(5));
        for (int i = 0; i < 50; i++) {
            assertTrue(budget.tryWithdraw(Retryability.RECONNECT), "second outage, connection " + i);
        }
    }

    @Test
    void eachSuccessAddsATenthOfARetryThatFadesOverTheWindow() {
        withdrawAll(Retryability.SAFE);
        double start = budget.balance();
        for (int i = 0; i < 1000; i++) {
            budget.deposit();
        }
        assertEquals(start + 100, budget.balance(), 1e-6); // no time went by: all of them count
        assertEquals(100, withdrawAll(Retryability.SAFE));
        // successes spread over 10 s count as the window's integral: (1 - 1/e) of their tenth
        for (int i = 0; i < 1000; i++) {
            budget.deposit();
        }
        clock.advance(Duration.ofSeconds(10));
        double floorPart = 100 * (1 - Math.exp(-1)) + budget.balance() * 0; // refill toward the floor meanwhile
        assertEquals(floorPart + 100 * (1 - Math.exp(-1)), budget.balance(), 1.0);
    }

    @Test
    void depositsAboveTheFloorFadeBackToIt() {
        for (int i = 0; i < 5000; i++) {
            budget.deposit();
        }
        assertEquals(600.0, budget.balance(), 1e-6);
        assertTrue(budget.tryWithdraw(Retryability.SAFE)); // the deposits are folded in when a retry is asked for
        clock.advance(Duration.ofMinutes(2));
        assertEquals(100.0, budget.balance(), 0.5);
    }

    /**
     * The amplification bound of benchmark 4: a server refusing every new connection (53300) for
     * 60 s, 750 requests a second and no success: the retries are the floor and its refill, about
     * 10 a second, so the physical attempts stay near 1.01 per logical one.
     */
    @Test
    void aSaturatedServerWithNoSuccessGetsAboutTenRetriesASecond() {
        int retries = 0;
        int requests = 0;
        for (int ms = 0; ms < 60_000; ms++) {
            for (int i = ms % 4 == 0 ? 3 : 0; i > 0; i--) { // 750 a second
                requests++;
                if (budget.tryWithdraw(Retryability.BACKPRESSURE)) {
                    retries++;
                }
            }
            clock.advance(Duration.ofMillis(1));
        }
        assertTrue(retries >= 600 && retries <= 710, "retries " + retries);
        double amplification = (requests + retries) / (double) requests;
        assertTrue(amplification <= 1.02, "amplification " + amplification);
    }

    /**
     * A storm of conflicts on one hot row: each success may pay for a tenth of a retry, so with
     * many conflicts per success the retries settle at the floor's refill plus a tenth of the
     * successes, not at the two retries every conflict would make.
     */
    @Test
    void aConflictStormIsHeldToATenthOfTheSuccessesPlusTheRefill() {
        int retries = 0;
        int conflicts = 0;
        int successes = 0;
        for (int ms = 0; ms < 30_000; ms++) {
            budget.deposit(); // one transaction wins a millisecond
            successes++;
            for (int i = 0; i < 4; i++) { // four lose, and would retry
                conflicts++;
                if (budget.tryWithdraw(Retryability.SAFE)) {
                    retries++;
                }
            }
            clock.advance(Duration.ofMillis(1));
        }
        double bound = 0.1 * successes + 100 + 10 * 30;
        assertTrue(retries <= bound, retries + " retries against a bound of " + bound);
        assertTrue(retries < conflicts / 8, retries + " retries for " + conflicts + " conflicts");
    }

    @Test
    void theProcessWideBudgetIsTheDefault() {
        assertSame(ScalingRetryBudget.shared(), RetryBudget.shared());
        assertSame(RetryBudget.shared(), RetryPolicy.defaults().budget());
        assertEquals(null, RetryPolicy.defaults().tokenBucket());
    }

    @Test
    void itSaysWhyItRefuses() {
        withdrawAll(Retryability.SAFE);
        assertTrue(budget.describe().startsWith("retry budget spent: 0.0 retries left"), budget.describe());
    }
}
