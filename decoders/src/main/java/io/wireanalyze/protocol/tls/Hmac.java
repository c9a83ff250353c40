package io.wireanalyze.protocol.tls;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * HMAC (RFC 2104: H(K ^ opad, H(K ^ ipad, text))) over the JDK's {@link MessageDigest}, with the hash's state after
 * each padded key block computed once per key and copied for each MAC. The JDK's {@link javax.crypto.Mac} hashes both
 * padded key blocks again for every MAC: two of the four compressions of a short text's MAC, as a PRF's steps, a key
 * block's and a small record's MAC are. The handshakes' key blocks were 7% of the samples on the bench's mixed capture
 * with its key log, run on C1 (the JDK's hashes are plain Java there); a TLS 1.2 key block now takes 14 to 17 us instead
 * of 19 to 20 us on C1, a TLS 1.0 one 10 to 12 us instead of 16 us on C2 (docs/benchmark.md, twenty-third stop).
 * <p>
 * Used as {@code Mac} is: {@code update} the text in pieces, {@code doFinal} for the MAC, after which the next text
 * begins. Held to the JDK's HMACs by {@code HmacTest}. Mutable (the text being hashed): one direction's or one key
 * derivation's state.
 */
final class Hmac {

    /** The hashes of TLS's HMACs, fresh: never updated, only copied (so several threads may copy them at once). */
    private static final MessageDigest MD5 = digest("MD5"), SHA1 = digest("SHA-1"), SHA256 = digest("SHA-256"),
            SHA384 = digest("SHA-384");

    private final MessageDigest innerKeyed;
    private final MessageDigest outerKeyed;
    /** The text's inner hash, begun with the first update after a {@code doFinal}; null until then. */
    private MessageDigest inner;

    /** The HMAC of the JDK's {@code name} ({@code HmacMD5}, {@code HmacSHA1}, {@code HmacSHA256}, {@code HmacSHA384}), keyed. */
    Hmac(String name, byte[] key) {
        MessageDigest fresh = switch (name) {
            case "HmacMD5" -> MD5;
            case "HmacSHA1" -> SHA1;
            case "HmacSHA256" -> SHA256;
            case "HmacSHA384" -> SHA384;
            default -> throw new IllegalArgumentException("HMAC " + name + " (expected: HmacMD5, HmacSHA1, HmacSHA256 or HmacSHA384)");
        };
        int block = fresh == SHA384 ? 128 : 64;
        byte[] k = key.length > block ? copy(fresh).digest(key) : key;   // a longer key is hashed first (RFC 2104 2)
        byte[] pad = Arrays.copyOf(k, block);
        for (int i = 0; i < block; i++) pad[i] ^= 0x36;
        innerKeyed = copy(fresh);
        innerKeyed.update(pad);
        for (int i = 0; i < block; i++) pad[i] ^= 0x36 ^ 0x5c;
        outerKeyed = copy(fresh);
        outerKeyed.update(pad);
    }

    void update(byte[] b) {
        text().update(b);
    }

    void update(byte[] b, int from, int length) {
        text().update(b, from, length);
    }

    void update(byte b) {
        text().update(b);
    }

    /** The MAC of the text so far; the next update begins a new text. */
    byte[] doFinal() {
        byte[] innerHash = text().digest();
        inner = null;
        MessageDigest outer = copy(outerKeyed);
        outer.update(innerHash);
        return outer.digest();
    }

    /** The MAC of the text so far and then {@code b}. */
    byte[] doFinal(byte[] b) {
        update(b);
        return doFinal();
    }

    private MessageDigest text() {
        if (inner == null) inner = copy(innerKeyed);
        return inner;
    }

    private static MessageDigest copy(MessageDigest digest) {
        try {
            return (MessageDigest) digest.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("java.security " + digest.getAlgorithm() + " cannot be copied (expected: the JDK's digests can)", e);
        }
    }

    private static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("java.security " + algorithm + ": " + e.getMessage() + " (expected: every JDK has it)", e);
        }
    }
}
