package io.retrying.jdbc.internal.dial;

import io.retrying.jdbc.CircuitEvent;
import io.retrying.jdbc.CircuitState;
import io.retrying.jdbc.internal.config.BreakerSettings;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * The breaker of one server, shared by every connection of the process that dials it (see
 * {@link Breakers}). It counts only dials that reached no server (refused, no route, connect
 * timeout, no such host, 57P03 starting up, a proxy that closed before any server said a word, a
 * pooler with no server to give): a server that answered, even with an error, is there.
 *
 * <ul>
 *   <li><b>Closed</b>: dials go through. After {@code threshold} consecutive failures it opens.</li>
 *   <li><b>Open</b>: no dial goes there until the interval ends. The interval is drawn in
 *       {@code [c/2, c]}, {@code c = min(maxOpen, baseOpen * 2^(openings-1))}: it grows with each
 *       opening in a row, and the jitter keeps the breakers of many processes apart.</li>
 *   <li><b>Half-open</b>: the first caller after the interval is the probe and dials; the others
 *       wait for its outcome ({@link Pass#awaitOutcome}) rather than dialing, for at most
 *       {@link #PROBE_PATIENCE_NANOS} (then the next caller probes as well). A probe that
 *       reaches the server closes the breaker; one that does not opens it again, for longer.</li>
 * </ul>
 *
 * <p>Lock-free: the state is one immutable value swapped by compare-and-set; nothing is held
 * while anyone dials. The only wait is for a probe's outcome, on a latch of that half-open round.
 * Reading a closed breaker with no failures allocates nothing and writes nothing. Times are the
 * caller's nano clock; transitions are reported to the caller's consumer.
 */
public final class CircuitBreaker {

    /**
     * How long the others wait for a probe's outcome before the next caller probes as well: a
     * dial through a proxy that still sends connections to a frozen server hangs until the
     * server thaws (pgjdbc's {@code connectTimeout} bounds only the TCP connect), and the
     * new primary behind the same proxy would wait with it. One more probe a second at most.
     */
    static final long PROBE_PATIENCE_NANOS = Duration.ofSeconds(1).toNanos();

    private final String server;
    private final AtomicReference<State> state = new AtomicReference<>(State.CLOSED_CLEAN);

    /**
     * @param failures consecutive dials that reached no server
     * @param openings times it opened in a row without closing: the growth of the interval
     * @param until when an open breaker lets a probe through; half-open, when its probe began (nano clock)
     * @param round the half-open round's latch; null otherwise
     * @param last the last failure to reach the server, for callers that give up waiting
     */
    private record State(CircuitState phase, int failures, int openings, long until, Round round, Throwable last) {
        static final State CLOSED_CLEAN = new State(CircuitState.CLOSED, 0, 0, 0, null, null);
    }

    /** One half-open round: the probe's outcome, awaited by the others. */
    static final class Round {
        private final CountDownLatch done = new CountDownLatch(1);

        void finish() {
            done.countDown();
        }

        boolean await(long nanos) throws InterruptedException {
            return done.await(nanos, TimeUnit.NANOSECONDS);
        }
    }

    /** What a caller may do now. */
    public static final class Pass {
        enum Kind { DIAL, PROBE, WAIT_OPEN, WAIT_PROBE }

        static final Pass DIAL = new Pass(Kind.DIAL, 0, null);

        final Kind kind;
        final long until;
        final Round round;

        private Pass(Kind kind, long until, Round round) {
            this.kind = kind;
            this.until = until;
            this.round = round;
        }

        /** Whether the caller may dial now (closed, or it is the probe). */
        public boolean dials() {
            return kind == Kind.DIAL || kind == Kind.PROBE;
        }

        /** Whether the caller is this round's probe: it must report its outcome. */
        public boolean probe() {
            return kind == Kind.PROBE;
        }

        /** For a caller that must wait: until when the breaker stays open (nano clock); else 0. */
        long openUntil() {
            return kind == Kind.WAIT_OPEN ? until : 0;
        }

        /**
         * For a caller waiting on a probe: waits for its outcome, at most {@code nanos}.
         *
         * @return whether the outcome came
         */
        boolean awaitOutcome(long nanos) throws InterruptedException {
            return round == null || round.await(nanos);
        }

        @Override
        public String toString() {
            return "Pass[" + kind + "]";
        }
    }

    CircuitBreaker(String server) {
        this.server = server;
    }

    /** What it guards: {@code host:port}, or a multi-host target. */
    public String server() {
        return server;
    }

    /** The state now. */
    public CircuitState state() {
        return state.get().phase;
    }

    /** Consecutive dials that reached no server. */
    public int consecutiveFailures() {
        return state.get().failures;
    }

    /** The last failure to reach the server since it last closed; null when none. */
    public Throwable lastFailure() {
        return state.get().last;
    }

    /**
     * May the caller dial now? Closed: yes. Open and its interval over: yes, as the probe (the
     * breaker goes half-open). Otherwise the caller waits: until the interval ends, or for the
     * probe's outcome.
     */
    public Pass tryPass(long now, Consumer<CircuitEvent> transitions) {
        while (true) {
            State s = state.get();
            switch (s.phase) {
                case CLOSED:
                    return Pass.DIAL;
                case HALF_OPEN:
                    if (now - s.until < PROBE_PATIENCE_NANOS) {
                        return new Pass(Pass.Kind.WAIT_PROBE, 0, s.round);
                    }
                    // the probe has had no outcome for that long (a dial hung on a frozen server
                    // that a proxy still sends to): it no longer holds the others, this caller
                    // probes too, and those waiting on the old round ask again
                    Round next = new Round();
                    if (state.compareAndSet(s, new State(CircuitState.HALF_OPEN, s.failures, s.openings, now, next, s.last))) {
                        s.round.finish();
                        return new Pass(Pass.Kind.PROBE, 0, next);
                    }
                    continue;
                default: // OPEN
                    if (now - s.until < 0) {
                        return new Pass(Pass.Kind.WAIT_OPEN, s.until, null);
                    }
                    Round round = new Round();
                    // half-open from now: the probe's start, for its patience
                    if (state.compareAndSet(s, new State(CircuitState.HALF_OPEN, s.failures, s.openings, now, round, s.last))) {
                        report(transitions, CircuitState.OPEN, CircuitState.HALF_OPEN, s.failures, 0);
                        return new Pass(Pass.Kind.PROBE, 0, round);
                    }
            }
        }
    }

    /**
     * A dial reached the server: it connected, or the server answered with an error (a wrong
     * password, 53300 full). Closes the breaker and ends a half-open round.
     */
    public void reached(Consumer<CircuitEvent> transitions) {
        while (true) {
            State s = state.get();
            if (s == State.CLOSED_CLEAN) {
                return; // the happy path: nothing to write
            }
            if (state.compareAndSet(s, State.CLOSED_CLEAN)) {
                if (s.round != null) {
                    s.round.finish();
                }
                if (s.phase != CircuitState.CLOSED) {
                    report(transitions, s.phase, CircuitState.CLOSED, s.failures, 0);
                }
                return;
            }
        }
    }

    /**
     * A dial reached no server (refused, no route, connect timeout, no such host, 57P03). Closed:
     * counts it, and opens at the threshold. Half-open: the probe failed, so it opens again, for
     * longer. Open: a dial that started before it opened; counted, the interval kept.
     *
     * @param starting the server answered that it is starting up (57P03): it will accept within
     *     moments, so the interval is half the cap (drawn in [cap/4, cap/2]) instead of growing,
     *     and the server is found soon after it is ready (a crash restart answers 57P03 for as long
     *     as its recovery lasts)
     */
    public void unreached(long now, Throwable failure, boolean starting, BreakerSettings settings,
                          RandomGenerator random, Consumer<CircuitEvent> transitions) {
        while (true) {
            State s = state.get();
            int failures = s.failures == Integer.MAX_VALUE ? s.failures : s.failures + 1;
            State next;
            long open = 0;
            if (s.phase == CircuitState.OPEN || s.phase == CircuitState.CLOSED && failures < settings.threshold()) {
                next = new State(s.phase, failures, s.openings, s.until, s.round, failure);
            } else {
                int openings = s.openings == Integer.MAX_VALUE ? s.openings : s.openings + 1;
                open = starting ? startingInterval(settings, random) : interval(openings, settings, random);
                next = new State(CircuitState.OPEN, failures, openings, now + open, null, failure);
            }
            if (state.compareAndSet(s, next)) {
                if (s.round != null && next.round == null) {
                    s.round.finish();
                }
                if (next.phase != s.phase) {
                    report(transitions, s.phase, next.phase, failures, open);
                }
                return;
            }
        }
    }

    /**
     * The probe ended without an outcome for this server (its dial never got there: a multi-host
     * dial that connected elsewhere first, an error before any socket). The next caller probes.
     */
    public void release(Pass probe, long now, Consumer<CircuitEvent> transitions) {
        while (true) {
            State s = state.get();
            if (s.phase != CircuitState.HALF_OPEN || s.round != probe.round) {
                return; // resolved already
            }
            if (state.compareAndSet(s, new State(CircuitState.OPEN, s.failures, s.openings, now, null, s.last))) {
                s.round.finish();
                report(transitions, CircuitState.HALF_OPEN, CircuitState.OPEN, s.failures, 0);
                return;
            }
        }
    }

    /** The open interval after {@code openings} openings in a row: a draw in [c/2, c]. */
    static long interval(int openings, BreakerSettings settings, RandomGenerator random) {
        long base = settings.baseOpen().toNanos();
        long cap = settings.maxOpen().toNanos();
        int doublings = Math.max(0, openings - 1);
        long ceiling = doublings >= 62 || base > (cap >> doublings) ? cap : Math.min(cap, base << doublings);
        long half = ceiling / 2;
        return half + random.nextLong(ceiling - half + 1);
    }

    /** The open interval while the server answers 57P03: a draw in [c/4, c/2], c the cap, at least the base's. */
    static long startingInterval(BreakerSettings settings, RandomGenerator random) {
        long ceiling = Math.max(settings.baseOpen().toNanos(), settings.maxOpen().toNanos() / 2);
        long half = ceiling / 2;
        return half + random.nextLong(ceiling - half + 1);
    }

    private void report(Consumer<CircuitEvent> transitions, CircuitState from, CircuitState to, int failures, long openNanos) {
        if (transitions != null) {
            transitions.accept(new CircuitEvent(server, from, to, failures, Duration.ofNanos(openNanos)));
        }
    }

    @Override
    public String toString() {
        State s = state.get();
        return "CircuitBreaker[" + server + " " + s.phase + ", failures=" + s.failures + "]";
    }
}
