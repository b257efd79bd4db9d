package io.retrying.jdbc.demo;

/**
 * One money transfer between two accounts.
 *
 * @param key the idempotency key, stored with the transfer: a key found twice in the database is a
 *     transfer applied twice
 * @param from the account debited
 * @param to the account credited
 * @param amount how much moves
 */
record Transfer(String key, int from, int to, long amount) {}
