package io.wireanalyze.fuzz;

import io.wireanalyze.testing.TestCaptures;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.tcp.Direction;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Jazzer target 4: {@link ConnectionDecoder} fed both sides of a connection in fuzzer-chosen chunks, with FINs and
 * gaps, then {@code finish}.
 *
 * <p>Input layout: a control byte (bit 0: the SYN was seen; bits 1-2: the limits, see {@link FuzzLimits#of}), then
 * operations until the input ends. An operation byte {@code h}: bit 7 is the side (0 initiator, 1 responder);
 * bits 5-6 the operation: 0 data of (h &amp; 0x1f) + 1 bytes, 1 data of a big-endian u16 count of bytes, 2 the side
 * ends (FIN), 3 a gap of (h &amp; 0x1f) + 1 bytes. Data is cut to what the input holds; data after the side ended
 * is dropped, as TCP reassembly drops it.
 *
 * <p>Properties: nothing is thrown; a protocol is set after finish; every message has offset &gt;= 0, length
 * &gt;= 0, data inside it, and ends within the bytes (and gaps) its direction was given; a direction's messages
 * come in stream order and do not overlap.
 */
class ConnectionDecoderFuzzTest {

    static final int DATA_SHORT = 0, DATA_LONG = 1, END = 2, GAP = 3;

    @FuzzTest(maxDuration = "10m")
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void chunks(byte[] data) {
        check(data, control -> TestCaptures.connectionDecoder(FuzzLimits.of(control >>> 1), (control & 1) != 0));
    }

    /** Runs the input's operations on the decoder {@code decoders} makes from the control byte, and checks the properties. */
    static void check(byte[] data, java.util.function.IntFunction<ConnectionDecoder> decoders) {
        FuzzInput in = new FuzzInput(data);
        int control = in.u8();
        ConnectionDecoder decoder = decoders.apply(control);
        List<Message> out = new ArrayList<>();
        long[] streamEnd = new long[2];
        boolean[] ended = new boolean[2];
        while (!in.atEnd()) {
            int h = in.u8();
            int side = h >>> 7;
            boolean initiator = side == 0;
            switch ((h >>> 5) & 3) {
                case DATA_SHORT, DATA_LONG -> {
                    int n = ((h >>> 5) & 3) == DATA_SHORT ? (h & 0x1f) + 1 : in.u16();
                    n = Math.min(n, in.remaining());
                    int at = in.take(n);
                    if (ended[side]) continue;
                    ByteBuffer bytes = ByteBuffer.wrap(in.array(), at, n).slice().asReadOnlyBuffer();
                    decoder.data(initiator, streamEnd[side], bytes, out::add);
                    streamEnd[side] += n;
                }
                case END -> {
                    ended[side] = true;
                    decoder.end(initiator, out::add);
                }
                default -> {
                    if (ended[side]) continue;
                    int n = (h & 0x1f) + 1;
                    decoder.gap(initiator, streamEnd[side], n, out::add);
                    streamEnd[side] += n;
                }
            }
        }
        decoder.finish(out::add);
        assertNotNull(decoder.protocol(), "no protocol after finish");
        long[] previousEnd = new long[2];
        for (Message m : out) {
            String where = m + " among " + out.size() + " messages";
            assertTrue(m.offset() >= 0 && m.length() >= 0, "negative offset or length: " + where);
            assertTrue(m.dataLength() >= 0 && m.dataOffset() >= m.offset() && m.dataOffset() + m.dataLength() <= m.end(),
                    "data outside the message: " + where);
            int side = m.direction() == decoder.direction(true) ? 0 : 1;
            int d = m.direction() == Direction.C2S ? 0 : 1;
            assertTrue(m.end() <= streamEnd[side], "message past the " + streamEnd[side] + " bytes its direction was given: " + where);
            assertTrue(m.offset() >= previousEnd[d], "overlaps or precedes the previous message of its direction, which ended at "
                    + previousEnd[d] + ": " + where);
            previousEnd[d] = m.end();
        }
    }
}
