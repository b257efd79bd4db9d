/**
 * The transaction journal and its replay: {@code Journal} records each execution of an explicit
 * transaction with a digest of what the application saw ({@code ResultDigest}, {@code Shape}) and
 * its parameters ({@code sql.ParameterLog}); {@code TransactionReplay}
 * starts a new transaction, replays it verified statement by statement, and re-positions result
 * sets and savepoints; {@code FreshValues} judges values that differ by design (nextval, random uuids);
 * {@code KeptKeys} has an INSERT's replay insert the generated keys the application saw.
 *
 * <p>May call the session, a retried piece of work's state ({@code internal.retry}), SQL reading, proofs, dialing, config, events and the public engine types.
 */
package io.retrying.jdbc.internal.replay;

import io.retrying.jdbc.internal.sql.ParameterLog;
