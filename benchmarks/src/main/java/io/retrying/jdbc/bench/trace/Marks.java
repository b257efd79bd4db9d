package io.retrying.jdbc.bench.trace;

/**
 * Where a scenario's failing call starts and ends: {@link FailurePathTrace} sets breakpoints on
 * these no-ops and traces the scenario's thread between {@link #begin} and {@link #end}. Their
 * arguments are what the debugger reads.
 */
public final class Marks {
    private Marks() {
    }

    /** The failing call is next; traced only when {@code traced} (a first round warms the classes up). */
    public static void begin(String scenario, boolean traced) {
        // a breakpoint's place
    }

    /** The failing call returned or threw. */
    public static void end(String scenario) {
        // a breakpoint's place
    }

    /** What the application got from the call, and what the server holds afterwards. */
    public static void outcome(String scenario, String outcome) {
        // a breakpoint's place
    }
}
