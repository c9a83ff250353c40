package io.wireanalyze.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.serial.SerialResult;
import io.wireanalyze.serial.SerialWalker;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Jazzer target 1: {@link SerialWalker#walkStream} over arbitrary bytes (fuzz/README.md). The input is the stream
 * itself; it is walked at an offset inside a bigger buffer, whole and cut short, under three sets of limits.
 * Properties: nothing is thrown, the buffer is not moved, Complete and AtBoundary end inside [start, limit],
 * Malformed points inside [start, limit], NeedMore asks for more than there is.
 */
class SerialStreamFuzzTest {

    private static final List<DecoderLimits> LIMITS = List.of(DecoderLimits.DEFAULT, FuzzLimits.MEDIUM, FuzzLimits.SMALL);
    private static final int PAD = 3;

    @FuzzTest(maxDuration = "10m")
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void walkStream(byte[] data) {
        byte[] stream = FuzzInput.capped(data);
        byte[] padded = new byte[PAD + stream.length + PAD];
        java.util.Arrays.fill(padded, (byte) 0x73);                  // TC_OBJECT on both sides: must not be read
        System.arraycopy(stream, 0, padded, PAD, stream.length);
        ByteBuffer buf = ByteBuffer.wrap(padded).asReadOnlyBuffer();
        buf.position(1);
        int start = PAD;
        for (DecoderLimits limits : LIMITS) {
            SerialWalker walker = new SerialWalker(limits);
            check(walker, limits, buf, start, start + stream.length);
            if (stream.length > 1) check(walker, limits, buf, start, start + stream.length / 2);
        }
    }

    private static void check(SerialWalker walker, DecoderLimits limits, ByteBuffer buf, int start, int limit) {
        int position = buf.position(), bufLimit = buf.limit();
        SerialResult result = walker.walkStream(buf, start, limit);
        String where = "walk [" + start + ", " + limit + ") under " + limits + ": " + result;
        assertEquals(position, buf.position(), where);
        assertEquals(bufLimit, buf.limit(), where);
        if (result instanceof SerialResult.Complete done) {
            assertTrue(done.end() >= start && done.end() <= limit, where);
        } else if (result instanceof SerialResult.AtBoundary boundary) {
            assertTrue(boundary.end() >= start && boundary.end() <= limit, where);
        } else if (result instanceof SerialResult.Malformed bad) {
            assertTrue(bad.index() >= start && bad.index() <= limit, where);
        } else {
            SerialResult.NeedMore more = (SerialResult.NeedMore) result;
            assertTrue(more.atLeast() > limit - start, where);
        }
    }
}
