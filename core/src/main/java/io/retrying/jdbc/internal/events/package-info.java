/**
 * Events: {@code RetryReporter}, the one place every retry, recovery, give-up, commit resolution
 * and breaker transition is logged (one line an event, through SLF4J) and handed to the
 * application's {@code RetryListener}.
 *
 * <p>Calls nothing of the layer's but the public engine types.
 */
package io.retrying.jdbc.internal.events;
