package io.wireanalyze.cli;

import java.io.PrintWriter;

/** Progress of long runs on standard error: at most one line a second, overwritten in place on a terminal. */
final class Progress {

    private final PrintWriter err;
    private final boolean terminal = System.console() != null;
    private long lastNanos = System.nanoTime();
    private boolean pending;

    Progress(PrintWriter err) {
        this.err = err;
    }

    /** A status line now. */
    void say(String line) {
        clear();
        err.println("wireanalyze: " + line);
        err.flush();
    }

    /** A counter that may be shown if a second has passed since the last one. */
    void tick(String line) {
        long now = System.nanoTime();
        if (now - lastNanos < 1_000_000_000L) return;
        lastNanos = now;
        if (terminal) {
            err.print("\rwireanalyze: " + line + "   ");
            pending = true;
        } else {
            err.println("wireanalyze: " + line);
        }
        err.flush();
    }

    void clear() {
        if (pending) {
            err.print("\r\033[K");
            pending = false;
        }
    }
}
