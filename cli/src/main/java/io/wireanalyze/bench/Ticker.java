package io.wireanalyze.bench;

import java.io.PrintWriter;

/** A progress line on standard error: on a terminal once a second, overwritten in place; otherwise every ten seconds. */
final class Ticker {

    private final PrintWriter err;
    private final boolean terminal = System.console() != null;
    private long last = System.nanoTime();
    private boolean pending;

    Ticker(PrintWriter err) {
        this.err = err;
    }

    void tick(String line) {
        long now = System.nanoTime();
        if (now - last < (terminal ? 1_000_000_000L : 10_000_000_000L)) return;
        last = now;
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
            err.flush();
            pending = false;
        }
    }
}
