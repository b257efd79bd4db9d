package io.retrying.jdbc;

/**
 * Callbacks for every retry, recovery, give-up, commit resolution and circuit-breaker transition,
 * and for each connection whose reads were routed to a standby (or back to the primary): the place
 * to hang metrics, tracing or extra logs.
 *
 * <p>Every method has a no-op default, so an implementation overrides only what it needs. The
 * library has already logged the event (through SLF4J, logger {@code io.retrying.jdbc}) when a
 * callback runs. Callbacks run on the thread doing the work, in the middle of it: keep them short
 * and non-blocking. A callback that throws an {@link Exception} is logged and ignored; it never
 * changes the outcome of the work. Implementations must be thread-safe: one listener serves every
 * connection of a data source at once.
 *
 * <p>Events are added as default methods, so an implementation written against an earlier
 * version keeps compiling. What counts as one piece of work: a statement execution, a COMMIT, a
 * dial ({@code getConnection}; its events have {@link RetryEvent#maxAttempts()} 0), a unit of
 * {@link Retrying}. A piece of work that retried ends in exactly one {@link #onRecovered} or
 * {@link #onGiveUp}; one that did not ends in {@link #onSuccessWithoutRetry} or {@link #onGiveUp}
 * (dials: nothing on success). With reader hosts ({@code retry.readers}) or a pool of readers, each
 * physical connection taken for reads is told to {@link #onReadRouted}: where the reads went, and why.
 */
public interface RetryListener {

    /**
     * A retry was decided, before its wait.
     *
     * @param event the failure, its class, the attempt that failed and the wait ahead
     */
    default void onRetry(RetryEvent event) {}

    /**
     * Work succeeded after at least one retry.
     *
     * @param event the attempt that succeeded and the last failure overcome
     */
    default void onRecovered(RetryEvent event) {}

    /**
     * A failure is about to surface to the application: not retryable, or no attempt, time or
     * budget left.
     *
     * @param event the failure that surfaces
     */
    default void onGiveUp(RetryEvent event) {}

    /**
     * The retry budget refused a retry ({@link RetryBudget}: the server looked saturated or
     * contended, and the work's retries had used up their share): the failure surfaces as a
     * {@link RetriesExhaustedException} whose {@link RetriesExhaustedException#reason() reason} is
     * {@link StopReason#BUDGET}. Followed by {@link #onGiveUp} for the same failure.
     *
     * @param event the failure whose retry was refused; its reason gives the budget's state
     */
    default void onRetryRefused(RetryEvent event) {}

    /**
     * The outcome of a COMMIT whose reply was lost was looked up on a new connection. For a
     * transaction the server gave no id ({@link Commits#NO_XID}), the server instead proved whether
     * anything it ran can have written or notified: COMMITTED when nothing can (whether it landed
     * makes no difference), UNKNOWN when that could not be proven.
     *
     * @param xid the transaction id captured before COMMIT was sent, or {@link Commits#NO_XID}
     * @param outcome what the server said about it
     */
    default void onCommitResolved(long xid, CommitOutcome outcome) {}

    /**
     * A server's circuit breaker changed state (closed, open, half-open). The breaker is shared by
     * the process; the listener that hears a transition is the one of the connection whose dial
     * (or wait) made it.
     *
     * @param event the server, the states before and after, and how long it stays open
     */
    default void onCircuitStateChange(CircuitEvent event) {}

    /**
     * Work succeeded at its first attempt: a statement execution, a COMMIT, or a unit of
     * {@link Retrying} ({@code inTransaction}, an {@link Idempotent} method). Not called for
     * {@code getConnection}. Called only when a listener is attached, and carries nothing, so that
     * the happy path allocates nothing for it: count it, do no more.
     */
    default void onSuccessWithoutRetry() {}

    /**
     * A transaction met a retryable failure before its COMMIT completed and its journal was
     * replayed on a new transaction, or could not be.
     *
     * @param outcome replayed (the application carries on), diverged, or not replayable
     */
    default void onReplay(ReplayOutcome outcome) {}

    /**
     * A physical connection for reads was dialed by the routing of reader hosts
     * ({@code retry.readers}), or borrowed from a pool of readers
     * ({@code RetryingDataSource.builder(pool).readers(readerPool)}): on a standby, or, with no
     * reader usable, on the primary. Once per physical connection dialed, or per borrow from the
     * pools (when a connection is set read-only and must change servers, and when a lost one is
     * replaced), never per statement; a parked connection taken back is not routed again. Never
     * called for a data source without readers.
     *
     * @param route the kind of server, its {@code host:port} and why
     */
    default void onReadRouted(ReadRoute route) {}
}
