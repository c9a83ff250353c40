package io.wireanalyze.report;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A long list's records turned into text in batches on every core, and the texts handed on in the list's order: how
 * the JSON and CSV reports write a big capture's records. Formatting them is most of a report's work. The thread
 * writing the report only reads the records (from the spill, settling each) and hands each batch to the formatters; a
 * thread of its own takes the texts in order and writes them (for a JSON report to standard output or a file, that is
 * where they are encoded as UTF-8, a third of what the report's thread did when it wrote them itself). At most
 * {@link #AHEAD} batches wait to be written, so memory stays bounded; what a batch's formatting or writing throws, the
 * call throws. A batch's text, once written, holds a later batch's: as many char arrays as batches in flight, not one a
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

    /**
     * Where the texts go, in order; on the writing thread, the one thread that writes during {@link #write} (what
     * the sink writes to is the caller's again when it returns). The text is reused once this returns.
     */
    interface Sink {
        void write(CharRun text) throws IOException;
    }

    /** What the writing thread is handed after the last batch. */
    private static final Future<CharRun> END = CompletableFuture.completedFuture(null);

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
        Queue<CharRun> spare = new ConcurrentLinkedQueue<>();   // texts written, for later batches
        Writing writing = new Writing(sink, spare);
        writing.start();
        try {
            List<T> some = new ArrayList<>(batch);
            for (T record : list) {
                some.add(record);
                if (some.size() == batch) {
                    List<T> full = some;
                    writing.hand(formatters.submit(() -> formatted(full, format, spare)));
                    some = new ArrayList<>(batch);
                }
            }
            if (!some.isEmpty()) {
                List<T> last = some;
                writing.hand(formatters.submit(() -> formatted(last, format, spare)));
            }
            writing.finish();
        } finally {
            writing.abandon();
            formatters.shutdownNow();
        }
    }

    /**
     * The thread that writes the formatted batches in the list's order: it takes each batch's text as it is done,
     * writes it to the sink and keeps it for a later batch.
     */
    private static final class Writing extends Thread {
        private final BlockingQueue<Future<CharRun>> batches = new ArrayBlockingQueue<>(AHEAD);
        private final Sink sink;
        private final Queue<CharRun> spare;
        private volatile Throwable failure;

        Writing(Sink sink, Queue<CharRun> spare) {
            super("wireanalyze-write");
            setDaemon(true);
            this.sink = sink;
            this.spare = spare;
        }

        @Override
        public void run() {
            try {
                for (Future<CharRun> b = batches.take(); b != END; b = batches.take()) {
                    CharRun text = text(b);
                    sink.write(text);
                    spare.add(text);
                }
            } catch (InterruptedException | InterruptedIOException e) {
                // abandoned: the report's thread failed, or was interrupted
            } catch (Throwable t) {
                failure = t;
            }
        }

        /** The next batch, to be written after those handed before; waits while {@link #AHEAD} wait. */
        void hand(Future<CharRun> batch) throws IOException {
            rethrow();
            try {
                while (!batches.offer(batch, 10, TimeUnit.MILLISECONDS)) rethrow();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while writing the report");
            }
        }

        /** Waits until every batch handed is written. */
        void finish() throws IOException {
            hand(END);
            try {
                join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while writing the report");
            }
            rethrow();
        }

        /** Stops writing (after {@link #finish}: nothing left), and cancels the batches not written. */
        void abandon() {
            interrupt();
            for (Future<CharRun> f : batches) f.cancel(true);
            try {
                join();   // the sink is the caller's again only once this thread has stopped
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void rethrow() throws IOException {
            Throwable t = failure;
            if (t != null) throw rethrown(t);
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

    private static CharRun text(Future<CharRun> batch) throws IOException, InterruptedException {
        try {
            return batch.get();
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        } catch (CancellationException e) {
            throw new InterruptedException("a batch was cancelled");
        }
    }

    /** A formatter's or the sink's failure, thrown as it was (unchecked or I/O), else as the cause of an IOException. */
    private static IOException rethrown(Throwable t) {
        if (t instanceof IOException io) return io;
        if (t instanceof RuntimeException re) throw re;
        if (t instanceof Error err) throw err;
        return new IOException(t);
    }
}
