package io.wireanalyze.protocol.tls;

import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;

/**
 * AES-GCM's authenticated decryption (NIST SP 800-38D 7.2) for one key, on the JDK's AES block cipher (ECB, set up once
 * for the key) and a GHASH of our own with 4-bit tables (Shoup's method: 32 table steps a block). The JDK's
 * {@code AES/GCM} multiplies in GF(2^128) bit by bit (128 steps a block) unless C2 has compiled it to the CPU's
 * carry-less multiply; on C1, as the launcher runs a small capture, that loop was an eighth of a worker's samples on the
 * bench's 150 k-packet slice. And no {@code Cipher.init} per record: the counter blocks of a record (J0 for the tag,
 * then one per 16 bytes) are enciphered in one ECB call.
 * <p>
 * Held to the JDK's {@code AES/GCM/NoPadding} by {@code AesGcmTest} (random keys, nonces, additional data and
 * lengths; a flipped bit anywhere fails the tag). Mutable only in its tables' making: one direction's decoder state.
 */
final class AesGcm {

    /** The JDK's transformation that enciphers the counter blocks. */
    static final String BLOCK_CIPHER = "AES/ECB/NoPadding";

    /** The reduction of the four bits shifted out, by their value (the field's polynomial, x^128 + x^7 + x^2 + x + 1). */
    private static final long[] LAST4 = {
            0x0000, 0x1c20, 0x3840, 0x2460, 0x7080, 0x6ca0, 0x48c0, 0x54e0,
            0xe100, 0xfd20, 0xd940, 0xc560, 0x9180, 0x8da0, 0xa9c0, 0xb5e0};

    private final Cipher aes;
    /** The multiples of H by each 4-bit value (in GCM's reflected bit order): high and low halves. */
    private final long[] hh = new long[16], hl = new long[16];

    AesGcm(SecretKeySpec key) throws GeneralSecurityException {
        aes = Cipher.getInstance(BLOCK_CIPHER);
        aes.init(Cipher.ENCRYPT_MODE, key);
        byte[] h = aes.doFinal(new byte[16]);   // H = E(K, 0^128)
        long vh = longAt(h, 0), vl = longAt(h, 8);
        hh[8] = vh;
        hl[8] = vl;
        for (int i = 4; i > 0; i >>= 1) {   // H times x, x^2, x^3: a shift right with the reduction
            long t = (vl & 1) * 0xe1000000L;
            vl = (vh << 63) | (vl >>> 1);
            vh = (vh >>> 1) ^ (t << 32);
            hh[i] = vh;
            hl[i] = vl;
        }
        for (int i = 2; i <= 8; i *= 2) {   // the other values: sums of those
            for (int j = 1; j < i; j++) {
                hh[i + j] = hh[i] ^ hh[j];
                hl[i + j] = hl[i] ^ hl[j];
            }
        }
    }

    /**
     * The plaintext of the {@code length} bytes at {@code from} (the ciphertext, then its 16-byte tag), under the 12-byte
     * {@code nonce} and the additional data {@code aad}; null when the tag does not match. {@code length} is at least the
     * tag's.
     */
    byte[] open(byte[] nonce, byte[] aad, ByteBuffer in, int from, int length) throws GeneralSecurityException {
        int n = length - CipherSuite.Aead.TAG_LENGTH;
        int blocks = (n + 15) >>> 4;
        // J0 = nonce || 1 (for the tag), then nonce || 2, 3, ... for the ciphertext's blocks.
        byte[] counters = new byte[(blocks + 1) * 16];
        for (int b = 0; b <= blocks; b++) {
            int at = b * 16;
            System.arraycopy(nonce, 0, counters, at, 12);
            int c = b + 1;
            counters[at + 12] = (byte) (c >>> 24);
            counters[at + 13] = (byte) (c >>> 16);
            counters[at + 14] = (byte) (c >>> 8);
            counters[at + 15] = (byte) c;
        }
        byte[] stream = aes.doFinal(counters);
        byte[] text = new byte[n];
        in.get(from, text);
        // S = GHASH(A || 0* || C || 0* || len(A) || len(C)); the tag is E(K, J0) xor S.
        long[] z = new long[2];
        absorb(z, aad, aad.length);
        absorb(z, text, n);
        z[0] ^= (long) aad.length * 8;
        z[1] ^= (long) n * 8;
        multiply(z);
        long tagHigh = z[0] ^ longAt(stream, 0), tagLow = z[1] ^ longAt(stream, 8);
        if (tagHigh != in.getLong(from + n) || tagLow != in.getLong(from + n + 8)) return null;
        for (int i = 0; i < n; i++) text[i] ^= stream[16 + i];
        return text;
    }

    /** GHASH's blocks of {@code length} bytes of {@code b}, the last padded with zeros, into the state {@code z}. */
    private void absorb(long[] z, byte[] b, int length) {
        int i = 0;
        for (; i + 16 <= length; i += 16) {
            z[0] ^= longAt(b, i);
            z[1] ^= longAt(b, i + 8);
            multiply(z);
        }
        if (i < length) {
            byte[] last = new byte[16];
            System.arraycopy(b, i, last, 0, length - i);
            z[0] ^= longAt(last, 0);
            z[1] ^= longAt(last, 8);
            multiply(z);
        }
    }

    /** z = z * H in GF(2^128), four bits at a time from the last byte to the first (the low half's, then the high's). */
    private void multiply(long[] z) {
        long xh = z[0], xl = z[1];
        int lo = (int) xl & 0xf;
        long zh = hh[lo], zl = hl[lo];
        for (int i = 15; i >= 0; i--) {
            int x = (int) ((i >= 8 ? xl >>> (8 * (15 - i)) : xh >>> (8 * (7 - i))) & 0xff);
            if (i != 15) {
                int rem = (int) zl & 0xf;
                zl = (zh << 60) | (zl >>> 4);
                zh = (zh >>> 4) ^ (LAST4[rem] << 48);
                zh ^= hh[x & 0xf];
                zl ^= hl[x & 0xf];
            }
            int rem = (int) zl & 0xf;
            zl = (zh << 60) | (zl >>> 4);
            zh = (zh >>> 4) ^ (LAST4[rem] << 48);
            zh ^= hh[x >>> 4];
            zl ^= hl[x >>> 4];
        }
        z[0] = zh;
        z[1] = zl;
    }

    private static long longAt(byte[] b, int i) {
        return (b[i] & 0xffL) << 56 | (b[i + 1] & 0xffL) << 48 | (b[i + 2] & 0xffL) << 40 | (b[i + 3] & 0xffL) << 32
                | (b[i + 4] & 0xffL) << 24 | (b[i + 5] & 0xffL) << 16 | (b[i + 6] & 0xffL) << 8 | (b[i + 7] & 0xffL);
    }
}
