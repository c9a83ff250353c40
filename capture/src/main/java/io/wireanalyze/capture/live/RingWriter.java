package io.wireanalyze.capture.live;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;

/**
 * Writes captured packets as pcap (nanosecond timestamps, magic {@code 0xa1b23c4d}, the host's byte order, as
 * libpcap writes), into one file or into a ring of files as dumpcap's {@code -b filesize:N -b files:M} does: when a
 * file would grow past {@code fileBytes} the next one is started, and only the newest {@code files} are kept.
 *
 * <p>Ring files are named {@code STEM_NNNNN_YYYYMMDDhhmmss.EXT} after {@code base} ({@code run.pcap} gives
 * {@code run_00001_20261126114000.pcap}): the number, zero-padded, puts them in time order by name, so a folder
 * holding them is read back in order by {@code analyze --merge DIR}.
 *
 * <p>One thread writes; {@link #kept()} may be asked from another.
 */
public final class RingWriter implements Closeable {

    /** pcap file header: magic, version 2.4, thiszone, sigfigs, snaplen, linktype. */
    static final int HEADER_BYTES = 24;
    /** pcap record header: seconds, nanoseconds, captured length, original length. */
    static final int RECORD_HEADER_BYTES = 16;
    static final int NANOSECOND_MAGIC = 0xa1b23c4d;
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss", Locale.ROOT).withZone(ZoneOffset.UTC);

    private final Path base;
    private final long fileBytes;
    private final int files;
    private final int linkType;
    private final int snaplen;
    private final boolean rotating;
    private final Deque<Path> kept = new ArrayDeque<>();
    private final ByteBuffer recordHeader = ByteBuffer.allocate(RECORD_HEADER_BYTES).order(ByteOrder.nativeOrder());
    private OutputStream out;
    private Path current;
    private long currentBytes;
    private long currentPackets;
    private int number;
    private long packets;
    private long deleted;

    /**
     * One file, {@code file}, however large it grows (replaced if it exists).
     */
    public static RingWriter single(Path file, int linkType, int snaplen) throws IOException {
        return new RingWriter(file, Long.MAX_VALUE, 1, linkType, snaplen, false);
    }

    /**
     * A ring of at most {@code files} files of about {@code fileBytes} each (a file holds at least one packet), named
     * after {@code base}.
     *
     * @throws IllegalArgumentException when {@code fileBytes} cannot hold a packet header or {@code files} < 1
     */
    public static RingWriter ring(Path base, long fileBytes, int files, int linkType, int snaplen) throws IOException {
        if (fileBytes < HEADER_BYTES + RECORD_HEADER_BYTES)
            throw new IllegalArgumentException("ring file size " + fileBytes + " bytes (expected: at least " + (HEADER_BYTES + RECORD_HEADER_BYTES) + ")");
        if (files < 1) throw new IllegalArgumentException("ring of " + files + " files (expected: at least 1)");
        return new RingWriter(base, fileBytes, files, linkType, snaplen, true);
    }

    private RingWriter(Path base, long fileBytes, int files, int linkType, int snaplen, boolean rotating) throws IOException {
        this.base = base.toAbsolutePath();
        this.fileBytes = fileBytes;
        this.files = files;
        this.linkType = linkType;
        this.snaplen = snaplen;
        this.rotating = rotating;
        Path parent = this.base.getParent();
        if (parent != null) Files.createDirectories(parent);
        open(System.currentTimeMillis());
    }

    /**
     * Appends one packet.
     *
     * @param timestampNanos since the epoch
     * @param data           the captured bytes (at most snaplen are written)
     * @param originalLength its length on the wire
     */
    public synchronized void write(long timestampNanos, byte[] data, int originalLength) throws IOException {
        int captured = Math.min(data.length, snaplen);
        long record = RECORD_HEADER_BYTES + captured;
        if (rotating && currentPackets > 0 && currentBytes + record > fileBytes) {
            out.close();
            open(Math.floorDiv(timestampNanos, 1_000_000L));
        }
        recordHeader.clear();
        recordHeader.putInt((int) Math.floorDiv(timestampNanos, 1_000_000_000L))
                .putInt((int) Math.floorMod(timestampNanos, 1_000_000_000L))
                .putInt(captured).putInt(Math.max(originalLength, captured));
        out.write(recordHeader.array(), 0, RECORD_HEADER_BYTES);
        out.write(data, 0, captured);
        currentBytes += record;
        currentPackets++;
        packets++;
    }

    /** Writes what is buffered to the current file: every packet written so far is then in a file, whole. */
    public synchronized void flush() throws IOException {
        out.flush();
    }

    /** The files kept, oldest first (the last is the one being written). */
    public synchronized List<Path> kept() {
        return new ArrayList<>(kept);
    }

    /** Packets written, in all files (also those deleted by the ring). */
    public synchronized long packets() {
        return packets;
    }

    /** Files the ring deleted to keep only the newest. */
    public synchronized long deleted() {
        return deleted;
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }

    private void open(long epochMillis) throws IOException {
        number++;
        current = rotating ? named(number, epochMillis) : base;
        out = new BufferedOutputStream(Files.newOutputStream(current), 1 << 16);
        ByteBuffer h = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.nativeOrder());
        h.putInt(NANOSECOND_MAGIC).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(snaplen).putInt(linkType);
        out.write(h.array());
        currentBytes = HEADER_BYTES;
        currentPackets = 0;
        kept.addLast(current);
        while (kept.size() > files) {
            Files.deleteIfExists(kept.removeFirst());
            deleted++;
        }
    }

    /** The ring's file number {@code n}: {@code run.pcap} gives {@code run_00001_20261126114000.pcap}. */
    private Path named(int n, long epochMillis) {
        String name = base.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        String ext = dot > 0 ? name.substring(dot) : ".pcap";
        return base.resolveSibling(String.format(Locale.ROOT, "%s_%05d_%s%s", stem, n, STAMP.format(java.time.Instant.ofEpochMilli(epochMillis)), ext));
    }
}
