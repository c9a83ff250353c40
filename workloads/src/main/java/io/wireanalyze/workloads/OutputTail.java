package io.wireanalyze.workloads;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The last lines of a child's stdout or stderr, filled by a daemon thread so the child never blocks on a
 * full pipe. Waiters are woken on each line and at end of stream.
 */
final class OutputTail {
    private final Deque<String> lines = new ArrayDeque<>();
    private final int capacity;
    private boolean ended;

    private OutputTail(int capacity) {
        this.capacity = capacity;
    }

    /** Starts a daemon thread named {@code threadName} that reads {@code in} line by line to its end. */
    static OutputTail follow(InputStream in, String threadName, int capacity) {
        OutputTail tail = new OutputTail(capacity);
        Thread t = new Thread(() -> tail.drain(in), threadName);
        t.setDaemon(true);
        t.start();
        return tail;
    }

    private void drain(InputStream in) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) add(line);
        } catch (IOException e) {
            add("(reading this output failed: " + e.getMessage() + ")");
        } finally {
            end();
        }
    }

    private synchronized void add(String line) {
        if (lines.size() == capacity) lines.removeFirst();
        lines.addLast(line);
        notifyAll();
    }

    private synchronized void end() {
        ended = true;
        notifyAll();
    }

    synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    /** Waits until a retained line matches, the stream ends, or {@code timeoutNanos} pass. */
    synchronized LineWait await(Predicate<String> match, long timeoutNanos) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        while (true) {
            Optional<String> found = lines.stream().filter(match).findFirst();
            if (found.isPresent()) return new LineWait.Found(found.get());
            if (ended) return new LineWait.Ended();
            long left = deadline - System.nanoTime();
            if (left <= 0) return new LineWait.TimedOut();
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /** Waits up to {@code timeoutNanos} for the end of stream, so a dead child's last lines are in. */
    synchronized boolean awaitEnd(long timeoutNanos) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        while (!ended) {
            long left = deadline - System.nanoTime();
            if (left <= 0) return false;
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }
}
