package io.wireanalyze.protocol.tls;

/** Handshake message types (RFC 8446 4, RFC 5246 7.4; tshark {@code tls.handshake.type}). */
enum HandshakeType {
    HELLO_REQUEST(0, "hello_request"),
    CLIENT_HELLO(1, "client_hello"),
    SERVER_HELLO(2, "server_hello"),
    NEW_SESSION_TICKET(4, "new_session_ticket"),
    END_OF_EARLY_DATA(5, "end_of_early_data"),
    ENCRYPTED_EXTENSIONS(8, "encrypted_extensions"),
    CERTIFICATE(11, "certificate"),
    SERVER_KEY_EXCHANGE(12, "server_key_exchange"),
    CERTIFICATE_REQUEST(13, "certificate_request"),
    SERVER_HELLO_DONE(14, "server_hello_done"),
    CERTIFICATE_VERIFY(15, "certificate_verify"),
    CLIENT_KEY_EXCHANGE(16, "client_key_exchange"),
    FINISHED(20, "finished"),
    CERTIFICATE_STATUS(22, "certificate_status"),
    KEY_UPDATE(24, "key_update"),
    MESSAGE_HASH(254, "message_hash");

    private final int code;
    private final String label;
    /** The constants, once: {@code values()} copies its array each call, and this is asked per handshake message. */
    private static final HandshakeType[] ALL = values();

    HandshakeType(int code, String label) {
        this.code = code;
        this.label = label;
    }

    int code() {
        return code;
    }

    /** The label of this code, e.g. {@code client_hello}, or {@code handshake_N} for a type not listed. */
    static String name(int code) {
        for (HandshakeType t : ALL) if (t.code == code) return t.label;
        return "handshake_" + code;
    }
}
