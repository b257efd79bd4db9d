package io.retrying.jdbc.internal.retry;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.Deadline;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.internal.events.RetryReporter;
import io.retrying.jdbc.internal.proof.Verdict;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Questions the server answers about failed work before it runs again (whether it can have
 * written, whether it acts outside its transaction), asked again on another new connection when
 * the one they were asked on breaks under them: nothing ran again yet, so a loss there is not the
 * application's.
 */
public final class NewConnections {

    private final RetryPolicy policy;
    private final RetryReporter reporter;
    private final Line line;

    public NewConnections(RetryPolicy policy, RetryReporter reporter, Line line) {
        this.policy = policy;
        this.reporter = reporter;
        this.line = line;
    }

    /** How many new connections one proof may dial when each breaks under it. */
    private static final int MAX_DIALS = 3;

    /**
     * One question the server answers on one connection about failed work, before it runs again:
     * whether it can have written, whether it acts outside its transaction.
     */
    public interface Question {
        Verdict ask(Connection fresh) throws SQLException;
    }

    /**
     * Asks {@code question} on {@code fresh} (a proof, {@code proof.ReadOnlyProof}). When that connection breaks
     * under the proof (a server still restarting, a pooler cycling its connections), nothing was
     * re-run, so the question is asked again on another, up to {@link #MAX_DIALS} dials and
     * within {@code deadline}, with the policy's waits. Each new dial is reported as a reconnect
     * retry, so that listeners and pools can account for every connection it replaces. A failure
     * the policy does not dial again for (the server refused the proof's own SQL) leaves the work
     * unproven. Throws the dial's failure when no new connection can be had.
     */
    public Verdict ask(Connection fresh, Question question, SQLException lost, Deadline deadline)
            throws SQLException {
        long started = policy.nanoClock().getAsLong();
        for (int dials = 1; ; dials++) {
            try {
                return question.ask(fresh);
            } catch (SQLException broken) {
                lost.addSuppressed(broken);
                line.dropPhysical();
                Attempt next = policy.decideReconnect(broken, dials, deadline.remaining());
                if (!next.retry() || dials >= MAX_DIALS) {
                    return new Verdict(false, "the new connection failed during the proof (" + dials + " dialed)");
                }
                reporter.retrying(RetryReporter.event(broken, next, dials, MAX_DIALS, line.id(),
                        Duration.ofNanos(policy.nanoClock().getAsLong() - started)));
                Waits.sleep(policy, next.delay(), lost);
            }
            fresh = line.swap();
        }
    }
}
