package io.wireanalyze.protocol.tls;

import io.wireanalyze.codec.Failure;

import java.nio.ByteBuffer;

/**
 * TLS record framing (RFC 8446 5.1, RFC 5246 6.2): a 5-byte header, {@code ContentType type; ProtocolVersion
 * version; uint16 length}, then {@code length} bytes. Records are the unit TLS protects; they are recognised by content
 * on any port.
 */
final class TlsRecords {

    static final int HEADER_LENGTH = 5;
    /** RFC 5246 6.2.3: TLSCiphertext.length MUST NOT exceed 2^14 + 2048 (TLS 1.3 allows 2^14 + 256). */
    static final int MAX_LENGTH = (1 << 14) + 2048;

    private TlsRecords() {
    }

    /** The record length field at {@code p} (the header must be there). */
    static int length(ByteBuffer in, int p) {
        return in.getShort(p + 3) & 0xffff;
    }

    /** Why the header at {@code p} is no TLS record header, as a failure at {@code offset}; null when it is one. */
    static Failure invalid(ByteBuffer in, int p, long offset) {
        int type = in.get(p) & 0xff;
        if (TlsContentType.of(type) == null)
            return new Failure(offset, "tls.record.content_type", type + " (expected: 20..24)");
        int major = in.get(p + 1) & 0xff, minor = in.get(p + 2) & 0xff;
        if (major != 3 || minor > 4)
            return new Failure(offset + 1, "tls.record.version", String.format("0x%02x%02x (expected: 0x0300..0x0304)", major, minor));
        int length = length(in, p);
        if (length > MAX_LENGTH)
            return new Failure(offset + 3, "tls.record.length", length + " (expected: <= " + MAX_LENGTH + ")");
        return null;
    }

    /**
     * How many whole records chain from {@code p} up to {@code end}, each header valid and each the same version as the
     * first; stops at the first invalid header or incomplete record.
     */
    static int chained(ByteBuffer in, int p, int end) {
        int n = 0, version = -1;
        while (p + HEADER_LENGTH <= end && invalid(in, p, 0) == null) {
            int v = in.getShort(p + 1) & 0xffff;
            if (version >= 0 && v != version) break;
            version = v;
            int total = HEADER_LENGTH + length(in, p);
            if (p + total > end) break;
            n++;
            p += total;
        }
        return n;
    }

    /**
     * Whether a record starting at {@code p} is plausible: a valid header, and then either two records chained, or one
     * record and a valid header after it, or one record filling exactly what there is.
     */
    static boolean plausible(ByteBuffer in, int p, int end) {
        if (p + HEADER_LENGTH > end || invalid(in, p, 0) != null) return false;
        int next = p + HEADER_LENGTH + length(in, p);
        if (next == end) return true;
        if (next + HEADER_LENGTH > end) return false;
        return invalid(in, next, 0) == null && (in.getShort(next + 1) == in.getShort(p + 1));
    }
}
