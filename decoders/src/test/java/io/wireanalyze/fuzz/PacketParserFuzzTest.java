package io.wireanalyze.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.LinkType;
import io.wireanalyze.frame.PacketParser;
import io.wireanalyze.frame.TcpSegment;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Jazzer target 5: {@link PacketParser#parse} over a frame of the fuzz bytes, once for every {@link LinkType}. The
 * frame's bytes are a slice at an offset of a bigger array, as a capture reader's are.
 *
 * <p>Properties: nothing is thrown; the frame's buffer is not moved; a TCP result has a segment whose payload lies
 * within the frame's bytes and whose wire payload length is at least the captured one; no other result has a
 * segment; a UDP result has a payload; a result's payload (UDP datagram, IPv4 fragment) lies within the frame.
 */
class PacketParserFuzzTest {

    private static final int PAD = 5;

    @FuzzTest(maxDuration = "10m")
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void parse(byte[] data) {
        byte[] bytes = FuzzInput.capped(data);
        byte[] padded = new byte[PAD + bytes.length + PAD];
        System.arraycopy(bytes, 0, padded, PAD, bytes.length);
        for (LinkType link : LinkType.values()) {
            ByteBuffer frameBytes = ByteBuffer.wrap(padded).slice(PAD, bytes.length);
            Frame frame = new Frame(1, 0, link, link == LinkType.UNKNOWN ? 147 : link.number(), frameBytes, bytes.length);
            PacketParser.Result r = PacketParser.parse(frame);
            String where = link + ", " + bytes.length + " bytes: " + r.kind() + " " + r.detail();
            assertNotNull(r.kind(), where);
            assertEquals(0, frameBytes.position(), "frame position moved: " + where);
            assertEquals(bytes.length, frameBytes.limit(), "frame limit moved: " + where);
            if (r.kind() == PacketParser.Kind.TCP) {
                TcpSegment s = r.segment();
                assertNotNull(s, where);
                assertWithinFrame(s.payload(), bytes.length, where);
                assertTrue(s.payloadLength() >= s.capturedPayloadLength(), "wire payload shorter than captured: " + where
                        + " " + s.payloadLength() + " < " + s.capturedPayloadLength());
                assertTrue(s.frame() == frame, where);
            } else {
                assertNull(r.segment(), where);
                if (r.kind() == PacketParser.Kind.UDP) assertNotNull(r.payload(), where);
            }
            if (r.payload() != null) assertWithinFrame(r.payload(), bytes.length, where);
        }
    }

    /** A view of the frame's array: its bytes [arrayOffset + position, + remaining) lie in the frame's [PAD, PAD + length). */
    private static void assertWithinFrame(ByteBuffer payload, int frameLength, String where) {
        int from = payload.arrayOffset() + payload.position();
        int to = from + payload.remaining();
        assertTrue(from >= PAD && to <= PAD + frameLength, "payload [" + (from - PAD) + ", " + (to - PAD)
                + ") outside the frame's " + frameLength + " bytes: " + where);
    }
}
