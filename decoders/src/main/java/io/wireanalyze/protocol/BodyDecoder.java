package io.wireanalyze.protocol;

import java.nio.ByteBuffer;

/**
 * An inner decoder: an outer session hands it each complete body. Bodies are whole (the outer layer framed and,
 * where needed, de-chunked them); {@code offset} is the stream offset the body's first byte is reported at. The
 * messages it returns span the body ({@code consumed} is the body's length or less) and decide the phase; the outer
 * session widens them to its own framing, whose bytes are overhead.
 */
public interface BodyDecoder {

    /**
     * Whether a request body is this format's: by its bytes, never by port or URL alone.
     *
     * @param contentType the outer layer's content type, or null
     */
    boolean claims(ByteBuffer body, String contentType);

    /** The message a claimed request body holds, or why it is malformed. */
    DecodeStep<Message> request(ByteBuffer body, long offset);

    /**
     * The message the reply body to {@code request} (a message this decoder returned) holds, or why it is
     * malformed; null when an empty body is the whole answer (a JRMP DgcAck's).
     */
    DecodeStep<Message> reply(ByteBuffer body, long offset, Message request);
}
