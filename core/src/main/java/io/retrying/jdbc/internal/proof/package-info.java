/**
 * Proofs by the server: whether failed work can have written ({@code ReadOnlyProof}: pgjdbcs
 * split, the planners EXPLAIN, a catalog walk of the functions it calls), whether it acts outside
 * its transaction ({@code OutsideEffects}), what the planner says it does ({@code ServerPlan}).
 * Every question runs in {@code ReadOnlyFrame}, a frame that cannot write and is rolled back.
 *
 * <p>Calls nothing of the layers but config, events and the public engine types.
 */
package io.retrying.jdbc.internal.proof;
