/**
 * Configuration: {@code RetryConfig}, what one data source or URL was configured with (policy,
 * windows, listener, breaker), read from properties ({@code RetrySetting}, {@code SettingValues},
 * {@code RetryingUrl}), the circuit breakers' settings ({@code BreakerSettings}) and the pgjdbc target they wrap ({@code PgTarget}).
 *
 * <p>May call events and the public engine types.
 */
package io.retrying.jdbc.internal.config;
