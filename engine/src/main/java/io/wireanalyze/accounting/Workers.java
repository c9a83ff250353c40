package io.wireanalyze.accounting;

import java.nio.ByteBuffer;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;

/**
 * Lanes on worker threads: connections spread over the workers by id (a connection's work all goes to one worker,
 * whatever its hosts), each worker decoding and accounting its own. The analyzer's calls are numbered in the order it
 * makes them (for {@link #drain}; their places in the capture come with them) and go, in batches, to the connection's worker, which does them in that order. Workers never wait for
 * each other: a connection's decoding reads nothing of another's (what they tell each other is settled when the
 * capture ends, {@link Settlement}), so the result is the single-threaded one, byte for byte, by construction.
 * <p>
 * Memory stays bounded: a worker's queue holds at most {@link #QUEUED_BATCHES} batches; the analyzer waits for room
 * (calls already handed out are then all visible to the workers, so a waiting worker is always unblocked). A worker
 * that fails (a decoder's bug) fails the analysis: its error is thrown on the analyzer's thread.
 */
final class Workers implements Lanes {

    static final int BATCH = 256;
    static final int QUEUED_BATCHES = 64;
    private static final long IDLE = Long.MAX_VALUE;
    private static final byte DATA = 0, GAP = 1, END = 2, ENDED = 3, ENDED_HELD_ONLY = 4, CONCLUDE = 5;

    private final Worker[] workers;
    private final Lane[] lanes;
    private final Batch[] pending;
    /** The next call's number. */
    private long next;
    /** Every call numbered before this is in its worker's queue, or done. */
    private volatile long flushed;
    /** The first failure of a worker (a decoder's bug), thrown on the analyzer's thread. */
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile boolean closing;

    /** Calls to some connections' work, in the order they were made. */
    private static final class Batch {
        final long[] numbers = new long[BATCH];
        final long[] places = new long[BATCH];
        final byte[] kinds = new byte[BATCH];
        final Connection[] connections = new Connection[BATCH];
        final boolean[] fromInitiator = new boolean[BATCH];
        final long[] offsets = new long[BATCH];
        final long[] values = new long[BATCH];
        final ByteBuffer[] bytes = new ByteBuffer[BATCH];
        int size;
    }

    Workers(int n, IntFunction<Lane> lane) {
        workers = new Worker[n];
        lanes = new Lane[n];
        pending = new Batch[n];
        for (int i = 0; i < n; i++) {
            lanes[i] = lane.apply(i);
            workers[i] = new Worker(i);
        }
        for (Worker w : workers) w.start();
    }

    @Override
    public int laneOf(Connection c) {
        return c.id % workers.length;
    }

    @Override
    public void data(long place, Connection c, boolean fromInitiator, long offset, ByteBuffer bytes, long peerAcknowledged) {
        add(place, DATA, c, fromInitiator, offset, bytes, peerAcknowledged);
    }

    @Override
    public void gap(long place, Connection c, boolean fromInitiator, long offset, long length) {
        add(place, GAP, c, fromInitiator, offset, null, length);
    }

    @Override
    public void end(long place, Connection c, boolean fromInitiator) {
        add(place, END, c, fromInitiator, 0, null, 0);
    }

    @Override
    public void ended(long place, Connection c, boolean conclude) {
        add(place, conclude ? ENDED : ENDED_HELD_ONLY, c, false, 0, null, 0);
    }

    @Override
    public void conclude(long place, Connection c) {
        add(place, CONCLUDE, c, false, 0, null, 0);
    }

    private void add(long place, byte kind, Connection c, boolean fromInitiator, long offset, ByteBuffer bytes, long value) {
        Batch b = pending[c.lane];
        if (b == null) b = pending[c.lane] = new Batch();
        int i = b.size++;
        b.numbers[i] = next++;
        b.places[i] = place;
        b.kinds[i] = kind;
        b.connections[i] = c;
        b.fromInitiator[i] = fromInitiator;
        b.offsets[i] = offset;
        b.values[i] = value;
        b.bytes[i] = bytes;
        if (b.size == BATCH) flush();
    }

    /** Hands every pending batch to its worker at once, then says so: no call stays behind a later one's. */
    private void flush() {
        rethrow();   // a worker that failed stops the analysis now, not at the end of the capture
        for (int i = 0; i < workers.length; i++) {
            if (pending[i] == null) continue;
            for (int spins = 0; workers[i].queue.remainingCapacity() == 0; spins++) pause(spins);
        }
        for (int i = 0; i < workers.length; i++) {
            if (pending[i] == null) continue;
            workers[i].queue.add(pending[i]);
            pending[i] = null;
            if (workers[i].sleeping) LockSupport.unpark(workers[i]);
        }
        flushed = next;
    }

    @Override
    public void drain() {
        flush();
        for (Worker w : workers) {
            for (int spins = 0; w.doneBefore() < next; spins++) pause(spins);
        }
        rethrow();
    }

    @Override
    public Lane[] lanes() {
        return lanes;
    }

    @Override
    public void close() {
        closing = true;
        for (Worker w : workers) LockSupport.unpark(w);
    }

    /** Waits a moment, on the analyzer's thread; throws a worker's failure. */
    private void pause(int spins) {
        rethrow();
        backOff(spins);
    }

    /** The {@code spins}-th wait in a row of the analyzer's thread: a spin, then a yield, then a short sleep. */
    private static void backOff(int spins) {
        if (spins < 64) Thread.onSpinWait();
        else if (spins < 128) Thread.yield();
        else LockSupport.parkNanos(20_000);
    }

    private void rethrow() {
        Throwable t = failure.get();
        if (t == null) return;
        if (t instanceof RuntimeException r) throw r;
        if (t instanceof Error e) throw e;
        throw new IllegalStateException(t);
    }

    private final class Worker extends Thread {
        final ArrayBlockingQueue<Batch> queue = new ArrayBlockingQueue<>(QUEUED_BATCHES);
        final Lane lane;
        /** The number of the call in hand (every earlier call of this worker is done), or IDLE: for {@link #drain}. */
        volatile long current = IDLE;
        volatile boolean sleeping;

        Worker(int index) {
            super("wireanalyze-worker-" + index);
            setDaemon(true);
            lane = lanes[index];
        }

        /** Every call of this worker numbered before the result is done. */
        long doneBefore() {
            long f = flushed;              // first: every call before it is queued by now
            Batch head = queue.peek();
            long c = current;              // last: a batch leaves the queue only after current names it
            if (c != IDLE) return c;
            return head != null ? head.numbers[0] : f;
        }

        @Override
        public void run() {
            try {
                while (true) {
                    if (closing || failure.get() != null) return;   // what is queued is of no use any more
                    Batch b = queue.peek();
                    if (b == null) {
                        current = IDLE;
                        sleeping = true;
                        if (queue.peek() == null && !closing) LockSupport.park(this);
                        sleeping = false;
                        continue;
                    }
                    current = b.numbers[0];
                    queue.poll();
                    for (int i = 0; i < b.size; i++) {
                        current = b.numbers[i];
                        run(b, i);
                    }
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);   // the first failure is the one reported
            }
        }

        private void run(Batch b, int i) {
            Connection c = b.connections[i];
            switch (b.kinds[i]) {
                case DATA -> lane.data(b.places[i], c, b.fromInitiator[i], b.offsets[i], b.bytes[i], b.values[i]);
                case GAP -> lane.gap(b.places[i], c, b.fromInitiator[i], b.offsets[i], b.values[i]);
                case END -> lane.end(b.places[i], c, b.fromInitiator[i]);
                case ENDED -> lane.ended(c, true, b.places[i]);
                case ENDED_HELD_ONLY -> lane.ended(c, false, b.places[i]);
                case CONCLUDE -> lane.conclude(b.places[i], c);
                default -> throw new IllegalStateException("call kind " + b.kinds[i]);
            }
        }
    }
}
