/**
 * Internals of retrying-jdbc; nothing here is public API. One package a concern, and the arrows
 * between them run one way (held by {@code ArchitectureTest}):
 *
 * <pre>
 *   io.retrying.jdbc (RetryingDataSource, RetryingDriver, Retrying, Circuits: the entry points)
 *     → unit      units of work retried whole (Retrying.inTransaction, @Idempotent)
 *     → jdbc      the JDBC wrappers: interception, the connection's bookkeeping
 *     → failure   the funnel: facts, the pure decision, its execution
 *     → commit    COMMIT, the riding xid capture, commit resolution
 *     → replay    the journal, digests, parameter snapshots, the verified replay
 *     → session   what the application set, restored on each new connection
 *     → retry     one retried piece of work: its attempts, waits, questions on new connections
 *     → proof     the server's proofs, in a frame that cannot write
 *     → sql, dial SQL reading and the parameters bound; dialing and breakers
 *     → config, events     settings; the one reporter of every event
 *     → io.retrying.jdbc engine types (RetryPolicy, Classifier, Attempt, ...)
 * </pre>
 *
 * A failure's path: {@code jdbc.RetryingStatement.run} → {@code failure.Recovery.failed} (facts,
 * {@code FailureDecision}, each step carried out) → {@code replay.TransactionReplay.heal} when a
 * transaction's journal heals it → back to the statement, which runs again or throws.
 */
package io.retrying.jdbc.internal;

import io.retrying.jdbc.internal.failure.FailureDecision;
