/**
 * The failure funnel: every failed execution of a retrying connection passes
 * {@code Recovery}. It gathers what is known about the failure once ({@code FailureFacts}),
 * {@code FailureDecision} decides from that value alone (a pure function, tested as a table),
 * and {@code Recovery} carries the decision out, asking the decision again with each answer a
 * step brings (the policy, a dial, a proof, the guard).
 *
 * <p>May call commit resolution, the journal and replay, the session, a retried piece of work's state, SQL reading, proofs,
 * dialing, config, events and the public engine types; never the wrappers above it
 * except through the connection it is given.
 */
package io.retrying.jdbc.internal.failure;
