package io.wireanalyze.codec;

/**
 * Why bytes are not a valid message, the one failure shape of every decoder: where (a stream offset, or an index
 * into the buffer being walked, as the producer documents), which element (a Wireshark filter name where one
 * exists: {@code giop.len}, {@code rmi.call.TC_CLASSDESC}), and the actual value against the expected one.
 *
 * @param offset where the element starts
 * @param field  the element
 * @param reason actual and expected, e.g. {@code 0x99 (expected: 0x50 Call, 0x52 Ping or 0x54 DgcAck)}
 */
public record Failure(long offset, String field, String reason) {

    /** The same failure, {@code delta} bytes further on (an index made a stream offset). */
    public Failure shifted(long delta) {
        return new Failure(offset + delta, field, reason);
    }

    /** {@code field at stream offset N: reason}, as reports print it. */
    public String describe() {
        return field + " at stream offset " + offset + ": " + reason;
    }
}
