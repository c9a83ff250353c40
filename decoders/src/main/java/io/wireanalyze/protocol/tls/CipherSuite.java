package io.wireanalyze.protocol.tls;

/**
 * The cipher suites whose records are decrypted: every AEAD suite of TLS 1.3 (RFC 8446 B.4), the AES-GCM (RFC 5288,
 * RFC 5289) and ChaCha20-Poly1305 (RFC 7905) suites of TLS 1.2, and every CBC and RC4 suite a JDK has enabled by
 * default (JDK 6 to 17: AES and 3DES and DES in CBC mode with HMAC-SHA1, -SHA256 or -SHA384, RC4 with HMAC-SHA1 or
 * -MD5; RFC 5246 A.5, RFC 4492, RFC 5289) for TLS 1.0 to 1.2. Export suites (40-bit keys, another key derivation),
 * NULL suites and SSL 3.0 (another MAC) are framed and counted but not decrypted.
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
    TLS_DHE_RSA_WITH_CHACHA20_POLY1305_SHA256(0xccaa, Aead.CHACHA20_POLY1305, Hash.SHA256, false),
    // Not AEAD: a block (CBC) or stream cipher with an HMAC, TLS 1.0 to 1.2 (the PRF's hash in TLS 1.2: SHA-384 with
    // an HMAC-SHA384, else SHA-256).
    SSL_RSA_WITH_RC4_128_MD5(0x0004, Bulk.RC4_128, Mac.MD5),
    SSL_RSA_WITH_RC4_128_SHA(0x0005, Bulk.RC4_128, Mac.SHA1),
    SSL_RSA_WITH_DES_CBC_SHA(0x0009, Bulk.DES_CBC, Mac.SHA1),
    SSL_RSA_WITH_3DES_EDE_CBC_SHA(0x000a, Bulk.DES_EDE_CBC, Mac.SHA1),
    SSL_DHE_DSS_WITH_DES_CBC_SHA(0x0012, Bulk.DES_CBC, Mac.SHA1),
    SSL_DHE_DSS_WITH_3DES_EDE_CBC_SHA(0x0013, Bulk.DES_EDE_CBC, Mac.SHA1),
    SSL_DHE_RSA_WITH_DES_CBC_SHA(0x0015, Bulk.DES_CBC, Mac.SHA1),
    SSL_DHE_RSA_WITH_3DES_EDE_CBC_SHA(0x0016, Bulk.DES_EDE_CBC, Mac.SHA1),
    TLS_RSA_WITH_AES_128_CBC_SHA(0x002f, Bulk.AES_128_CBC, Mac.SHA1),
    TLS_DHE_DSS_WITH_AES_128_CBC_SHA(0x0032, Bulk.AES_128_CBC, Mac.SHA1),
    TLS_DHE_RSA_WITH_AES_128_CBC_SHA(0x0033, Bulk.AES_128_CBC, Mac.SHA1),
    TLS_RSA_WITH_AES_256_CBC_SHA(0x0035, Bulk.AES_256_CBC, Mac.SHA1),
    TLS_DHE_DSS_WITH_AES_256_CBC_SHA(0x0038, Bulk.AES_256_CBC, Mac.SHA1),
    TLS_DHE_RSA_WITH_AES_256_CBC_SHA(0x0039, Bulk.AES_256_CBC, Mac.SHA1),
    TLS_RSA_WITH_AES_128_CBC_SHA256(0x003c, Bulk.AES_128_CBC, Mac.SHA256),
    TLS_RSA_WITH_AES_256_CBC_SHA256(0x003d, Bulk.AES_256_CBC, Mac.SHA256),
    TLS_DHE_DSS_WITH_AES_128_CBC_SHA256(0x0040, Bulk.AES_128_CBC, Mac.SHA256),
    TLS_DHE_RSA_WITH_AES_128_CBC_SHA256(0x0067, Bulk.AES_128_CBC, Mac.SHA256),
    TLS_DHE_DSS_WITH_AES_256_CBC_SHA256(0x006a, Bulk.AES_256_CBC, Mac.SHA256),
    TLS_DHE_RSA_WITH_AES_256_CBC_SHA256(0x006b, Bulk.AES_256_CBC, Mac.SHA256),
    TLS_ECDH_ECDSA_WITH_RC4_128_SHA(0xc002, Bulk.RC4_128, Mac.SHA1),
    TLS_ECDH_ECDSA_WITH_3DES_EDE_CBC_SHA(0xc003, Bulk.DES_EDE_CBC, Mac.SHA1),
    TLS_ECDH_ECDSA_WITH_AES_128_CBC_SHA(0xc004, Bulk.AES_128_CBC, Mac.SHA1),
    TLS_ECDH_ECDSA_WITH_AES_256_CBC_SHA(0xc005, Bulk.AES_256_CBC, Mac.SHA1),
    TLS_ECDHE_ECDSA_WITH_RC4_128_SHA(0xc007, Bulk.RC4_128, Mac.SHA1),
    TLS_ECDHE_ECDSA_WITH_3DES_EDE_CBC_SHA(0xc008, Bulk.DES_EDE_CBC, Mac.SHA1),
    TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA(0xc009, Bulk.AES_128_CBC, Mac.SHA1),
    TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA(0xc00a, Bulk.AES_256_CBC, Mac.SHA1),
    TLS_ECDH_RSA_WITH_RC4_128_SHA(0xc00c, Bulk.RC4_128, Mac.SHA1),
    TLS_ECDH_RSA_WITH_3DES_EDE_CBC_SHA(0xc00d, Bulk.DES_EDE_CBC, Mac.SHA1),
    TLS_ECDH_RSA_WITH_AES_128_CBC_SHA(0xc00e, Bulk.AES_128_CBC, Mac.SHA1),
    TLS_ECDH_RSA_WITH_AES_256_CBC_SHA(0xc00f, Bulk.AES_256_CBC, Mac.SHA1),
    TLS_ECDHE_RSA_WITH_RC4_128_SHA(0xc011, Bulk.RC4_128, Mac.SHA1),
    TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA(0xc012, Bulk.DES_EDE_CBC, Mac.SHA1),
    TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA(0xc013, Bulk.AES_128_CBC, Mac.SHA1),
    TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA(0xc014, Bulk.AES_256_CBC, Mac.SHA1),
    TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256(0xc023, Bulk.AES_128_CBC, Mac.SHA256),
    TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA384(0xc024, Bulk.AES_256_CBC, Mac.SHA384),
    TLS_ECDH_ECDSA_WITH_AES_128_CBC_SHA256(0xc025, Bulk.AES_128_CBC, Mac.SHA256),
    TLS_ECDH_ECDSA_WITH_AES_256_CBC_SHA384(0xc026, Bulk.AES_256_CBC, Mac.SHA384),
    TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256(0xc027, Bulk.AES_128_CBC, Mac.SHA256),
    TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384(0xc028, Bulk.AES_256_CBC, Mac.SHA384),
    TLS_ECDH_RSA_WITH_AES_128_CBC_SHA256(0xc029, Bulk.AES_128_CBC, Mac.SHA256),
    TLS_ECDH_RSA_WITH_AES_256_CBC_SHA384(0xc02a, Bulk.AES_256_CBC, Mac.SHA384);

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

    /** The cipher of a suite that is not AEAD, by the JDK's names: CBC block ciphers and RC4, a stream cipher. */
    enum Bulk {
        AES_128_CBC(16, 16, "AES", "AES/ECB/NoPadding"),
        AES_256_CBC(32, 16, "AES", "AES/ECB/NoPadding"),
        DES_EDE_CBC(24, 8, "DESede", "DESede/ECB/NoPadding"),
        DES_CBC(8, 8, "DES", "DES/ECB/NoPadding"),
        RC4_128(16, 0, "ARCFOUR", "ARCFOUR");

        final int keyLength;
        /** The block size, which is also the IV's length; 0 for a stream cipher. */
        final int blockLength;
        final String keyAlgorithm;
        /** The JDK's transformation: a block cipher's ECB (the chaining is {@link RecordProtection.Cbc}'s), or RC4's stream. */
        final String transformation;

        Bulk(int keyLength, int blockLength, String keyAlgorithm, String transformation) {
            this.keyLength = keyLength;
            this.blockLength = blockLength;
            this.keyAlgorithm = keyAlgorithm;
            this.transformation = transformation;
        }

        boolean block() {
            return blockLength > 0;
        }
    }

    /** The record MAC of a suite that is not AEAD (RFC 2104 HMAC, RFC 5246 6.2.3.1). */
    enum Mac {
        MD5("HmacMD5", 16),
        SHA1("HmacSHA1", 20),
        SHA256("HmacSHA256", 32),
        SHA384("HmacSHA384", 48);

        final String hmac;
        final int length;

        Mac(String hmac, int length) {
            this.hmac = hmac;
            this.length = length;
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
    /** The AEAD algorithm; null for a block or stream cipher suite. */
    final Aead aead;
    /** The block or stream cipher and the MAC; null for an AEAD suite. */
    final Bulk bulk;
    final Mac mac;
    final Hash hash;
    final boolean tls13;
    /** The constants, once: {@code values()} copies its array each call, and this is asked per record. */
    private static final CipherSuite[] ALL = values();

    CipherSuite(int code, Aead aead, Hash hash, boolean tls13) {
        this.code = code;
        this.aead = aead;
        this.bulk = null;
        this.mac = null;
        this.hash = hash;
        this.tls13 = tls13;
    }

    CipherSuite(int code, Bulk bulk, Mac mac) {
        this.code = code;
        this.aead = null;
        this.bulk = bulk;
        this.mac = mac;
        this.hash = mac == Mac.SHA384 ? Hash.SHA384 : Hash.SHA256;
        this.tls13 = false;
    }

    boolean aead() {
        return aead != null;
    }

    /** The suite with this code, or null when its records are not decrypted here. */
    static CipherSuite of(int code) {
        for (CipherSuite s : ALL) if (s.code == code) return s;
        return null;
    }

    /** {@code 0xc02c TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384}, or the hex code alone for a suite not listed. */
    static String describe(int code) {
        CipherSuite s = of(code);
        String hex = "0x" + java.util.HexFormat.of().toHexDigits((short) code);   // String.format was 0.7% of a worker's samples
        return s != null ? hex + " " + s.name() : hex;
    }
}
