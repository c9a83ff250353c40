package io.wireanalyze.bench;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes a classic pcap with nanosecond timestamps (magic 0xa1b23c4d, little-endian, LINKTYPE_ETHERNET) through a
 * 4 MiB buffer: memory stays the same however long the file grows.
 */
final class PcapOut implements Closeable {

    static final int FILE_HEADER = 24;
    static final int RECORD_HEADER = 16;
    static final int MAGIC_NANOS = 0xA1B23C4D;
    static final int SNAPLEN = 262_144;
    static final int LINKTYPE_ETHERNET = 1;
    private static final int BUFFER_BYTES = 4 << 20;

    private final FileChannel out;
    private final ByteBuffer buf = ByteBuffer.allocate(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private long packets;
    private long bytes;

    PcapOut(Path file) throws IOException {
        out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        buf.putInt(MAGIC_NANOS).putShort((short) 2).putShort((short) 4)   // version 2.4
                .putInt(0).putInt(0).putInt(SNAPLEN).putInt(LINKTYPE_ETHERNET);
        bytes = FILE_HEADER;
    }

    /**
     * Starts a record of {@code captured} bytes and returns the buffer positioned at its first byte; the caller
     * writes exactly {@code captured} bytes (in network order where it matters: the buffer is little-endian).
     */
    ByteBuffer record(long timestampNanos, int captured, int original) throws IOException {
        if (captured > BUFFER_BYTES - RECORD_HEADER) throw new IOException("frame of " + captured + " bytes (expected: <= " + (BUFFER_BYTES - RECORD_HEADER) + ")");
        if (buf.remaining() < RECORD_HEADER + captured) drain();
        buf.putInt((int) (timestampNanos / 1_000_000_000L)).putInt((int) (timestampNanos % 1_000_000_000L))
                .putInt(captured).putInt(original);
        packets++;
        bytes += RECORD_HEADER + captured;
        return buf;
    }

    long packets() {
        return packets;
    }

    long bytes() {
        return bytes;
    }

    private void drain() throws IOException {
        buf.flip();
        while (buf.hasRemaining()) out.write(buf);
        buf.clear();
    }

    /** Writes what is buffered and waits until the disk has it: the writeback must not run into the timed runs. */
    @Override
    public void close() throws IOException {
        try (out) {
            drain();
            out.force(true);
        }
    }
}
