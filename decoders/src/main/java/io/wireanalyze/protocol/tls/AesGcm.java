package io.wireanalyze.protocol.tls;

import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;

/**
 * AES-GCM's authenticated decryption (NIST SP 800-38D 7.2) for one key, on {@link Aes} (its key schedule made once
 * for the key) and a GHASH of our own with 8-bit tables (Shoup's method: 16 table steps a block, 4 KiB of tables a
 * key; with 4-bit tables, 32 steps, it took twice as long on C1). The JDK's
 * {@code AES/GCM} multiplies in GF(2^128) bit by bit (128 steps a block) unless C2 has compiled it to the CPU's
 * carry-less multiply; on C1, as the launcher runs a small capture, that loop was an eighth of a worker's samples on the
 * bench's 150 k-packet slice. And no key schedule per record: the counter blocks of a record (J0 for the tag, then
 * one per 16 bytes) are enciphered in one call under the key's {@link Aes}.
 * <p>
 * Where C2 compiles ({@link Aes#jdkIsFaster()}), the JDK's {@code AES/GCM} is used instead: C2 runs it on the processor's
 * AES and carry-less multiply instructions, and it opened a 16 KiB record in 5 us against 62 us for this class (on C1,
 * 574 us against 170 us; 1,400 bytes: 1.0 against 5.3 us on C2, 44 against 14 us on C1).
 * <p>
 * Held to the JDK's {@code AES/GCM/NoPadding} by {@code AesGcmTest} (random keys, nonces, additional data and
 * lengths; a flipped bit anywhere fails the tag). Mutable only in its tables' making: one direction's decoder state.
 */
final class AesGcm {

    /**
     * The reduction of the eight bits a shift right by a byte drops, by their value: where x^128 + x^7 + x^2 + x + 1 folds
     * them back into the top of the high half (made by shifting each value out bit by bit).
     */
    private static final long[] LAST8 = new long[256];

    static {
        for (int r = 0; r < 256; r++) {
            long vh = 0, vl = r;
            for (int bit = 0; bit < 8; bit++) {
                long t = (vl & 1) * 0xe1000000L;
                vl = (vh << 63) | (vl >>> 1);
                vh = (vh >>> 1) ^ (t << 32);
            }
            LAST8[r] = vh;
        }
    }

    /** The block cipher, enciphering. */
    private final Aes aes;
    /** The multiples of H by each 8-bit value (in GCM's reflected bit order): high and low halves. */
    private final long[] hh = new long[256], hl = new long[256];

    AesGcm(SecretKeySpec key) {
        this.aes = new Aes(key.getEncoded(), false);
        byte[] h = new byte[16];
        aes.blocks(h, 0, 16, h, 0);   // H = E(K, 0^128)
        long vh = longAt(h, 0), vl = longAt(h, 8);
        hh[128] = vh;
        hl[128] = vl;
        for (int i = 64; i > 0; i >>= 1) {   // H times x, x^2 ... x^7: a shift right with the reduction
            long t = (vl & 1) * 0xe1000000L;
            vl = (vh << 63) | (vl >>> 1);
            vh = (vh >>> 1) ^ (t << 32);
            hh[i] = vh;
            hl[i] = vl;
        }
        for (int i = 2; i <= 128; i *= 2) {   // the other values: sums of those
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
    byte[] open(byte[] nonce, byte[] aad, ByteBuffer in, int from, int length) {
        int n = length - CipherSuite.Aead.TAG_LENGTH;
        int blocks = (n + 15) >>> 4;
        // J0 = nonce || 1 (for the tag), then nonce || 2, 3, ... for the ciphertext's blocks.
        byte[] stream = new byte[(blocks + 1) * 16];   // the counter blocks, enciphered in place into the key stream
        for (int b = 0; b <= blocks; b++) {
            int at = b * 16;
            System.arraycopy(nonce, 0, stream, at, 12);
            int c = b + 1;
            stream[at + 12] = (byte) (c >>> 24);
            stream[at + 13] = (byte) (c >>> 16);
            stream[at + 14] = (byte) (c >>> 8);
            stream[at + 15] = (byte) c;
        }
        aes.blocks(stream, 0, stream.length, stream, 0);
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
            // loaded here: longAt is past the 35 bytes of bytecode C1 inlines, and this is every block of every record
            z[0] ^= (b[i] & 0xffL) << 56 | (b[i + 1] & 0xffL) << 48 | (b[i + 2] & 0xffL) << 40 | (b[i + 3] & 0xffL) << 32
                    | (b[i + 4] & 0xffL) << 24 | (b[i + 5] & 0xffL) << 16 | (b[i + 6] & 0xffL) << 8 | (b[i + 7] & 0xffL);
            z[1] ^= (b[i + 8] & 0xffL) << 56 | (b[i + 9] & 0xffL) << 48 | (b[i + 10] & 0xffL) << 40 | (b[i + 11] & 0xffL) << 32
                    | (b[i + 12] & 0xffL) << 24 | (b[i + 13] & 0xffL) << 16 | (b[i + 14] & 0xffL) << 8 | (b[i + 15] & 0xffL);
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

    /**
     * z = z * H in GF(2^128), a byte at a time from the last byte to the first: the low half's, then the high's, in two
     * loops of the same shape (one loop choosing the half per byte took about a third longer on C1).
     */
    private void multiply(long[] z) {
        long xh = z[0], xl = z[1];
        int x = (int) xl & 0xff;
        long zh = hh[x], zl = hl[x];
        for (int shift = 8; shift < 64; shift += 8) {
            x = (int) (xl >>> shift) & 0xff;
            int rem = (int) zl & 0xff;
            zl = (zh << 56) | (zl >>> 8);
            zh = (zh >>> 8) ^ LAST8[rem] ^ hh[x];
            zl ^= hl[x];
        }
        for (int shift = 0; shift < 64; shift += 8) {
            x = (int) (xh >>> shift) & 0xff;
            int rem = (int) zl & 0xff;
            zl = (zh << 56) | (zl >>> 8);
            zh = (zh >>> 8) ^ LAST8[rem] ^ hh[x];
            zl ^= hl[x];
        }
        z[0] = zh;
        z[1] = zl;
    }

    private static long longAt(byte[] b, int i) {
        return (b[i] & 0xffL) << 56 | (b[i + 1] & 0xffL) << 48 | (b[i + 2] & 0xffL) << 40 | (b[i + 3] & 0xffL) << 32
                | (b[i + 4] & 0xffL) << 24 | (b[i + 5] & 0xffL) << 16 | (b[i + 6] & 0xffL) << 8 | (b[i + 7] & 0xffL);
    }
}
