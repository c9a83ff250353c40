package io.wireanalyze.tcp;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.TreeMap;

/**
 * Puts one direction of a TCP connection back in order (RFC 9293 sequence space). Stream offset 0 is the
 * first byte after the SYN, or the first byte captured when the capture joined mid-connection.
 * Retransmitted bytes are delivered once; where copies overlap the first copy wins; out-of-order segments
 * wait until the hole before them is filled, or until more than {@code maxBuffered} bytes wait, when the
 * hole is given up as a gap. Segment bytes are kept as views, not copied: a frame's bytes stay valid for
 * the whole analysis.
 */
public final class StreamReassembler {

    /** Where a segment landed in the stream. */
    public record Placement(long offset, int newBytes, boolean retransmission) {
    }

    private final int maxBuffered;
    private boolean baseKnown;
    private long base;            // sequence number of stream offset 0
    private long next;            // next stream offset to deliver
    private long finOffset = -1;  // stream offset of the FIN's sequence number
    private final TreeMap<Long, ByteBuffer> waiting = new TreeMap<>();
    private long waitingBytes;
    private long gapBytes;

    public StreamReassembler(int maxBuffered) {
        this.maxBuffered = maxBuffered;
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

    /** Stream offset of the FIN, or -1 if none was seen. */
    public long finOffset() {
        return finOffset;
    }

    /** The stream offset of a sequence number (the acknowledgement number of the reverse direction, say). */
    public long offsetOf(long seq) {
        if (!baseKnown) return Long.MIN_VALUE;
        long rel = (seq - base) & 0xffffffffL;
        long delta = (int) (rel - (next & 0xffffffffL));   // signed 32-bit distance from next
        return next + delta;
    }

    /**
     * Accepts a segment's payload.
     *
     * @param seq         its sequence number
     * @param payload     captured payload bytes
     * @param wireLength  payload length on the wire (more than captured when the snaplen cut it)
     * @param fin         whether the segment carries FIN
     */
    public Placement accept(long seq, ByteBuffer payload, int wireLength, boolean fin, StreamListener out) {
        if (!baseKnown) {
            base = seq;
            baseKnown = true;
        }
        long offset = offsetOf(seq);
        if (fin && finOffset < 0) finOffset = offset + wireLength;
        if (wireLength == 0) return new Placement(offset, 0, false);
        long end = offset + wireLength;
        if (end <= next) return new Placement(offset, 0, true);
        int newBytes = (int) (end - Math.max(offset, next));
        boolean retransmission = offset < next;
        int captured = payload.remaining();
        if (captured < wireLength) {
            // Cut by the snaplen: what was not captured is a gap, now, as no later copy is expected.
            insert(offset, payload);
            drain(out);
            if (next < end && next >= offset + captured) giveUp(end, out);
            return new Placement(offset, newBytes, retransmission);
        }
        insert(offset, payload);
        drain(out);
        if (waitingBytes > maxBuffered) {
            giveUp(waiting.firstKey(), out);
            drain(out);
        }
        return new Placement(offset, newBytes, retransmission);
    }

    /** The direction ended or the capture is over: deliver what waits, holes as gaps. */
    public void flush(StreamListener out) {
        while (!waiting.isEmpty()) {
            giveUp(waiting.firstKey(), out);
            drain(out);
        }
    }

    private void insert(long offset, ByteBuffer bytes) {
        if (bytes.remaining() == 0) return;
        ByteBuffer old = waiting.get(offset);
        if (old != null && old.remaining() >= bytes.remaining()) return;   // first copy wins; keep the longer one
        if (old != null) waitingBytes -= old.remaining();
        waiting.put(offset, bytes.slice());
        waitingBytes += bytes.remaining();
    }

    private void drain(StreamListener out) {
        Map.Entry<Long, ByteBuffer> e;
        while ((e = waiting.firstEntry()) != null && e.getKey() <= next) {
            waiting.pollFirstEntry();
            ByteBuffer b = e.getValue();
            waitingBytes -= b.remaining();
            long end = e.getKey() + b.remaining();
            if (end <= next) continue;
            int skip = (int) (next - e.getKey());
            ByteBuffer fresh = b.slice(b.position() + skip, b.remaining() - skip);
            out.data(next, fresh);
            next = end;
        }
    }

    private void giveUp(long upTo, StreamListener out) {
        if (upTo > next) {
            out.gap(next, upTo - next);
            gapBytes += upTo - next;
            next = upTo;
        }
    }
}
