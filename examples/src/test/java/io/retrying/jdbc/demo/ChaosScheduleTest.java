package io.retrying.jdbc.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChaosScheduleTest {

    @Test
    void theDefaultRunGetsEveryKindOfFaultAndAQuietEnd() {
        ChaosSchedule s = ChaosSchedule.plan(Duration.ofSeconds(20), 42, EnumSet.allOf(ChaosKind.class));
        List<ChaosKind> kinds = s.events().stream().map(ChaosSchedule.Event::kind).toList();
        assertEquals(List.of(ChaosKind.KILL_BACKENDS, ChaosKind.DROP_COMMIT_REPLY, ChaosKind.RESTART_SERVER,
                ChaosKind.DROP_COMMIT_REPLY, ChaosKind.CONNECTIONS_FULL, ChaosKind.DROP_COMMIT_REPLY), kinds);
        ChaosSchedule.Event last = s.events().get(s.events().size() - 1);
        assertEquals(Duration.ofSeconds(19), s.quietFrom());
        assertTrue(last.at().plus(last.length()).compareTo(s.quietFrom()) <= 0, last.toString());
        for (int i = 1; i < s.events().size(); i++) {
            ChaosSchedule.Event before = s.events().get(i - 1);
            // an event never starts before the previous one is over
            assertTrue(before.at().plus(before.length()).compareTo(s.events().get(i).at()) < 0);
        }
    }

    @Test
    void theSameSeedGivesTheSameScheduleAnotherSeedMovesIt() {
        EnumSet<ChaosKind> all = EnumSet.allOf(ChaosKind.class);
        assertEquals(ChaosSchedule.plan(Duration.ofSeconds(20), 7, all).events(),
                ChaosSchedule.plan(Duration.ofSeconds(20), 7, all).events());
        assertNotEquals(ChaosSchedule.plan(Duration.ofSeconds(20), 7, all).events(),
                ChaosSchedule.plan(Duration.ofSeconds(20), 8, all).events());
    }

    @Test
    void onlyTheKindsTheTargetSupports() {
        ChaosSchedule s = ChaosSchedule.plan(Duration.ofSeconds(20), 42, EnumSet.of(ChaosKind.KILL_BACKENDS));
        assertTrue(s.events().size() >= 5, s.events().toString());
        assertTrue(s.events().stream().allMatch(e -> e.kind() == ChaosKind.KILL_BACKENDS));
        assertTrue(ChaosSchedule.plan(Duration.ofSeconds(20), 42, EnumSet.noneOf(ChaosKind.class)).isEmpty());
    }

    @Test
    void aShortRunStillGetsFaults() {
        ChaosSchedule s = ChaosSchedule.plan(Duration.ofSeconds(5), 42, EnumSet.allOf(ChaosKind.class));
        assertTrue(s.events().size() >= 4, s.events().toString());
    }
}
