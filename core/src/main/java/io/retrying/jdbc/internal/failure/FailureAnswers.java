package io.retrying.jdbc.internal.failure;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.internal.proof.Verdict;

/**
 * The answers {@link Recovery} got while carrying out the steps {@link FailureDecision} asked for:
 * each step's outcome is a new fact, and the decision is asked again with it. Null (or false)
 * until the step ran.
 *
 * @param policy the retry policy's answer (attempts, budget, window)
 * @param waited the retry was reported and its wait done
 * @param swapped a new physical connection is in hand, the session restored
 * @param proof the server's verdict on whether the silently lost work can have written
 * @param guard whether the read-only guard of a proven replay opened (null: not tried)
 * @param outside the server's verdict on whether the work acts outside its transaction (dblink)
 */
record FailureAnswers(Attempt policy, boolean waited, boolean swapped, Verdict proof, Boolean guard, Verdict outside) {

    static final FailureAnswers NONE = new FailureAnswers(null, false, false, null, null, null);

    FailureAnswers withPolicy(Attempt answer) {
        return new FailureAnswers(answer, waited, swapped, proof, guard, outside);
    }

    FailureAnswers withWaited() {
        return new FailureAnswers(policy, true, swapped, proof, guard, outside);
    }

    FailureAnswers withSwapped() {
        return new FailureAnswers(policy, waited, true, proof, guard, outside);
    }

    FailureAnswers withProof(Verdict verdict) {
        return new FailureAnswers(policy, waited, swapped, verdict, guard, outside);
    }

    FailureAnswers withGuard(boolean opened) {
        return new FailureAnswers(policy, waited, swapped, proof, opened, outside);
    }

    FailureAnswers withOutside(Verdict verdict) {
        return new FailureAnswers(policy, waited, swapped, proof, guard, verdict);
    }
}
