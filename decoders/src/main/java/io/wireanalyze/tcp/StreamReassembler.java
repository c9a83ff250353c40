package io.wireanalyze.tcp;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.TreeMap;

/**
 * Puts one direction of a TCP connection back in order (RFC 9293 sequence space). Stream offset 0 is the
 * first byte after the SYN, or the first byte captured when the capture joined mid-connection.
 * Retransmitted bytes are delivered once; where copies overlap the first copy wins; out-of-order segments
 * wait until the hole before them is filled, or until more than {@code maxBuffered} bytes wait, when the
 * hole is given up as a gap. A hole the peer acknowledged waits a bounded capture time for its segment (a
 * reordering capture delivers it after the ACK) before it is given up. Segments waiting behind a hole are kept as
 * views of their frames (a frame's bytes stay valid for the whole analysis); the delivered bytes the peer has not
 * acknowledged yet, kept to compare retransmitted copies with, are copied.
 */
public final class StreamReassembler {

    private final int maxBuffered;
    private final long maxHoleWaitNanos;
    private final BufferPool pool;
    private boolean baseKnown;
    private long base;            // sequence number of stream offset 0
    private long next;            // next stream offset to deliver
    private long finOffset = -1;  // stream offset of the FIN's sequence number
    private final TreeMap<Long, ByteBuffer> waiting = new TreeMap<>();
    /** What the segment of each waiting piece acknowledged of the other direction (same keys as waiting). */
    private final TreeMap<Long, Long> waitingAcks = new TreeMap<>();
    private long insertingAck = Long.MIN_VALUE;
    /**
     * Where the segment last accepted landed besides its offset: its bytes not seen before, and whether it carried bytes
     * seen before (all of them, or some, as Wireshark also flags it). Fields, not a record returned: that was an object
     * per packet.
     */
    private int newBytes;
    private boolean retransmission;
    private long waitingBytes;
    private long gapBytes;
    /** The latest delivered bytes not acknowledged yet (copies), to compare retransmitted copies with. */
    private final Recent recent = new Recent();
    private long conflictingBytes;

    /** A hole the peer acknowledged: up to where, and since when (capture time), or Long.MIN_VALUE. */
    private long ackedUnseenUpTo = Long.MIN_VALUE;
    private long ackedUnseenSince = Long.MIN_VALUE;

    /** A reassembler whose acknowledged holes wait 10 s of capture time for the segment that fills them. */
    public StreamReassembler(int maxBuffered) {
        this(maxBuffered, 10_000_000_000L);
    }

    /**
     * @param maxBuffered      most out-of-order bytes kept before the hole before them is given up
     * @param maxHoleWaitNanos how long, in capture time, a hole the peer acknowledged waits for its segment
     */
    public StreamReassembler(int maxBuffered, long maxHoleWaitNanos) {
        this(maxBuffered, maxHoleWaitNanos, BufferPool.NONE);
    }

    /** @param pool where the ring of recent bytes is taken from as it grows, and given back to on {@link #release()} */
    public StreamReassembler(int maxBuffered, long maxHoleWaitNanos, BufferPool pool) {
        this.maxBuffered = maxBuffered;
        this.maxHoleWaitNanos = maxHoleWaitNanos;
        this.pool = pool;
    }

    /** The SYN's sequence number: the stream starts after it. */
    public void syn(long isn) {
        if (!baseKnown) {
            base = (isn + 1) & 0xffffffffL;
            baseKnown = true;
        }
    }

    public boolean baseKnown() {
        return baseKnown;
    }

    /** Next stream offset expected: the number of bytes delivered or given up as gaps. */
    public long nextOffset() {
        return next;
    }

    public long gapBytes() {
        return gapBytes;
    }

    /**
     * Bytes of later copies (retransmitted or overlapping segments) that differed from the first copy, which won.
     * Compared against everything still waiting and the delivered bytes the peer has not acknowledged yet in the
     * capture, at most the latest {@link #RECENT_BYTES} of them. A sender resends only what it has not seen
     * acknowledged; a copy of bytes whose acknowledgement the capture already holds (the acknowledgement was lost
     * beyond the capture point, or the copy crossed it) is still counted a retransmission, but not compared: as
     * Suricata prunes a stream's segments once the receiver acknowledged them and its parsers took them.
     */
    public long conflictingBytes() {
        return conflictingBytes;
    }

    static final int RECENT_BYTES = 1 << 20;

    /** Stream offset of the FIN, or -1 if none was seen. */
    public long finOffset() {
        return finOffset;
    }

    /** The stream offset of a sequence number (the acknowledgement number of the reverse direction, say). */
    public long offsetOf(long seq) {
        return baseKnown ? offsetOf(base, next, seq) : Long.MIN_VALUE;
    }

    /** The offset of {@code seq} in a stream whose offset 0 is sequence number {@code base}, near offset {@code near}. */
    private static long offsetOf(long base, long near, long seq) {
        long rel = (seq - base) & 0xffffffffL;
        long delta = (int) (rel - (near & 0xffffffffL));   // signed 32-bit distance from near
        return near + delta;
    }

    /** What the direction came to, for accounting after the capture: kept once the reassembler is dropped. */
    public Summary summary() {
        return new Summary(baseKnown, base, next, finOffset, gapBytes, conflictingBytes);
    }

    /**
     * A direction's final state.
     *
     * @param finOffset        stream offset of the FIN, or -1
     * @param gapBytes         bytes never captured
     * @param conflictingBytes bytes of later copies that differed from the first
     */
    public record Summary(boolean baseKnown, long base, long next, long finOffset, long gapBytes, long conflictingBytes) {
        /** The stream offset of a sequence number (an acknowledgement of this direction), as {@link #offsetOf(long)} said at the end. */
        public long offsetOf(long seq) {
            return baseKnown ? StreamReassembler.offsetOf(base, next, seq) : Long.MIN_VALUE;
        }
    }

    /**
     * Accepts a segment's payload.
     *
     * @param seq         its sequence number
     * @param payload     captured payload bytes
     * @param wireLength  payload length on the wire (more than captured when the snaplen cut it)
     * @param fin         whether the segment carries FIN
     * @return where it landed: its stream offset ({@link #newBytes()} and {@link #retransmission()} say the rest)
     */
    public long accept(long seq, ByteBuffer payload, int wireLength, boolean fin, StreamListener out) {
        return accept(seq, payload, wireLength, fin, Long.MIN_VALUE, out);
    }

    /**
     * Accepts a segment's payload, with what the segment acknowledged of the other direction (a stream offset there,
     * or {@link Long#MIN_VALUE}), which its bytes carry to {@link StreamListener#data(long, ByteBuffer, long)}.
     */
    public long accept(long seq, ByteBuffer payload, int wireLength, boolean fin, long peerAcknowledged, StreamListener out) {
        insertingAck = peerAcknowledged;
        if (!baseKnown) {
            // Joined mid-connection: the first byte seen is offset 0. A segment without bytes (a pure ACK, a
            // keep-alive at seq-1) does not say where the bytes start.
            if (wireLength == 0 && !fin) return placed(0, 0, false);
            base = seq;
            baseKnown = true;
        }
        long offset = offsetOf(seq);
        if (fin && finOffset < 0) finOffset = offset + wireLength;
        if (wireLength == 0) return placed(offset, 0, false);
        long end = offset + wireLength;
        if (end <= next) {
            recent.compare(offset, payload);
            return placed(offset, 0, true);
        }
        long waitingBefore = waitingOverlap(offset, end);
        int newBytes = (int) (end - Math.max(offset, next) - waitingBefore);
        // Seen before: bytes already delivered, or already waiting behind a hole (a retransmission captured before
        // the copy it repeats was, or while an earlier segment is still to come).
        boolean retransmission = offset < next || waitingBefore > 0;
        if (retransmission) recent.compare(offset, payload);
        int captured = payload.remaining();
        if (captured < wireLength) {
            // Cut by the snaplen: what was not captured is a gap, now, as no later copy is expected.
            insert(offset, payload);
            drain(out);
            if (next < end && next >= offset + captured) giveUp(end, out);
            return placed(offset, newBytes, retransmission);
        }
        if (offset <= next && waiting.isEmpty()) {
            // In order, nothing waiting (nearly every segment): delivered at once, as insert and drain would, without
            // going through the waiting maps.
            int skip = (int) (next - offset);
            ByteBuffer fresh = payload.slice(payload.position() + skip, captured - skip);
            out.data(next, fresh, peerAcknowledged);
            remember(next, fresh);
            next = end;
            return placed(offset, newBytes, retransmission);
        }
        insert(offset, payload);
        drain(out);
        if (waitingBytes > maxBuffered) {
            giveUp(waiting.firstKey(), out);
            drain(out);
        }
        return placed(offset, newBytes, retransmission);
    }

    private long placed(long offset, int newBytes, boolean retransmission) {
        this.newBytes = newBytes;
        this.retransmission = retransmission;
        return offset;
    }

    /** The bytes of the segment last accepted that were not seen before. */
    public int newBytes() {
        return newBytes;
    }

    /** Whether the segment last accepted carried bytes seen before (all of them, or some). */
    public boolean retransmission() {
        return retransmission;
    }

    /** The direction ended or the capture is over: deliver what waits, holes as gaps. */
    public void flush(StreamListener out) {
        while (!waiting.isEmpty()) {
            giveUp(waiting.firstKey(), out);
            drain(out);
        }
    }

    /** How many bytes of [offset, end) from {@code next} on wait already behind a hole. */
    private long waitingOverlap(long offset, long end) {
        long from = Math.max(offset, next);
        if (waiting.isEmpty() || from >= end) return 0;
        long overlap = 0;
        Map.Entry<Long, ByteBuffer> before = waiting.lowerEntry(from);
        if (before != null) overlap += Math.max(0, Math.min(end, before.getKey() + before.getValue().remaining()) - from);
        for (Map.Entry<Long, ByteBuffer> e : waiting.subMap(from, true, end, false).entrySet()) {
            overlap += Math.min(end, e.getKey() + e.getValue().remaining()) - e.getKey();
        }
        return overlap;
    }

    /** Keeps the parts of a segment no waiting segment holds already: the first copy of a byte wins. */
    private void insert(long offset, ByteBuffer bytes) {
        compare(waiting, offset, bytes);
        long end = offset + bytes.remaining();
        long from = Math.max(offset, next);
        Map.Entry<Long, ByteBuffer> before = waiting.floorEntry(from);
        if (before != null) from = Math.max(from, before.getKey() + before.getValue().remaining());
        while (from < end) {
            Map.Entry<Long, ByteBuffer> after = waiting.ceilingEntry(from);
            long to = after == null ? end : Math.min(end, after.getKey());
            if (to > from) {
                ByteBuffer part = bytes.slice(bytes.position() + (int) (from - offset), (int) (to - from));
                waiting.put(from, part);
                waitingAcks.put(from, insertingAck);
                waitingBytes += part.remaining();
            }
            if (after == null) break;
            from = Math.max(from, after.getKey() + after.getValue().remaining());
        }
    }

    /**
     * The peer acknowledged everything before stream offset {@code acked}, at capture time {@code nowNanos}. Bytes
     * before it not seen yet may still come (a tap or a multi-queue NIC reorders: Wireshark's "ACKed unseen
     * segment"), so the hole waits: it is given up when {@link #expire} finds it older than the hole wait, when
     * too many bytes wait behind it, or when the direction or the capture ends ({@link #flush}).
     */
    public void acknowledged(long acked, long nowNanos, StreamListener out) {
        if (!baseKnown || acked == Long.MIN_VALUE) return;
        if (finOffset >= 0) acked = Math.min(acked, finOffset);   // the FIN takes a sequence number, not a byte
        drain(out);
        recent.forget(acked);
        if (next >= acked) return;
        if (ackedUnseenSince == Long.MIN_VALUE) ackedUnseenSince = nowNanos;
        ackedUnseenUpTo = Math.max(ackedUnseenUpTo, acked);
    }

    /** Gives up an acknowledged hole that waited longer than the hole wait at capture time {@code nowNanos}. */
    public void expire(long nowNanos, StreamListener out) {
        if (ackedUnseenSince == Long.MIN_VALUE) return;
        if (next >= ackedUnseenUpTo) {
            ackedUnseenSince = ackedUnseenUpTo = Long.MIN_VALUE;
            return;
        }
        if (nowNanos - ackedUnseenSince <= maxHoleWaitNanos) return;
        giveUpAcknowledged(ackedUnseenUpTo, out);
        ackedUnseenSince = ackedUnseenUpTo = Long.MIN_VALUE;
    }

    /** Whether bytes wait behind a hole, or a hole the peer acknowledged waits for its segment. */
    public boolean holding() {
        return !waiting.isEmpty() || (ackedUnseenSince != Long.MIN_VALUE && next < ackedUnseenUpTo);
    }

    /** Whether every byte before the FIN was delivered (or given up): the direction has ended in order. */
    public boolean complete() {
        return finOffset >= 0 && next >= finOffset;
    }

    /** Gives up the holes before {@code acked}, delivering what waited behind each. */
    private void giveUpAcknowledged(long acked, StreamListener out) {
        while (next < acked) {
            Map.Entry<Long, ByteBuffer> first = waiting.firstEntry();
            if (first != null && first.getKey() <= next) {
                drain(out);
                continue;
            }
            giveUp(first == null ? acked : Math.min(acked, first.getKey()), out);
            drain(out);
        }
    }

    private void drain(StreamListener out) {
        Map.Entry<Long, ByteBuffer> e;
        while ((e = waiting.firstEntry()) != null && e.getKey() <= next) {
            waiting.pollFirstEntry();
            Long peerAck = waitingAcks.remove(e.getKey());
            ByteBuffer b = e.getValue();
            waitingBytes -= b.remaining();
            long end = e.getKey() + b.remaining();
            if (end <= next) continue;
            int skip = (int) (next - e.getKey());
            ByteBuffer fresh = b.slice(b.position() + skip, b.remaining() - skip);
            out.data(next, fresh, peerAck == null ? Long.MIN_VALUE : peerAck);
            remember(next, fresh);
            next = end;
        }
    }

    /** Counts the bytes of {@code copy} (at stream {@code offset}) that differ from the copies in {@code kept}. */
    private void compare(TreeMap<Long, ByteBuffer> kept, long offset, ByteBuffer copy) {
        long end = offset + copy.remaining();
        Map.Entry<Long, ByteBuffer> e = kept.floorEntry(offset);
        Long key = e != null && e.getKey() + e.getValue().remaining() > offset ? e.getKey() : kept.ceilingKey(offset);
        while (key != null && key < end) {
            ByteBuffer k = kept.get(key);
            long from = Math.max(offset, key), to = Math.min(end, key + k.remaining());
            for (long i = from; i < to; i++) {
                if (copy.get(copy.position() + (int) (i - offset)) != k.get(k.position() + (int) (i - key))) conflictingBytes++;
            }
            key = kept.higherKey(key);
        }
    }

    /**
     * Keeps a copy of delivered bytes, not the view: a view keeps its frame's whole read window (a megabyte of the file)
     * on the heap for as long as the connection lasts, and a capture's long-lived connections would then hold the file.
     */
    private void remember(long offset, ByteBuffer bytes) {
        recent.add(offset, bytes);
    }

    /**
     * The latest delivered pieces that the peer has not acknowledged, oldest first, at most {@link #RECENT_BYTES} of them
     * (the latest piece always, whatever its size): their bytes copied one after another into one ring of bytes, and each piece's stream offset, length and
     * place in the ring in parallel ring arrays. Delivered offsets only grow, so the pieces are in offset order and found
     * by binary search. The ring grows (doubling, up to {@link #RECENT_BYTES}, or the latest piece's size) as a
     * direction's bytes come and is then reused: no array per delivered segment. Once the peer has acknowledged every
     * piece, the ring goes back to the pool. (Before, a copy of each segment; and before that a {@code TreeMap} of
     * wrapped copies. Until 2026-11-27 a direction kept its latest mebibyte whether acknowledged or not: on the bench's
     * 5 M-packet capture the rings of about 16 k open directions were 69 MB of a 211 MB live heap.)
     */
    private final class Recent {
        private long[] offsets = NO_OFFSETS;
        private int[] lengths = NO_INTS;
        private int[] starts = NO_INTS;   // index in data of each piece's first byte
        private byte[] data = NO_BYTES;
        private int head;   // the oldest piece's slot
        private int count;
        private long bytes;

        void add(long offset, ByteBuffer piece) {
            int length = piece.remaining();
            // The oldest go first while, with the new piece, more than RECENT_BYTES would be kept (never the new one).
            while (count > 0 && bytes + length > RECENT_BYTES) {
                bytes -= lengths[head];
                head = (head + 1) & (offsets.length - 1);
                count--;
            }
            if (count == offsets.length) grow();
            if (bytes + length > data.length) growData((int) bytes + length);
            int at = count == 0 ? 0 : wrap(last() + (long) lengths[slot(count - 1)]);
            int first = Math.min(length, data.length - at);
            piece.get(piece.position(), data, at, first);
            if (first < length) piece.get(piece.position() + first, data, 0, length - first);
            int slot = slot(count);
            offsets[slot] = offset;
            lengths[slot] = length;
            starts[slot] = at;
            count++;
            bytes += length;
        }

        private int slot(int i) {
            return (head + i) & (offsets.length - 1);
        }

        /** Index in data of the newest piece's first byte. */
        private int last() {
            return starts[slot(count - 1)];
        }

        private int wrap(long i) {
            return (int) (i >= data.length ? i - data.length : i);
        }

        private void grow() {
            int n = Math.max(8, offsets.length * 2);
            long[] o = new long[n];
            int[] l = new int[n], st = new int[n];
            for (int i = 0; i < count; i++) {
                int s = slot(i);
                o[i] = offsets[s];
                l[i] = lengths[s];
                st[i] = starts[s];
            }
            offsets = o;
            lengths = l;
            starts = st;
            head = 0;
        }

        /** A larger ring of bytes (at least {@code need}), the kept pieces moved to its start in order. */
        private void growData(int need) {
            int n = Math.max(need, Math.min(Math.max(MIN_RECENT, data.length * 2), RECENT_BYTES));
            byte[] d = pool.take(n);
            int at = 0;
            for (int i = 0; i < count; i++) {
                int s = slot(i), from = starts[s], len = lengths[s];
                int first = Math.min(len, data.length - from);
                System.arraycopy(data, from, d, at, first);
                if (first < len) System.arraycopy(data, 0, d, at + first, len - first);
                starts[s] = at;
                at += len;
            }
            pool.give(data);
            data = d;
        }

        /**
         * The peer acknowledged every byte before {@code acknowledged}: the pieces that end there or before go, and when
         * none is left the ring goes back to the pool (an idle connection, its bytes all acknowledged, then keeps none).
         */
        void forget(long acknowledged) {
            while (count > 0 && offsets[head] + lengths[head] <= acknowledged) {
                bytes -= lengths[head];
                head = (head + 1) & (offsets.length - 1);
                count--;
            }
            if (count == 0 && data.length > 0) {
                release();
                head = 0;
            }
        }

        /** The direction is over: the ring goes back to the thread's pool. */
        void release() {
            pool.give(data);
            data = NO_BYTES;
            count = 0;
            bytes = 0;
        }

        private long offset(int i) {
            return offsets[slot(i)];
        }

        /** Counts the bytes of {@code copy} (at stream {@code offset}) that differ from the pieces kept. */
        void compare(long offset, ByteBuffer copy) {
            long end = offset + copy.remaining();
            // The last piece starting at or before offset, if it reaches past it; else the first starting after.
            int lo = 0, hi = count - 1, floor = -1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (offset(mid) <= offset) {
                    floor = mid;
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            int i = floor >= 0 && offset(floor) + lengths[slot(floor)] > offset ? floor : floor + 1;
            for (; i < count && offset(i) < end; i++) {
                int s = slot(i);
                long key = offsets[s];
                int start = starts[s];
                long from = Math.max(offset, key), to = Math.min(end, key + lengths[s]);
                for (long j = from; j < to; j++) {
                    if (copy.get(copy.position() + (int) (j - offset)) != data[wrap(start + (j - key))]) conflictingBytes++;
                }
            }
        }
    }

    /**
     * The direction gets nothing more (its connection's streams are closed, after {@link #summary()}): the bytes it kept
     * to compare retransmitted copies with go back to the pool, for the directions that follow.
     */
    public void release() {
        recent.release();
    }

    /** The ring of recent bytes a direction starts with, once it delivers any. */
    static final int MIN_RECENT = BufferPool.MIN;
    private static final long[] NO_OFFSETS = new long[0];
    private static final int[] NO_INTS = new int[0];
    private static final byte[] NO_BYTES = new byte[0];

    private void giveUp(long upTo, StreamListener out) {
        if (upTo > next) {
            out.gap(next, upTo - next);
            gapBytes += upTo - next;
            next = upTo;
        }
    }
}
