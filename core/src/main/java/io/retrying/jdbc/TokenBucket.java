package io.retrying.jdbc;

/** STAND-IN for the engine helper's type; replaced at merge. */
public final class TokenBucket {
    private static final TokenBucket SHARED = new TokenBucket(500);
    private final int capacity;

    public TokenBucket(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be > 0: " + capacity);
        }
        this.capacity = capacity;
    }

    public static TokenBucket shared() {
        return SHARED;
    }

    public double tokens() {
        return capacity;
    }
}
