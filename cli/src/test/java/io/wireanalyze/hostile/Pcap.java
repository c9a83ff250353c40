package io.wireanalyze.hostile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A classic pcap file as its global header and records, to be damaged and written back (the fixtures are
 * little-endian files with nanosecond timestamps, Ethernet, IPv4; this keeps whatever header they have).
 * Frames are numbered from 1 as Wireshark numbers them: {@code frame(1)} is the first record.
 */
final class Pcap {

    static final int GLOBAL_HEADER = 24;
    static final int RECORD_HEADER = 16;
    static final int SNAPLEN = 16;               // offset of the snaplen in the global header
    static final int ETHERNET_HEADER = 14;
    static final int IP_TTL = 8, IP_CHECKSUM = 10, IP_TOTAL_LENGTH = 2;                           // RFC 791
    static final int TCP_SRC_PORT = 0, TCP_SEQ = 4, TCP_DATA_OFFSET = 12, TCP_FLAGS = 13, TCP_WINDOW = 14;   // RFC 9293

    /** One record: timestamp, lengths and the captured bytes. */
    static final class Record {
        long seconds;
        long fraction;
        int originalLength;
        byte[] data;

        Record(long seconds, long fraction, int originalLength, byte[] data) {
            this.seconds = seconds;
            this.fraction = fraction;
            this.originalLength = originalLength;
            this.data = data;
        }

        Record copy() {
            return new Record(seconds, fraction, originalLength, data.clone());
        }

        int ipStart() {
            return ETHERNET_HEADER;
        }

        int tcpStart() {
            return ETHERNET_HEADER + (data[ETHERNET_HEADER] & 0x0f) * 4;
        }

        int payloadStart() {
            return tcpStart() + ((data[tcpStart() + TCP_DATA_OFFSET] & 0xff) >>> 4) * 4;
        }

        int payloadLength() {
            return data.length - payloadStart();
        }

        int srcPort() {
            return ((data[tcpStart()] & 0xff) << 8) | (data[tcpStart() + 1] & 0xff);
        }

        int dstPort() {
            return ((data[tcpStart() + 2] & 0xff) << 8) | (data[tcpStart() + 3] & 0xff);
        }

        /** Another sending of the same segment: a new IPv4 identification, the header checksum made right again. */
        void resend(int identification) {
            int ip = ipStart();
            data[ip + 4] = (byte) (identification >>> 8);
            data[ip + 5] = (byte) identification;
            data[ip + IP_CHECKSUM] = 0;
            data[ip + IP_CHECKSUM + 1] = 0;
            int sum = 0;
            for (int i = 0; i < (data[ip] & 0x0f) * 4; i += 2) sum += ((data[ip + i] & 0xff) << 8) | (data[ip + i + 1] & 0xff);
            while ((sum >>> 16) != 0) sum = (sum & 0xffff) + (sum >>> 16);
            data[ip + IP_CHECKSUM] = (byte) (~sum >>> 8);
            data[ip + IP_CHECKSUM + 1] = (byte) ~sum;
        }

        void flip(int offset, int bit) {
            data[offset] ^= (byte) (1 << bit);
        }
    }

    final byte[] header;
    final ByteOrder order;
    final List<Record> records;

    private Pcap(byte[] header, ByteOrder order, List<Record> records) {
        this.header = header;
        this.order = order;
        this.records = records;
    }

    /** Whether timestamps are in nanoseconds (magic 0xa1b23c4d). */
    boolean nanosecond() {
        int magic = java.nio.ByteBuffer.wrap(header).order(order).getInt(0);
        return magic == 0xa1b23c4d;
    }

    static Pcap read(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        int magic = b.getInt(0);
        ByteOrder order = magic == 0xa1b2c3d4 || magic == 0xa1b23c4d ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        b.order(order);
        List<Record> records = new ArrayList<>();
        int p = GLOBAL_HEADER;
        while (p + RECORD_HEADER <= b.limit()) {
            int incl = b.getInt(p + 8);
            byte[] data = Arrays.copyOfRange(b.array(), p + RECORD_HEADER, p + RECORD_HEADER + incl);
            records.add(new Record(Integer.toUnsignedLong(b.getInt(p)), Integer.toUnsignedLong(b.getInt(p + 4)), b.getInt(p + 12), data));
            p += RECORD_HEADER + incl;
        }
        if (p != b.limit()) throw new IOException(file + ": " + (b.limit() - p) + " bytes after the last record (expected: an undamaged fixture)");
        return new Pcap(Arrays.copyOf(b.array(), GLOBAL_HEADER), order, records);
    }

    /** A copy to damage. */
    Pcap copy() {
        List<Record> rs = new ArrayList<>();
        for (Record r : records) rs.add(r.copy());
        return new Pcap(header.clone(), order, rs);
    }

    Record frame(int number) {
        return records.get(number - 1);
    }

    /** Byte offset in the file where frame {@code number}'s record header starts. */
    int recordOffset(int number) {
        int p = GLOBAL_HEADER;
        for (int i = 0; i < number - 1; i++) p += RECORD_HEADER + records.get(i).data.length;
        return p;
    }

    void snaplen(int snaplen) {
        ByteBuffer.wrap(header).order(order).putInt(SNAPLEN, snaplen);
        for (Record r : records) if (r.data.length > snaplen) r.data = Arrays.copyOf(r.data, snaplen);
    }

    byte[] bytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(header);
        for (Record r : records) {
            ByteBuffer h = ByteBuffer.allocate(RECORD_HEADER).order(order);
            h.putInt((int) r.seconds).putInt((int) r.fraction).putInt(r.data.length).putInt(r.originalLength);
            out.writeBytes(h.array());
            out.writeBytes(r.data);
        }
        return out.toByteArray();
    }
}
