package io.wireanalyze.frame;

import java.io.Closeable;
import java.io.IOException;

/**
 * A sequence of frames: a capture file or a live capture. Formats (classic pcap, pcapng) and sources
 * implement this; the analysis sees only frames.
 */
public interface FrameSource extends Closeable {

    /**
     * The next frame, or {@code null} at the end. A frame's {@code bytes} stay valid until the source is
     * closed. Damage that ends the readable part of a file is reported through {@link #stopReason()},
     * not thrown: what was read before it is still analysed.
     */
    Frame next() throws IOException;

    /** A name for messages: the file path, or the interface. */
    String name();

    /**
     * Why reading stopped before the end of the input (truncated record, bad block), with the byte offset;
     * {@code null} when everything was read.
     */
    default String stopReason() {
        return null;
    }
}
