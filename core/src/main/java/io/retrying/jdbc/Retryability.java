package io.retrying.jdbc;

/** STAND-IN for the engine helper's type; replaced at merge. */
public enum Retryability {
    SAFE, RECONNECT, BACKPRESSURE, RESET_STATE, UNKNOWN, FATAL;

    public boolean isRetryable() {
        return this != UNKNOWN && this != FATAL;
    }
}
