package io.wireanalyze.protocol.tls;

/** Alert messages (RFC 8446 6, RFC 5246 7.2): {@code AlertLevel level; AlertDescription description}. */
final class Alerts {

    private Alerts() {
    }

    /** {@code warning close_notify}, {@code fatal handshake_failure}; null when the content is no 2-byte alert. */
    static String describe(byte[] content) {
        if (content.length != 2) return null;
        int level = content[0] & 0xff, description = content[1] & 0xff;
        String l = level == 1 ? "warning" : level == 2 ? "fatal" : "level_" + level;
        return l + " " + description(description);
    }

    private static String description(int code) {
        return switch (code) {
            case 0 -> "close_notify";
            case 10 -> "unexpected_message";
            case 20 -> "bad_record_mac";
            case 22 -> "record_overflow";
            case 40 -> "handshake_failure";
            case 42 -> "bad_certificate";
            case 43 -> "unsupported_certificate";
            case 44 -> "certificate_revoked";
            case 45 -> "certificate_expired";
            case 46 -> "certificate_unknown";
            case 47 -> "illegal_parameter";
            case 48 -> "unknown_ca";
            case 49 -> "access_denied";
            case 50 -> "decode_error";
            case 51 -> "decrypt_error";
            case 70 -> "protocol_version";
            case 71 -> "insufficient_security";
            case 80 -> "internal_error";
            case 86 -> "inappropriate_fallback";
            case 90 -> "user_canceled";
            case 100 -> "no_renegotiation";
            case 109 -> "missing_extension";
            case 110 -> "unsupported_extension";
            case 112 -> "unrecognized_name";
            case 116 -> "certificate_required";
            case 120 -> "no_application_protocol";
            default -> "alert_" + code;
        };
    }
}
