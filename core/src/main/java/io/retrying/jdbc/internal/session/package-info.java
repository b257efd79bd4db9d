/**
 * Session state: {@code SessionState} records what the application set on its connection
 * (autocommit, isolation, read-only, schema, client info, SQL-level SET, read by
 * {@code SettingStatements} as PostgreSQL's grammar has them) and restores it on each new physical
 * connection ({@code Restore}: a statement, a proven {@code set_config}, a setter;
 * {@code UnprovenRestore} when the server would not prove one); {@code HeldSettings} names what a
 * connection let go alive (a role switch) still holds, to be reset before it is used or lent again. {@code SessionWatch} holds what
 * code in the database may have done to the session unseen and asks a new connection, at a swap,
 * the questions that raises: {@code StatefulRoutines} (the catalogs: may the application's own
 * functions have left state no restore brings back), {@code SessionValues} (who the session runs as
 * and its named settings), {@code ReportedSettings} (what the server reported of the old session).
 *
 * <p>May call retry's refusal and waits, SQL reading, proofs, dialing, config, events and the
 * public engine types.
 */
package io.retrying.jdbc.internal.session;
