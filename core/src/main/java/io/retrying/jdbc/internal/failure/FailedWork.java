package io.retrying.jdbc.internal.failure;

import io.retrying.jdbc.internal.proof.Binder;

/**
 * The statement whose execution failed, as the funnel sees it: whether it may run again, and
 * what it was bound with. The wrappers' statements implement it.
 */
public interface FailedWork {

    /** Closed (or cancelled for good) by the application under the execution. */
    boolean closedByApp();

    /** Whether it can run again at all (no stream parameter that cannot be read twice). */
    boolean replayable();

    /** A callable statement: OUT parameters, never replayed inside a transaction. */
    boolean callable();

    /** A prepared statement: its parameters are bound apart from its text. */
    boolean prepared();

    /** Whether {@code op} is an {@code executeBatch}. */
    boolean isBatch(int op);

    /** Its parameters, bound onto the proof's own statement. */
    Binder binder();

    /** What {@code op} was bound with, as the journal keeps it. */
    Object bindingForJournal(int op);
}
