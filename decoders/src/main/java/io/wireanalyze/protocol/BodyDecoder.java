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
     * Whether a request is this format's: by its body's bytes, never by port or URL alone; a request without a body
     * (a GET) may be claimed by its head (a WSDL fetch by its {@code ?wsdl} target), and its response is then
     * checked by content.
     *
     * @param head the outer layer's request line and header fields ({@link RequestHead#NONE} when bare)
     */
    boolean claims(ByteBuffer body, RequestHead head);

    /** The message a claimed request holds, or why it is malformed; {@code body} may be empty (a claimed GET). */
    DecodeStep<Message> request(ByteBuffer body, long offset, RequestHead head);

    /**
     * The message the reply body to {@code request} (a message this decoder returned) holds, or why it is
     * malformed; null when the body holds no message of the format and is the whole answer: an empty one (a JRMP
     * DgcAck's), or filler the format knows (JDK 8's one 0 byte after a DgcAck), reported as the answer's framing.
     */
    DecodeStep<Message> reply(ByteBuffer body, long offset, Message request);
}
