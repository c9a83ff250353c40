package io.wireanalyze.protocol.tls;

/** Protocol versions by their wire value (tshark {@code tls.record.version}, {@code tls.handshake.version}). */
public enum TlsVersion {
    SSL_3_0(0x0300, "SSL 3.0"),
    TLS_1_0(0x0301, "TLS 1.0"),
    TLS_1_1(0x0302, "TLS 1.1"),
    TLS_1_2(0x0303, "TLS 1.2"),
    TLS_1_3(0x0304, "TLS 1.3");

    private final int code;
    /** The constants, once: {@code values()} copies its array each call, and this is asked per record. */
    private static final TlsVersion[] ALL = values();
    private final String label;

    TlsVersion(int code, String label) {
        this.code = code;
        this.label = label;
    }

    public int code() {
        return code;
    }

    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }

    /** The version with this wire value, or null. */
    public static TlsVersion of(int code) {
        for (TlsVersion v : ALL) if (v.code == code) return v;
        return null;
    }

    /** {@code TLS 1.2}, or the hex value when it is no known version. */
    public static String name(int code) {
        TlsVersion v = of(code);
        return v != null ? v.label : String.format("0x%04x", code);
    }
}
