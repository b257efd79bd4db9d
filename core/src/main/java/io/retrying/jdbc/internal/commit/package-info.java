/**
 * COMMIT and its resolution: {@code TransactionId} captures the transaction id riding with the
 * transaction's first write (no extra round trip), {@code RidingTwins} keeps the statements that
 * carry the capture, {@code ServerIdentity} tells one server run from another (values compared
 * field by field) and {@code ServerIdentities} keeps it per physical connection, and
 * {@code CommitResolver} runs COMMIT, replays one the server refused with 40001, and resolves one
 * whose reply was lost by asking the server what became of the id.
 *
 * <p>May call the journal and replay, the session, a retried piece of work's state, SQL reading, proofs, dialing, config, events
 * and the public engine types.
 */
package io.retrying.jdbc.internal.commit;
