package io.wireanalyze.capture;

import io.wireanalyze.frame.Frame;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads a classic pcap file (either byte order, microsecond or nanosecond timestamps) in windows of a
 * megabyte read onto the heap ({@link ReadWindow}): {@link Frame#bytes()} is a read-only slice of its window,
 * and resident memory does not grow with the file. Frames are numbered from 1, as Wireshark numbers them.
 *
 * <p>Damage (a cut-off last record, a record length no writer produces) ends reading: {@link #next()}
 * returns {@code null} and {@link #stopReason()} says what was found where. Not thread-safe.
 */
public final class PcapFileSource extends CaptureFileSource {

    /**
     * Default window: a few hundred frames per read. Small, as a connection that keeps a segment (to compare a
     * retransmission, or waiting for a hole) keeps its whole window on the heap.
     */
    static final int DEFAULT_WINDOW_BYTES = 1 << 20;

    private final PcapHeader header;

    private PcapFileSource(Path file, FileChannel channel, long fileSize, PcapHeader header, int windowBytes) {
        super(file, channel, fileSize, windowBytes, header.byteOrder(), PcapHeader.LENGTH);
        this.header = header;
    }

    /**
     * Opens a classic pcap file. Prefer {@link CaptureFiles#open(Path)}, which also recognises other formats.
     *
     * @throws IOException when the file cannot be read or has no valid pcap header; the message names the file
     */
    public static PcapFileSource open(Path file) throws IOException {
        return open(file, DEFAULT_WINDOW_BYTES);
    }

    static PcapFileSource open(Path file, int windowBytes) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            long size = channel.size();
            if (size < PcapHeader.LENGTH) {
                throw new IOException(CaptureFormat.tooShort(file, size));
            }
            PcapHeader.Parsed parsed = PcapHeader.parse(channel.map(FileChannel.MapMode.READ_ONLY, 0, PcapHeader.LENGTH));
            if (parsed instanceof PcapHeader.Parsed.Invalid invalid) {
                throw new IOException(file + ": not a pcap file: " + invalid.reason());
            }
            PcapHeader header = ((PcapHeader.Parsed.Valid) parsed).header();
            return new PcapFileSource(file, channel, size, header, windowBytes);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** The file header. */
    public PcapHeader header() {
        return header;
    }

    @Override
    public Frame next() throws IOException {
        if (finished) return null;
        long remaining = fileSize - offset;
        if (remaining == 0) {
            finished = true;
            return null;
        }
        long number = lastFrameNumber + 1;
        if (remaining < PcapRecordHeader.LENGTH) {
            return stop("truncated record header at byte offset " + offset + " (frame " + number + "): "
                    + remaining + " bytes remain (expected: " + PcapRecordHeader.LENGTH + ")");
        }
        ByteBuffer map = window.cover(offset, PcapRecordHeader.LENGTH);
        int at = window.index(offset);
        long seconds = Integer.toUnsignedLong(map.getInt(at + PcapRecordHeader.OFFSET_TS_SECONDS));
        long fraction = Integer.toUnsignedLong(map.getInt(at + PcapRecordHeader.OFFSET_TS_FRACTION));
        long inclLen = Integer.toUnsignedLong(map.getInt(at + PcapRecordHeader.OFFSET_INCL_LEN));
        long origLen = Integer.toUnsignedLong(map.getInt(at + PcapRecordHeader.OFFSET_ORIG_LEN));
        String implausible = PcapRecordHeader.implausibleLength(inclLen, origLen, header.snaplen());
        if (implausible != null) {
            return stop("impossible record length at byte offset " + offset + " (frame " + number + "): " + implausible);
        }
        long body = remaining - PcapRecordHeader.LENGTH;
        if (inclLen > body) {
            return stop("truncated record at byte offset " + offset + " (frame " + number + "): header says "
                    + inclLen + " bytes, " + body + " remain");
        }
        int recordLength = PcapRecordHeader.LENGTH + (int) inclLen;
        map = window.cover(offset, recordLength);
        at = window.index(offset);
        ByteBuffer bytes = map.slice(at + PcapRecordHeader.LENGTH, (int) inclLen);
        offset += recordLength;
        lastFrameNumber = number;
        return new Frame(number, header.timestampUnit().toEpochNanos(seconds, fraction), header.linkType(),
                header.rawLinkType(), bytes, (int) origLen);
    }
}
