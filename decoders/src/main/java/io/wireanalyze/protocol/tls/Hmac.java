package io.wireanalyze.protocol.tls;

import java.util.Arrays;

/**
 * HMAC (RFC 2104: H(K ^ opad, H(K ^ ipad, text))) over our own {@link Hash}es, with the hash's state after each padded
 * key block computed once per key and copied for each MAC. The JDK's {@link javax.crypto.Mac} hashes both padded key
 * blocks again for every MAC: two of the four compressions of a short text's MAC, as a PRF's steps, a key block's and a
 * small record's MAC are. Copying a {@link Hash}'s state makes nothing, where the JDK's digests copy by {@code clone()}
 * (docs/benchmark.md, twenty-third and thirty-first stops).
 * <p>
 * Used as {@code Mac} is: {@code update} the text in pieces, {@code doFinal} for the MAC, after which the next text
 * begins. Held to the JDK's HMACs by {@code HmacTest}. Mutable (the text being hashed): one direction's or one key
 * derivation's state.
 */
final class Hmac {

    private final Hash innerKeyed;
    private final Hash outerKeyed;
    /** The text's inner hash, begun from {@link #innerKeyed} at the start and after each {@code doFinal}. */
    private final Hash inner;
    private final Hash outer;
    private final byte[] innerHash;

    /** The HMAC of the JDK's {@code name} ({@code HmacMD5}, {@code HmacSHA1}, {@code HmacSHA256}, {@code HmacSHA384}), keyed. */
    Hmac(String name, byte[] key) {
        innerKeyed = Hash.forHmac(name);
        outerKeyed = innerKeyed.fresh();
        inner = innerKeyed.fresh();
        outer = innerKeyed.fresh();
        innerHash = new byte[innerKeyed.length()];
        int block = innerKeyed.blockSize();
        byte[] k = key;
        if (key.length > block) {   // a longer key is hashed first (RFC 2104 2)
            k = new byte[innerKeyed.length()];
            inner.update(key, 0, key.length);
            inner.finish(k, 0);
        }
        byte[] pad = Arrays.copyOf(k, block);
        for (int i = 0; i < block; i++) pad[i] ^= 0x36;
        innerKeyed.update(pad, 0, block);
        for (int i = 0; i < block; i++) pad[i] ^= 0x36 ^ 0x5c;
        outerKeyed.update(pad, 0, block);
        inner.copyFrom(innerKeyed);
    }

    void update(byte[] b) {
        inner.update(b, 0, b.length);
    }

    void update(byte[] b, int from, int length) {
        inner.update(b, from, length);
    }

    void update(byte b) {
        inner.update(b);
    }

    /** The MAC of the text so far; the next update begins a new text. */
    byte[] doFinal() {
        inner.finish(innerHash, 0);
        inner.copyFrom(innerKeyed);
        outer.copyFrom(outerKeyed);
        outer.update(innerHash, 0, innerHash.length);
        byte[] mac = new byte[innerHash.length];
        outer.finish(mac, 0);
        return mac;
    }

    /** The MAC of the text so far and then {@code b}. */
    byte[] doFinal(byte[] b) {
        update(b);
        return doFinal();
    }
}
