/**
 * The JDBC wrappers: {@code RetryingConnection}, the statements, result sets, metadata and
 * savepoints the application holds. Each intercepts the calls that matter (executions, COMMIT,
 * session setters) and passes the rest to the physical object it wraps; {@code Placeholder} stands
 * in while there is none. Owns the bookkeeping of one connection (its physical delegate and
 * generation, pinning, the transaction flags) and hands every failure to the funnel
 * ({@code internal.failure}) and every success to the journal and the session.
 *
 * <p>May call every concern below it: failure, commit, replay, session, sql, proof, dial,
 * config, events and the public engine types. Nothing below calls back up into it.
 */
package io.retrying.jdbc.internal.jdbc;
