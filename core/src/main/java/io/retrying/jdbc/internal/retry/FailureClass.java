package io.retrying.jdbc.internal.retry;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.Retryability;
import java.sql.SQLException;

/** The recovery class of a failure of a retrying connection's own work. */
public final class FailureClass {

    private FailureClass() {
    }

    /**
     * The class of a failure of this connection's work: {@link Classifier}'s, except that a socket
     * read timeout ({@link Classifier#readTimedOut}) is the lost connection it leaves, since pgjdbc
     * closed it: RECONNECT, UNKNOWN when the work may have written. Classifier's FATAL leaves the
     * dead connection in hand (every later call failed 08003) and let a COMMIT whose reply timed out
     * pass for one the server refused. A {@link SessionRefused} is never retried.
     */
    public static Retryability of(SQLException e, boolean wrote, boolean merging, boolean multiHostPrimary) {
        if (e instanceof SessionRefused) {
            return Retryability.FATAL; // another new connection would lack the same state
        }
        if (Classifier.readTimedOut(e)) {
            return wrote ? Retryability.UNKNOWN : Retryability.RECONNECT;
        }
        return Classifier.retryability(e, wrote, merging, multiHostPrimary);
    }

    /**
     * The class of {@code e} when the work surely wrote, given {@code recovery}, its class when it
     * did not ({@link #of} with {@code wrote} false): only a lost connection (RECONNECT) can differ,
     * becoming UNKNOWN, so only then is the classifier asked again.
     */
    public static Retryability ifWrote(Retryability recovery, SQLException e, boolean merging, boolean multiHostPrimary) {
        return recovery == Retryability.RECONNECT ? of(e, true, merging, multiHostPrimary) : recovery;
    }
}
