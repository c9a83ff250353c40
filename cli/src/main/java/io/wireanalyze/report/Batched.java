package io.wireanalyze.report;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A long list's records turned into text in batches on every core, and the texts handed on in the list's order: how
 * the JSON and CSV reports write a big capture's records. Formatting them is most of a report's work, and the thread
 * writing the report then only reads the records (from the spill, settling each) and writes the texts. At most
 * {@link #AHEAD} batches wait to be written, so memory stays bounded; what a batch's formatting throws, the writing
 * throws.
 */
final class Batched {

    /** Records formatted together, by default. */
    static final int BATCH = 512;
    /** Batches formatted ahead of the one written next, at most. */
    static final int AHEAD = 8;

    /** A batch's records as text (of type {@code R}); on a thread of the cores'. */
    interface Format<T, R> {
        R text(List<T> batch) throws IOException;
    }

    /** Where the texts go, in order; on the writing thread. */
    interface Sink<R> {
        void write(R text) throws IOException;
    }

    private Batched() {
    }

    /** Whether a list is long enough to format in batches of {@code batch} (and the machine has cores for it). */
    static boolean pays(List<?> list, int batch) {
        return list.size() > batch && Runtime.getRuntime().availableProcessors() > 1;
    }

    static <T, R> void write(List<T> list, int batch, Format<T, R> format, Sink<R> sink) throws IOException {
        ExecutorService formatters = Executors.newFixedThreadPool(Math.min(Runtime.getRuntime().availableProcessors(), 4), run -> {
            Thread t = new Thread(run, "wireanalyze-format");
            t.setDaemon(true);
            return t;
        });
        ArrayDeque<Future<R>> pending = new ArrayDeque<>();
        try {
            List<T> some = new ArrayList<>(batch);
            for (T record : list) {
                some.add(record);
                if (some.size() == batch) {
                    List<T> full = some;
                    pending.add(formatters.submit(() -> format.text(full)));
                    some = new ArrayList<>(batch);
                    while (pending.size() > AHEAD || (!pending.isEmpty() && pending.peek().isDone())) sink.write(text(pending.poll()));
                }
            }
            if (!some.isEmpty()) {
                List<T> last = some;
                pending.add(formatters.submit(() -> format.text(last)));
            }
            while (!pending.isEmpty()) sink.write(text(pending.poll()));
        } finally {
            for (Future<R> f : pending) f.cancel(true);
            formatters.shutdownNow();
        }
    }

    private static <R> R text(Future<R> batch) throws IOException {
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
