package io.wireanalyze.protocol.tls;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * One direction's handshake protocol (RFC 8446 4, RFC 5246 7.4): handshake messages ({@code HandshakeType msg_type;
 * uint24 length; body}) may share a record or span several, so the bytes of each handshake record (plain or decrypted)
 * are appended here and whole messages come out. Bodies are kept only where the session needs them (the hellos, key
 * updates); others are counted through.
 */
final class HandshakeReader {

    /** A whole handshake message: its type and, for the types the session reads, its body (else empty). */
    record Parsed(int type, byte[] body) {
    }

    private static final int HEADER_LENGTH = 4;

    private final int maxMessageBytes;
    private byte[] buf = new byte[0];
    private int length;
    private String failure;

    HandshakeReader(int maxMessageBytes) {
        this.maxMessageBytes = maxMessageBytes;
    }

    /** Why this direction's handshake messages can no longer be read (a message over the limit), or null. */
    String failure() {
        return failure;
    }

    /** Bytes of this direction were lost: its handshake messages can no longer be told apart. */
    void lost() {
        if (failure == null && length > 0) failure = "handshake bytes lost: " + length + " bytes of an incomplete message before the gap";
        length = 0;
    }

    /** Appends a record's handshake bytes; returns the messages they completed, in order. */
    List<Parsed> append(byte[] bytes, int from, int n) {
        List<Parsed> out = new ArrayList<>();
        if (failure != null) return out;
        if (length + n > buf.length) buf = java.util.Arrays.copyOf(buf, Math.max(length + n, 2 * buf.length));
        System.arraycopy(bytes, from, buf, length, n);
        length += n;
        int p = 0;
        while (p + HEADER_LENGTH <= length) {
            int type = buf[p] & 0xff;
            int size = ((buf[p + 1] & 0xff) << 16) | ((buf[p + 2] & 0xff) << 8) | (buf[p + 3] & 0xff);
            if (size > maxMessageBytes) {
                failure = "tls.handshake.length: " + size + " (expected: <= " + maxMessageBytes + ", the --max-message-bytes limit)";
                length = 0;
                return out;
            }
            if (p + HEADER_LENGTH + size > length) break;
            byte[] body = kept(type) ? java.util.Arrays.copyOfRange(buf, p + HEADER_LENGTH, p + HEADER_LENGTH + size) : new byte[0];
            out.add(new Parsed(type, body));
            p += HEADER_LENGTH + size;
        }
        System.arraycopy(buf, p, buf, 0, length - p);
        length -= p;
        return out;
    }

    private static boolean kept(int type) {
        return type == HandshakeType.CLIENT_HELLO.code() || type == HandshakeType.SERVER_HELLO.code()
                || type == HandshakeType.KEY_UPDATE.code();
    }

    /** What a ClientHello says that the keys depend on (RFC 8446 4.1.2). */
    record ClientHello(byte[] random, byte[] sessionId) {
        /** {@code legacy_version, random[32], legacy_session_id<0..32>, ...}; null when the body is too short for them. */
        static ClientHello parse(byte[] body) {
            ByteBuffer b = ByteBuffer.wrap(body);
            if (b.remaining() < 2 + 32 + 1) return null;
            byte[] random = new byte[32];
            b.get(2, random);
            int sid = b.get(34) & 0xff;
            if (sid > 32 || b.remaining() < 35 + sid) return null;
            byte[] sessionId = new byte[sid];
            b.get(35, sessionId);
            return new ClientHello(random, sessionId);
        }
    }

    /**
     * What a ServerHello says (RFC 8446 4.1.3, RFC 5246 7.4.1.3): its random, session id, cipher suite, and the version
     * chosen (the supported_versions extension's, else legacy_version); whether it is a HelloRetryRequest; whether it
     * has the encrypt_then_mac extension (RFC 7366 2: CBC records of both directions are then encrypt-then-MAC).
     */
    record ServerHello(byte[] random, byte[] sessionId, int cipherSuite, int version, boolean helloRetryRequest,
                       boolean encryptThenMac) {

        /** SHA-256("HelloRetryRequest"): the random of a HelloRetryRequest (RFC 8446 4.1.3). */
        private static final byte[] HELLO_RETRY_REQUEST = java.util.HexFormat.of()
                .parseHex("cf21ad74e59a6111be1d8c021e65b891c2a211167abb8c5e079e09e2c8a8339c");
        private static final int SUPPORTED_VERSIONS = 43;
        private static final int ENCRYPT_THEN_MAC = 22;

        /** Null when the body is too short for what it announces. */
        static ServerHello parse(byte[] body) {
            ByteBuffer b = ByteBuffer.wrap(body);
            if (b.remaining() < 2 + 32 + 1) return null;
            int version = b.getShort(0) & 0xffff;
            byte[] random = new byte[32];
            b.get(2, random);
            int sid = b.get(34) & 0xff;
            int p = 35 + sid;
            if (sid > 32 || b.remaining() < p + 3) return null;
            byte[] sessionId = new byte[sid];
            b.get(35, sessionId);
            int suite = b.getShort(p) & 0xffff;
            boolean encryptThenMac = false;
            p += 3;                                         // cipher_suite, legacy_compression_method
            if (b.remaining() >= p + 2) {
                int end = Math.min(b.remaining(), p + 2 + (b.getShort(p) & 0xffff));
                p += 2;
                while (p + 4 <= end) {
                    int type = b.getShort(p) & 0xffff, len = b.getShort(p + 2) & 0xffff;
                    if (type == SUPPORTED_VERSIONS && len == 2 && p + 6 <= end) version = b.getShort(p + 4) & 0xffff;
                    if (type == ENCRYPT_THEN_MAC) encryptThenMac = true;
                    p += 4 + len;
                }
            }
            return new ServerHello(random, sessionId, suite, version, java.util.Arrays.equals(random, HELLO_RETRY_REQUEST),
                    encryptThenMac);
        }
    }
}
