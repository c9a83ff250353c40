package io.wireanalyze.protocol.giop;

import io.wireanalyze.testing.TestCaptures;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.protocol.InputState;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.tcp.Direction;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Random and mutated input never throws, and every answer stays inside the input: Decoded consumes 1..remaining
 * bytes, NeedMore asks for more than there is, Malformed points inside the bytes it was given. Seeded, so a
 * failure replays; the seeds are the hand-written messages of {@link GiopBytes}.
 */
class GiopFuzzTest {

    private static final long AT = 1000;

    static List<byte[]> seeds() throws IllegalAccessException {
        List<byte[]> out = new ArrayList<>();
        for (Field f : GiopBytes.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == byte[].class) out.add((byte[]) f.get(null));
        }
        return out;
    }

    /** Runs one session over {@code b} as the stream driver would, checking every step. */
    private static void drive(GiopSession s, Direction d, byte[] b, InputState state) {
        int pos = 0;
        while (pos < b.length) {
            ByteBuffer in = ByteBuffer.wrap(b, pos, b.length - pos).slice();
            int remaining = in.remaining();
            DecodeStep<Message> step = s.decode(d, in, AT + pos, state);
            assertEquals(0, in.position(), "the session never moves the cursor");
            assertEquals(remaining, in.remaining());
            if (step instanceof DecodeStep.Decoded<Message> dec) {
                assertTrue(dec.consumed() >= 1 && dec.consumed() <= remaining, () -> "consumed " + dec.consumed() + " of " + remaining);
                Message m = dec.message();
                assertEquals(AT + pos, m.offset());
                assertEquals(dec.consumed(), m.length());
                assertTrue(m.dataLength() >= 0 && m.dataOffset() >= m.offset() && m.dataOffset() + m.dataLength() <= m.end(), m::toString);
                pos += dec.consumed();
            } else if (step instanceof DecodeStep.NeedMore<Message> more) {
                assertTrue(more.atLeast() > remaining, () -> "needs " + more.atLeast() + " with " + remaining);
                return;
            } else {
                DecodeStep.Malformed<Message> bad = (DecodeStep.Malformed<Message>) step;
                long lo = AT + pos, hi = AT + b.length;
                assertTrue(bad.offset() >= lo && bad.offset() < hi, () -> "Malformed at " + bad.offset() + " outside " + lo + ".." + hi + ": " + bad);
                assertNotNull(bad.field());
                assertFalse(bad.reason().isEmpty());
                int next = s.resync(d, ByteBuffer.wrap(b, pos + 1, b.length - pos - 1).slice());
                assertTrue(next >= -1 && next < b.length - pos - 1);
                if (next < 0) return;
                pos += 1 + next;
            }
        }
    }

    private static byte[] mutate(byte[] seed, Random r) {
        byte[] b = seed.clone();
        if (b.length == 0) return b;
        switch (r.nextInt(6)) {
            case 0 -> {                                         // flip a few bits
                for (int i = 0, n = 1 + r.nextInt(4); i < n; i++) b[r.nextInt(b.length)] ^= (byte) (1 << r.nextInt(8));
            }
            case 1 -> {                                         // an extreme length somewhere (aligned as CDR would put it)
                int at = r.nextInt(Math.max(1, b.length / 4)) * 4;
                int v = new int[]{-1, Integer.MAX_VALUE, 0x10000, 0, 1}[r.nextInt(5)];
                for (int i = 0; i < 4 && at + i < b.length; i++) b[at + i] = (byte) (v >>> (8 * (3 - i)));
            }
            case 2 -> b = java.util.Arrays.copyOf(b, r.nextInt(b.length + 1));   // cut short
            case 3 -> {                                         // shrink the declared size: the body ends early
                if (b.length >= 12) b[(b[6] & 1) != 0 ? 8 : 11] = (byte) r.nextInt(64);
            }
            case 4 -> {                                         // random bytes after a valid header
                for (int i = 12; i < b.length; i++) b[i] = (byte) r.nextInt(256);
            }
            default -> {                                        // flip the byte order: every length is misread
                if (b.length >= 12) b[6] ^= 1;
            }
        }
        return b;
    }

    @Test
    void mutatedMessagesNeverThrowAndStayInsideTheirInput() throws Exception {
        Random r = new Random(20240601);
        List<byte[]> seeds = seeds();
        int runs = 0;
        for (int i = 0; i < 20_000; i++) {
            byte[] b = mutate(seeds.get(r.nextInt(seeds.size())), r);
            if (r.nextBoolean()) b = mutate(b, r);
            GiopSession s = GiopSessionTest.session(io.wireanalyze.protocol.Facts.local());
            for (byte[] earlier : seeds.subList(0, r.nextInt(seeds.size())))
                drive(s, r.nextBoolean() ? Direction.C2S : Direction.S2C, earlier, InputState.MORE_MAY_FOLLOW);   // state to mutate against
            drive(s, r.nextBoolean() ? Direction.C2S : Direction.S2C, b, r.nextBoolean() ? InputState.ENDED : InputState.MORE_MAY_FOLLOW);
            runs++;
        }
        assertEquals(20_000, runs);
    }

    @Test
    void randomBytesBehindTheMagicNeverThrow() {
        Random r = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            byte[] b = new byte[r.nextInt(200)];
            r.nextBytes(b);
            if (b.length >= 8 && r.nextInt(4) > 0) {
                System.arraycopy(new byte[]{'G', 'I', 'O', 'P', 1, (byte) r.nextInt(3)}, 0, b, 0, 6);
                b[6] &= 0x03;
                b[7] &= 0x07;
            }
            drive(GiopSessionTest.session(io.wireanalyze.protocol.Facts.local()), Direction.C2S, b, InputState.ENDED);
        }
    }

    @Test
    void mutatedStreamsThroughTheWholeDecoderNeverThrow() throws Exception {
        Random r = new Random(99);
        List<byte[]> seeds = seeds();
        for (int i = 0; i < 2_000; i++) {
            java.io.ByteArrayOutputStream c2s = new java.io.ByteArrayOutputStream(), s2c = new java.io.ByteArrayOutputStream();
            for (int k = 0, n = 1 + r.nextInt(8); k < n; k++) {
                byte[] b = seeds.get(r.nextInt(seeds.size()));
                (r.nextBoolean() ? c2s : s2c).writeBytes(r.nextInt(3) == 0 ? mutate(b, r) : b);
            }
            ConnectionDecoder d = TestCaptures.connectionDecoder(true);
            List<Message> out = new ArrayList<>();
            byte[][] sides = {c2s.toByteArray(), s2c.toByteArray()};
            int[] sent = new int[2];
            while (sent[0] < sides[0].length || sent[1] < sides[1].length) {
                int side = sent[0] >= sides[0].length ? 1 : sent[1] >= sides[1].length ? 0 : r.nextInt(2);
                int n = Math.min(1 + r.nextInt(64), sides[side].length - sent[side]);
                d.data(side == 0, sent[side], ByteBuffer.wrap(sides[side], sent[side], n).slice(), out::add);
                sent[side] += n;
            }
            d.finish(out::add);
            for (Message m : out) {
                int side = m.direction() == (d.initiatorIsClient() ? Direction.C2S : Direction.S2C) ? 0 : 1;
                assertTrue(m.offset() >= 0 && m.end() <= sides[side].length, m::toString);
            }
        }
    }
}
