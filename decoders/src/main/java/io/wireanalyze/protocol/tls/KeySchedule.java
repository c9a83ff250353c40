package io.wireanalyze.protocol.tls;

import java.nio.charset.StandardCharsets;

/**
 * The key derivations records need, built on HMAC ({@link Hmac}): TLS 1.3's HKDF-Expand-Label (RFC 8446
 * 7.1 over RFC 5869 2.3), TLS 1.2's PRF (RFC 5246 5) and TLS 1.0/1.1's (RFC 2246 5). Nothing else of the key schedules
 * is needed: the key log already holds the traffic secrets (TLS 1.3) or the master secret (TLS 1.0 to 1.2).
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
        Hmac mac = new Hmac(hash.hmac, prk);
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
        return pHash(new Hmac(hash.hmac, secret), concat(label, seed), length);
    }

    /**
     * The PRF of TLS 1.0 and 1.1 (RFC 2246 5, RFC 4346 5): the secret is split in two halves S1 and S2 (sharing the
     * middle byte when its length is odd), and PRF(secret, label, seed) = P_MD5(S1, label + seed) XOR P_SHA-1(S2,
     * label + seed).
     */
    static byte[] prf10(byte[] secret, String label, byte[] seed, int length) {
        int half = (secret.length + 1) / 2;
        byte[] s1 = java.util.Arrays.copyOfRange(secret, 0, half);
        byte[] s2 = java.util.Arrays.copyOfRange(secret, secret.length - half, secret.length);
        byte[] labelSeed = concat(label, seed);
        byte[] md5 = pHash(new Hmac("HmacMD5", s1), labelSeed, length);
        byte[] sha1 = pHash(new Hmac("HmacSHA1", s2), labelSeed, length);
        for (int i = 0; i < length; i++) md5[i] ^= sha1[i];
        return md5;
    }

    /** The key block of TLS 1.0 to 1.2: PRF(master_secret, "key expansion", server_random + client_random) (RFC 5246 6.3). */
    static byte[] keyBlock(int version, CipherSuite suite, byte[] master, byte[] serverRandom, byte[] clientRandom, int length) {
        byte[] seed = new byte[64];
        System.arraycopy(serverRandom, 0, seed, 0, 32);
        System.arraycopy(clientRandom, 0, seed, 32, 32);
        return version < TlsVersion.TLS_1_2.code() ? prf10(master, "key expansion", seed, length)
                : prf12(suite.hash, master, "key expansion", seed, length);
    }

    private static byte[] concat(String label, byte[] seed) {
        byte[] l = label.getBytes(StandardCharsets.US_ASCII);
        byte[] labelSeed = new byte[l.length + seed.length];
        System.arraycopy(l, 0, labelSeed, 0, l.length);
        System.arraycopy(seed, 0, labelSeed, l.length, seed.length);
        return labelSeed;
    }

    /** P_hash(secret, seed), the first {@code length} bytes, with the HMAC keyed by the secret. */
    private static byte[] pHash(Hmac mac, byte[] seed, int length) {
        byte[] out = new byte[length];
        byte[] a = seed;
        for (int done = 0; done < length; ) {
            a = mac.doFinal(a);
            mac.update(a);
            byte[] p = mac.doFinal(seed);
            int n = Math.min(p.length, length - done);
            System.arraycopy(p, 0, out, done, n);
            done += n;
        }
        return out;
    }
}
