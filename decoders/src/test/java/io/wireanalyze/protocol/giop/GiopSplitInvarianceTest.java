package io.wireanalyze.protocol.giop;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.PacketParser;
import io.wireanalyze.frame.TcpSegment;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.wireanalyze.protocol.giop.GiopBytes.*;
import static org.junit.jupiter.api.Assertions.*;

/** The same GIOP streams decoded whole and split at every byte give identical messages. */
class GiopSplitInvarianceTest {

    record Chunk(boolean fromInitiator, long offset, byte[] bytes) {
    }

    /** Lays out messages as one stream per side, each message its own chunk, in the order given. */
    static List<Chunk> conversation(Object... sideThenBytes) {
        List<Chunk> out = new ArrayList<>();
        long[] next = new long[2];
        for (int i = 0; i < sideThenBytes.length; i += 2) {
            boolean init = (Boolean) sideThenBytes[i];
            byte[] b = (byte[]) sideThenBytes[i + 1];
            out.add(new Chunk(init, next[init ? 0 : 1], b));
            next[init ? 0 : 1] += b.length;
        }
        return out;
    }

    static List<String> decode(List<Chunk> chunks, int splitChunk, int at) {
        List<String> out = new ArrayList<>();
        ConnectionDecoder d = TestCaptures.connectionDecoder(true);
        for (int i = 0; i < chunks.size(); i++) {
            Chunk c = chunks.get(i);
            if (i == splitChunk) {
                d.data(c.fromInitiator(), c.offset(), ByteBuffer.wrap(c.bytes(), 0, at).slice(), m -> out.add(m.toString()));
                d.data(c.fromInitiator(), c.offset() + at, ByteBuffer.wrap(c.bytes(), at, c.bytes().length - at).slice(), m -> out.add(m.toString()));
            } else {
                d.data(c.fromInitiator(), c.offset(), ByteBuffer.wrap(c.bytes()), m -> out.add(m.toString()));
            }
        }
        d.finish(m -> out.add(m.toString()));
        return out;
    }

    static int assertSplitInvariant(List<Chunk> chunks, int expectedMessages, int step) {
        List<String> whole = decode(chunks, -1, 0);
        assertEquals(expectedMessages, whole.size(), whole::toString);
        int runs = 0;
        for (int i = 0; i < chunks.size(); i++) {
            for (int at = 1; at < chunks.get(i).bytes().length; at += step) {
                assertEquals(whole, decode(chunks, i, at), "chunk " + i + " split at byte " + at);
                runs++;
            }
        }
        return runs;
    }

    @Test
    void decodesEveryMessageTypeSplitAtEveryByte() {
        byte[] junk = "junk before a message".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        List<Chunk> chunks = conversation(
                true, LOCATE_REQUEST_12, false, LOCATE_REPLY_12,
                true, REQUEST_12_BOOTSTRAP, false, REPLY_12_FORWARD,
                true, REQUEST_10_RESOLVE, false, REPLY_10_RESOLVED,
                true, REQUEST_11_LE_FIRST, true, FRAGMENT_11_LE, false, REPLY_11_LE,
                true, junk,
                true, REQUEST_12_FIRST, true, FRAGMENT_12, true, CANCEL_REQUEST_12, false, REPLY_12_VOID,
                true, REQUEST_12_REFERENCE_ADDR, false, REPLY_12_LE_SYSTEM_EXCEPTION,
                true, ZIOP_REQUEST, false, CLOSE_CONNECTION_12);
        List<String> whole = decode(chunks, -1, 0);
        assertTrue(whole.get(whole.size() - 1).contains("type=close-connection"), whole::toString);
        assertEquals(1, whole.stream().filter(m -> m.contains("type=unparsed")).count(), "the junk, once");
        int runs = assertSplitInvariant(chunks, 18, 1);
        assertTrue(runs > 850, "splits tried: " + runs);
    }

    @Test
    void decodesTheNdpiCorbaStreamSplitAtEveryByte() throws Exception {
        List<Chunk> chunks = new ArrayList<>();
        io.wireanalyze.frame.Endpoint initiator = null;
        long[] next = new long[2];
        for (Frame f : TestCaptures.frames(TestCaptures.publicCaptures().resolve("ndpi-corba.pcap"))) {
            TcpSegment s = PacketParser.parse(f).segment();
            if (s == null || s.payloadLength() == 0) continue;
            if (initiator == null) initiator = s.src();
            boolean init = s.src().equals(initiator);
            byte[] b = new byte[s.payload().remaining()];
            s.payload().duplicate().get(b);
            chunks.add(new Chunk(init, next[init ? 0 : 1], b));
            next[init ? 0 : 1] += b.length;
        }
        assertEquals(9, chunks.size());
        int runs = assertSplitInvariant(chunks, 5, 1);
        assertTrue(runs > 22_000, "splits tried: " + runs);
    }
}
