package io.wireanalyze.protocol.tls;

import io.wireanalyze.protocol.MessageType;

/**
 * A TLS record's content type (RFC 8446 5.1 and RFC 5246 6.2.1; tshark {@code tls.record.content_type}), which is also
 * the type of the message a record is reported as when it carries no inner protocol's bytes.
 */
public enum TlsContentType implements MessageType {
    /** 20: ChangeCipherSpec (TLS 1.2: the sender's next records are protected; TLS 1.3: a middlebox-compatibility no-op). */
    CHANGE_CIPHER_SPEC(20),
    /** 21: an alert (close_notify, or an error). */
    ALERT(21),
    /** 22: handshake messages. */
    HANDSHAKE(22),
    /** 23: application data (TLS 1.3: every protected record, its real type inside). */
    APPLICATION_DATA(23),
    /** 24: heartbeat (RFC 6520). */
    HEARTBEAT(24);

    private final int code;
    /** The constants, once: {@code values()} copies its array each call, and this is asked per record. */
    private static final TlsContentType[] ALL = values();

    TlsContentType(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The type with this code, or null when it is none of these. */
    public static TlsContentType of(int code) {
        for (TlsContentType t : ALL) if (t.code == code) return t;
        return null;
    }
}
