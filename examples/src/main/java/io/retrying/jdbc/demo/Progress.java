package io.retrying.jdbc.demo;

import java.io.PrintStream;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * The live progress line. On a terminal it is rewritten in place ({@code \r}) four times a second
 * and cut to the terminal's width; elsewhere (a pipe, a file, CI) a full line is printed every few
 * seconds.
 */
final class Progress implements AutoCloseable {
    private static final Duration TTY_PERIOD = Duration.ofMillis(250);
    private static final Duration LINE_PERIOD = Duration.ofSeconds(2);
    private static final String CLEAR_TO_END = "\033[K";

    private final PrintStream out;
    private final boolean tty;
    private final int columns;
    private final Supplier<String> line;
    private final Thread thread;
    private volatile boolean stopped;

    /**
     * @param tty whether {@code out} is a terminal
     * @param columns the terminal's width (ignored unless tty)
     * @param line makes the current line
     */
    Progress(PrintStream out, boolean tty, int columns, Supplier<String> line) {
        this.out = out;
        this.tty = tty;
        this.columns = Math.max(40, columns);
        this.line = line;
        this.thread = new Thread(this::loop, "demo-progress");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    private void loop() {
        long period = (tty ? TTY_PERIOD : LINE_PERIOD).toMillis();
        while (!stopped) {
            try {
                Thread.sleep(period);
            } catch (InterruptedException e) {
                return;
            }
            if (!stopped) {
                print();
            }
        }
    }

    private void print() {
        String text = line.get();
        if (tty) {
            out.print("\r" + (text.length() >= columns ? text.substring(0, columns - 1) : text) + CLEAR_TO_END);
        } else {
            out.println(text);
        }
        out.flush();
    }

    /** Prints the last state once more and ends the line. */
    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.interrupt();
        thread.join();
        print();
        if (tty) {
            out.println();
        }
    }
}
