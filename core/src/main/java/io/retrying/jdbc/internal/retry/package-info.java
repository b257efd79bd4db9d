/**
 * One retried piece of work: {@code Run} holds its attempts, failures and deadline (made on the
 * first failure only), {@code Waits} its waits with the policy's sleeper, {@code FailureClass} the
 * class of a failure of the layer's own work, and {@code NewConnections} asks a question about
 * failed work again on another new connection when one breaks under it, through the
 * {@code Line} the wrappers hand down (drop the dead connection, dial a new one).
 *
 * <p>May call SQL reading, proofs, dialing, config, events and the public engine types.
 */
package io.retrying.jdbc.internal.retry;
