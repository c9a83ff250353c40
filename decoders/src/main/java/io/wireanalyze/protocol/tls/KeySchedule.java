package io.wireanalyze.protocol.tls;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;

/**
 * The two key derivations records need, built on the JDK's HMAC ({@link Mac}): TLS 1.3's HKDF-Expand-Label (RFC 8446
 * 7.1 over RFC 5869 2.3) and TLS 1.2's PRF (RFC 5246 5). Nothing else of either key schedule is needed: the key log
 * already holds the traffic secrets (TLS 1.3) or the master secret (TLS 1.2).
 */
final class KeySchedule {

    private KeySchedule() {
    }

    /**
     * HKDF-Expand-Label(Secret, Label, Context, Length) = HKDF-Expand(Secret, HkdfLabel, Length), where HkdfLabel is
     * {@code uint16 length; opaque label<7..255> = "tls13 " + Label; opaque context<0..255>} (RFC 8446 7.1).
     */
    static byte[] expandLabel(CipherSuite.Hash hash, byte[] secret, String label, byte[] context, int length) {
        byte[] full = ("tls13 " + label).getBytes(StandardCharsets.US_ASCII);
        byte[] info = new byte[2 + 1 + full.length + 1 + context.length];
        info[0] = (byte) (length >>> 8);
        info[1] = (byte) length;
        info[2] = (byte) full.length;
        System.arraycopy(full, 0, info, 3, full.length);
        info[3 + full.length] = (byte) context.length;
        System.arraycopy(context, 0, info, 4 + full.length, context.length);
        return hkdfExpand(hash, secret, info, length);
    }

    /** HKDF-Expand(PRK, info, L): T(i) = HMAC-Hash(PRK, T(i-1) | info | i), the first L bytes of T(1) | T(2) ... (RFC 5869 2.3). */
    static byte[] hkdfExpand(CipherSuite.Hash hash, byte[] prk, byte[] info, int length) {
        Mac mac = mac(hash, prk);
        byte[] out = new byte[length];
        byte[] t = new byte[0];
        for (int done = 0, i = 1; done < length; i++) {
            mac.update(t);
            mac.update(info);
            mac.update((byte) i);
            t = mac.doFinal();
            int n = Math.min(t.length, length - done);
            System.arraycopy(t, 0, out, done, n);
            done += n;
        }
        return out;
    }

    /**
     * PRF(secret, label, seed) = P_hash(secret, label + seed), where P_hash(secret, seed) = HMAC_hash(secret, A(1) +
     * seed) + HMAC_hash(secret, A(2) + seed) + ..., A(0) = seed, A(i) = HMAC_hash(secret, A(i-1)) (RFC 5246 5); the
     * hash is SHA-256 unless the cipher suite names another.
     */
    static byte[] prf12(CipherSuite.Hash hash, byte[] secret, String label, byte[] seed, int length) {
        byte[] l = label.getBytes(StandardCharsets.US_ASCII);
        byte[] labelSeed = new byte[l.length + seed.length];
        System.arraycopy(l, 0, labelSeed, 0, l.length);
        System.arraycopy(seed, 0, labelSeed, l.length, seed.length);
        Mac mac = mac(hash, secret);
        byte[] out = new byte[length];
        byte[] a = labelSeed;
        for (int done = 0; done < length; ) {
            a = mac.doFinal(a);
            mac.update(a);
            byte[] p = mac.doFinal(labelSeed);
            int n = Math.min(p.length, length - done);
            System.arraycopy(p, 0, out, done, n);
            done += n;
        }
        return out;
    }

    private static Mac mac(CipherSuite.Hash hash, byte[] key) {
        try {
            Mac mac = Mac.getInstance(hash.hmac);
            mac.init(new SecretKeySpec(key, hash.hmac));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("javax.crypto " + hash.hmac + ": " + e.getMessage() + " (expected: every JDK has it)", e);
        }
    }
}
