package io.retrying.jdbc.internal.dial;

import java.io.IOException;

/**
 * The fact, seen on the socket, that a dial's TCP connect succeeded but nothing came back before
 * the peer closed or reset it: no PostgreSQL answered, not even its one-byte reply to an
 * SSLRequest. A proxy with no healthy backend does this (HAProxy's primary port while no node is
 * primary). Added as a suppressed exception to pgjdbc's 08001 by {@link ObservingSocketFactory},
 * so that the dial is classified as one that reached no server ({@code Classifier.refusedDial}):
 * waited for within the reconnect window, paced by the breaker, never charged to the bucket.
 */
public final class NoServerWord extends IOException {
    private static final long serialVersionUID = 1L;

    NoServerWord(String server) {
        super("connected to " + server + ", which closed the connection before any server said a word:"
                + " no PostgreSQL behind that address now (a proxy or pooler with no backend)");
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this; // a fact, not a failure: where it was made says nothing
    }
}
