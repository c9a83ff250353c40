package io.wireanalyze.capture;

import java.nio.charset.StandardCharsets;

/**
 * The content of a pcapng Decryption Secrets Block (draft-ietf-opsawg-pcapng 4.7): its Secrets Type and its Secrets
 * Data, as written by {@code editcap --inject-secrets} and Wireshark's "Inject TLS secrets". Type
 * {@link #TLS_KEY_LOG} ('TLSK') is an NSS key log, as text; the others (WireGuard, ZigBee, SSH ...) are kept as bytes.
 *
 * @param type the Secrets Type, in the section's byte order
 * @param data the Secrets Data, without its padding
 */
public record DecryptionSecrets(int type, byte[] data) {

    /** 0x544c534b 'TLSK': an NSS key log (Wireshark's tls.keylog_file format). */
    public static final int TLS_KEY_LOG = 0x544c_534b;

    public DecryptionSecrets {
        data = data.clone();
    }

    @Override
    public byte[] data() {
        return data.clone();
    }

    public boolean tlsKeyLog() {
        return type == TLS_KEY_LOG;
    }

    /** The key log's lines (ISO-8859-1: a key log is ASCII; nothing is lost whatever the bytes). */
    public java.util.List<String> lines() {
        return new String(data, StandardCharsets.ISO_8859_1).lines().toList();
    }

    @Override
    public String toString() {
        return "DecryptionSecrets[" + String.format("0x%08x", type) + ", " + data.length + " bytes]";
    }
}
