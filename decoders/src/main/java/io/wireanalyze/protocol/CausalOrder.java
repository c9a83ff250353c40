package io.wireanalyze.protocol;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;

/**
 * Hands a connection's two directions to the decoder in the order they happened, whatever order the capture holds
 * them in. Each segment's acknowledgement number says how much of the other direction its sender had received:
 * those bytes must be decoded first (a reply after its call, the next call after that reply). A tap, a mirror port
 * or a multi-queue NIC may capture a call's last segment after its reply; a lost segment holds the other direction
 * back until the reassembler gives it up. Bounded: past {@code maxQueuedBytes} the oldest waiting bytes go ahead.
 */
final class CausalOrder {

    /** What one side received, in stream order. */
    sealed interface Event permits Data, Gap, End {
    }

    record Data(long offset, ByteBuffer bytes, long peerAcknowledged) implements Event {
    }

    record Gap(long offset, long length) implements Event {
    }

    record End() implements Event {
    }

    /** Where events go once their turn comes. */
    interface Sink {
        void event(int side, Event e);
    }

    private final Sink sink;
    private final long maxQueuedBytes;
    @SuppressWarnings("unchecked")
    private final ArrayDeque<Event>[] queued = new ArrayDeque[]{new ArrayDeque<>(), new ArrayDeque<>()};
    private final long[] delivered = {Long.MIN_VALUE, Long.MIN_VALUE};   // stream offset each side was decoded up to
    private long queuedBytes;

    CausalOrder(Sink sink, long maxQueuedBytes) {
        this.sink = sink;
        this.maxQueuedBytes = maxQueuedBytes;
    }

    void offer(int side, Event e) {
        queued[side].addLast(e);
        if (e instanceof Data d) queuedBytes += d.bytes().remaining();
        pump(false);
        if (e instanceof Data d && queued[side].peekLast() == e) {   // it waits: for its own bytes, not its frame's window
            queued[side].pollLast();
            queued[side].addLast(new Data(d.offset(), copy(d.bytes()), d.peerAcknowledged()));
        }
    }

    /**
     * The bytes alone, read-only as they came. A segment's bytes are a view of the reader's window (a megabyte of the
     * file): a view left waiting kept the whole window on the heap while its connection lasted, 55 windows at once
     * (all but one for waiting data) on the bench's 5 M-packet capture.
     */
    private static ByteBuffer copy(ByteBuffer bytes) {
        byte[] b = new byte[bytes.remaining()];
        bytes.get(bytes.position(), b);
        return ByteBuffer.wrap(b).asReadOnlyBuffer();
    }

    /** Delivers everything queued, in the best order it can (the capture is over, or the connection ended). */
    void drain() {
        pump(true);
    }

    private void pump(boolean all) {
        boolean moved = true;
        while (moved) {
            moved = false;
            for (int side = 0; side < 2; side++) {
                while (!queued[side].isEmpty() && ready(side)) {
                    deliver(side);
                    moved = true;
                }
            }
            if (!moved && (all || queuedBytes > maxQueuedBytes || blockedByEachOther())) {
                int side = queued[0].isEmpty() ? 1 : queued[1].isEmpty() ? 0 : oldestWaiting();
                if (!queued[side].isEmpty()) {
                    deliver(side);
                    moved = true;
                }
            }
        }
    }

    private boolean ready(int side) {
        Event head = queued[side].peekFirst();
        if (!(head instanceof Data d) || d.peerAcknowledged() == Long.MIN_VALUE) return true;
        return d.peerAcknowledged() <= delivered[1 - side] || delivered[1 - side] == Long.MIN_VALUE && d.peerAcknowledged() <= 0;
    }

    /** Each side waits for bytes the other has queued behind its own wait: acknowledgements that lie (a damaged capture). */
    private boolean blockedByEachOther() {
        return !queued[0].isEmpty() && !queued[1].isEmpty();
    }

    /** The side whose head asks the least of the other side. */
    private int oldestWaiting() {
        return required(0) - delivered[1] <= required(1) - delivered[0] ? 0 : 1;
    }

    private long required(int side) {
        return queued[side].peekFirst() instanceof Data d ? d.peerAcknowledged() : Long.MIN_VALUE;
    }

    private void deliver(int side) {
        Event e = queued[side].pollFirst();
        if (e instanceof Data d) {
            queuedBytes -= d.bytes().remaining();
            delivered[side] = Math.max(delivered[side], d.offset() + d.bytes().remaining());
        } else if (e instanceof Gap g) {
            delivered[side] = Math.max(delivered[side], g.offset() + g.length());
        }
        sink.event(side, e);
    }
}
