package io.retrying.jdbc;

import java.time.Duration;

/** STAND-IN for the engine helper's type; replaced at merge. */
public final class RetryPolicy {
    private final int maxAttempts;
    private final Duration baseDelay;
    private final Duration maxDelay;
    private final TokenBucket tokenBucket;

    private RetryPolicy(Builder b) {
        maxAttempts = b.maxAttempts;
        baseDelay = b.baseDelay;
        maxDelay = b.maxDelay;
        tokenBucket = b.tokenBucket;
    }

    public static Builder builder() {
        return new Builder();
    }

    public static RetryPolicy defaults() {
        return builder().build();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.maxAttempts = maxAttempts;
        b.baseDelay = baseDelay;
        b.maxDelay = maxDelay;
        b.tokenBucket = tokenBucket;
        return b;
    }

    public int maxAttempts() {
        return maxAttempts;
    }

    public TokenBucket tokenBucket() {
        return tokenBucket;
    }

    /** STAND-IN. */
    public static final class Builder {
        private int maxAttempts = 3;
        private Duration baseDelay = Duration.ofMillis(50);
        private Duration maxDelay = Duration.ofSeconds(2);
        private TokenBucket tokenBucket = TokenBucket.shared();

        public Builder maxAttempts(int n) {
            maxAttempts = n;
            return this;
        }

        public Builder baseDelay(Duration d) {
            baseDelay = d;
            return this;
        }

        public Builder maxDelay(Duration d) {
            maxDelay = d;
            return this;
        }

        public Builder tokenBucket(TokenBucket b) {
            tokenBucket = b;
            return this;
        }

        public Builder noTokenBucket() {
            tokenBucket = null;
            return this;
        }

        public RetryPolicy build() {
            return new RetryPolicy(this);
        }
    }
}
