package io.wireanalyze.codec;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@link Hex#padded}: what {@code String.format("0x%08x", v)} writes, for ints and longs of every width and sign. */
class HexTest {

    @Test
    void paddedIsWhatTheFormatterWrites() {
        long[] edges = {0, 1, 0xf, 0x10, 0xfffffff, 0x10000000, 0x7fffffffL, 0x80000000L, 0xffffffffL, 0x100000000L,
                Long.MAX_VALUE, Long.MIN_VALUE, -1, -2, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x4f4d4700L, 0x4a414301L};
        for (long v : edges) {
            assertEquals(String.format("0x%08x", v), Hex.padded(v), "long " + v);
            assertEquals(String.format("0x%08x", (int) v), Hex.padded((int) v), "int " + (int) v);
        }
        Random r = new Random(20261129);
        for (int i = 0; i < 10_000; i++) {
            long v = r.nextLong() >> r.nextInt(64);
            assertEquals(String.format("0x%08x", v), Hex.padded(v), "long " + v);
            assertEquals(String.format("0x%08x", (int) v), Hex.padded((int) v), "int " + (int) v);
        }
    }
}
