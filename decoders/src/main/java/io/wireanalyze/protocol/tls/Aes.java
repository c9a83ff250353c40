package io.wireanalyze.protocol.tls;

/**
 * The AES block cipher (FIPS 197) for one key, enciphering or deciphering whole blocks in place of the JDK's
 * {@code AES/ECB/NoPadding}: with 32-bit tables, a round a table look-up per byte (the JDK's own Java AES, as C1 runs
 * it, works the same way). Its key schedule is made once, with the key: a TLS direction keeps its {@code Aes} from
 * record to record, where a JDK cipher per direction cost 5 us to make on C1 (a search of the providers, 2.2% of the
 * workers' samples on the bench's mixed capture), and one cipher per thread keyed again for each record, as the
 * directions' records interleave, spent 3.1% of them in the key schedule (docs/benchmark.md, twenty-ninth stop).
 * Held to the JDK's AES by {@code AesTest} (random keys of 128, 192 and 256 bits, random blocks, both ways).
 * Immutable once made.
 */
final class Aes {

    /** The S-box and its inverse. */
    private static final int[] S = new int[256], SI = new int[256];
    /** A round's tables: the S-box and MixColumns of a byte, as a column, in each of the four rotations; and the inverses. */
    private static final int[] TE0 = new int[256], TE1 = new int[256], TE2 = new int[256], TE3 = new int[256];
    private static final int[] TD0 = new int[256], TD1 = new int[256], TD2 = new int[256], TD3 = new int[256];

    static {
        // The S-box from the multiplicative inverse and the affine map: p runs through the powers of 3 (a generator of
        // GF(2^8)*) and q through the powers of its inverse, so q is the inverse of p.
        int p = 1, q = 1;
        do {
            p = (p ^ (p << 1) ^ ((p & 0x80) != 0 ? 0x1b : 0)) & 0xff;
            q ^= q << 1;
            q ^= q << 2;
            q ^= q << 4;
            q &= 0xff;
            if ((q & 0x80) != 0) q ^= 0x09;
            int x = q ^ rotl8(q, 1) ^ rotl8(q, 2) ^ rotl8(q, 3) ^ rotl8(q, 4);
            S[p] = (x ^ 0x63) & 0xff;
        } while (p != 1);
        S[0] = 0x63;
        for (int i = 0; i < 256; i++) SI[S[i]] = i;
        for (int i = 0; i < 256; i++) {
            int s = S[i];
            int e = mul(s, 2) << 24 | s << 16 | s << 8 | mul(s, 3);
            TE0[i] = e;
            TE1[i] = Integer.rotateRight(e, 8);
            TE2[i] = Integer.rotateRight(e, 16);
            TE3[i] = Integer.rotateRight(e, 24);
            int si = SI[i];
            int d = mul(si, 0x0e) << 24 | mul(si, 0x09) << 16 | mul(si, 0x0d) << 8 | mul(si, 0x0b);
            TD0[i] = d;
            TD1[i] = Integer.rotateRight(d, 8);
            TD2[i] = Integer.rotateRight(d, 16);
            TD3[i] = Integer.rotateRight(d, 24);
        }
    }

    private static int rotl8(int x, int n) {
        return ((x << n) | (x >>> (8 - n))) & 0xff;
    }

    /** a times b in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1. */
    private static int mul(int a, int b) {
        int r = 0;
        for (; b != 0; b >>>= 1) {
            if ((b & 1) != 0) r ^= a;
            a = (a << 1) ^ ((a & 0x80) != 0 ? 0x11b : 0);
        }
        return r;
    }

    /**
     * Whether the JDK's AES (ECB, CBC and GCM) is faster here than this class and {@link AesGcm}: whether C2 compiles,
     * the JVM's compilers reaching level 4 as they do unless {@code -XX:TieredStopAtLevel} stops them sooner. C2 runs the
     * JDK's AES on the processor's AES (and carry-less multiply) instructions; C1 runs it as plain Java.
     */
    static boolean jdkIsFaster() {
        return Compilers.C2;
    }

    /** Asked once, when a first AES key is made (the JVM's management beans take some 20 ms to load). */
    private static final class Compilers {
        static final boolean C2 = c2();

        private static boolean c2() {
            try {
                var diagnostics = java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
                return diagnostics == null || Integer.parseInt(diagnostics.getVMOption("TieredStopAtLevel").getValue()) >= 4
                        || !Boolean.parseBoolean(diagnostics.getVMOption("TieredCompilation").getValue());
            } catch (RuntimeException | LinkageError e) {
                return true;   // not HotSpot: its compilers are its own, and the JDK's AES is theirs to make fast
            }
        }
    }

    private final int rounds;
    /** The round keys: for enciphering as FIPS 197 5.2 expands them, or for deciphering by the equivalent inverse cipher (5.3.5). */
    private final int[] keys;
    private final boolean decrypting;

    /** @param decrypting whether the blocks are to be deciphered (else enciphered) */
    Aes(byte[] key, boolean decrypting) {
        int nk = key.length / 4;
        if (key.length != 16 && key.length != 24 && key.length != 32)
            throw new IllegalArgumentException("an AES key of " + key.length + " bytes (expected: 16, 24 or 32)");
        this.rounds = nk + 6;
        this.decrypting = decrypting;
        int[] w = new int[4 * (rounds + 1)];
        for (int i = 0; i < nk; i++) w[i] = Hash.bigEndianInt(key, 4 * i);
        int rcon = 1;
        for (int i = nk; i < w.length; i++) {
            int t = w[i - 1];
            if (i % nk == 0) {
                t = subWord(Integer.rotateLeft(t, 8)) ^ rcon << 24;
                rcon = mul(rcon, 2);
            } else if (nk > 6 && i % nk == 4) {
                t = subWord(t);
            }
            w[i] = w[i - nk] ^ t;
        }
        if (!decrypting) {
            keys = w;
            return;
        }
        // The equivalent inverse cipher's: the rounds' keys in reverse order, InvMixColumns applied to all but the first and last.
        keys = new int[w.length];
        for (int r = 0; r <= rounds; r++) System.arraycopy(w, 4 * (rounds - r), keys, 4 * r, 4);
        for (int i = 4; i < 4 * rounds; i++) {
            int x = keys[i];
            keys[i] = TD0[S[x >>> 24]] ^ TD1[S[(x >>> 16) & 0xff]] ^ TD2[S[(x >>> 8) & 0xff]] ^ TD3[S[x & 0xff]];
        }
    }

    private static int subWord(int x) {
        return S[x >>> 24] << 24 | S[(x >>> 16) & 0xff] << 16 | S[(x >>> 8) & 0xff] << 8 | S[x & 0xff];
    }

    /** Enciphers (or deciphers, as made) the {@code length} bytes at {@code from}, whole blocks, into {@code out} at {@code to}. */
    void blocks(byte[] in, int from, int length, byte[] out, int to) {
        if (length % 16 != 0) throw new IllegalArgumentException(length + " bytes (expected: whole blocks of 16)");
        for (int i = 0; i < length; i += 16) {
            if (decrypting) decryptBlock(in, from + i, out, to + i);
            else encryptBlock(in, from + i, out, to + i);
        }
    }

    private void encryptBlock(byte[] in, int from, byte[] out, int to) {
        int[] k = keys;
        // The words loaded here, and stored by one call a block: Hash's helpers are past the 35 bytes of bytecode C1
        // inlines, and their calls, eight a block, were 0.7% of the workers' samples on the mixed capture.
        int s0 = (in[from] << 24 | (in[from + 1] & 0xff) << 16 | (in[from + 2] & 0xff) << 8 | in[from + 3] & 0xff) ^ k[0];
        int s1 = (in[from + 4] << 24 | (in[from + 5] & 0xff) << 16 | (in[from + 6] & 0xff) << 8 | in[from + 7] & 0xff) ^ k[1];
        int s2 = (in[from + 8] << 24 | (in[from + 9] & 0xff) << 16 | (in[from + 10] & 0xff) << 8 | in[from + 11] & 0xff) ^ k[2];
        int s3 = (in[from + 12] << 24 | (in[from + 13] & 0xff) << 16 | (in[from + 14] & 0xff) << 8 | in[from + 15] & 0xff) ^ k[3];
        int ki = 4, last = 4 * rounds;
        for (; ki < last; ki += 4) {
            int t0 = TE0[s0 >>> 24] ^ TE1[(s1 >>> 16) & 0xff] ^ TE2[(s2 >>> 8) & 0xff] ^ TE3[s3 & 0xff] ^ k[ki];
            int t1 = TE0[s1 >>> 24] ^ TE1[(s2 >>> 16) & 0xff] ^ TE2[(s3 >>> 8) & 0xff] ^ TE3[s0 & 0xff] ^ k[ki + 1];
            int t2 = TE0[s2 >>> 24] ^ TE1[(s3 >>> 16) & 0xff] ^ TE2[(s0 >>> 8) & 0xff] ^ TE3[s1 & 0xff] ^ k[ki + 2];
            int t3 = TE0[s3 >>> 24] ^ TE1[(s0 >>> 16) & 0xff] ^ TE2[(s1 >>> 8) & 0xff] ^ TE3[s2 & 0xff] ^ k[ki + 3];
            s0 = t0;
            s1 = t1;
            s2 = t2;
            s3 = t3;
        }
        int v0 = (S[s0 >>> 24] << 24 | S[(s1 >>> 16) & 0xff] << 16 | S[(s2 >>> 8) & 0xff] << 8 | S[s3 & 0xff]) ^ k[ki];
        int v1 = (S[s1 >>> 24] << 24 | S[(s2 >>> 16) & 0xff] << 16 | S[(s3 >>> 8) & 0xff] << 8 | S[s0 & 0xff]) ^ k[ki + 1];
        int v2 = (S[s2 >>> 24] << 24 | S[(s3 >>> 16) & 0xff] << 16 | S[(s0 >>> 8) & 0xff] << 8 | S[s1 & 0xff]) ^ k[ki + 2];
        int v3 = (S[s3 >>> 24] << 24 | S[(s0 >>> 16) & 0xff] << 16 | S[(s1 >>> 8) & 0xff] << 8 | S[s2 & 0xff]) ^ k[ki + 3];
        store(out, to, v0, v1, v2, v3);
    }

    private void decryptBlock(byte[] in, int from, byte[] out, int to) {
        int[] k = keys;
        // loaded here, as in encryptBlock
        int s0 = (in[from] << 24 | (in[from + 1] & 0xff) << 16 | (in[from + 2] & 0xff) << 8 | in[from + 3] & 0xff) ^ k[0];
        int s1 = (in[from + 4] << 24 | (in[from + 5] & 0xff) << 16 | (in[from + 6] & 0xff) << 8 | in[from + 7] & 0xff) ^ k[1];
        int s2 = (in[from + 8] << 24 | (in[from + 9] & 0xff) << 16 | (in[from + 10] & 0xff) << 8 | in[from + 11] & 0xff) ^ k[2];
        int s3 = (in[from + 12] << 24 | (in[from + 13] & 0xff) << 16 | (in[from + 14] & 0xff) << 8 | in[from + 15] & 0xff) ^ k[3];
        int ki = 4, last = 4 * rounds;
        for (; ki < last; ki += 4) {
            int t0 = TD0[s0 >>> 24] ^ TD1[(s3 >>> 16) & 0xff] ^ TD2[(s2 >>> 8) & 0xff] ^ TD3[s1 & 0xff] ^ k[ki];
            int t1 = TD0[s1 >>> 24] ^ TD1[(s0 >>> 16) & 0xff] ^ TD2[(s3 >>> 8) & 0xff] ^ TD3[s2 & 0xff] ^ k[ki + 1];
            int t2 = TD0[s2 >>> 24] ^ TD1[(s1 >>> 16) & 0xff] ^ TD2[(s0 >>> 8) & 0xff] ^ TD3[s3 & 0xff] ^ k[ki + 2];
            int t3 = TD0[s3 >>> 24] ^ TD1[(s2 >>> 16) & 0xff] ^ TD2[(s1 >>> 8) & 0xff] ^ TD3[s0 & 0xff] ^ k[ki + 3];
            s0 = t0;
            s1 = t1;
            s2 = t2;
            s3 = t3;
        }
        int v0 = (SI[s0 >>> 24] << 24 | SI[(s3 >>> 16) & 0xff] << 16 | SI[(s2 >>> 8) & 0xff] << 8 | SI[s1 & 0xff]) ^ k[ki];
        int v1 = (SI[s1 >>> 24] << 24 | SI[(s0 >>> 16) & 0xff] << 16 | SI[(s3 >>> 8) & 0xff] << 8 | SI[s2 & 0xff]) ^ k[ki + 1];
        int v2 = (SI[s2 >>> 24] << 24 | SI[(s1 >>> 16) & 0xff] << 16 | SI[(s0 >>> 8) & 0xff] << 8 | SI[s3 & 0xff]) ^ k[ki + 2];
        int v3 = (SI[s3 >>> 24] << 24 | SI[(s2 >>> 16) & 0xff] << 16 | SI[(s1 >>> 8) & 0xff] << 8 | SI[s0 & 0xff]) ^ k[ki + 3];
        store(out, to, v0, v1, v2, v3);
    }

    /** A block's four words, big-endian, at {@code out[to]}: one call a block for both directions. */
    private static void store(byte[] out, int to, int v0, int v1, int v2, int v3) {
        out[to] = (byte) (v0 >>> 24);
        out[to + 1] = (byte) (v0 >>> 16);
        out[to + 2] = (byte) (v0 >>> 8);
        out[to + 3] = (byte) v0;
        out[to + 4] = (byte) (v1 >>> 24);
        out[to + 5] = (byte) (v1 >>> 16);
        out[to + 6] = (byte) (v1 >>> 8);
        out[to + 7] = (byte) v1;
        out[to + 8] = (byte) (v2 >>> 24);
        out[to + 9] = (byte) (v2 >>> 16);
        out[to + 10] = (byte) (v2 >>> 8);
        out[to + 11] = (byte) v2;
        out[to + 12] = (byte) (v3 >>> 24);
        out[to + 13] = (byte) (v3 >>> 16);
        out[to + 14] = (byte) (v3 >>> 8);
        out[to + 15] = (byte) v3;
    }
}
