package io.wireanalyze.accounting;

import java.util.Arrays;

/**
 * What the ledger needs of each packet of one connection, in columns of primitives (about 60 bytes a packet, no
 * object per packet), until the connection is accounted and the log dropped.
 */
final class PacketLog {

    private static final int FROM_INITIATOR = 1 << 16, RETRANSMISSION = 1 << 17, FLAGS = 0xffff;

    private long[] frame = new long[8];
    private long[] nanos = new long[8];
    /** The packet's place among the capture's TCP packets (0-based). */
    private long[] index = new long[8];
    /** Capture time since the capture's previous TCP packet (never negative). */
    private long[] elapsed = new long[8];
    private long[] offset = new long[8];
    private long[] ack = new long[8];
    private int[] bits = new int[8];
    private int[] wire = new int[8];
    private int[] payload = new int[8];
    private int size;

    void add(long frameNumber, long timestampNanos, long tcpIndex, long elapsedNanos, boolean fromInitiator, int flags,
             int wireLength, int payloadLength, long streamOffset, long rawAck, boolean retransmission) {
        if (size == frame.length) grow();
        frame[size] = frameNumber;
        nanos[size] = timestampNanos;
        index[size] = tcpIndex;
        elapsed[size] = elapsedNanos;
        offset[size] = streamOffset;
        ack[size] = rawAck;
        bits[size] = (flags & FLAGS) | (fromInitiator ? FROM_INITIATOR : 0) | (retransmission ? RETRANSMISSION : 0);
        wire[size] = wireLength;
        payload[size] = payloadLength;
        size++;
    }

    /**
     * Logs of accounted connections, kept for new ones so that a connection's columns are not grown again from 8 rows
     * each time (the grown arrays were 2 to 3% of an analysis' allocation). Taken by the analyzer's thread, given back
     * by the lane that accounted the connection: synchronized. Keeps at most {@link #KEPT} logs of at most
     * {@link #KEPT_ROWS} rows, so what it holds stays under about 4 MB.
     */
    static final class Recycler {
        static final int KEPT = 64, KEPT_ROWS = 1024;
        /** Keeps none: every connection a new log (a connection made on its own, in tests). */
        static final Recycler NONE = new Recycler(0);

        private final PacketLog[] kept;
        private int n;

        Recycler() {
            this(KEPT);
        }

        private Recycler(int kept) {
            this.kept = new PacketLog[kept];
        }

        synchronized PacketLog take() {
            return n == 0 ? new PacketLog() : kept[--n];
        }

        /** The log of a connection accounted: nothing reads it any more. */
        synchronized void give(PacketLog log) {
            if (n < kept.length && log.frame.length <= KEPT_ROWS) {
                log.size = 0;
                kept[n++] = log;
            }
        }
    }

    private void grow() {
        int n = frame.length * 2;
        frame = Arrays.copyOf(frame, n);
        nanos = Arrays.copyOf(nanos, n);
        index = Arrays.copyOf(index, n);
        elapsed = Arrays.copyOf(elapsed, n);
        offset = Arrays.copyOf(offset, n);
        ack = Arrays.copyOf(ack, n);
        bits = Arrays.copyOf(bits, n);
        wire = Arrays.copyOf(wire, n);
        payload = Arrays.copyOf(payload, n);
    }

    int size() {
        return size;
    }

    long frame(int i) {
        return frame[i];
    }

    long nanos(int i) {
        return nanos[i];
    }

    long tcpIndex(int i) {
        return index[i];
    }

    long elapsed(int i) {
        return elapsed[i];
    }

    boolean fromInitiator(int i) {
        return (bits[i] & FROM_INITIATOR) != 0;
    }

    int flags(int i) {
        return bits[i] & FLAGS;
    }

    boolean retransmission(int i) {
        return (bits[i] & RETRANSMISSION) != 0;
    }

    int wireLength(int i) {
        return wire[i];
    }

    int payloadLength(int i) {
        return payload[i];
    }

    long streamOffset(int i) {
        return offset[i];
    }

    /** The acknowledgement number (unsigned 32 bits), or -1 without ACK. */
    long rawAck(int i) {
        return ack[i];
    }

    /** The position of the packet with frame number {@code f} (frames of a connection ascend), or of the next. */
    int indexOf(long f) {
        int lo = 0, hi = size - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (frame[mid] < f) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    long nanosOf(long f) {
        return nanos[indexOf(f)];
    }
}
