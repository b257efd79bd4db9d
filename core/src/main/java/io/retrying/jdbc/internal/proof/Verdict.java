package io.retrying.jdbc.internal.proof;

/**
 * What the server said about a statement that lost its connection: it cannot have written (and so
 * may run again), or why that could not be shown.
 *
 * @param readOnly proven by the server: running it again writes nothing
 * @param reason why not, for the give-up event; "read-only" when proven
 */
public record Verdict(boolean readOnly, String reason) {

    public static final Verdict READ_ONLY = new Verdict(true, "read-only");

    static Verdict not(String reason) {
        return new Verdict(false, reason);
    }
}
