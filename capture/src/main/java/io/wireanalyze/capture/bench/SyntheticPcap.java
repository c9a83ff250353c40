package io.wireanalyze.capture.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a synthetic classic pcap (little-endian, microseconds, LINKTYPE_ETHERNET) of Ethernet/IPv4/TCP
 * frames from 127.0.0.1:40000 to 127.0.0.1:1099 whose payload sizes cycle from 0 to {@value #MAX_PAYLOAD}
 * bytes. Only the benchmark uses it; checksums are left zero.
 */
public final class SyntheticPcap {

    static final int MAX_PAYLOAD = 255;
    static final int HEADERS = 14 + 20 + 20;                  // Ethernet II + IPv4 without options + TCP without options
    static final int ETHERTYPE_IPV4 = 0x0800;
    static final int IP_PROTO_TCP = 6;
    static final int LINKTYPE_ETHERNET = 1;
    static final int LOOPBACK = 0x7F00_0001;
    private static final int BUFFER_BYTES = 4 << 20;

    private SyntheticPcap() {}

    /** Writes {@code packets} frames to {@code file} (through a temporary file, so a half-written one never remains). */
    public static void write(Path file, long packets) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try (FileChannel out = FileChannel.open(partial, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            buf.putInt(0xA1B2C3D4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0)
                    .putInt(262_144).putInt(LINKTYPE_ETHERNET);
            long seconds = 1_700_000_000L;
            for (long i = 0; i < packets; i++) {
                int payload = (int) (i % (MAX_PAYLOAD + 1));
                int frameLength = HEADERS + payload;
                if (buf.remaining() < 16 + frameLength) {
                    drain(buf, out);
                }
                buf.putInt((int) (seconds + i / 100_000)).putInt((int) (i % 100_000) * 10)
                        .putInt(frameLength).putInt(frameLength);
                putFrame(buf, payload, i);
            }
            drain(buf, out);
        }
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void putFrame(ByteBuffer buf, int payload, long sequence) {
        ByteBuffer net = buf.duplicate().order(ByteOrder.BIG_ENDIAN);
        int p = buf.position();
        net.position(p);
        net.put(new byte[12]).putShort((short) ETHERTYPE_IPV4);                       // dst, src MAC; EtherType
        net.put((byte) 0x45).put((byte) 0).putShort((short) (40 + payload))           // version/IHL, DSCP, total length
                .putShort((short) sequence).putShort((short) 0x4000)                    // identification, DF
                .put((byte) 64).put((byte) IP_PROTO_TCP).putShort((short) 0)           // TTL, protocol, checksum
                .putInt(LOOPBACK).putInt(LOOPBACK);
        net.putShort((short) 40_000).putShort((short) 1099)                            // ports
                .putInt((int) (sequence * MAX_PAYLOAD)).putInt(0)                       // seq, ack
                .put((byte) 0x50).put((byte) 0x18).putShort((short) 65_535)            // data offset 5, PSH|ACK, window
                .putShort((short) 0).putShort((short) 0);                              // checksum, urgent
        for (int i = 0; i < payload; i++) net.put((byte) i);
        buf.position(net.position());
    }

    private static void drain(ByteBuffer buf, FileChannel out) throws IOException {
        buf.flip();
        while (buf.hasRemaining()) out.write(buf);
        buf.clear();
    }
}
