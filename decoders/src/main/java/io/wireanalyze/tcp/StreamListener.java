package io.wireanalyze.tcp;

import java.nio.ByteBuffer;

/** Receives one direction's byte stream in order. */
public interface StreamListener {

    /** Bytes at stream offset {@code offset}, contiguous with everything delivered before. */
    void data(long offset, ByteBuffer bytes);

    /** {@code length} bytes at {@code offset} were never captured (lost, cut by the snaplen, or before the capture began). */
    void gap(long offset, long length);
}
