package io.retrying.jdbc.internal.commit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Issue 36: the server identity as values, parsed once from the capture's column and compared
 * field by field (the server's side, under session settings and real resets, crashes and restarts:
 * {@code ServerIdentityServerTest}).
 */
class ServerIdentityTest {

    private static final long SYSTEM = 7714862633101442402L;
    private static final long STARTED = 1796256433040867L;
    private static final long RESET = 1796256432601115L;
    private static final ServerIdentity CAPTURED = new ServerIdentity(SYSTEM, 1, STARTED, RESET, RESET, RESET);

    @Test
    void theColumnParsesIntoItsFields() {
        ServerIdentity id = ServerIdentity.parse("0000001A 7714862633101442402 1796256433040867 1796256441420542 1796256441420543 1796256441420544");
        assertEquals(new ServerIdentity(SYSTEM, 0x1A, STARTED, 1796256441420542L, 1796256441420543L, 1796256441420544L), id);
        assertEquals("0000001A", id.timelineHex());
        // a system identifier past 2^63 comes as a negative bigint
        assertEquals(-5L, ServerIdentity.parse("00000001 -5 1 2 3 4").systemIdentifier());
    }

    @Test
    void aColumnThatDoesNotParseIsNotKnownAsOnAStandby() {
        assertNull(ServerIdentity.parse(null), "a standby");
        assertNull(ServerIdentity.parse("00000001 7714862633101442402 1796256433040867 1 2"), "a field the server left null");
        assertNull(ServerIdentity.parse("00000001 2026-12-01 09:04:43.569+00 2026-12-01 09:04:43.569+00"), "the old text");
        assertNull(ServerIdentity.parse("0000000G 1 2 3 4 5"));
    }

    @Test
    void theSameRunIsTheSameClusterTimelineAndStartWithAResetInstantUnchanged() {
        assertTrue(CAPTURED.sameRunAs(CAPTURED));
        assertTrue(CAPTURED.sameRunAs(with(RESET + 7, RESET, RESET)), "pg_stat_reset_shared('bgwriter') by hand");
        assertTrue(CAPTURED.sameRunAs(with(RESET, RESET + 7, RESET)), "('wal') by hand");
        assertTrue(CAPTURED.sameRunAs(with(RESET + 7, RESET + 9, RESET)), "both, each at its own instant");
        assertFalse(CAPTURED.sameRunAs(with(RESET + 5, RESET + 5, RESET + 5)), "a reinitialisation of shared memory");
        assertFalse(CAPTURED.sameRunAs(with(RESET + 5, RESET + 7, RESET + 9)), "every kind reset: not provable");
        assertFalse(CAPTURED.sameRunAs(new ServerIdentity(SYSTEM, 1, STARTED + 1, RESET, RESET, RESET)), "restarted");
        assertFalse(CAPTURED.sameRunAs(new ServerIdentity(SYSTEM, 2, STARTED, RESET, RESET, RESET)), "promoted");
        assertFalse(CAPTURED.sameRunAs(new ServerIdentity(SYSTEM + 1, 1, STARTED, RESET, RESET, RESET)), "another cluster");
    }

    @Test
    void aReinitialisationIsEveryResetInstantChangedToOneInstantUnderTheSamePostmaster() {
        ServerIdentity reinitialised = with(RESET + 5, RESET + 5, RESET + 5);
        assertTrue(CAPTURED.reinitialisedIn(reinitialised));
        assertEquals(RESET + 5, reinitialised.resetMicros());
        assertFalse(CAPTURED.restartedIn(reinitialised));
        assertFalse(CAPTURED.reinitialisedIn(CAPTURED), "nothing changed (the first start stamps every kind alike too)");
        assertFalse(CAPTURED.reinitialisedIn(with(RESET + 5, RESET + 5, RESET)), "one kind unchanged: no reinitialisation");
        assertFalse(CAPTURED.reinitialisedIn(with(RESET + 5, RESET + 7, RESET + 9)), "hand resets, each its own instant");
        assertFalse(CAPTURED.reinitialisedIn(with(RESET + 9, RESET + 5, RESET + 5)), "reinitialised, then bgwriter's reset by hand: not known");
        assertFalse(CAPTURED.reinitialisedIn(new ServerIdentity(SYSTEM, 1, STARTED + 1, RESET + 5, RESET + 5, RESET + 5)),
                "a new postmaster is a restart");
        assertFalse(CAPTURED.reinitialisedIn(new ServerIdentity(SYSTEM + 1, 1, STARTED, RESET + 5, RESET + 5, RESET + 5)));
    }

    @Test
    void aRestartIsAnotherStartOfTheSameClusterOnTheSameTimeline() {
        assertTrue(CAPTURED.restartedIn(new ServerIdentity(SYSTEM, 1, STARTED + 1, RESET, RESET, RESET)));
        assertFalse(CAPTURED.restartedIn(CAPTURED));
        assertFalse(CAPTURED.restartedIn(new ServerIdentity(SYSTEM, 2, STARTED + 1, RESET, RESET, RESET)), "another timeline");
        assertFalse(CAPTURED.restartedIn(new ServerIdentity(SYSTEM + 1, 1, STARTED + 1, RESET, RESET, RESET)), "another cluster");
    }

    @Test
    void theIdentityCanRideWithTheApplicationsSql() {
        // appended to the application's SQL (TransactionId): nothing that could close a literal, an
        // identifier or a comment the application left open, end its statement, or add a parameter
        for (String sql : new String[] {ServerIdentity.SQL, CommitResolver.POSITION_SQL, CommitResolver.FORCED_XID_SQL}) {
            for (String forbidden : new String[] {"'", "\"", "$", "?", ";", "--", "/*", "*/", "\n"}) {
                assertFalse(sql.contains(forbidden), forbidden + " in " + sql);
            }
        }
    }

    private static ServerIdentity with(long bgwriter, long wal, long archiver) {
        return new ServerIdentity(SYSTEM, 1, STARTED, bgwriter, wal, archiver);
    }
}
