package io.wireanalyze.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wireanalyze.codec.DecoderLimits;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random and mutated streams: the walker never throws, never moves the buffer, and its answers stay inside the
 * input (Malformed.index in [start, limit], NeedMore.atLeast > limit - start, ends in [start, limit]).
 */
class SerialWalkerFuzzTest {

    private static final List<DecoderLimits> LIMITS = List.of(DecoderLimits.DEFAULT,
        new DecoderLimits(4096, 8, 64, 4, 1 << 20), new DecoderLimits(Integer.MAX_VALUE, 3, 1_000_000, 0, 1 << 20));
    private static final byte[] HEADER = {(byte) 0xac, (byte) 0xed, 0x00, 0x05};

    @Test
    void survivesMutatedStreamsFromTheCorpus() {
        Random random = new Random(20240611L);
        List<byte[]> seeds = new ArrayList<>(Streams.corpus().values());
        seeds.removeIf(seed -> seed.length > 10_000);
        for (int i = 0; i < 40_000; i++) {
            byte[] seed = seeds.get(random.nextInt(seeds.size()));
            check(mutate(seed, random), random);
        }
    }

    @Test
    void survivesRandomGrammarBytes() {
        Random random = new Random(7L);
        for (int i = 0; i < 40_000; i++) {
            byte[] bytes = Arrays.copyOf(HEADER, 4 + random.nextInt(80));
            for (int k = 4; k < bytes.length; k++) {
                int kind = random.nextInt(10);
                bytes[k] = (byte) (kind < 5 ? 0x70 + random.nextInt(15) // a TC_ byte
                    : kind < 7 ? random.nextInt(4)                       // small lengths and counts
                    : kind < 8 ? "BCDFIJSZL[".charAt(random.nextInt(10)) // typecodes
                    : random.nextInt(256));
            }
            check(bytes, random);
        }
    }

    private static byte[] mutate(byte[] seed, Random random) {
        byte[] bytes = seed.clone();
        switch (random.nextInt(5)) {
            case 0 -> { // flip a few bytes
                for (int k = random.nextInt(4); k >= 0; k--) bytes[4 + random.nextInt(bytes.length - 4)] = (byte) random.nextInt(256);
            }
            case 1 -> { // set a byte to a TC_ constant
                bytes[4 + random.nextInt(bytes.length - 4)] = (byte) (0x70 + random.nextInt(15));
            }
            case 2 -> { // overwrite four bytes with an extreme int (lengths, counts, handles)
                int at = 4 + random.nextInt(bytes.length - 4);
                int value = new int[] {-1, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x7e0000, 0x7e0001, 0x7fff, 0xffff}[random.nextInt(7)];
                for (int k = 0; k < 4 && at + k < bytes.length; k++) bytes[at + k] = (byte) (value >>> (24 - 8 * k));
            }
            case 3 -> { // cut out a span
                int from = 4 + random.nextInt(bytes.length - 4);
                int to = Math.min(bytes.length, from + 1 + random.nextInt(16));
                byte[] cut = new byte[bytes.length - (to - from)];
                System.arraycopy(bytes, 0, cut, 0, from);
                System.arraycopy(bytes, to, cut, from, bytes.length - to);
                bytes = cut;
            }
            default -> { // duplicate a span
                int from = 4 + random.nextInt(bytes.length - 4);
                int to = Math.min(bytes.length, from + 1 + random.nextInt(32));
                byte[] grown = new byte[bytes.length + (to - from)];
                System.arraycopy(bytes, 0, grown, 0, to);
                System.arraycopy(bytes, from, grown, to, bytes.length - from);
                bytes = grown;
            }
        }
        return bytes;
    }

    /** Walks {@code stream} placed at a random offset of a bigger buffer, under every set of limits. */
    private static void check(byte[] stream, Random random) {
        int before = random.nextInt(4);
        byte[] padded = new byte[before + stream.length + random.nextInt(4)];
        random.nextBytes(padded);
        System.arraycopy(stream, 0, padded, before, stream.length);
        ByteBuffer buf = ByteBuffer.wrap(padded);
        buf.position(padded.length / 2);
        int start = before;
        int limit = before + (random.nextInt(4) == 0 ? random.nextInt(stream.length + 1) : stream.length);
        int position = buf.position();
        for (DecoderLimits limits : LIMITS) {
            SerialResult result = new SerialWalker(limits).walkStream(buf, start, limit);
            String where = "start " + start + " limit " + limit + " " + result + " for " + Arrays.toString(stream);
            if (result instanceof SerialResult.Malformed bad)
                assertTrue(bad.index() >= start && bad.index() <= limit, where);
            else if (result instanceof SerialResult.NeedMore more)
                assertTrue(more.atLeast() > limit - start && more.atLeast() <= limits.maxMessageBytes(), where);
            else if (result instanceof SerialResult.Complete done)
                assertTrue(done.end() >= start + 4 && done.end() < limit, where);
            else
                assertEquals(limit, ((SerialResult.AtBoundary) result).end(), where);
            assertEquals(position, buf.position());
            assertEquals(padded.length, buf.limit());
        }
    }
}
