package io.wireanalyze.protocol;

import io.wireanalyze.tcp.Direction;

import java.nio.ByteBuffer;

/**
 * One connection's decoder state for one protocol. The {@link StreamDriver} is the only caller and the only
 * code that moves the cursor: the session reads {@code in} from its position to its limit and never changes them.
 */
public interface ProtocolSession {

    /**
     * Decodes the next message of direction {@code d} from the start of {@code in}.
     *
     * @param offset stream offset of {@code in}'s first byte
     * @param state  whether more bytes of a message may follow
     */
    DecodeStep<Message> decode(Direction d, ByteBuffer in, long offset, InputState state);

    /**
     * After a gap or malformed input: the index (relative to {@code in}'s position) of the next place a
     * message may plausibly start, or -1 if there is none in these bytes.
     */
    int resync(Direction d, ByteBuffer in);

    /**
     * For an outer layer that carries another protocol's stream (TLS): that protocol's name as reported, once known
     * ({@code jrmp-tls}); null otherwise, and for every other protocol.
     */
    default ProtocolName carried() {
        return null;
    }
}
