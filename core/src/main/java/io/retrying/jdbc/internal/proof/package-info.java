/**
 * Proofs by the server: whether failed work can have written ({@code ReadOnlyProof}: pgjdbc's
 * split, the planner's EXPLAIN, a catalog walk of the functions it calls), whether it acts outside
 * its transaction ({@code OutsideEffects}), what the planner says it does ({@code ServerPlan}); and
 * {@code LostWork}, the one place the questions about work that did not commit are asked (outside
 * its transaction, or left to happen at COMMIT).
 * Every question runs in {@code ReadOnlyFrame}, a frame that cannot write and is rolled back.
 *
 * <p>Calls nothing of the layer's but what a statement is ({@code internal.sql}), config, events and the public engine types.
 */
package io.retrying.jdbc.internal.proof;
