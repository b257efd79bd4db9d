package io.retrying.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DeadlineTest {
    private final FakeClock clock = new FakeClock();

    @Test
    void countsDownOnItsClockAndNeverGoesNegative() {
        Deadline d = Deadline.after(Duration.ofSeconds(10), clock); // the fake clock wraps past Long.MAX_VALUE on the way
        assertEquals(Duration.ofSeconds(10), d.remaining());
        clock.advance(Duration.ofSeconds(4));
        assertEquals(Duration.ofSeconds(6), d.remaining());
        assertFalse(d.expired());
        clock.advance(Duration.ofSeconds(6));
        assertEquals(Duration.ZERO, d.remaining());
        assertTrue(d.expired());
        clock.advance(Duration.ofSeconds(60));
        assertEquals(Duration.ZERO, d.remaining());
    }

    @Test
    void noneNeverExpires() {
        assertEquals(Deadline.FOREVER, Deadline.none().remaining());
        assertFalse(Deadline.none().expired());
        Deadline huge = Deadline.after(Duration.ofDays(365L * 1000), clock);
        assertEquals(Deadline.FOREVER, huge.remaining());
        assertFalse(huge.expired());
    }

    @Test
    void zeroOrNegativeIsAlreadyExpired() {
        assertTrue(Deadline.after(Duration.ZERO, clock).expired());
        assertTrue(Deadline.after(Duration.ofSeconds(-1), clock).expired());
        assertThrows(NullPointerException.class, () -> Deadline.after(null));
    }
}
