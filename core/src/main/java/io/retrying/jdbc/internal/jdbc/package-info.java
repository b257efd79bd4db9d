/**
 * The JDBC wrappers: {@code RetryingConnection}, the statements, result sets, metadata and
 * savepoints the application holds. Each intercepts the calls that matter (executions, COMMIT,
 * session setters) and passes the rest to the physical object it wraps; {@code Placeholder} stands
 * in while there is none. Owns the bookkeeping of one connection (its physical delegate and
 * generation, pinning, the transaction flags) and hands every failure to the funnel
 * ({@code internal.failure}) and every success to the journal and the session.
 *
 * <p>The connection is one object in four files, each a concern: {@code PgConnectionExtensions}
 * (pgjdbc's {@code PGConnection}), {@code SessionCalls} (the session setters and getters, and the
 * marks of what statements may have done to the session unseen), {@code TransactionCalls} (the open
 * transaction: journal, id, work, first failure; commit, rollback, savepoints) and
 * {@code RetryingConnection} (the physical connection in hand, its loss and its replacement). A
 * statement likewise: {@code StatementSettings} (recorded setters), {@code StatementResults} (what
 * the last execution gave; {@code RiddenResults} when it carried the capture) and
 * {@code RetryingStatement} (the execution loop, re-creation, the ride).
 *
 * <p>May call every concern below it: failure, commit, replay, session, sql, proof, dial,
 * config, events and the public engine types. Nothing below calls back up into it.
 */
package io.retrying.jdbc.internal.jdbc;
