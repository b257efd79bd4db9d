package io.retrying.jdbc.micrometer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.retrying.jdbc.CircuitEvent;
import io.retrying.jdbc.CircuitState;
import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.ReadRoute;
import io.retrying.jdbc.ReplayOutcome;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.RetryBudget;
import io.retrying.jdbc.TokenBucket;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Micrometer meters for one retrying data source (or pool): a {@link RetryListener} that counts
 * and a {@link MeterBinder} that registers what it counts. Give it to the data source as its
 * listener and bind it to a registry:
 *
 * <pre>{@code
 * RetryingMetrics metrics = RetryingMetrics.of("orders", policy);   // "orders": the tag name=orders
 * DataSource ds = RetryingDataSource.builder(pool).policy(policy).listener(metrics).build();
 * metrics.bindTo(registry);
 * }</pre>
 *
 * <p>The meters, each tagged {@code name}:
 * <ul>
 *   <li>{@code retrying.jdbc.calls{kind}}: pieces of work (statement executions, COMMITs, and the
 *       units of {@code Retrying}: {@code inTransaction}, {@code @Idempotent} methods), by
 *       {@code kind} = {@code successful_without_retry}, {@code successful_with_retry},
 *       {@code failed_with_retry}, {@code failed_without_retry}, as resilience4j counts its
 *       {@code resilience4j.retry.calls}. A {@code getConnection} is not a call of its own: it is
 *       part of the statement or unit that needed it (its retries are counted below);</li>
 *   <li>{@code retrying.jdbc.retries{class,sqlstate}}: every retry decided, by recovery class
 *       ({@code safe}, {@code reconnect}, ...) and SQLState ({@code none} for a lost socket);</li>
 *   <li>{@code retrying.jdbc.retries.refused{class,sqlstate}}: retries the retry budget refused
 *       ({@link RetryListener#onRetryRefused}): the budget at work, the server saturated or contended;</li>
 *   <li>{@code retrying.jdbc.replays{result}}: transactions replayed on a new transaction
 *       ({@code replayed}), whose replay saw other results ({@code diverged}), or that met a
 *       retryable failure but could not be replayed ({@code not_replayable});</li>
 *   <li>{@code retrying.jdbc.commit.resolutions{outcome}}: COMMITs whose reply was lost, by what the
 *       server said ({@code committed}, {@code aborted}, {@code in_progress}, {@code unknown});</li>
 *   <li>{@code retrying.jdbc.recovery}: a timer, from a piece of work's first failure to the success
 *       that followed;</li>
 *   <li>{@code retrying.jdbc.retry.budget}: a gauge of the retries the default budget would allow now
 *       (the process-wide budget is shared by every data source that uses it), or, for a seed token
 *       bucket ({@code retry.tokenBucket=100}), {@code retrying.jdbc.token.bucket}: its tokens;</li>
 *   <li>{@code retrying.jdbc.circuit.state{host}}: a gauge of the circuit breaker of each server this
 *       data source dialed, as its last transition heard left it: 0 closed, 1 half-open, 2 open
 *       ({@code host} is {@code host:port}, or a multi-host URL's list); registered on the first
 *       transition, and {@code retrying.jdbc.circuit.transitions{host,to}} counts them;</li>
 *   <li>{@code retrying.jdbc.reads.routed{target,reason}}: physical connections dialed for reads by a
 *       data source with reader hosts ({@code retry.readers}, {@link RetryListener#onReadRouted}):
 *       {@code target=standby, reason=read_only} for a standby, {@code target=primary,
 *       reason=no_standby_usable} when no reader could take them and they fell back to the primary.
 *       Registered on the first route of each kind (a data source without readers has none).</li>
 * </ul>
 *
 * <p><b>Cost.</b> Every meter whose tags are known in advance is registered by {@link #bindTo}, so
 * counting a call is one field read and one counter increment: no tag is built and nothing is
 * allocated on the happy path. Retries are counted by a lookup of the (class, SQLState) counter,
 * registered on its first use: the failure path. Events before {@code bindTo} are not counted.
 * It may be bound to several registries; each counts every event from then on.
 *
 * <p>Thread-safe: one instance serves every connection of its data source.
 */
public final class RetryingMetrics implements RetryListener, MeterBinder {

    /** Tag value for a failure without SQLState (a lost socket). */
    static final String NO_SQLSTATE = "none";

    private final String name;
    private final Tags tags;
    private final RetryBudget bucket;
    private final ReentrantLock bindLock = new ReentrantLock();
    /** One entry per registry bound; replaced whole (copy on write), read without a lock. */
    private volatile Meters[] bound = new Meters[0];

    private RetryingMetrics(String name, boolean pool, RetryBudget bucket) {
        this.name = Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank: it tags every meter");
        }
        this.tags = pool ? Tags.of(Tag.of("name", name), Tag.of("pool", name)) : Tags.of(Tag.of("name", name));
        this.bucket = bucket;
    }

    /**
     * Meters tagged {@code name=<name>}, with no token-bucket gauge.
     *
     * @throws NullPointerException when name is null
     * @throws IllegalArgumentException when name is blank
     */
    public static RetryingMetrics of(String name) {
        return new RetryingMetrics(name, false, null);
    }

    /**
     * Meters tagged {@code name=<name>}, with a gauge of {@code policy}'s retry budget, if it has one
     * ({@code retrying.jdbc.token.bucket} for a seed token bucket, {@code retrying.jdbc.retry.budget}
     * for the default budget that scales with the work).
     *
     * @throws NullPointerException when an argument is null
     * @throws IllegalArgumentException when name is blank
     */
    public static RetryingMetrics of(String name, RetryPolicy policy) {
        return new RetryingMetrics(name, false, Objects.requireNonNull(policy, "policy").budget());
    }

    /**
     * Meters of the connections of a HikariCP pool, tagged {@code name=<poolName>} and
     * {@code pool=<poolName>}: HikariCP tags its own meters {@code pool}, so a dashboard joins the
     * two without relabelling. With a gauge of {@code policy}'s retry budget, if it has one.
     *
     * @throws NullPointerException when an argument is null
     * @throws IllegalArgumentException when poolName is blank
     */
    public static RetryingMetrics ofPool(String poolName, RetryPolicy policy) {
        return new RetryingMetrics(poolName, true, Objects.requireNonNull(policy, "policy").budget());
    }

    /** The value of the tag {@code name}. */
    public String name() {
        return name;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Objects.requireNonNull(registry, "registry");
        Meters meters = new Meters(registry, tags, bucket);
        bindLock.lock();
        try {
            Meters[] now = bound;
            Meters[] next = Arrays.copyOf(now, now.length + 1);
            next[now.length] = meters;
            bound = next;
        } finally {
            bindLock.unlock();
        }
    }

    // ---------------------------------------------------------------- the listener

    @Override
    public void onSuccessWithoutRetry() {
        Meters[] all = bound;
        for (int i = 0; i < all.length; i++) {
            all[i].successWithoutRetry.increment();
        }
    }

    @Override
    public void onRecovered(RetryEvent event) {
        boolean dial = event.maxAttempts() == 0;
        Meters[] all = bound;
        for (int i = 0; i < all.length; i++) {
            Meters m = all[i];
            if (!dial) {
                m.successWithRetry.increment();
            }
            if (event.sinceFirstFailure() != null) {
                m.recovery.record(event.sinceFirstFailure());
            }
        }
    }

    @Override
    public void onGiveUp(RetryEvent event) {
        if (event.maxAttempts() == 0) {
            return; // a dial: the statement or unit that needed the connection gives up and is counted
        }
        Meters[] all = bound;
        for (int i = 0; i < all.length; i++) {
            (event.attempt() > 1 ? all[i].failedWithRetry : all[i].failedWithoutRetry).increment();
        }
    }

    @Override
    public void onRetry(RetryEvent event) {
        Meters[] all = bound;
        for (int i = 0; i < all.length; i++) {
            all[i].retries(event.recovery(), event.sqlState()).increment();
        }
    }

    @Override
    public void onRetryRefused(RetryEvent event) {
        Meters[] all = bound;
        for (int i = 0; i < all.length; i++) {
            all[i].refused(event.recovery(), event.sqlState()).increment();
        }
    }

    @Override
    public void onReplay(ReplayOutcome outcome) {
        Meters[] all = bound;
        for (int i = 0; i < all.length; i++) {
            all[i].replays[outcome.ordinal()].increment();
        }
    }

    @Override
    public void onCommitResolved(long xid, CommitOutcome outcome) {
        Meters[] all = bound;
        for (int i = 0; i < all.length; i++) {
            all[i].resolutions[outcome.ordinal()].increment();
        }
    }

    @Override
    public void onCircuitStateChange(CircuitEvent event) {
        Meters[] all = bound;
        for (int i = 0; i < all.length; i++) {
            all[i].circuit(event);
        }
    }

    @Override
    public void onReadRouted(ReadRoute route) {
        Meters[] all = bound;
        for (int i = 0; i < all.length; i++) {
            all[i].routed(route).increment();
        }
    }

    /** The gauge's value of a breaker state: 0 closed, 1 half-open, 2 open. */
    static int circuitValue(CircuitState state) {
        return switch (state) {
            case CLOSED -> 0;
            case HALF_OPEN -> 1;
            case OPEN -> 2;
        };
    }

    @Override
    public String toString() {
        return "RetryingMetrics[name=" + name + ", registries=" + bound.length + "]";
    }

    static String tagValue(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    /** The meters of one registry, registered up front where their tags are known. */
    private static final class Meters {
        final MeterRegistry registry;
        final Tags tags;
        final Counter successWithoutRetry;
        final Counter successWithRetry;
        final Counter failedWithRetry;
        final Counter failedWithoutRetry;
        final Counter[] replays;
        final Counter[] resolutions;
        final Timer recovery;
        /** Each server's breaker state as last heard, registered as a gauge on its first transition. */
        final Map<String, AtomicInteger> circuits = new ConcurrentHashMap<>();
        /** Reads routed, by target and reason, registered on first use (a route is a dial, not a statement). */
        final Counter[][] routes = new Counter[ReadRoute.Target.values().length][ReadRoute.Reason.values().length];
        /** (class, SQLState) counters, registered on first use; one map per class. */
        final Map<Retryability, Map<String, Counter>> retries = new ConcurrentHashMap<>();
        /** The same for retries the budget refused. */
        final Map<Retryability, Map<String, Counter>> refused = new ConcurrentHashMap<>();

        Meters(MeterRegistry registry, Tags tags, RetryBudget bucket) {
            this.registry = registry;
            this.tags = tags;
            successWithoutRetry = calls("successful_without_retry");
            successWithRetry = calls("successful_with_retry");
            failedWithRetry = calls("failed_with_retry");
            failedWithoutRetry = calls("failed_without_retry");
            replays = new Counter[ReplayOutcome.values().length];
            for (ReplayOutcome o : ReplayOutcome.values()) {
                replays[o.ordinal()] = Counter.builder("retrying.jdbc.replays").tags(tags).tag("result", tagValue(o))
                        .description("Transactions replayed after a retryable failure, by result").register(registry);
            }
            resolutions = new Counter[CommitOutcome.values().length];
            for (CommitOutcome o : CommitOutcome.values()) {
                resolutions[o.ordinal()] = Counter.builder("retrying.jdbc.commit.resolutions").tags(tags)
                        .tag("outcome", tagValue(o))
                        .description("COMMITs whose reply was lost, by the outcome the server gave").register(registry);
            }
            recovery = Timer.builder("retrying.jdbc.recovery").tags(tags)
                    .description("Time from a piece of work's first failure to the success that followed")
                    .register(registry);
            if (bucket instanceof TokenBucket tokens) {
                Gauge.builder("retrying.jdbc.token.bucket", tokens, TokenBucket::tokens).tags(tags)
                        .description("Tokens left in the retry budget").register(registry);
            } else if (bucket != null) {
                Gauge.builder("retrying.jdbc.retry.budget", bucket, RetryBudget::balance).tags(tags)
                        .description("Retries the retry budget would allow now").register(registry);
            }
        }

        private Counter calls(String kind) {
            return Counter.builder("retrying.jdbc.calls").tags(tags).tag("kind", kind)
                    .description("Statements, COMMITs and units of work, by whether they retried and succeeded")
                    .register(registry);
        }

        /** A breaker transition: the failure path, so registering on first use is fine. */
        void circuit(CircuitEvent event) {
            AtomicInteger state = circuits.computeIfAbsent(event.server(), host -> {
                AtomicInteger value = new AtomicInteger(circuitValue(event.from()));
                Gauge.builder("retrying.jdbc.circuit.state", value, AtomicInteger::get).tags(tags).tag("host", host)
                        .description("Circuit breaker of a server: 0 closed, 1 half-open, 2 open").register(registry);
                return value;
            });
            state.set(circuitValue(event.to()));
            Counter.builder("retrying.jdbc.circuit.transitions").tags(tags).tag("host", event.server())
                    .tag("to", tagValue(event.to())).description("Circuit breaker transitions, by state entered")
                    .register(registry).increment();
        }

        /**
         * The counter of {@code route}'s target and reason. Registering twice returns the same
         * counter, so two threads racing on the first route of a kind count into one meter.
         */
        Counter routed(ReadRoute route) {
            Counter[] byReason = routes[route.target().ordinal()];
            Counter known = byReason[route.reason().ordinal()];
            if (known == null) {
                known = Counter.builder("retrying.jdbc.reads.routed").tags(tags).tag("target", tagValue(route.target()))
                        .tag("reason", tagValue(route.reason()))
                        .description("Physical connections dialed for reads, by the server they went to and why")
                        .register(registry);
                byReason[route.reason().ordinal()] = known;
            }
            return known;
        }

        Counter retries(Retryability recovery, String sqlState) {
            return byClassAndState(retries, "retrying.jdbc.retries", "Retries decided, by recovery class and SQLState",
                    recovery, sqlState);
        }

        Counter refused(Retryability recovery, String sqlState) {
            return byClassAndState(refused, "retrying.jdbc.retries.refused",
                    "Retries the retry budget refused, by recovery class and SQLState", recovery, sqlState);
        }

        private Counter byClassAndState(Map<Retryability, Map<String, Counter>> counters, String meter,
                String description, Retryability recovery, String sqlState) {
            Retryability cls = recovery == null ? Retryability.FATAL : recovery;
            String state = sqlState == null ? NO_SQLSTATE : sqlState;
            Map<String, Counter> byState = counters.computeIfAbsent(cls, c -> new ConcurrentHashMap<>());
            Counter known = byState.get(state);
            return known != null ? known : byState.computeIfAbsent(state, s -> Counter.builder(meter).tags(tags)
                            .tag("class", tagValue(cls)).tag("sqlstate", s)
                            .description(description).register(registry));
        }
    }
}
