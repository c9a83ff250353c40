package io.wireanalyze.protocol.tls;

/**
 * The hashes of TLS's HMACs (MD5, RFC 1321; SHA-1, SHA-256 and SHA-384, FIPS 180-4) as plain state that one instance
 * copies from another without an object or an array made: an HMAC keeps the state after each padded key block and
 * starts every MAC from a copy of it ({@link Hmac}). The JDK's {@code MessageDigest} copies by {@code clone()} (the
 * digest, its delegate, its state and buffer arrays) and pads into fresh arrays at each digest; on the C1 compiler,
 * which the launcher uses for most analyses, that was a third of what a TLS 1.0 key block took. Held to the JDK's
 * digests by {@code HashTest}. Mutable: one text at a time.
 */
abstract sealed class Hash {

    /** The bytes of the current block not yet compressed. */
    final byte[] block;
    int filled;
    /** Bytes hashed so far (the length padding writes it in bits). */
    long count;
    /** How many bytes the padding's length takes (SHA-384's is 128 bits), and whether it is little-endian (MD5's). */
    private final int lengthBytes;
    private final boolean littleEndian;

    private Hash(int blockSize, int lengthBytes, boolean littleEndian) {
        block = new byte[blockSize];
        this.lengthBytes = lengthBytes;
        this.littleEndian = littleEndian;
    }

    /** A fresh hash of TLS's name for it in an HMAC ({@code HmacMD5}, {@code HmacSHA1}, {@code HmacSHA256}, {@code HmacSHA384}). */
    static Hash forHmac(String name) {
        return switch (name) {
            case "HmacMD5" -> new Md5();
            case "HmacSHA1" -> new Sha1();
            case "HmacSHA256" -> new Sha256();
            case "HmacSHA384" -> new Sha384();
            default -> throw new IllegalArgumentException("HMAC " + name + " (expected: HmacMD5, HmacSHA1, HmacSHA256 or HmacSHA384)");
        };
    }

    /** Its digest's length in bytes. */
    abstract int length();

    /** A fresh hash of the same kind. */
    abstract Hash fresh();

    final int blockSize() {
        return block.length;
    }

    final void update(byte b) {
        block[filled++] = b;
        count++;
        if (filled == block.length) {
            compress(block, 0);
            filled = 0;
        }
    }

    final void update(byte[] b, int from, int length) {
        count += length;
        int n = block.length;
        if (filled > 0) {
            int take = Math.min(n - filled, length);
            System.arraycopy(b, from, block, filled, take);
            filled += take;
            from += take;
            length -= take;
            if (filled < n) return;
            compress(block, 0);
            filled = 0;
        }
        while (length >= n) {
            compress(b, from);
            from += n;
            length -= n;
        }
        if (length > 0) {
            System.arraycopy(b, from, block, 0, length);
            filled = length;
        }
    }

    /** This hash's state, and what it has of a block, made {@code other}'s (of the same kind). */
    final void copyFrom(Hash other) {
        System.arraycopy(other.block, 0, block, 0, other.filled);
        filled = other.filled;
        count = other.count;
        copyState(other);
    }

    /** The digest of the text so far, into {@code out} at {@code at}; this hash is then spent until {@link #copyFrom}. */
    final void finish(byte[] out, int at) {
        long bits = count << 3;
        int n = block.length;
        block[filled++] = (byte) 0x80;
        if (filled > n - lengthBytes) {
            java.util.Arrays.fill(block, filled, n, (byte) 0);
            compress(block, 0);
            filled = 0;
        }
        java.util.Arrays.fill(block, filled, n, (byte) 0);
        for (int i = 0; i < 8; i++) block[littleEndian ? n - 8 + i : n - 1 - i] = (byte) (bits >>> (8 * i));   // the rest of a 128-bit length: zeros
        compress(block, 0);
        filled = 0;
        output(out, at);
    }

    abstract void compress(byte[] b, int at);

    abstract void copyState(Hash other);

    abstract void output(byte[] out, int at);

    /** The big-endian int at {@code at} (also {@link Aes}'s key words). */
    static int bigEndianInt(byte[] b, int at) {
        return (b[at] << 24) | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | (b[at + 3] & 0xff);
    }

    /** {@code v} as four big-endian bytes at {@code at}. */
    static void putBigEndian(int v, byte[] out, int at) {
        out[at] = (byte) (v >>> 24);
        out[at + 1] = (byte) (v >>> 16);
        out[at + 2] = (byte) (v >>> 8);
        out[at + 3] = (byte) v;
    }

    /** MD5 (RFC 1321). */
    static final class Md5 extends Hash {
        private int a = 0x67452301, b = 0xefcdab89, c = 0x98badcfe, d = 0x10325476;

        Md5() {
            super(64, 8, true);
        }

        @Override
        int length() {
            return 16;
        }

        @Override
        Hash fresh() {
            return new Md5();
        }

        @Override
        void copyState(Hash other) {
            Md5 o = (Md5) other;
            a = o.a;
            b = o.b;
            c = o.c;
            d = o.d;
        }

        @Override
        void output(byte[] out, int at) {
            putLittleEndian(a, out, at);
            putLittleEndian(b, out, at + 4);
            putLittleEndian(c, out, at + 8);
            putLittleEndian(d, out, at + 12);
        }

        private static void putLittleEndian(int v, byte[] out, int at) {
            out[at] = (byte) v;
            out[at + 1] = (byte) (v >>> 8);
            out[at + 2] = (byte) (v >>> 16);
            out[at + 3] = (byte) (v >>> 24);
        }

        /** The 64 steps written out (RFC 1321 3.4): on C1 a loop's round tests and table loads cost as much as the arithmetic. */
        @Override
        void compress(byte[] in, int at) {
            // each word loaded here: le is past the 35 bytes of bytecode C1 inlines
            int x0 = in[at] & 0xff | (in[at + 1] & 0xff) << 8 | (in[at + 2] & 0xff) << 16 | in[at + 3] << 24;
            int x1 = in[at + 4] & 0xff | (in[at + 5] & 0xff) << 8 | (in[at + 6] & 0xff) << 16 | in[at + 7] << 24;
            int x2 = in[at + 8] & 0xff | (in[at + 9] & 0xff) << 8 | (in[at + 10] & 0xff) << 16 | in[at + 11] << 24;
            int x3 = in[at + 12] & 0xff | (in[at + 13] & 0xff) << 8 | (in[at + 14] & 0xff) << 16 | in[at + 15] << 24;
            int x4 = in[at + 16] & 0xff | (in[at + 17] & 0xff) << 8 | (in[at + 18] & 0xff) << 16 | in[at + 19] << 24;
            int x5 = in[at + 20] & 0xff | (in[at + 21] & 0xff) << 8 | (in[at + 22] & 0xff) << 16 | in[at + 23] << 24;
            int x6 = in[at + 24] & 0xff | (in[at + 25] & 0xff) << 8 | (in[at + 26] & 0xff) << 16 | in[at + 27] << 24;
            int x7 = in[at + 28] & 0xff | (in[at + 29] & 0xff) << 8 | (in[at + 30] & 0xff) << 16 | in[at + 31] << 24;
            int x8 = in[at + 32] & 0xff | (in[at + 33] & 0xff) << 8 | (in[at + 34] & 0xff) << 16 | in[at + 35] << 24;
            int x9 = in[at + 36] & 0xff | (in[at + 37] & 0xff) << 8 | (in[at + 38] & 0xff) << 16 | in[at + 39] << 24;
            int x10 = in[at + 40] & 0xff | (in[at + 41] & 0xff) << 8 | (in[at + 42] & 0xff) << 16 | in[at + 43] << 24;
            int x11 = in[at + 44] & 0xff | (in[at + 45] & 0xff) << 8 | (in[at + 46] & 0xff) << 16 | in[at + 47] << 24;
            int x12 = in[at + 48] & 0xff | (in[at + 49] & 0xff) << 8 | (in[at + 50] & 0xff) << 16 | in[at + 51] << 24;
            int x13 = in[at + 52] & 0xff | (in[at + 53] & 0xff) << 8 | (in[at + 54] & 0xff) << 16 | in[at + 55] << 24;
            int x14 = in[at + 56] & 0xff | (in[at + 57] & 0xff) << 8 | (in[at + 58] & 0xff) << 16 | in[at + 59] << 24;
            int x15 = in[at + 60] & 0xff | (in[at + 61] & 0xff) << 8 | (in[at + 62] & 0xff) << 16 | in[at + 63] << 24;
            int a = this.a, b = this.b, c = this.c, d = this.d;
            a = f(a, b, c, d, x0 + 0xd76aa478, 7);
            d = f(d, a, b, c, x1 + 0xe8c7b756, 12);
            c = f(c, d, a, b, x2 + 0x242070db, 17);
            b = f(b, c, d, a, x3 + 0xc1bdceee, 22);
            a = f(a, b, c, d, x4 + 0xf57c0faf, 7);
            d = f(d, a, b, c, x5 + 0x4787c62a, 12);
            c = f(c, d, a, b, x6 + 0xa8304613, 17);
            b = f(b, c, d, a, x7 + 0xfd469501, 22);
            a = f(a, b, c, d, x8 + 0x698098d8, 7);
            d = f(d, a, b, c, x9 + 0x8b44f7af, 12);
            c = f(c, d, a, b, x10 + 0xffff5bb1, 17);
            b = f(b, c, d, a, x11 + 0x895cd7be, 22);
            a = f(a, b, c, d, x12 + 0x6b901122, 7);
            d = f(d, a, b, c, x13 + 0xfd987193, 12);
            c = f(c, d, a, b, x14 + 0xa679438e, 17);
            b = f(b, c, d, a, x15 + 0x49b40821, 22);
            a = g(a, b, c, d, x1 + 0xf61e2562, 5);
            d = g(d, a, b, c, x6 + 0xc040b340, 9);
            c = g(c, d, a, b, x11 + 0x265e5a51, 14);
            b = g(b, c, d, a, x0 + 0xe9b6c7aa, 20);
            a = g(a, b, c, d, x5 + 0xd62f105d, 5);
            d = g(d, a, b, c, x10 + 0x02441453, 9);
            c = g(c, d, a, b, x15 + 0xd8a1e681, 14);
            b = g(b, c, d, a, x4 + 0xe7d3fbc8, 20);
            a = g(a, b, c, d, x9 + 0x21e1cde6, 5);
            d = g(d, a, b, c, x14 + 0xc33707d6, 9);
            c = g(c, d, a, b, x3 + 0xf4d50d87, 14);
            b = g(b, c, d, a, x8 + 0x455a14ed, 20);
            a = g(a, b, c, d, x13 + 0xa9e3e905, 5);
            d = g(d, a, b, c, x2 + 0xfcefa3f8, 9);
            c = g(c, d, a, b, x7 + 0x676f02d9, 14);
            b = g(b, c, d, a, x12 + 0x8d2a4c8a, 20);
            a = h(a, b, c, d, x5 + 0xfffa3942, 4);
            d = h(d, a, b, c, x8 + 0x8771f681, 11);
            c = h(c, d, a, b, x11 + 0x6d9d6122, 16);
            b = h(b, c, d, a, x14 + 0xfde5380c, 23);
            a = h(a, b, c, d, x1 + 0xa4beea44, 4);
            d = h(d, a, b, c, x4 + 0x4bdecfa9, 11);
            c = h(c, d, a, b, x7 + 0xf6bb4b60, 16);
            b = h(b, c, d, a, x10 + 0xbebfbc70, 23);
            a = h(a, b, c, d, x13 + 0x289b7ec6, 4);
            d = h(d, a, b, c, x0 + 0xeaa127fa, 11);
            c = h(c, d, a, b, x3 + 0xd4ef3085, 16);
            b = h(b, c, d, a, x6 + 0x04881d05, 23);
            a = h(a, b, c, d, x9 + 0xd9d4d039, 4);
            d = h(d, a, b, c, x12 + 0xe6db99e5, 11);
            c = h(c, d, a, b, x15 + 0x1fa27cf8, 16);
            b = h(b, c, d, a, x2 + 0xc4ac5665, 23);
            a = i(a, b, c, d, x0 + 0xf4292244, 6);
            d = i(d, a, b, c, x7 + 0x432aff97, 10);
            c = i(c, d, a, b, x14 + 0xab9423a7, 15);
            b = i(b, c, d, a, x5 + 0xfc93a039, 21);
            a = i(a, b, c, d, x12 + 0x655b59c3, 6);
            d = i(d, a, b, c, x3 + 0x8f0ccc92, 10);
            c = i(c, d, a, b, x10 + 0xffeff47d, 15);
            b = i(b, c, d, a, x1 + 0x85845dd1, 21);
            a = i(a, b, c, d, x8 + 0x6fa87e4f, 6);
            d = i(d, a, b, c, x15 + 0xfe2ce6e0, 10);
            c = i(c, d, a, b, x6 + 0xa3014314, 15);
            b = i(b, c, d, a, x13 + 0x4e0811a1, 21);
            a = i(a, b, c, d, x4 + 0xf7537e82, 6);
            d = i(d, a, b, c, x11 + 0xbd3af235, 10);
            c = i(c, d, a, b, x2 + 0x2ad7d2bb, 15);
            b = i(b, c, d, a, x9 + 0xeb86d391, 21);
            this.a += a;
            this.b += b;
            this.c += c;
            this.d += d;
        }

        private static int f(int a, int b, int c, int d, int xk, int s) {
            return b + Integer.rotateLeft(a + ((b & c) | (~b & d)) + xk, s);
        }

        private static int g(int a, int b, int c, int d, int xk, int s) {
            return b + Integer.rotateLeft(a + ((b & d) | (c & ~d)) + xk, s);
        }

        private static int h(int a, int b, int c, int d, int xk, int s) {
            return b + Integer.rotateLeft(a + (b ^ c ^ d) + xk, s);
        }

        private static int i(int a, int b, int c, int d, int xk, int s) {
            return b + Integer.rotateLeft(a + (c ^ (b | ~d)) + xk, s);
        }
    }

    /** SHA-1 (FIPS 180-4 6.1). */
    static final class Sha1 extends Hash {
        private int h0 = 0x67452301, h1 = 0xefcdab89, h2 = 0x98badcfe, h3 = 0x10325476, h4 = 0xc3d2e1f0;

        Sha1() {
            super(64, 8, false);
        }

        @Override
        int length() {
            return 20;
        }

        @Override
        Hash fresh() {
            return new Sha1();
        }

        @Override
        void copyState(Hash other) {
            Sha1 o = (Sha1) other;
            h0 = o.h0;
            h1 = o.h1;
            h2 = o.h2;
            h3 = o.h3;
            h4 = o.h4;
        }

        @Override
        void output(byte[] out, int at) {
            putBigEndian(h0, out, at);
            putBigEndian(h1, out, at + 4);
            putBigEndian(h2, out, at + 8);
            putBigEndian(h3, out, at + 12);
            putBigEndian(h4, out, at + 16);
        }

        /**
         * The 80 steps written out over sixteen words kept in locals (FIPS 180-4 6.1.3, the schedule as a ring): on C1 a
         * loop over an array of 80 pays a bounds check and a load for each word, and moves the five variables each step.
         */
        @Override
        void compress(byte[] in, int at) {
            // each word loaded here: bigEndianInt is past the 35 bytes of bytecode C1 inlines
            int w0 = in[at] << 24 | (in[at + 1] & 0xff) << 16 | (in[at + 2] & 0xff) << 8 | in[at + 3] & 0xff;
            int w1 = in[at + 4] << 24 | (in[at + 5] & 0xff) << 16 | (in[at + 6] & 0xff) << 8 | in[at + 7] & 0xff;
            int w2 = in[at + 8] << 24 | (in[at + 9] & 0xff) << 16 | (in[at + 10] & 0xff) << 8 | in[at + 11] & 0xff;
            int w3 = in[at + 12] << 24 | (in[at + 13] & 0xff) << 16 | (in[at + 14] & 0xff) << 8 | in[at + 15] & 0xff;
            int w4 = in[at + 16] << 24 | (in[at + 17] & 0xff) << 16 | (in[at + 18] & 0xff) << 8 | in[at + 19] & 0xff;
            int w5 = in[at + 20] << 24 | (in[at + 21] & 0xff) << 16 | (in[at + 22] & 0xff) << 8 | in[at + 23] & 0xff;
            int w6 = in[at + 24] << 24 | (in[at + 25] & 0xff) << 16 | (in[at + 26] & 0xff) << 8 | in[at + 27] & 0xff;
            int w7 = in[at + 28] << 24 | (in[at + 29] & 0xff) << 16 | (in[at + 30] & 0xff) << 8 | in[at + 31] & 0xff;
            int w8 = in[at + 32] << 24 | (in[at + 33] & 0xff) << 16 | (in[at + 34] & 0xff) << 8 | in[at + 35] & 0xff;
            int w9 = in[at + 36] << 24 | (in[at + 37] & 0xff) << 16 | (in[at + 38] & 0xff) << 8 | in[at + 39] & 0xff;
            int w10 = in[at + 40] << 24 | (in[at + 41] & 0xff) << 16 | (in[at + 42] & 0xff) << 8 | in[at + 43] & 0xff;
            int w11 = in[at + 44] << 24 | (in[at + 45] & 0xff) << 16 | (in[at + 46] & 0xff) << 8 | in[at + 47] & 0xff;
            int w12 = in[at + 48] << 24 | (in[at + 49] & 0xff) << 16 | (in[at + 50] & 0xff) << 8 | in[at + 51] & 0xff;
            int w13 = in[at + 52] << 24 | (in[at + 53] & 0xff) << 16 | (in[at + 54] & 0xff) << 8 | in[at + 55] & 0xff;
            int w14 = in[at + 56] << 24 | (in[at + 57] & 0xff) << 16 | (in[at + 58] & 0xff) << 8 | in[at + 59] & 0xff;
            int w15 = in[at + 60] << 24 | (in[at + 61] & 0xff) << 16 | (in[at + 62] & 0xff) << 8 | in[at + 63] & 0xff;
            int a = h0, b = h1, c = h2, d = h3, e = h4;
            e += Integer.rotateLeft(a, 5) + ((b & c) | (~b & d)) + 0x5a827999 + w0;
            b = Integer.rotateLeft(b, 30);
            d += Integer.rotateLeft(e, 5) + ((a & b) | (~a & c)) + 0x5a827999 + w1;
            a = Integer.rotateLeft(a, 30);
            c += Integer.rotateLeft(d, 5) + ((e & a) | (~e & b)) + 0x5a827999 + w2;
            e = Integer.rotateLeft(e, 30);
            b += Integer.rotateLeft(c, 5) + ((d & e) | (~d & a)) + 0x5a827999 + w3;
            d = Integer.rotateLeft(d, 30);
            a += Integer.rotateLeft(b, 5) + ((c & d) | (~c & e)) + 0x5a827999 + w4;
            c = Integer.rotateLeft(c, 30);
            e += Integer.rotateLeft(a, 5) + ((b & c) | (~b & d)) + 0x5a827999 + w5;
            b = Integer.rotateLeft(b, 30);
            d += Integer.rotateLeft(e, 5) + ((a & b) | (~a & c)) + 0x5a827999 + w6;
            a = Integer.rotateLeft(a, 30);
            c += Integer.rotateLeft(d, 5) + ((e & a) | (~e & b)) + 0x5a827999 + w7;
            e = Integer.rotateLeft(e, 30);
            b += Integer.rotateLeft(c, 5) + ((d & e) | (~d & a)) + 0x5a827999 + w8;
            d = Integer.rotateLeft(d, 30);
            a += Integer.rotateLeft(b, 5) + ((c & d) | (~c & e)) + 0x5a827999 + w9;
            c = Integer.rotateLeft(c, 30);
            e += Integer.rotateLeft(a, 5) + ((b & c) | (~b & d)) + 0x5a827999 + w10;
            b = Integer.rotateLeft(b, 30);
            d += Integer.rotateLeft(e, 5) + ((a & b) | (~a & c)) + 0x5a827999 + w11;
            a = Integer.rotateLeft(a, 30);
            c += Integer.rotateLeft(d, 5) + ((e & a) | (~e & b)) + 0x5a827999 + w12;
            e = Integer.rotateLeft(e, 30);
            b += Integer.rotateLeft(c, 5) + ((d & e) | (~d & a)) + 0x5a827999 + w13;
            d = Integer.rotateLeft(d, 30);
            a += Integer.rotateLeft(b, 5) + ((c & d) | (~c & e)) + 0x5a827999 + w14;
            c = Integer.rotateLeft(c, 30);
            e += Integer.rotateLeft(a, 5) + ((b & c) | (~b & d)) + 0x5a827999 + w15;
            b = Integer.rotateLeft(b, 30);
            w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
            d += Integer.rotateLeft(e, 5) + ((a & b) | (~a & c)) + 0x5a827999 + w0;
            a = Integer.rotateLeft(a, 30);
            w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
            c += Integer.rotateLeft(d, 5) + ((e & a) | (~e & b)) + 0x5a827999 + w1;
            e = Integer.rotateLeft(e, 30);
            w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
            b += Integer.rotateLeft(c, 5) + ((d & e) | (~d & a)) + 0x5a827999 + w2;
            d = Integer.rotateLeft(d, 30);
            w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
            a += Integer.rotateLeft(b, 5) + ((c & d) | (~c & e)) + 0x5a827999 + w3;
            c = Integer.rotateLeft(c, 30);
            w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
            e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ed9eba1 + w4;
            b = Integer.rotateLeft(b, 30);
            w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
            d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ed9eba1 + w5;
            a = Integer.rotateLeft(a, 30);
            w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
            c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ed9eba1 + w6;
            e = Integer.rotateLeft(e, 30);
            w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
            b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ed9eba1 + w7;
            d = Integer.rotateLeft(d, 30);
            w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
            a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ed9eba1 + w8;
            c = Integer.rotateLeft(c, 30);
            w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
            e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ed9eba1 + w9;
            b = Integer.rotateLeft(b, 30);
            w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
            d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ed9eba1 + w10;
            a = Integer.rotateLeft(a, 30);
            w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
            c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ed9eba1 + w11;
            e = Integer.rotateLeft(e, 30);
            w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
            b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ed9eba1 + w12;
            d = Integer.rotateLeft(d, 30);
            w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
            a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ed9eba1 + w13;
            c = Integer.rotateLeft(c, 30);
            w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
            e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ed9eba1 + w14;
            b = Integer.rotateLeft(b, 30);
            w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
            d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ed9eba1 + w15;
            a = Integer.rotateLeft(a, 30);
            w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
            c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ed9eba1 + w0;
            e = Integer.rotateLeft(e, 30);
            w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
            b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ed9eba1 + w1;
            d = Integer.rotateLeft(d, 30);
            w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
            a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ed9eba1 + w2;
            c = Integer.rotateLeft(c, 30);
            w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
            e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ed9eba1 + w3;
            b = Integer.rotateLeft(b, 30);
            w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
            d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ed9eba1 + w4;
            a = Integer.rotateLeft(a, 30);
            w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
            c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ed9eba1 + w5;
            e = Integer.rotateLeft(e, 30);
            w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
            b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ed9eba1 + w6;
            d = Integer.rotateLeft(d, 30);
            w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
            a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ed9eba1 + w7;
            c = Integer.rotateLeft(c, 30);
            w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
            e += Integer.rotateLeft(a, 5) + ((b & c) | (b & d) | (c & d)) + 0x8f1bbcdc + w8;
            b = Integer.rotateLeft(b, 30);
            w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
            d += Integer.rotateLeft(e, 5) + ((a & b) | (a & c) | (b & c)) + 0x8f1bbcdc + w9;
            a = Integer.rotateLeft(a, 30);
            w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
            c += Integer.rotateLeft(d, 5) + ((e & a) | (e & b) | (a & b)) + 0x8f1bbcdc + w10;
            e = Integer.rotateLeft(e, 30);
            w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
            b += Integer.rotateLeft(c, 5) + ((d & e) | (d & a) | (e & a)) + 0x8f1bbcdc + w11;
            d = Integer.rotateLeft(d, 30);
            w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
            a += Integer.rotateLeft(b, 5) + ((c & d) | (c & e) | (d & e)) + 0x8f1bbcdc + w12;
            c = Integer.rotateLeft(c, 30);
            w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
            e += Integer.rotateLeft(a, 5) + ((b & c) | (b & d) | (c & d)) + 0x8f1bbcdc + w13;
            b = Integer.rotateLeft(b, 30);
            w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
            d += Integer.rotateLeft(e, 5) + ((a & b) | (a & c) | (b & c)) + 0x8f1bbcdc + w14;
            a = Integer.rotateLeft(a, 30);
            w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
            c += Integer.rotateLeft(d, 5) + ((e & a) | (e & b) | (a & b)) + 0x8f1bbcdc + w15;
            e = Integer.rotateLeft(e, 30);
            w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
            b += Integer.rotateLeft(c, 5) + ((d & e) | (d & a) | (e & a)) + 0x8f1bbcdc + w0;
            d = Integer.rotateLeft(d, 30);
            w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
            a += Integer.rotateLeft(b, 5) + ((c & d) | (c & e) | (d & e)) + 0x8f1bbcdc + w1;
            c = Integer.rotateLeft(c, 30);
            w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
            e += Integer.rotateLeft(a, 5) + ((b & c) | (b & d) | (c & d)) + 0x8f1bbcdc + w2;
            b = Integer.rotateLeft(b, 30);
            w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
            d += Integer.rotateLeft(e, 5) + ((a & b) | (a & c) | (b & c)) + 0x8f1bbcdc + w3;
            a = Integer.rotateLeft(a, 30);
            w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
            c += Integer.rotateLeft(d, 5) + ((e & a) | (e & b) | (a & b)) + 0x8f1bbcdc + w4;
            e = Integer.rotateLeft(e, 30);
            w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
            b += Integer.rotateLeft(c, 5) + ((d & e) | (d & a) | (e & a)) + 0x8f1bbcdc + w5;
            d = Integer.rotateLeft(d, 30);
            w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
            a += Integer.rotateLeft(b, 5) + ((c & d) | (c & e) | (d & e)) + 0x8f1bbcdc + w6;
            c = Integer.rotateLeft(c, 30);
            w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
            e += Integer.rotateLeft(a, 5) + ((b & c) | (b & d) | (c & d)) + 0x8f1bbcdc + w7;
            b = Integer.rotateLeft(b, 30);
            w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
            d += Integer.rotateLeft(e, 5) + ((a & b) | (a & c) | (b & c)) + 0x8f1bbcdc + w8;
            a = Integer.rotateLeft(a, 30);
            w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
            c += Integer.rotateLeft(d, 5) + ((e & a) | (e & b) | (a & b)) + 0x8f1bbcdc + w9;
            e = Integer.rotateLeft(e, 30);
            w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
            b += Integer.rotateLeft(c, 5) + ((d & e) | (d & a) | (e & a)) + 0x8f1bbcdc + w10;
            d = Integer.rotateLeft(d, 30);
            w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
            a += Integer.rotateLeft(b, 5) + ((c & d) | (c & e) | (d & e)) + 0x8f1bbcdc + w11;
            c = Integer.rotateLeft(c, 30);
            w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
            e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xca62c1d6 + w12;
            b = Integer.rotateLeft(b, 30);
            w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
            d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xca62c1d6 + w13;
            a = Integer.rotateLeft(a, 30);
            w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
            c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xca62c1d6 + w14;
            e = Integer.rotateLeft(e, 30);
            w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
            b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xca62c1d6 + w15;
            d = Integer.rotateLeft(d, 30);
            w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
            a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xca62c1d6 + w0;
            c = Integer.rotateLeft(c, 30);
            w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
            e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xca62c1d6 + w1;
            b = Integer.rotateLeft(b, 30);
            w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
            d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xca62c1d6 + w2;
            a = Integer.rotateLeft(a, 30);
            w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
            c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xca62c1d6 + w3;
            e = Integer.rotateLeft(e, 30);
            w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
            b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xca62c1d6 + w4;
            d = Integer.rotateLeft(d, 30);
            w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
            a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xca62c1d6 + w5;
            c = Integer.rotateLeft(c, 30);
            w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
            e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xca62c1d6 + w6;
            b = Integer.rotateLeft(b, 30);
            w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
            d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xca62c1d6 + w7;
            a = Integer.rotateLeft(a, 30);
            w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
            c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xca62c1d6 + w8;
            e = Integer.rotateLeft(e, 30);
            w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
            b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xca62c1d6 + w9;
            d = Integer.rotateLeft(d, 30);
            w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
            a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xca62c1d6 + w10;
            c = Integer.rotateLeft(c, 30);
            w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
            e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xca62c1d6 + w11;
            b = Integer.rotateLeft(b, 30);
            w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
            d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xca62c1d6 + w12;
            a = Integer.rotateLeft(a, 30);
            w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
            c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xca62c1d6 + w13;
            e = Integer.rotateLeft(e, 30);
            w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
            b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xca62c1d6 + w14;
            d = Integer.rotateLeft(d, 30);
            w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
            a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xca62c1d6 + w15;
            c = Integer.rotateLeft(c, 30);
            h0 += a;
            h1 += b;
            h2 += c;
            h3 += d;
            h4 += e;
        }
    }

    /** SHA-256 (FIPS 180-4 6.2). */
    static final class Sha256 extends Hash {
        private static final int[] K = {
                0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
                0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
                0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
                0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
                0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
                0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
                0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
                0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

        private final int[] h = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
        private final int[] w = new int[64];

        Sha256() {
            super(64, 8, false);
        }

        @Override
        int length() {
            return 32;
        }

        @Override
        Hash fresh() {
            return new Sha256();
        }

        @Override
        void copyState(Hash other) {
            System.arraycopy(((Sha256) other).h, 0, h, 0, 8);
        }

        @Override
        void output(byte[] out, int at) {
            for (int i = 0; i < 8; i++) putBigEndian(h[i], out, at + 4 * i);
        }

        @Override
        void compress(byte[] in, int at) {
            int[] w = this.w;
            for (int i = 0, p = at; i < 16; i++, p += 4) w[i] = in[p] << 24 | (in[p + 1] & 0xff) << 16 | (in[p + 2] & 0xff) << 8 | in[p + 3] & 0xff;
            for (int i = 16; i < 64; i++) {
                int x = w[i - 15], y = w[i - 2];
                int s0 = Integer.rotateRight(x, 7) ^ Integer.rotateRight(x, 18) ^ (x >>> 3);
                int s1 = Integer.rotateRight(y, 17) ^ Integer.rotateRight(y, 19) ^ (y >>> 10);
                w[i] = w[i - 16] + s0 + w[i - 7] + s1;
            }
            int[] h = this.h;
            int a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
            for (int i = 0; i < 64; i++) {
                int t1 = hh + (Integer.rotateRight(e, 6) ^ Integer.rotateRight(e, 11) ^ Integer.rotateRight(e, 25))
                        + ((e & f) ^ (~e & g)) + K[i] + w[i];
                int t2 = (Integer.rotateRight(a, 2) ^ Integer.rotateRight(a, 13) ^ Integer.rotateRight(a, 22))
                        + ((a & b) ^ (a & c) ^ (b & c));
                hh = g;
                g = f;
                f = e;
                e = d + t1;
                d = c;
                c = b;
                b = a;
                a = t1 + t2;
            }
            h[0] += a;
            h[1] += b;
            h[2] += c;
            h[3] += d;
            h[4] += e;
            h[5] += f;
            h[6] += g;
            h[7] += hh;
        }
    }

    /** SHA-384 (FIPS 180-4 6.5: SHA-512's compression from its own initial values, the first 48 bytes). */
    static final class Sha384 extends Hash {
        private static final long[] K = {
                0x428a2f98d728ae22L, 0x7137449123ef65cdL, 0xb5c0fbcfec4d3b2fL, 0xe9b5dba58189dbbcL, 0x3956c25bf348b538L,
                0x59f111f1b605d019L, 0x923f82a4af194f9bL, 0xab1c5ed5da6d8118L, 0xd807aa98a3030242L, 0x12835b0145706fbeL,
                0x243185be4ee4b28cL, 0x550c7dc3d5ffb4e2L, 0x72be5d74f27b896fL, 0x80deb1fe3b1696b1L, 0x9bdc06a725c71235L,
                0xc19bf174cf692694L, 0xe49b69c19ef14ad2L, 0xefbe4786384f25e3L, 0x0fc19dc68b8cd5b5L, 0x240ca1cc77ac9c65L,
                0x2de92c6f592b0275L, 0x4a7484aa6ea6e483L, 0x5cb0a9dcbd41fbd4L, 0x76f988da831153b5L, 0x983e5152ee66dfabL,
                0xa831c66d2db43210L, 0xb00327c898fb213fL, 0xbf597fc7beef0ee4L, 0xc6e00bf33da88fc2L, 0xd5a79147930aa725L,
                0x06ca6351e003826fL, 0x142929670a0e6e70L, 0x27b70a8546d22ffcL, 0x2e1b21385c26c926L, 0x4d2c6dfc5ac42aedL,
                0x53380d139d95b3dfL, 0x650a73548baf63deL, 0x766a0abb3c77b2a8L, 0x81c2c92e47edaee6L, 0x92722c851482353bL,
                0xa2bfe8a14cf10364L, 0xa81a664bbc423001L, 0xc24b8b70d0f89791L, 0xc76c51a30654be30L, 0xd192e819d6ef5218L,
                0xd69906245565a910L, 0xf40e35855771202aL, 0x106aa07032bbd1b8L, 0x19a4c116b8d2d0c8L, 0x1e376c085141ab53L,
                0x2748774cdf8eeb99L, 0x34b0bcb5e19b48a8L, 0x391c0cb3c5c95a63L, 0x4ed8aa4ae3418acbL, 0x5b9cca4f7763e373L,
                0x682e6ff3d6b2b8a3L, 0x748f82ee5defb2fcL, 0x78a5636f43172f60L, 0x84c87814a1f0ab72L, 0x8cc702081a6439ecL,
                0x90befffa23631e28L, 0xa4506cebde82bde9L, 0xbef9a3f7b2c67915L, 0xc67178f2e372532bL, 0xca273eceea26619cL,
                0xd186b8c721c0c207L, 0xeada7dd6cde0eb1eL, 0xf57d4f7fee6ed178L, 0x06f067aa72176fbaL, 0x0a637dc5a2c898a6L,
                0x113f9804bef90daeL, 0x1b710b35131c471bL, 0x28db77f523047d84L, 0x32caab7b40c72493L, 0x3c9ebe0a15c9bebcL,
                0x431d67c49c100d4cL, 0x4cc5d4becb3e42b6L, 0x597f299cfc657e2aL, 0x5fcb6fab3ad6faecL, 0x6c44198c4a475817L};

        private final long[] h = {0xcbbb9d5dc1059ed8L, 0x629a292a367cd507L, 0x9159015a3070dd17L, 0x152fecd8f70e5939L,
                0x67332667ffc00b31L, 0x8eb44a8768581511L, 0xdb0c2e0d64f98fa7L, 0x47b5481dbefa4fa4L};
        private final long[] w = new long[80];

        Sha384() {
            super(128, 16, false);
        }

        @Override
        int length() {
            return 48;
        }

        @Override
        Hash fresh() {
            return new Sha384();
        }

        @Override
        void copyState(Hash other) {
            System.arraycopy(((Sha384) other).h, 0, h, 0, 8);
        }

        @Override
        void output(byte[] out, int at) {
            for (int i = 0; i < 6; i++) {
                putBigEndian((int) (h[i] >>> 32), out, at + 8 * i);
                putBigEndian((int) h[i], out, at + 8 * i + 4);
            }
        }

        @Override
        void compress(byte[] in, int at) {
            long[] w = this.w;
            for (int i = 0; i < 16; i++) {
                int p = at + 8 * i;   // loaded here: bigEndianInt is past the 35 bytes of bytecode C1 inlines
                w[i] = (long) (in[p] << 24 | (in[p + 1] & 0xff) << 16 | (in[p + 2] & 0xff) << 8 | in[p + 3] & 0xff) << 32
                        | (in[p + 4] << 24 | (in[p + 5] & 0xff) << 16 | (in[p + 6] & 0xff) << 8 | in[p + 7] & 0xff) & 0xffffffffL;
            }
            for (int i = 16; i < 80; i++) {
                long x = w[i - 15], y = w[i - 2];
                long s0 = Long.rotateRight(x, 1) ^ Long.rotateRight(x, 8) ^ (x >>> 7);
                long s1 = Long.rotateRight(y, 19) ^ Long.rotateRight(y, 61) ^ (y >>> 6);
                w[i] = w[i - 16] + s0 + w[i - 7] + s1;
            }
            long[] h = this.h;
            long a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
            for (int i = 0; i < 80; i++) {
                long t1 = hh + (Long.rotateRight(e, 14) ^ Long.rotateRight(e, 18) ^ Long.rotateRight(e, 41))
                        + ((e & f) ^ (~e & g)) + K[i] + w[i];
                long t2 = (Long.rotateRight(a, 28) ^ Long.rotateRight(a, 34) ^ Long.rotateRight(a, 39))
                        + ((a & b) ^ (a & c) ^ (b & c));
                hh = g;
                g = f;
                f = e;
                e = d + t1;
                d = c;
                c = b;
                b = a;
                a = t1 + t2;
            }
            h[0] += a;
            h[1] += b;
            h[2] += c;
            h[3] += d;
            h[4] += e;
            h[5] += f;
            h[6] += g;
            h[7] += hh;
        }
    }
}
