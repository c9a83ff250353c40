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
import java.util.function.IntFunction;

/**
 * A long list's records turned into text in batches on every core, and the texts handed on in the list's order: how
 * the JSON and CSV reports write a big capture's records. Formatting them is most of a report's work. The thread
 * writing the report only reads the records (from the spill, settling each) and hands each batch to the formatters; a
 * thread of its own takes the texts in order and writes them (for a JSON report to standard output or a file, that is
 * where CSV's chars are encoded as UTF-8; JSON's texts are its bytes already). At most {@link #AHEAD} batches wait to be
 * written, so memory stays bounded; what a batch's formatting or writing throws, the call throws. A batch's text, once
 * written, holds a later batch's: as many arrays as batches in flight, not one a batch (each a quarter of a megabyte
 * and more of a JSON report: a fifth of a json run's allocation when each batch had its own).
 */
final class Batched {

    /** Records formatted together, by default. */
    static final int BATCH = 512;
    /** Batches formatted ahead of the one written next, at most. */
    static final int AHEAD = 8;

    /** A batch's text: JSON's bytes ({@link ByteRun}) or CSV's chars ({@link CharRun}), reused once written. */
    interface Text {
        /** Forgets what was written, keeping the room. */
        void clear();
    }

    /** A batch's records as text, written into {@code text} (empty); on a thread of the cores'. */
    interface Format<T, R extends Text> {
        void text(List<T> batch, R text) throws IOException;
    }

    /**
     * Where the texts go, in order; on the writing thread, the one thread that writes during {@link #write} (what
     * the sink writes to is the caller's again when it returns). The text is reused once this returns.
     */
    interface Sink<R extends Text> {
        void write(R text) throws IOException;
    }

    /** What the writing thread is handed after the last batch. */
    private static final Future<Text> END = CompletableFuture.completedFuture(null);

    private Batched() {
    }

    /** Whether a list is long enough to format in batches of {@code batch} (and the machine has cores for it). */
    static boolean pays(List<?> list, int batch) {
        return list.size() > batch && Runtime.getRuntime().availableProcessors() > 1;
    }

    /** {@code list}'s records in batches of {@code batch}, each formatted into a text {@code make} makes (given a size in records) or one written before. */
    static <T, R extends Text> void write(List<T> list, int batch, IntFunction<R> make, Format<T, R> format, Sink<R> sink)
            throws IOException {
        ExecutorService formatters = Executors.newFixedThreadPool(Math.min(Runtime.getRuntime().availableProcessors(), 4), run -> {
            Thread t = new Thread(run, "wireanalyze-format");
            t.setDaemon(true);
            return t;
        });
        Queue<R> spare = new ConcurrentLinkedQueue<>();   // texts written, for later batches
        Writing<R> writing = new Writing<>(sink, spare);
        writing.start();
        try {
            List<T> some = new ArrayList<>(batch);
            for (T record : list) {
                some.add(record);
                if (some.size() == batch) {
                    List<T> full = some;
                    writing.hand(formatters.submit(() -> formatted(full, make, format, spare)));
                    some = new ArrayList<>(batch);
                }
            }
            if (!some.isEmpty()) {
                List<T> last = some;
                writing.hand(formatters.submit(() -> formatted(last, make, format, spare)));
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
    private static final class Writing<R extends Text> extends Thread {
        private final BlockingQueue<Future<? extends Text>> batches = new ArrayBlockingQueue<>(AHEAD);
        private final Sink<R> sink;
        private final Queue<R> spare;
        private volatile Throwable failure;

        Writing(Sink<R> sink, Queue<R> spare) {
            super("wireanalyze-write");
            setDaemon(true);
            this.sink = sink;
            this.spare = spare;
        }

        @Override
        public void run() {
            try {
                for (Future<? extends Text> b = batches.take(); b != END; b = batches.take()) {
                    @SuppressWarnings("unchecked")   // every batch but END is a Future<R>, made by write
                    R text = (R) text(b);
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
        void hand(Future<? extends Text> batch) throws IOException {
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
            for (Future<? extends Text> f : batches) f.cancel(true);
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
    private static <T, R extends Text> R formatted(List<T> batch, IntFunction<R> make, Format<T, R> format, Queue<R> spare)
            throws IOException {
        R text = spare.poll();
        if (text == null) text = make.apply(batch.size());
        text.clear();
        format.text(batch, text);
        return text;
    }

    private static Text text(Future<? extends Text> batch) throws IOException, InterruptedException {
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
