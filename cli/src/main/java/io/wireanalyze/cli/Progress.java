package io.wireanalyze.cli;

import java.io.PrintWriter;

/**
 * Progress of long runs on standard error: on a terminal one line a second, overwritten in place; otherwise
 * (a log, CI) one line every ten seconds.
 */
final class Progress {

    private final PrintWriter err;
    private final boolean terminal = System.console() != null;
    private long lastNanos = System.nanoTime();
    private boolean pending;

    Progress(PrintWriter err) {
        this.err = err;
    }

    /** A status line now. */
    synchronized void say(String line) {
        clear();
        err.println("wireanalyze: " + line);
        err.flush();
    }

    /** A counter that may be shown if a second has passed since the last one. */
    synchronized void tick(String line) {
        long now = System.nanoTime();
        if (now - lastNanos < (terminal ? 1_000_000_000L : 10_000_000_000L)) return;
        lastNanos = now;
        if (terminal) {
            err.print("\rwireanalyze: " + line + "   ");
            pending = true;
        } else {
            err.println("wireanalyze: " + line);
        }
        err.flush();
    }

    synchronized void clear() {
        if (pending) {
            err.print("\r\033[K");
            pending = false;
        }
    }
}
