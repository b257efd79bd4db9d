/**
 * Units of work retried whole ({@code Retrying.inTransaction}, {@code @Idempotent} methods):
 * {@code UnitRetry} runs one until it succeeds or the policy stops it, {@code TransactionUnit} one
 * transaction on a connection, {@code IdempotentProxy} an annotated interface.
 *
 * <p>May call the wrappers ({@code internal.jdbc}) and everything below them.
 */
package io.retrying.jdbc.internal.unit;
