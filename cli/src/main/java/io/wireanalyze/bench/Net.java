package io.wireanalyze.bench;

import java.nio.ByteBuffer;

/** Network-order fields in a buffer of any byte order, and the two header sums the replays fix. */
final class Net {

    static final int TCP_OPTION_END = 0, TCP_OPTION_NOP = 1, TCP_OPTION_SACK = 5;   // RFC 9293, RFC 2018

    private Net() {
    }

    static int get16(ByteBuffer b, int i) {
        return (b.get(i) & 0xff) << 8 | b.get(i + 1) & 0xff;
    }

    static void put16(ByteBuffer b, int i, int v) {
        b.put(i, (byte) (v >>> 8)).put(i + 1, (byte) v);
    }

    static int get32(ByteBuffer b, int i) {
        return get16(b, i) << 16 | get16(b, i + 2);
    }

    static void put32(ByteBuffer b, int i, int v) {
        put16(b, i, v >>> 16);
        put16(b, i + 2, v);
    }

    /** The Internet checksum (RFC 1071) of {@code length} bytes at {@code from}, as written in a header. */
    static int checksum(ByteBuffer b, int from, int length) {
        long sum = 0;
        for (int i = 0; i + 1 < length; i += 2) sum += get16(b, from + i);
        if ((length & 1) != 0) sum += (b.get(from + length - 1) & 0xff) << 8;
        while ((sum >>> 16) != 0) sum = (sum & 0xffff) + (sum >>> 16);
        return (int) ~sum & 0xffff;
    }

    /** Adds {@code offset} to both edges of every SACK block (RFC 2018) among the TCP options in [from, end). */
    static void shiftSack(ByteBuffer b, int from, int end, int offset) {
        int i = from;
        while (i < end) {
            int kind = b.get(i) & 0xff;
            if (kind == TCP_OPTION_END) return;
            if (kind == TCP_OPTION_NOP) {
                i++;
                continue;
            }
            if (i + 1 >= end) return;
            int length = b.get(i + 1) & 0xff;
            if (length < 2 || i + length > end) return;
            if (kind == TCP_OPTION_SACK) {
                for (int edge = i + 2; edge + 4 <= i + length; edge += 4) put32(b, edge, get32(b, edge) + offset);
            }
            i += length;
        }
    }
}
