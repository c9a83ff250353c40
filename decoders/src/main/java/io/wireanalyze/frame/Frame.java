package io.wireanalyze.frame;

import java.nio.ByteBuffer;
import java.time.Instant;

/**
 * One captured frame as read from a capture file or a live capture.
 *
 * @param number         1-based frame number, as Wireshark numbers frames
 * @param timestampNanos capture time in nanoseconds since the Unix epoch
 * @param link           link-layer header type of {@code bytes}
 * @param rawLinkType    the LINKTYPE_ number as found in the file (meaningful when link is UNKNOWN)
 * @param bytes          the captured bytes, position 0 to limit = captured length; read-only view, never copied
 * @param originalLength length of the frame on the wire (may exceed the captured length when cut by the snaplen)
 * @param interfaceIndex the interface it was captured on: pcapng's interface ID counted across the file's sections
 *                       (0 for classic pcap, which has one)
 */
public record Frame(long number, long timestampNanos, LinkType link, int rawLinkType, ByteBuffer bytes, int originalLength,
                    int interfaceIndex) {

    public Frame {
        if (number < 1) throw new IllegalArgumentException("frame number " + number + " (expected: >= 1)");
        if (originalLength < 0) throw new IllegalArgumentException("original length " + originalLength + " (expected: >= 0)");
    }

    public Frame(long number, long timestampNanos, LinkType link, ByteBuffer bytes, int originalLength) {
        this(number, timestampNanos, link, link.number(), bytes, originalLength, 0);
    }

    /** A frame of a capture's one interface (classic pcap). */
    public Frame(long number, long timestampNanos, LinkType link, int rawLinkType, ByteBuffer bytes, int originalLength) {
        this(number, timestampNanos, link, rawLinkType, bytes, originalLength, 0);
    }

    /** Bytes actually captured. */
    public int capturedLength() {
        return bytes.remaining();
    }

    public Instant timestamp() {
        return Instant.ofEpochSecond(Math.floorDiv(timestampNanos, 1_000_000_000L), Math.floorMod(timestampNanos, 1_000_000_000L));
    }
}
