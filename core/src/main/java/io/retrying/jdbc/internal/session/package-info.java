/**
 * Session state: {@code SessionState} records what the application set on its connection
 * (autocommit, isolation, read-only, schema, client info, SQL-level SET) and restores it on each
 * new physical connection; {@code ReportedSettings} compares what the server reports after a swap;
 * {@code StatefulRoutines} asks the catalogs whether the application's own functions may have
 * left state on the session that no restore can bring back.
 *
 * <p>May call SQL reading, proofs, config and the public engine types.
 */
package io.retrying.jdbc.internal.session;
