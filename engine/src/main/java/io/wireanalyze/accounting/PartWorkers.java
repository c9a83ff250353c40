package io.wireanalyze.accounting;

import io.wireanalyze.frame.TcpSegment;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A split analysis on this machine's cores ({@link SplitAnalysis}): the reading thread reads the frames and their
 * headers only ({@link SplitAnalysis.Headers}) and hands each TCP packet, with its figures, to the worker that owns its
 * flow; each worker tracks, reassembles, decodes and accounts its flows' connections ({@link SplitAnalysis.PartAnalysis}),
 * and when the capture ends the parts are settled. Workers share nothing and never wait for each other; the reading
 * thread waits only when a worker's queue is full, so memory stays bounded. A worker that fails (a decoder's bug)
 * fails the analysis on the reading thread.
 */
final class PartWorkers implements AutoCloseable {

    static final int BATCH = 512;
    /**
     * Batches waiting for a worker, at most: enough to carry a worker over the reading thread's pauses (8 batches are
     * 4,096 packets, milliseconds of a worker's work), and no more. What waits in the queues when the collector runs
     * is alive, and with the launcher's tenuring (an object that outlives one young collection is promoted at once)
     * each young collection promoted the packets queued and the read windows they hold: with 32 batches a worker, 15
     * to 35 MB more a collection than with 2 (the bench's mixed capture, table), and one full collection more (json,
     * two workers: 5 full collections and 1.95 to 2.23 s of pauses; with 8 batches 4 and 1.75 to 1.79 s; the cores as
     * busy either way).
     */
    static final int QUEUED_BATCHES = 8;

    /**
     * Packets for one worker, with their figures. A worker hands each batch it has analysed back to the reading thread
     * ({@link Worker#spent}), its segments let go, to be filled again: the batches' arrays (23 KB a batch, 2,900 batches
     * on the bench's mixed capture) are made once per worker, not once per 512 packets.
     */
    private static final class Batch {
        final TcpSegment[] segments = new TcpSegment[BATCH];
        final FlowKey[] flows = new FlowKey[BATCH];
        final long[] tcpIndex = new long[BATCH];
        final long[] elapsed = new long[BATCH];
        final long[] clock = new long[BATCH];
        int size;
    }

    private static final Batch END = new Batch();

    private final Worker[] workers;
    private final Batch[] pending;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    PartWorkers(int n, AnalysisOptions options, int recordsInMemory, SplitAnalysis.Round round, long captureStartNanos) {
        workers = new Worker[n];
        pending = new Batch[n];
        for (int i = 0; i < n; i++) {
            workers[i] = new Worker(i, new SplitAnalysis.PartAnalysis(options, recordsInMemory, round, captureStartNanos));
            workers[i].start();
        }
    }

    /**
     * A counted TCP packet ({@link SplitAnalysis.Headers#accept}) of {@code flow} with its figures, to the worker of its
     * flow. The segment is handed over as parsed: the reader's buffers are not reused, so it stays valid.
     */
    void accept(TcpSegment s, FlowKey flow, long tcpIndex, long elapsed, long clock) {
        int w = flow.part(workers.length);
        Batch b = pending[w];
        if (b == null) {
            b = workers[w].spent.poll();
            if (b == null) b = new Batch();
            pending[w] = b;
        }
        int i = b.size++;
        b.segments[i] = s;
        b.flows[i] = flow;
        b.tcpIndex[i] = tcpIndex;
        b.elapsed[i] = elapsed;
        b.clock[i] = clock;
        if (b.size == BATCH) {
            hand(w, b);
            pending[w] = null;
        }
    }

    private void hand(int w, Batch b) {
        try {
            while (!workers[w].queue.offer(b, 10, TimeUnit.MILLISECONDS)) rethrow();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while handing packets to a worker", e);
        }
        rethrow();
    }

    /** The capture has ended: every worker finishes its part; returns the parts, in the workers' order. */
    List<SplitAnalysis.Part> finish() {
        for (int w = 0; w < workers.length; w++) {
            if (pending[w] != null) hand(w, pending[w]);
            pending[w] = null;
            hand(w, END);
        }
        List<SplitAnalysis.Part> parts = new ArrayList<>();
        for (Worker w : workers) {
            try {
                w.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the workers finished", e);
            }
            rethrow();
            parts.add(w.part);
        }
        return parts;
    }

    private void rethrow() {
        Throwable t = failure.get();
        if (t == null) return;
        if (t instanceof RuntimeException r) throw r;
        if (t instanceof Error e) throw e;
        throw new IllegalStateException(t);
    }

    /** Stops the workers (after {@link #finish}, or to abandon the analysis). */
    @Override
    public void close() {
        for (Worker w : workers) w.interrupt();
    }

    private final class Worker extends Thread {
        final BlockingQueue<Batch> queue = new ArrayBlockingQueue<>(QUEUED_BATCHES);
        /** Batches analysed, for the reading thread to fill again: at most as many as can be queued and in hand. */
        final BlockingQueue<Batch> spent = new ArrayBlockingQueue<>(QUEUED_BATCHES + 2);
        final SplitAnalysis.PartAnalysis analysis;
        SplitAnalysis.Part part;

        Worker(int index, SplitAnalysis.PartAnalysis analysis) {
            super("wireanalyze-part-" + index);
            setDaemon(true);
            this.analysis = analysis;
        }

        @Override
        public void run() {
            try {
                while (true) {
                    Batch b = queue.take();
                    if (b == END) break;
                    for (int i = 0; i < b.size; i++) analysis.accept(b.segments[i], b.flows[i], b.tcpIndex[i], b.elapsed[i], b.clock[i]);
                    java.util.Arrays.fill(b.segments, 0, b.size, null);   // no segment (nor its read window) kept alive
                    java.util.Arrays.fill(b.flows, 0, b.size, null);
                    b.size = 0;
                    spent.offer(b);   // dropped when full: the reading thread makes another
                }
                part = analysis.finish();
            } catch (InterruptedException e) {
                // abandoned
            } catch (Throwable t) {
                failure.compareAndSet(null, t);   // the first failure is the one reported
            }
        }
    }
}
