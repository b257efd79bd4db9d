package io.retrying.jdbc;

/**
 * The allowance that bounds how many retries the work drawing on it may make, so that retrying
 * never multiplies the load on a server that is already struggling (layers that each retry three
 * times multiply; a budget does not). Every {@link RetryPolicy} draws on one, or on none.
 *
 * <p>Two kinds are provided: {@link ScalingRetryBudget}, the default (process-wide as
 * {@link #shared()}), whose allowance grows with the work that succeeds and with the connections
 * drawing on it; and seed 002's {@link TokenBucket}, a fixed number of tokens, the explicit choice
 * ({@code retry.tokenBucket=100}).
 *
 * <p>Implementations must be thread-safe and cheap in {@link #deposit()}, which runs on every
 * success of every connection: no lock, no allocation.
 */
public interface RetryBudget {

    /** The process-wide default budget: a {@link ScalingRetryBudget}. */
    static RetryBudget shared() {
        return ScalingRetryBudget.shared();
    }

    /**
     * Takes one retry of this class from the budget if it allows one, in one atomic step.
     *
     * @return true if the retry may go ahead (and was paid for), false if the budget refuses it
     */
    boolean tryWithdraw(Retryability recovery);

    /** A success: the budget may grow with it. Called on every successful execution, so it must be cheap. */
    void deposit();

    /** What the budget holds now, in its own unit (retries for {@link ScalingRetryBudget}, tokens for {@link TokenBucket}). */
    double balance();

    /** The budget's state in words, for the message of a refused retry and for logs; no data values. */
    String describe();

    /** A logical connection drawing on this budget was opened: a budget may scale with them. No-op by default. */
    default void connectionOpened() {}

    /** A logical connection drawing on this budget was closed. No-op by default. */
    default void connectionClosed() {}
}
