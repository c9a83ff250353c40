package io.wireanalyze.accounting;

import java.util.Arrays;

/**
 * What the ledger needs of each packet of one connection, a row of primitives per packet (64 bytes, no object per
 * packet), until the connection is accounted and the log dropped. Rows, not columns: a packet's figures are written
 * together, into the one or two cache lines of its row: nine columns were nine lines to fetch per packet (a connection's
 * log is cold between its packets), and the first line of {@link #add} had 4% of a profile's samples.
 * <p>
 * The rows are held in chunks of {@link #CHUNK_ROWS}: the first grows from 8 rows by doubling, as most connections have
 * a few dozen packets, and the chunks after it are made whole. A long connection's log is never copied to grow (the
 * copies of one array grown by doubling were 2.8% of a profile's samples and 1.5% of its allocation). Its first rows go
 * once accounted ({@link #dropFirst}, {@link Ledger#flush}): the log holds the rows not accounted yet, and a chunk goes
 * when its last row does.
 */
final class PacketLog {

    private static final int FROM_INITIATOR = 1 << 16, RETRANSMISSION = 1 << 17, FLAGS = 0xffff;
    /** A row's longs: frame number, time, TCP index, elapsed time, stream offset, raw ACK, bits and wire length, payload. */
    private static final int ROW = 8;
    private static final int FRAME = 0, NANOS = 1, INDEX = 2, ELAPSED = 3, OFFSET = 4, ACK = 5, BITS_WIRE = 6, PAYLOAD = 7;
    /** Rows in a whole chunk (16 KB), a power of two: row {@code i} is in chunk {@code i >>> CHUNK_SHIFT}. */
    static final int CHUNK_SHIFT = 8, CHUNK_ROWS = 1 << CHUNK_SHIFT;
    private static final int FIRST_ROWS = 8;

    /**
     * The chunks of rows; the TCP index is the packet's place among the capture's TCP packets (0-based), the elapsed
     * time the capture time since the capture's previous TCP packet (never negative).
     */
    private long[][] chunks = {new long[FIRST_ROWS * ROW]};
    /** Where row 0 is in the chunks: rows before it were accounted and dropped ({@link #dropFirst}). */
    private int start;
    private int size;

    void add(long frameNumber, long timestampNanos, long tcpIndex, long elapsedNanos, boolean fromInitiator, int flags,
             int wireLength, int payloadLength, long streamOffset, long rawAck, boolean retransmission) {
        int c = (start + size) >>> CHUNK_SHIFT;
        int r = ((start + size) & (CHUNK_ROWS - 1)) * ROW;
        long[] rows = c < chunks.length ? chunks[c] : null;
        if (rows == null || r == rows.length) rows = grow(c);
        rows[r + FRAME] = frameNumber;
        rows[r + NANOS] = timestampNanos;
        rows[r + INDEX] = tcpIndex;
        rows[r + ELAPSED] = elapsedNanos;
        rows[r + OFFSET] = streamOffset;
        rows[r + ACK] = rawAck;
        int bits = (flags & FLAGS) | (fromInitiator ? FROM_INITIATOR : 0) | (retransmission ? RETRANSMISSION : 0);
        rows[r + BITS_WIRE] = (long) bits << 32 | Integer.toUnsignedLong(wireLength);
        rows[r + PAYLOAD] = payloadLength;
        size++;
    }

    /**
     * Room for the next row, in chunk {@code c}: the first chunk doubled (the only one made smaller than whole), or a
     * whole chunk after the last.
     */
    private long[] grow(int c) {
        if (c < chunks.length && chunks[c] != null) return chunks[c] = Arrays.copyOf(chunks[c], Math.min(chunks[c].length * 2, CHUNK_ROWS * ROW));
        if (c >= chunks.length) chunks = Arrays.copyOf(chunks, Math.max(c + 1, chunks.length * 2));
        return chunks[c] = new long[CHUNK_ROWS * ROW];
    }

    /** Drops the first {@code n} rows (accounted): row {@code n} becomes row 0, and the chunks before it go. */
    void dropFirst(int n) {
        if (n < 0 || n > size) throw new IllegalArgumentException("dropping " + n + " of " + size + " rows");
        start += n;
        size -= n;
        int gone = start >>> CHUNK_SHIFT;
        if (gone > 0) {
            chunks = Arrays.copyOfRange(chunks, gone, chunks.length);
            start -= gone << CHUNK_SHIFT;
        }
    }

    /**
     * Logs of accounted connections, kept for new ones so that a connection's rows are not grown again from 8 rows
     * each time (the grown arrays were 2 to 3% of an analysis' allocation). Taken by the analyzer's thread, given back
     * by the lane that accounted the connection: synchronized. Keeps at most {@link #KEPT} logs, each with its first
     * chunk only, so what it holds stays under about 4 MB.
     */
    static final class Recycler {
        static final int KEPT = 256;
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
            if (n < kept.length) {
                log.size = 0;
                log.start = 0;
                if (log.chunks.length == 0 || log.chunks[0] == null) log.chunks = new long[][]{new long[FIRST_ROWS * ROW]};
                else if (log.chunks.length > 1) log.chunks = new long[][]{log.chunks[0]};
                kept[n++] = log;
            }
        }
    }

    int size() {
        return size;
    }

    long frame(int i) {
        return at(i, FRAME);
    }

    long nanos(int i) {
        return at(i, NANOS);
    }

    long tcpIndex(int i) {
        return at(i, INDEX);
    }

    long elapsed(int i) {
        return at(i, ELAPSED);
    }

    private long at(int i, int field) {
        int r = start + i;
        return chunks[r >>> CHUNK_SHIFT][(r & (CHUNK_ROWS - 1)) * ROW + field];
    }

    private int bits(int i) {
        return (int) (at(i, BITS_WIRE) >>> 32);
    }

    boolean fromInitiator(int i) {
        return (bits(i) & FROM_INITIATOR) != 0;
    }

    int flags(int i) {
        return bits(i) & FLAGS;
    }

    boolean retransmission(int i) {
        return (bits(i) & RETRANSMISSION) != 0;
    }

    int wireLength(int i) {
        return (int) at(i, BITS_WIRE);
    }

    int payloadLength(int i) {
        return (int) at(i, PAYLOAD);
    }

    long streamOffset(int i) {
        return at(i, OFFSET);
    }

    /** The acknowledgement number (unsigned 32 bits), or -1 without ACK. */
    long rawAck(int i) {
        return at(i, ACK);
    }
}
