/**
 * What a statement is: its text, read by {@code SqlScan}, and the parameters bound to it
 * ({@code ParameterLog}, {@code ParameterSnapshot}: a copy the application cannot change under a
 * replay). {@code SqlScan} is a one-pass lexer that flags what a text surely does (writes,
 * session changes, transaction control, application calls). It only ever makes the layer more
 * careful: what may run again is proven by the server ({@code internal.proof}), never by the text.
 * {@code ConfigCalls} reads a statement's {@code set_config} calls (after it ran, never on the hot
 * path). {@code ThreadMemos} says whether a per-thread memo pays off on the current thread.
 *
 * <p>Calls nothing of the layer's but the public engine types.
 */
package io.retrying.jdbc.internal.sql;
