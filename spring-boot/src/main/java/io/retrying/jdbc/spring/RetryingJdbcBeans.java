package io.retrying.jdbc.spring;

/** Names of the starter's beans. */
final class RetryingJdbcBeans {
    /** The {@code RetryPolicy} built from {@code retrying.jdbc.*}, shared by the data sources and the advice. */
    static final String POLICY = "retryingJdbcPolicy";

    private RetryingJdbcBeans() {}
}
