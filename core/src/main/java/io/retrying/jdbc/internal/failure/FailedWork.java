package io.retrying.jdbc.internal.failure;

import io.retrying.jdbc.internal.proof.Binder;
import io.retrying.jdbc.internal.replay.JournaledStatement;

/**
 * The statement whose execution failed, as the funnel sees it: whether it may run again, and
 * what it was bound with. The wrappers' statements implement it.
 */
public interface FailedWork extends JournaledStatement {

    /** Whether {@code op} is an {@code executeBatch}. */
    boolean isBatch(int op);

    /** Its parameters, bound onto the proof's own statement. */
    Binder binder();
}
