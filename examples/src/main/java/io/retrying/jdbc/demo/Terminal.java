package io.retrying.jdbc.demo;

/**
 * Whether stdout and stderr are terminals, and how wide. A JVM cannot tell for stderr, so
 * {@code demo.sh} tells it ({@code -Dretrying.demo.stdout.tty=true} ...); without those properties
 * stdout counts as a terminal when the JVM has a console, stderr never.
 *
 * @param stdout stdout is a terminal
 * @param stderr stderr is a terminal
 * @param columns the terminal's width
 */
record Terminal(boolean stdout, boolean stderr, int columns) {
    private static final int DEFAULT_COLUMNS = 120;

    static Terminal detect() {
        String out = System.getProperty("retrying.demo.stdout.tty");
        boolean stdout = out != null ? Boolean.parseBoolean(out) : System.console() != null;
        boolean stderr = Boolean.parseBoolean(System.getProperty("retrying.demo.stderr.tty"));
        int columns = DEFAULT_COLUMNS;
        try {
            columns = Integer.parseInt(System.getProperty("retrying.demo.columns", "").trim());
        } catch (NumberFormatException e) {
            // unknown width: the default
        }
        return new Terminal(stdout, stderr, columns);
    }

    /** Neither stream a terminal: periodic lines, as in CI or a test. */
    static Terminal none() {
        return new Terminal(false, false, DEFAULT_COLUMNS);
    }
}
