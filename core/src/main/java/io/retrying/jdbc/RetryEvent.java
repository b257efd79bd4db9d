package io.retrying.jdbc;

import java.time.Duration;

/**
 * What a {@link RetryListener} is told about one retry, recovery or give-up.
 *
 * @param sqlState the SQLState of {@code failure} (first one found along causes and next
 *     exceptions), or {@code null} when it has none (a lost socket, for instance)
 * @param recovery the recovery class the failure was classified as
 * @param attempt the attempt this event is about, counting the first try as 1: the one that
 *     failed for {@code onRetry}/{@code onGiveUp}, the one that succeeded for {@code onRecovered}
 * @param maxAttempts the attempt limit of the policy; 0 when the attempts are bounded by time
 *     only (dialling a new connection within the reconnect window)
 * @param delay the wait before the next attempt; {@link Duration#ZERO} when none follows
 * @param connectionId an id of the logical connection, for correlating log lines; never a
 *     host name, user or password
 * @param elapsed time since the first attempt of this piece of work started
 * @param reason a short, fixed text saying why the decision was taken (no data values)
 * @param failure the failure itself; for {@code onRecovered}, the last failure overcome; for
 *     {@code onGiveUp}, what the application gets (a {@link WriteOutcomeUnknownException}, a
 *     {@link CommitOutcomeUnknownException} or a {@link RetriesExhaustedException}, the failure
 *     it reports as its cause). Its message may hold data values from the server: do not publish it as is
 * @param sinceFirstFailure time since the first failure of this piece of work: zero for the first
 *     {@code onRetry}/{@code onGiveUp}, the time it took to recover for {@code onRecovered}
 */
public record RetryEvent(
        String sqlState,
        Retryability recovery,
        int attempt,
        int maxAttempts,
        Duration delay,
        String connectionId,
        Duration elapsed,
        String reason,
        Throwable failure,
        Duration sinceFirstFailure) {

    /** An event whose time since the first failure is not known apart: taken as {@code elapsed}. */
    public RetryEvent(String sqlState, Retryability recovery, int attempt, int maxAttempts, Duration delay,
            String connectionId, Duration elapsed, String reason, Throwable failure) {
        this(sqlState, recovery, attempt, maxAttempts, delay, connectionId, elapsed, reason, failure, elapsed);
    }
}
