package io.wireanalyze.console;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Progress of long runs on standard error: on a terminal one line a second, overwritten in place; otherwise
 * (a log, CI) one line every ten seconds.
 */
public final class Progress {
    private static final long TICK_MILLIS = 250;

    /** Which status lines are printed: all, or only warnings and interruptions (the runs inside a comparison). */
    enum Detail { ALL, WARNINGS }

    private final PrintWriter err;
    private final Detail detail;
    private final boolean terminal = System.console() != null;
    private long lastNanos = System.nanoTime();
    private boolean pending;

    public Progress(PrintWriter err) {
        this(err, Detail.ALL);
    }

    private Progress(PrintWriter err, Detail detail) {
        this.err = err;
        this.detail = detail;
    }

    /** Progress on the same stream printing only warnings and interruptions. */
    public Progress quiet() {
        return new Progress(err, Detail.WARNINGS);
    }

    /** Work that may take long. */
    @FunctionalInterface
    public interface Task<T, E extends Exception> {
        T run() throws E;
    }

    /** A status line now (with {@link Detail#WARNINGS}, only a warning or an interruption). */
    public synchronized void say(String line) {
        if (detail == Detail.WARNINGS && !line.startsWith("WARNING") && !line.startsWith("interrupted")) return;
        clear();
        err.println("wireanalyze: " + line);
        err.flush();
    }

    /** A counter that may be shown if a second has passed since the last one. */
    public synchronized void tick(String line) {
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

    public synchronized void clear() {
        if (pending) {
            err.print("\r\033[K");
            pending = false;
        }
    }

    /**
     * Runs {@code task}, ticking {@code "<what> running for N s; <status>"} meanwhile from a daemon thread, and
     * clears the counter when it ends.
     */
    public <T, E extends Exception> T during(String what, Supplier<String> status, Task<T, E> task) throws E {
        long start = System.nanoTime();
        Thread ticker = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(TICK_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
                tick(String.format(Locale.ROOT, "%s running for %.0f s; %s", what, (System.nanoTime() - start) / 1e9, status.get()));
            }
        }, "wireanalyze-progress");
        ticker.setDaemon(true);
        ticker.start();
        try {
            return task.run();
        } finally {
            ticker.interrupt();
            clear();
        }
    }
}
