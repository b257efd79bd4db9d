package io.retrying.jdbc.spring.app;

import io.retrying.jdbc.Idempotent;

/** An interface whose method is declared idempotent: the annotation only here, for JDK proxies. */
public interface Bookkeeping {
    @Idempotent
    void book(String key, long amount);
}
