package io.retrying.jdbc.spring;

import io.retrying.jdbc.Circuits;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.RetryBudget;
import io.retrying.jdbc.TokenBucket;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * {@code retrying} in {@code /actuator/health}: each server's circuit breaker (its state and the
 * dials in a row that reached no server) and the retry budget (the token bucket's tokens, its
 * capacity, whether it allows a retry now). Always UP: whether the database answers is the
 * {@code db} indicator's word; a breaker opens to spare a server the layer is already waiting for,
 * and an instance must not leave its load balancer's rotation for that alone. Reading it dials
 * nothing and changes nothing.
 */
final class RetryingJdbcHealthIndicator implements HealthIndicator {

    private final Supplier<RetryPolicy> policy;

    /** The policy is asked at each call: the data sources share it. */
    RetryingJdbcHealthIndicator(Supplier<RetryPolicy> policy) {
        this.policy = policy;
    }

    @Override
    public Health health() {
        Map<String, Object> servers = new LinkedHashMap<>();
        for (Circuits.Circuit c : Circuits.all()) {
            servers.put(c.server(), Map.of("state", c.state().name(), "consecutiveFailures", c.consecutiveFailures()));
        }
        RetryBudget budget = policy.get().budget();
        Object shown = budget instanceof TokenBucket bucket
                ? Map.of("kind", "token bucket", "tokens", (long) Math.floor(bucket.tokens()), "capacity",
                        bucket.capacity(), "allowsRetry", bucket.allowsRetry())
                : budget == null ? "none"
                : Map.of("kind", "scaling", "retriesAllowedNow", (long) Math.floor(budget.balance()),
                        "state", budget.describe());
        return Health.up().withDetail("circuits", servers).withDetail("budget", shown).build();
    }
}
