package io.retrying.jdbc.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Issue 39: the data source's read positions and the setting that bounds the wait for them. */
class ReadPositionsTest {

    @Test
    void aPositionReadsBackFromItsText() {
        long lsn = ReadPositions.parse("16/B374D848");
        assertEquals((0x16L << 32) | 0xB374D848L, lsn);
        assertEquals("16/B374D848", ReadPositions.text(lsn));
        assertEquals("0/0", ReadPositions.text(ReadPositions.NONE));
        for (String bad : new String[] {"", "16", "/1", "1/", "-1/0", "123456789/0", "16/B374D848 "}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReadPositions.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("'" + bad + "' is not a read position"), e.getMessage());
        }
    }

    @Test
    void commitsStayUncoveredUntilAPositionAskedAfterThemIsLearned() {
        ReadPositions p = new ReadPositions();
        assertEquals(-1, p.uncovered());
        p.mayHaveCommitted();
        long asked = p.uncovered();
        assertEquals(1, asked);
        p.mayHaveCommitted(); // committed while the question was out: not covered by its answer
        p.learned(asked, 100);
        assertEquals(100, p.mark());
        assertEquals(2, p.uncovered());
        p.learned(p.uncovered(), 90); // an answer that lost the race never lowers the mark
        assertEquals(100, p.mark());
        assertEquals(-1, p.uncovered());
        p.raise(150);
        p.raise(120);
        assertEquals(150, p.mark());
    }

    @Test
    void theWaitIsOnByDefaultAndOffOrZeroWhenAsked() throws Exception {
        assertEquals(Duration.ofMillis(50), RetryConfig.defaults().readers().waitForWrites());
        Properties off = new Properties();
        off.setProperty("retry.readerWaitForWritesMs", "off");
        Readers offReaders = RetryConfig.fromProperties(off, RetryConfig.defaults()).readers();
        assertNull(offReaders.waitForWrites());
        assertFalse(offReaders.readsYourWrites());
        Properties zero = new Properties();
        zero.setProperty("retry.readerWaitForWritesMs", "0");
        assertEquals(Duration.ZERO, RetryConfig.fromProperties(zero, RetryConfig.defaults()).readers().waitForWrites());
    }
}
