package io.wireanalyze.tcp;

import java.nio.ByteBuffer;

/** Receives one direction's byte stream in order. */
public interface StreamListener {

    /** Bytes at stream offset {@code offset}, contiguous with everything delivered before. */
    void data(long offset, ByteBuffer bytes);

    /**
     * Bytes at stream offset {@code offset}, and what the segment that carried them acknowledged of the other
     * direction: a stream offset there, or {@link Long#MIN_VALUE} when unknown. The sender had received the other
     * direction's bytes before that offset when it sent these: a causal order between the two directions.
     */
    default void data(long offset, ByteBuffer bytes, long peerAcknowledged) {
        data(offset, bytes);
    }

    /** {@code length} bytes at {@code offset} were never captured (lost, cut by the snaplen, or before the capture began). */
    void gap(long offset, long length);
}
