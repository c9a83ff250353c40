package io.wireanalyze.report;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A long list's records turned into text in batches on every core, and the texts handed on in the list's order: how
 * the JSON and CSV reports write a big capture's records. Formatting them is most of a report's work, and the thread
 * writing the report then only reads the records (from the spill, settling each) and writes the texts. At most
 * {@link #AHEAD} batches wait to be written, so memory stays bounded; what a batch's formatting throws, the writing
 * throws. A batch's text, once written, holds a later batch's: as many char arrays as batches in flight, not one a
 * batch (each half a megabyte and more of a JSON report: a fifth of a json run's allocation).
 */
final class Batched {

    /** Records formatted together, by default. */
    static final int BATCH = 512;
    /** Batches formatted ahead of the one written next, at most. */
    static final int AHEAD = 8;

    /** A batch's records as text, written into {@code text} (empty); on a thread of the cores'. */
    interface Format<T> {
        void text(List<T> batch, CharRun text) throws IOException;
    }

    /** Where the texts go, in order; on the writing thread. The text is reused once this returns. */
    interface Sink {
        void write(CharRun text) throws IOException;
    }

    private Batched() {
    }

    /** Whether a list is long enough to format in batches of {@code batch} (and the machine has cores for it). */
    static boolean pays(List<?> list, int batch) {
        return list.size() > batch && Runtime.getRuntime().availableProcessors() > 1;
    }

    static <T> void write(List<T> list, int batch, Format<T> format, Sink sink) throws IOException {
        ExecutorService formatters = Executors.newFixedThreadPool(Math.min(Runtime.getRuntime().availableProcessors(), 4), run -> {
            Thread t = new Thread(run, "wireanalyze-format");
            t.setDaemon(true);
            return t;
        });
        ArrayDeque<Future<CharRun>> pending = new ArrayDeque<>();
        Queue<CharRun> spare = new ConcurrentLinkedQueue<>();   // texts written, for later batches
        try {
            List<T> some = new ArrayList<>(batch);
            for (T record : list) {
                some.add(record);
                if (some.size() == batch) {
                    List<T> full = some;
                    pending.add(formatters.submit(() -> formatted(full, format, spare)));
                    some = new ArrayList<>(batch);
                    while (pending.size() > AHEAD || (!pending.isEmpty() && pending.peek().isDone())) written(pending.poll(), sink, spare);
                }
            }
            if (!some.isEmpty()) {
                List<T> last = some;
                pending.add(formatters.submit(() -> formatted(last, format, spare)));
            }
            while (!pending.isEmpty()) written(pending.poll(), sink, spare);
        } finally {
            for (Future<CharRun> f : pending) f.cancel(true);
            formatters.shutdownNow();
        }
    }

    /** A batch formatted into a spare text, or a new one. */
    private static <T> CharRun formatted(List<T> batch, Format<T> format, Queue<CharRun> spare) throws IOException {
        CharRun text = spare.poll();
        if (text == null) text = new CharRun(batch.size() * 256);
        text.clear();
        format.text(batch, text);
        return text;
    }

    /** A batch's text written, then kept for a later batch. */
    private static void written(Future<CharRun> batch, Sink sink, Queue<CharRun> spare) throws IOException {
        CharRun text = text(batch);
        sink.write(text);
        spare.add(text);
    }

    private static CharRun text(Future<CharRun> batch) throws IOException {
        try {
            return batch.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing the report");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) throw io;
            if (e.getCause() instanceof RuntimeException re) throw re;
            if (e.getCause() instanceof Error err) throw err;
            throw new IOException(e.getCause());
        }
    }
}
