package io.wireanalyze.frame;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** IPv4 fragments of a real segment (ndpi-jrmi.pcap frame 9, the registry lookup) are put back together. */
class Ipv4DefragmenterTest {

    private static Frame frame(long number, long nanos, byte[] bytes) {
        return new Frame(number, nanos, LinkType.ETHERNET, ByteBuffer.wrap(bytes).asReadOnlyBuffer(), bytes.length);
    }

    @Test
    void aSegmentSentInFragmentsOutOfOrderIsDecodedInTheFrameThatCompletesIt() throws Exception {
        List<Frame> real = TestCaptures.frames(TestCaptures.publicCaptures().resolve("ndpi-jrmi.pcap"));
        Analyzer a = new Analyzer(AnalysisOptions.defaults());
        long n = 0;
        for (Frame f : real) {
            if (f.number() != 9) {
                a.accept(frame(++n, f.timestampNanos(), bytes(f)));
                continue;
            }
            List<byte[]> parts = TestCaptures.ipv4Fragments(bytes(f), 24, 40, 0);
            a.accept(frame(++n, f.timestampNanos(), parts.get(2)));   // the last fragment first
            a.accept(frame(++n, f.timestampNanos(), parts.get(0)));
            a.accept(frame(++n, f.timestampNanos(), parts.get(1)));   // completes the datagram
        }
        AnalysisResult r = a.finish("fragmented", null);
        assertEquals(21, r.capture().frames());
        assertEquals(19, r.capture().tcpPackets());
        assertEquals(2L, r.capture().otherFrames().get("IPv4 fragments (reassembled; counted in the frame that completes them)"));
        MessageRecord lookup = r.messages().stream().filter(m -> m.message().type().label().equals("call")).findFirst().orElseThrow();
        assertEquals(11L, lookup.frame());
        assertEquals("MessengerService", lookup.message().info().name());
    }

    @Test
    void aDatagramMissingAFragmentIsReportedNotDecoded() throws Exception {
        Frame f = TestCaptures.frames(TestCaptures.publicCaptures().resolve("ndpi-jrmi.pcap")).get(8);
        List<byte[]> parts = TestCaptures.ipv4Fragments(bytes(f), 24, 0);
        Analyzer a = new Analyzer(AnalysisOptions.defaults());
        a.accept(frame(1, 0, parts.get(0)));
        AnalysisResult r = a.finish("lost", null);
        assertEquals(0, r.capture().tcpPackets());
        assertEquals(Map.of("IPv4 fragments of datagrams never completed (not analysed)", 1L), r.capture().otherFrames());
    }

    private static byte[] bytes(Frame f) {
        byte[] b = new byte[f.capturedLength()];
        f.bytes().duplicate().get(b);
        return b;
    }
}
