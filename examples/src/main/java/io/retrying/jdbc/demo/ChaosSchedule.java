package io.retrying.jdbc.demo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * When which fault happens, relative to the start of the workload: a fixed cycle of kinds, spaced
 * by a tenth of the run (at least 0.5 s, at most 2 s), each moved a little by the seed. The same
 * duration, seed and kinds give the same schedule. Immutable.
 */
final class ChaosSchedule {
    private static final List<ChaosKind> CYCLE = List.of(ChaosKind.KILL_BACKENDS, ChaosKind.DROP_COMMIT_REPLY,
            ChaosKind.RESTART_SERVER, ChaosKind.DROP_COMMIT_REPLY, ChaosKind.CONNECTIONS_FULL,
            ChaosKind.DROP_COMMIT_REPLY);
    /** With {@code --ha}: each failover manager fault once, in the order of issue 17's table. */
    private static final List<ChaosKind> HA_CYCLE = List.of(ChaosKind.LEADER_KILLED, ChaosKind.SWITCHOVER,
            ChaosKind.LEADER_FROZEN, ChaosKind.ETCD_RESTART);
    /** How long each --ha fault is planned to take, healing included (Patroni's ttl is 10 s). */
    private static final long HA_LENGTH_MS = 15_000;
    private static final long MIN_STEP_MS = 500;
    private static final long MAX_STEP_MS = 2_000;

    /**
     * One fault.
     *
     * @param at when it starts, from the start of the workload
     * @param kind what it is
     * @param length how long it lasts (server down, limit held); zero for an instant fault
     */
    record Event(Duration at, ChaosKind kind, Duration length) {}

    private final List<Event> events;
    private final Duration quietFrom;

    private ChaosSchedule(List<Event> events, Duration quietFrom) {
        this.events = List.copyOf(events);
        this.quietFrom = quietFrom;
    }

    static ChaosSchedule none() {
        return new ChaosSchedule(List.of(), Duration.ZERO);
    }

    /** The schedule for a run of {@code duration}, using only the kinds the target supports. */
    static ChaosSchedule plan(Duration duration, long seed, Set<ChaosKind> kinds) {
        // a target with nothing but failover manager faults (--ha) plays those; the others the rest
        boolean ha = !kinds.isEmpty() && kinds.stream().allMatch(ChaosKind::ha);
        List<ChaosKind> cycle = (ha ? HA_CYCLE : CYCLE).stream().filter(kinds::contains).toList();
        if (cycle.isEmpty()) {
            return none();
        }
        long total = duration.toMillis();
        long step = Math.max(MIN_STEP_MS, Math.min(MAX_STEP_MS, total / 10));
        // leave the end of the run quiet, so the last transfers finish on a healthy server
        long quietFrom = total - step / 2;
        SplittableRandom random = new SplittableRandom(seed);
        List<Event> events = new ArrayList<>();
        long next = step;
        for (int i = 0; ; i++) {
            ChaosKind kind = cycle.get(i % cycle.size());
            long length = switch (kind) {
                case RESTART_SERVER -> step;
                case CONNECTIONS_FULL -> step * 3 / 2;
                case LEADER_KILLED, SWITCHOVER, ETCD_RESTART -> HA_LENGTH_MS;
                case LEADER_FROZEN -> HA_LENGTH_MS + 5_000;
                default -> 0;
            };
            long at = next + random.nextLong(step / 4);
            if (at + length > quietFrom || ha && i >= cycle.size()) {
                break;
            }
            events.add(new Event(Duration.ofMillis(at), kind, Duration.ofMillis(length)));
            next = at + length + step;
        }
        return new ChaosSchedule(events, Duration.ofMillis(quietFrom));
    }

    List<Event> events() {
        return events;
    }

    /** No fault may last past this point: the rest of the run is quiet. */
    Duration quietFrom() {
        return quietFrom;
    }

    boolean isEmpty() {
        return events.isEmpty();
    }
}
