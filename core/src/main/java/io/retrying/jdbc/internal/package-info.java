/**
 * Internals of retrying-jdbc; nothing here is public API.
 *
 * <h2>The transparent-retry layer (from the physical connection up)</h2>
 *
 * <ul>
 *   <li>{@link io.retrying.jdbc.internal.Dialer} gives physical connections;
 *       {@link io.retrying.jdbc.internal.RetryingConnections#open} dials one (patiently, within
 *       the reconnect window) and wraps it.</li>
 *   <li>{@code RetryingConnection}, {@code RetryingStatement}, {@code RetryingPreparedStatement},
 *       {@code RetryingCallableStatement} are our own delegating classes (no dynamic proxies on
 *       the hot path). Intercepted methods are {@code final}; the rest are listed pass-throughs,
 *       and a reflection test holds every JDBC method to one or the other. Their physical
 *       delegates are swappable: a {@code Placeholder} stands in while there is none.</li>
 *   <li>Every execution runs in {@code RetryingStatement.run}: on success it passes
 *       {@code RetryingConnection.executed}, on failure {@code Recovery.failed}, the one funnel
 *       that classifies, decides (through {@code RetryPolicy}), recovers and re-runs or throws.
 *       Those two methods are where the transaction journal of issue 5 hooks in.</li>
 *   <li>What may run again is judged from the failure ({@code Classifier.serverReported}: the
 *       implicit transaction was rolled back) and, after a silent loss, by the server
 *       ({@code proof.ReadOnlyProof}, also for a lost COMMIT of a transaction without an id);
 *       {@code SqlScan}, a cheap one-pass lexer, only filters what surely writes.</li>
 *   <li>{@code SessionState} records what the application set (dirty bits and SQL-level
 *       SET/RESET) and gives it to each new physical connection; statements re-create themselves
 *       on the new connection with their recorded settings, batch and parameters
 *       ({@code ParameterLog}).</li>
 *   <li>Inside an explicit transaction, {@code RetryingConnection.executed} records each execution
 *       (and each savepoint call) in the {@code Journal}, with a digest of what the application
 *       saw: update counts, and the rows it read through {@code RetryingResultSet}
 *       ({@code ResultDigest}). On a retryable failure {@code Recovery.failed} hands over to
 *       {@code TransactionReplay}, which starts a new transaction, replays the journal verified
 *       statement by statement, and lets the failed call run again; a difference is
 *       {@code ReplayDivergedException}. {@code CommitResolver} runs COMMIT: it captures the xid
 *       of a transaction that wrote, replays a COMMIT answered 40001, and resolves a lost one.</li>
 * </ul>
 */
package io.retrying.jdbc.internal;
