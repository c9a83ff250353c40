package io.wireanalyze.capture;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Rewrites a little-endian microsecond pcap (as the shared captures are) record by record, to derive
 * big-endian, nanosecond and damaged variants of a real capture.
 */
final class PcapBytes {

    static final int FILE_HEADER = 24;
    static final int RECORD_HEADER = 16;

    private PcapBytes() {}

    /** File offsets of each record header of a little-endian pcap. */
    static long[] recordOffsets(byte[] pcap) {
        ByteBuffer in = ByteBuffer.wrap(pcap).order(ByteOrder.LITTLE_ENDIAN);
        int count = 0;
        for (int p = FILE_HEADER; p + RECORD_HEADER <= pcap.length; p += RECORD_HEADER + in.getInt(p + 8)) count++;
        long[] offsets = new long[count];
        int i = 0;
        for (int p = FILE_HEADER; p + RECORD_HEADER <= pcap.length; p += RECORD_HEADER + in.getInt(p + 8)) offsets[i++] = p;
        return offsets;
    }

    /**
     * A copy in {@code order} with nanosecond timestamps: each fraction becomes microseconds * 1000 plus
     * the frame number, so a reader that treats it as microseconds, or drops the last digits, is caught.
     */
    static byte[] converted(byte[] pcap, ByteOrder order, boolean nanoseconds) {
        ByteBuffer in = ByteBuffer.wrap(pcap).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer out = ByteBuffer.allocate(pcap.length).order(order);
        out.putInt(nanoseconds ? 0xA1B23C4D : 0xA1B2C3D4)
                .putShort(in.getShort(4)).putShort(in.getShort(6))
                .putInt(in.getInt(8)).putInt(in.getInt(12)).putInt(in.getInt(16)).putInt(in.getInt(20));
        long[] offsets = recordOffsets(pcap);
        for (int i = 0; i < offsets.length; i++) {
            int p = (int) offsets[i];
            int micros = in.getInt(p + 4);
            int incl = in.getInt(p + 8);
            out.putInt(in.getInt(p))
                    .putInt(nanoseconds ? micros * 1000 + (i + 1) : micros)
                    .putInt(incl).putInt(in.getInt(p + 12))
                    .put(pcap, p + RECORD_HEADER, incl);
        }
        return out.array();
    }

    /** A copy with one record header field (a little-endian int at {@code fieldOffset} in the header) replaced. */
    static byte[] withRecordField(byte[] pcap, long recordOffset, int fieldOffset, int value) {
        byte[] copy = pcap.clone();
        ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN).putInt((int) recordOffset + fieldOffset, value);
        return copy;
    }
}
