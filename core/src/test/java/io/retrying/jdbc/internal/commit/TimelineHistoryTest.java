package io.retrying.jdbc.internal.commit;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Reading a timeline history file and the captured identity (CommitResolver.Identity). */
class TimelineHistoryTest {

    private static final String HISTORY = "1\t0/4000050\tno recovery target specified\n\n"
            + "2\t1/A0000D8\tno recovery target specified\n";

    @Test
    void theSwitchPointOfAnAncestorTimeline() {
        assertEquals(0x4000050L, CommitResolver.Identity.switchPoint(HISTORY, 1));
        assertEquals((1L << 32) | 0xA0000D8L, CommitResolver.Identity.switchPoint(HISTORY, 2));
        assertNull(CommitResolver.Identity.switchPoint(HISTORY, 3), "not an ancestor");
        assertNull(CommitResolver.Identity.switchPoint("garbage here\n", 1));
        assertNull(CommitResolver.Identity.switchPoint(null, 1));
    }

    @Test
    void theCapturedTimelineAndPosition() {
        assertEquals(2, ServerIdentity.parse("00000002 7 1 2 3 4").timeline());
        assertEquals(0x1A, ServerIdentity.parse("0000001A 7 1 2 3 4").timeline());
        assertEquals("0000001A", ServerIdentity.parse("0000001A 7 1 2 3 4").timelineHex());
        assertEquals(0x30001A8L, CommitResolver.Identity.parseLsn("0/30001A8"));
        assertEquals((0x1FL << 32) | 0xAL, CommitResolver.Identity.parseLsn("1F/A"));
    }
}
