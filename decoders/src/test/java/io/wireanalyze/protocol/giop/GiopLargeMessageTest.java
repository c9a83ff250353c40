package io.wireanalyze.protocol.giop;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageType;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static io.wireanalyze.protocol.giop.GiopBytes.REQUEST_12_FIRST;
import static org.junit.jupiter.api.Assertions.*;

/**
 * A connection whose first GIOP message is larger than 64 MiB (the default --max-message-bytes): the probe no
 * longer judges the size with a fixed default, so the message is decoded when the limit allows it, and reported
 * as GIOP over the limit (naming it) when it does not; never an unknown protocol.
 */
class GiopLargeMessageTest {

    private static final int BODY = (64 << 20) + 4096;   // past the default limit

    /** REQUEST_12_FIRST made whole (no more fragments) with its body grown to BODY octets. */
    private static byte[] largeRequest() {
        int header = 48;   // the request header of REQUEST_12_FIRST ends at 48, where its body starts
        byte[] m = new byte[header + BODY];
        System.arraycopy(REQUEST_12_FIRST, 0, m, 0, header);
        m[6] = 0;                                               // big-endian, no more fragments
        ByteBuffer.wrap(m).putInt(8, m.length - 12);            // message_size
        return m;
    }

    private static List<Message> decode(DecoderLimits limits, byte[] request) {
        ConnectionDecoder d = TestCaptures.connectionDecoder(limits, true);
        List<Message> out = new ArrayList<>();
        for (int at = 0; at < request.length; at += 65536) {   // in 64 KiB segments, as TCP would bring it
            int n = Math.min(65536, request.length - at);
            d.data(true, at, ByteBuffer.wrap(request, at, n).slice(), out::add);
        }
        d.end(true, out::add);
        d.finish(out::add);
        assertEquals(Giop.NAME, d.protocol(), "the connection is GIOP whatever its first message's size");
        return out;
    }

    @Test
    void isDecodedWhenTheLimitAllowsIt() {
        byte[] request = largeRequest();
        DecoderLimits raised = new DecoderLimits(128 << 20, 256, 1_000_000, 256, 16 << 20);
        List<Message> out = decode(raised, request);
        assertEquals(1, out.size(), out::toString);
        Message m = out.get(0);
        assertEquals(GiopMessageType.REQUEST, m.type());
        assertEquals("echo", m.info().method());
        assertEquals(request.length, m.length());
        assertEquals(BODY, m.dataLength());
    }

    @Test
    void isGiopOverTheLimitWithTheDefaultLimit() {
        List<Message> out = decode(DecoderLimits.DEFAULT, largeRequest());
        assertFalse(out.isEmpty());
        Message m = out.get(0);
        assertEquals(new ProtocolName("giop"), m.protocol());
        assertEquals(MessageType.UNPARSED, m.type());
        String reason = m.info().details().asMap().get("reason").toString();
        assertTrue(reason.startsWith("giop.len at stream offset 8: " + (largeRequest().length - 12)), reason);
        assertTrue(reason.contains("--max-message-bytes " + DecoderLimits.DEFAULT.maxMessageBytes()), reason);
    }
}
