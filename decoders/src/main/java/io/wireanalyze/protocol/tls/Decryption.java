package io.wireanalyze.protocol.tls;

import java.util.HexFormat;

/**
 * Which keys open one connection's records, from its hellos and the key log. TLS 1.3 (RFC 8446 7): after the
 * ServerHello each direction's protected records open with its handshake traffic secret, and after that direction's
 * Finished with its application traffic secret (a KeyUpdate moves it to the next one). TLS 1.0 to 1.2 (RFC 5246 6.3,
 * RFC 2246 6.3): the key block is PRF(master_secret, "key expansion", server_random + client_random), with the
 * version's PRF; each direction's records are protected from its ChangeCipherSpec on. Where the keys cannot be had, each
 * direction says why.
 */
final class Decryption {

    static final String NOT_DECRYPTED = "TLS application data, not decrypted: ";
    static final String NO_KEY_LOG = "no key log (analyze --tls-keylog FILE: an NSS key log, from SSLKEYLOGFILE or the Java agent"
            + " extract-tls-secrets)";

    private static final HexFormat HEX = HexFormat.of();

    private final TlsKeyLog keys;
    private HandshakeReader.ClientHello client;
    private HandshakeReader.ServerHello server;
    private CipherSuite suite;
    /** TLS 1.2: the client's and the server's write protection, installed at each one's ChangeCipherSpec. */
    private final RecordProtection[] pending = new RecordProtection[2];
    /** TLS 1.3: whether the client's and the server's records are still under handshake keys. */
    private final boolean[] handshakeKeys = new boolean[2];
    /** Why nothing of this connection is decrypted, once that is known. */
    private String reason;

    Decryption(TlsKeyLog keys) {
        this.keys = keys;
    }

    boolean tls13() {
        return server != null && server.version() == TlsVersion.TLS_1_3.code();
    }

    void clientHello(HandshakeReader.ClientHello hello) {
        if (client == null) client = hello;   // a second one (after a HelloRetryRequest) keeps the random
    }

    /** The ServerHello: the version and cipher suite are known, and with them the keys (or why there are none). */
    void serverHello(HandshakeReader.ServerHello hello, Side c2s, Side s2c) {
        if (hello.helloRetryRequest()) return;
        server = hello;
        suite = CipherSuite.of(hello.cipherSuite());
        reason = why();
        if (reason != null) {
            c2s.notDecrypted = s2c.notDecrypted = NOT_DECRYPTED + reason;
            return;
        }
        if (tls13()) {
            handshakeKeys[0] = handshakeKeys[1] = true;
            install13(c2s, TlsKeyLog.Label.CLIENT_HANDSHAKE_TRAFFIC_SECRET);
            install13(s2c, TlsKeyLog.Label.SERVER_HANDSHAKE_TRAFFIC_SECRET);
            return;
        }
        byte[] master = keys.masterSecret(client.random(), hello.sessionId());
        if (master == null) {
            c2s.notDecrypted = s2c.notDecrypted = NOT_DECRYPTED + "the key log has no CLIENT_RANDOM line for client random "
                    + HEX.formatHex(client.random()) + " nor an RSA Session-ID line for session id " + HEX.formatHex(hello.sessionId());
            return;
        }
        if (suite.aead()) {
            int k = suite.aead.keyLength, iv = suite.aead.tls12FixedIvLength;
            byte[] block = KeySchedule.keyBlock(hello.version(), suite, master, hello.random(), client.random(), 2 * (k + iv));
            pending[0] = new RecordProtection.Tls12(suite, copy(block, 0, k), copy(block, 2 * k, iv));
            pending[1] = new RecordProtection.Tls12(suite, copy(block, k, k), copy(block, 2 * k + iv, iv));
            return;
        }
        // client_write_MAC_key, server_write_MAC_key, client_write_key, server_write_key, client_write_IV, server_write_IV (6.3)
        int m = suite.mac.length, k = suite.bulk.keyLength, iv = suite.bulk.blockLength;
        byte[] block = KeySchedule.keyBlock(hello.version(), suite, master, hello.random(), client.random(), 2 * (m + k + iv));
        for (int i = 0; i < 2; i++) {
            byte[] macKey = copy(block, i * m, m), key = copy(block, 2 * m + i * k, k), writeIv = copy(block, 2 * (m + k) + i * iv, iv);
            pending[i] = suite.bulk.block()
                    ? new RecordProtection.Cbc(suite, macKey, key, writeIv, hello.version() >= TlsVersion.TLS_1_1.code(), hello.encryptThenMac())
                    : new RecordProtection.Stream(suite, macKey, key);
        }
    }

    private static byte[] copy(byte[] from, int at, int length) {
        return java.util.Arrays.copyOfRange(from, at, at + length);
    }

    /** A ChangeCipherSpec: TLS 1.2 protects the sender's records from here on; TLS 1.3's is only for middleboxes. */
    void changeCipherSpec(Side side, boolean fromClient) {
        if (tls13()) return;
        side.encrypted = true;
        int i = fromClient ? 0 : 1;
        if (pending[i] != null) {
            side.protection = pending[i];
            pending[i] = null;
        } else if (side.notDecrypted == null) {
            side.notDecrypted = NOT_DECRYPTED + (server == null ? notNegotiated() : "a second ChangeCipherSpec (renegotiation is not decrypted)");
            side.protection = null;
        }
    }

    /** TLS 1.3: the sender's Finished ends its handshake keys; its application traffic secret follows. */
    void finished(Side side, boolean fromClient) {
        int i = fromClient ? 0 : 1;
        if (!tls13() || !handshakeKeys[i]) return;
        handshakeKeys[i] = false;
        install13(side, fromClient ? TlsKeyLog.Label.CLIENT_TRAFFIC_SECRET_0 : TlsKeyLog.Label.SERVER_TRAFFIC_SECRET_0);
    }

    /** TLS 1.3: a KeyUpdate moves the sender to its next application traffic secret. */
    void keyUpdate(Side side) {
        if (side.protection instanceof RecordProtection.Tls13 t) side.protection = t.next();
    }

    /** Why protected records seen before any ServerHello are not decrypted. */
    String notNegotiated() {
        return client == null
                ? "the capture joined the connection after its handshake (its ClientHello, whose random names the keys in a key log, was not captured)"
                : "no ServerHello was captured before it (early data, or the ServerHello was lost)";
    }

    /** The negotiated version and cipher suite, for the ServerHello's record. */
    String negotiated() {
        return server == null ? null : TlsVersion.name(server.version());
    }

    private String why() {
        if (client == null) return notNegotiated();
        String version = TlsVersion.name(server.version());
        if (server.version() < TlsVersion.TLS_1_0.code() || server.version() > TlsVersion.TLS_1_3.code())
            return version + " is not decrypted here (expected: TLS 1.0 to 1.3)";
        if (suite == null || suite.tls13 != tls13() || (suite.aead() && !tls13() && server.version() < TlsVersion.TLS_1_2.code()))
            return "cipher suite " + CipherSuite.describe(server.cipherSuite()) + " with " + version + " is not decrypted here"
                    + " (expected: a TLS 1.3 suite; with TLS 1.2 an AES-GCM, ChaCha20-Poly1305, CBC or RC4 suite; with TLS 1.0 and"
                    + " 1.1 a CBC or RC4 suite)";
        if (keys.isEmpty()) return NO_KEY_LOG;
        return null;
    }

    private void install13(Side side, TlsKeyLog.Label label) {
        byte[] secret = keys.secret(label, client.random());
        if (secret == null || secret.length != suite.hash.length) {
            side.protection = null;
            side.notDecrypted = NOT_DECRYPTED + "the key log has no " + label + (secret == null ? "" : " of " + suite.hash.length + " bytes")
                    + " for client random " + HEX.formatHex(client.random());
            return;
        }
        side.protection = new RecordProtection.Tls13(suite, secret);
    }
}
