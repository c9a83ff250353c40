package io.wireanalyze.protocol.tls;

/**
 * The cipher suites whose records are decrypted: every AEAD suite of TLS 1.3 (RFC 8446 B.4) and the AES-GCM
 * (RFC 5288, RFC 5289) and ChaCha20-Poly1305 (RFC 7905) suites of TLS 1.2. CBC and stream-cipher suites are framed and
 * counted but not decrypted (the JDK negotiates GCM first by default).
 */
enum CipherSuite {
    TLS_AES_128_GCM_SHA256(0x1301, Aead.AES_128_GCM, Hash.SHA256, true),
    TLS_AES_256_GCM_SHA384(0x1302, Aead.AES_256_GCM, Hash.SHA384, true),
    TLS_CHACHA20_POLY1305_SHA256(0x1303, Aead.CHACHA20_POLY1305, Hash.SHA256, true),
    TLS_RSA_WITH_AES_128_GCM_SHA256(0x009c, Aead.AES_128_GCM, Hash.SHA256, false),
    TLS_RSA_WITH_AES_256_GCM_SHA384(0x009d, Aead.AES_256_GCM, Hash.SHA384, false),
    TLS_DHE_RSA_WITH_AES_128_GCM_SHA256(0x009e, Aead.AES_128_GCM, Hash.SHA256, false),
    TLS_DHE_RSA_WITH_AES_256_GCM_SHA384(0x009f, Aead.AES_256_GCM, Hash.SHA384, false),
    TLS_DHE_DSS_WITH_AES_128_GCM_SHA256(0x00a2, Aead.AES_128_GCM, Hash.SHA256, false),
    TLS_DHE_DSS_WITH_AES_256_GCM_SHA384(0x00a3, Aead.AES_256_GCM, Hash.SHA384, false),
    TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256(0xc02b, Aead.AES_128_GCM, Hash.SHA256, false),
    TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384(0xc02c, Aead.AES_256_GCM, Hash.SHA384, false),
    TLS_ECDH_ECDSA_WITH_AES_128_GCM_SHA256(0xc02d, Aead.AES_128_GCM, Hash.SHA256, false),
    TLS_ECDH_ECDSA_WITH_AES_256_GCM_SHA384(0xc02e, Aead.AES_256_GCM, Hash.SHA384, false),
    TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256(0xc02f, Aead.AES_128_GCM, Hash.SHA256, false),
    TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384(0xc030, Aead.AES_256_GCM, Hash.SHA384, false),
    TLS_ECDH_RSA_WITH_AES_128_GCM_SHA256(0xc031, Aead.AES_128_GCM, Hash.SHA256, false),
    TLS_ECDH_RSA_WITH_AES_256_GCM_SHA384(0xc032, Aead.AES_256_GCM, Hash.SHA384, false),
    TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256(0xcca8, Aead.CHACHA20_POLY1305, Hash.SHA256, false),
    TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256(0xcca9, Aead.CHACHA20_POLY1305, Hash.SHA256, false),
    TLS_DHE_RSA_WITH_CHACHA20_POLY1305_SHA256(0xccaa, Aead.CHACHA20_POLY1305, Hash.SHA256, false);

    /** The AEAD algorithm of a suite, by the JDK's names. */
    enum Aead {
        AES_128_GCM(16, "AES", "AES/GCM/NoPadding", 4),
        AES_256_GCM(32, "AES", "AES/GCM/NoPadding", 4),
        CHACHA20_POLY1305(32, "ChaCha20", "ChaCha20-Poly1305", 12);

        /** Every AEAD here has a 16-byte tag and a 12-byte nonce. */
        static final int TAG_LENGTH = 16;
        static final int NONCE_LENGTH = 12;

        final int keyLength;
        final String keyAlgorithm;
        final String transformation;
        /** TLS 1.2: bytes of the implicit part of the nonce from the key block (RFC 5288 3: 4; RFC 7905 2: 12). */
        final int tls12FixedIvLength;

        Aead(int keyLength, String keyAlgorithm, String transformation, int tls12FixedIvLength) {
            this.keyLength = keyLength;
            this.keyAlgorithm = keyAlgorithm;
            this.transformation = transformation;
            this.tls12FixedIvLength = tls12FixedIvLength;
        }

        /** TLS 1.2: bytes of the explicit nonce each record carries before its ciphertext (GCM 8, ChaCha20 none). */
        int tls12ExplicitNonceLength() {
            return NONCE_LENGTH - tls12FixedIvLength;
        }
    }

    /** The suite's hash: HKDF's in TLS 1.3, the PRF's in TLS 1.2. */
    enum Hash {
        SHA256("HmacSHA256", 32),
        SHA384("HmacSHA384", 48);

        final String hmac;
        final int length;

        Hash(String hmac, int length) {
            this.hmac = hmac;
            this.length = length;
        }
    }

    final int code;
    final Aead aead;
    final Hash hash;
    final boolean tls13;

    CipherSuite(int code, Aead aead, Hash hash, boolean tls13) {
        this.code = code;
        this.aead = aead;
        this.hash = hash;
        this.tls13 = tls13;
    }

    /** The suite with this code, or null when its records are not decrypted here. */
    static CipherSuite of(int code) {
        for (CipherSuite s : values()) if (s.code == code) return s;
        return null;
    }

    /** {@code 0xc02c TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384}, or the hex code alone for a suite not listed. */
    static String describe(int code) {
        CipherSuite s = of(code);
        return String.format("0x%04x", code) + (s != null ? " " + s.name() : "");
    }
}
