package io.wireanalyze.tcp;

import java.util.Arrays;

/**
 * Byte arrays that one analysis' connections hand on to each other: a stream's buffer of a message not yet whole
 * ({@link io.wireanalyze.protocol.StreamDriver}), a direction's ring of recent bytes ({@link StreamReassembler}). Most
 * connections are short and most of the time hold no incomplete message, so an array made for each, grown as its bytes
 * came and left to the collector, was most of the analysis' garbage; and thousands of open connections each kept one as
 * large as their largest message. Arrays are pooled by size, powers of two from {@link #MIN} to {@link #MAX}; at most
 * {@code maxPooledBytes} in all (what is given back beyond that, or larger, is left to the collector).
 * <p>
 * An array taken is its taker's alone until it gives it back, and its contents are whatever the last user left: a taker
 * reads only what it wrote. Not thread-safe: one pool serves the connections of one thread (an analyzer, which
 * reassembles and decodes its connections one call after another); {@link #NONE} pools nothing.
 */
public final class BufferPool {

    /** The smallest array handed out (and pooled). */
    public static final int MIN = 1 << 10;
    /** The largest array pooled. */
    public static final int MAX = 1 << 20;
    private static final int CLASSES = Integer.numberOfTrailingZeros(MAX) - Integer.numberOfTrailingZeros(MIN) + 1;

    /** A pool that keeps nothing: every array taken is new. */
    public static final BufferPool NONE = new BufferPool(0);

    private final long maxPooledBytes;
    private final byte[][][] free = new byte[CLASSES][][];
    private final int[] count = new int[CLASSES];
    private long pooledBytes;

    /** @param maxPooledBytes the most bytes kept in arrays given back */
    public BufferPool(long maxPooledBytes) {
        this.maxPooledBytes = maxPooledBytes;
    }

    /** The size class of an array of {@code n} bytes (a power of two from MIN to MAX), or -1. */
    private static int classOf(int n) {
        if (n < MIN || n > MAX || Integer.bitCount(n) != 1) return -1;
        return Integer.numberOfTrailingZeros(n) - Integer.numberOfTrailingZeros(MIN);
    }

    /**
     * An array of at least {@code n} bytes: up to {@link #MAX}, of the power of two that holds {@code n} (a pooled one
     * if there is one), else of {@code n} bytes exactly.
     */
    public byte[] take(int n) {
        int size = n <= MIN ? MIN : n > MAX ? n : Integer.highestOneBit(n - 1) << 1;
        int c = classOf(size);
        if (c < 0 || count[c] == 0) return new byte[size];
        byte[] b = free[c][--count[c]];
        free[c][count[c]] = null;
        pooledBytes -= b.length;
        return b;
    }

    /** Gives back an array its taker no longer reads or writes (any array: those not of a pooled size are dropped). */
    public void give(byte[] b) {
        int c = classOf(b.length);
        if (c < 0 || pooledBytes + b.length > maxPooledBytes) return;
        if (free[c] == null) free[c] = new byte[8][];
        else if (count[c] == free[c].length) free[c] = Arrays.copyOf(free[c], count[c] * 2);
        free[c][count[c]++] = b;
        pooledBytes += b.length;
    }

    /** Bytes in the arrays the pool holds now. */
    public long pooledBytes() {
        return pooledBytes;
    }
}
