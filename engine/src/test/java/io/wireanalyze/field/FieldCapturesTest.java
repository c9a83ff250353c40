package io.wireanalyze.field;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.PacketParser;
import io.wireanalyze.frame.TcpSegment;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Captures from the field: every fixture with data segments captured after the ACK that answers them (moved 1 to
 * 50 frames later, as a tap or a multi-queue NIC delivers them), with every 9th frame captured twice (a tap, a
 * mirror port), with the flow captured on two interfaces, and with both: the messages, invocations and phase
 * totals equal those of the clean capture.
 */
class FieldCapturesTest {

    static List<Path> fixtures() throws Exception {
        return TestCaptures.fixtureCaptures();
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void dataCapturedAfterItsAckGivesTheCleanResult(Path pcap) throws Exception {
        List<Frame> clean = TestCaptures.frames(pcap);
        List<Frame> moved = reordered(clean, new Random(pcap.getFileName().toString().hashCode()));
        assertNotEquals(clean, moved, "something was moved");
        assertSameAnalysis(pcap, clean, moved);
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void everyNinthFrameCapturedTwiceGivesTheCleanResult(Path pcap) throws Exception {
        List<Frame> clean = TestCaptures.frames(pcap);
        AnalysisResult twice = assertSameAnalysis(pcap, clean, duplicated(clean, 0));
        long copies = clean.size() / 9;
        assertEquals(copies, twice.capture().otherFrames().get("copies of a TCP packet already seen (a tap or a mirror port; counted once)"),
                twice.capture().otherFrames()::toString);
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void theFlowCapturedOnTwoInterfacesCountsOnce(Path pcap) throws Exception {
        List<Frame> clean = TestCaptures.frames(pcap);
        AnalysisResult both = assertSameAnalysis(pcap, clean, duplicated(clean, 1));
        assertTrue(both.capture().otherFrames().containsKey("TCP packets seen again on another interface (the same flow captured twice; counted once)"));
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void reorderedAndDuplicatedGivesTheCleanResult(Path pcap) throws Exception {
        List<Frame> clean = TestCaptures.frames(pcap);
        // Several orders a capture: a retransmission captured before the copy it repeats, or behind a hole, is
        // found by some orders and not others.
        for (int k = 0; k < 12; k++) {
            assertSameAnalysis(pcap, clean, duplicated(reordered(clean, new Random(42 + k + pcap.getFileName().toString().hashCode())), 0));
        }
    }

    private static AnalysisResult assertSameAnalysis(Path pcap, List<Frame> clean, List<Frame> edited) throws Exception {
        AnalysisOptions options = AnalysisOptions.defaults();
        AnalysisResult a = Analyzer.analyze(TestCaptures.source("clean", clean), options);
        AnalysisResult b = Analyzer.analyze(TestCaptures.source("edited", edited), options);
        String name = pcap.getFileName().toString();
        assertEquals(messages(a), messages(b), name + ": messages");
        assertEquals(invocations(a), invocations(b), name + ": invocations");
        for (Phase p : Phase.values()) {
            assertEquals(a.phase(p).packets(), b.phase(p).packets(), name + ": " + p + " packets");
            assertEquals(a.phase(p).wireBytes(), b.phase(p).wireBytes(), name + ": " + p + " wire bytes");
            assertEquals(a.phase(p).retransmissions(), b.phase(p).retransmissions(), name + ": " + p + " retransmissions");
        }
        assertEquals(a.summary().invocations(), b.summary().invocations(), name);
        assertEquals(a.summary().dataPackets(), b.summary().dataPackets(), name);
        assertEquals(a.summary().overheadPackets(), b.summary().overheadPackets(), name);
        return b;
    }

    /**
     * What a message is, wherever the capture put its frames. A call's {@code remoteInterface} (and the "on
     * Interface" it adds to a method not named otherwise) is left out: it comes from a stub another connection
     * returned, and a frame moved across connections may bring that stub later.
     */
    private static List<String> messages(AnalysisResult r) {
        List<String> out = new ArrayList<>();
        for (MessageRecord m : r.messages()) {
            var x = m.message();
            var details = x.info().details().asMap();
            details.remove("remoteInterface");
            out.add(m.connection() + " " + x.direction() + " " + x.offset() + "+" + x.length() + " " + x.protocol() + " "
                    + x.type().label() + " " + x.phase() + " " + withoutInterface(x.info().method()) + " " + x.info().name() + " " + details
                    + " packets " + m.packets());
        }
        out.sort(null);
        return out;
    }

    private static String withoutInterface(String method) {
        return method == null ? null : method.replaceFirst(" on [\\w.$]+", "");
    }

    private static List<String> invocations(AnalysisResult r) {
        List<String> out = new ArrayList<>();
        for (var i : r.invocations()) {
            out.add(i.connection() + " " + withoutInterface(i.method()) + " " + (i.replyFrame() != null) + " " + i.packets() + " " + i.dataPackets()
                    + " " + i.requestBytes() + " " + i.replyBytes() + " " + i.warmup() + " " + i.marker() + " " + (i.legOf() != null) + " " + i.legs());
        }
        out.sort(null);
        return out;
    }

    /**
     * About every 8th data segment captured after the first frame that acknowledges it (or the next frame, when none
     * does), then 0 to 10 frames later again, at most 50 frames from where it was; each keeps its timestamp.
     */
    static List<Frame> reordered(List<Frame> clean, Random random) {
        List<Frame> frames = new ArrayList<>(clean);
        for (int i = frames.size() - 2; i >= 0; i--) {
            TcpSegment s = PacketParser.parse(frames.get(i)).segment();
            if (s == null || s.payloadLength() == 0 || s.syn() || s.fin() || s.rst() || random.nextInt(8) != 0) continue;
            long end = (s.seq() + s.payloadLength()) & 0xffffffffL;
            int ack = i + 1;
            for (int j = i + 1; j < frames.size() && j <= i + 40; j++) {
                TcpSegment t = PacketParser.parse(frames.get(j)).segment();
                if (t != null && t.src().equals(s.dst()) && t.hasAck() && ((t.ack() - end) & 0x80000000L) == 0) {
                    ack = j;
                    break;
                }
            }
            int to = Math.min(Math.min(frames.size() - 1, i + 50), ack + random.nextInt(11));
            if (to <= i) continue;
            frames.add(to, frames.remove(i));
        }
        return renumbered(frames);
    }

    /** Every 9th frame twice, byte for byte, 1 microsecond later, on the same interface or on interface 1. */
    static List<Frame> duplicated(List<Frame> frames, int copyInterface) {
        List<Frame> out = new ArrayList<>();
        for (int i = 0; i < frames.size(); i++) {
            Frame f = frames.get(i);
            out.add(f);
            if ((i + 1) % 9 == 0) {
                out.add(new Frame(f.number(), f.timestampNanos() + 1000, f.link(), f.rawLinkType(), f.bytes().duplicate(),
                        f.originalLength(), copyInterface == 0 ? f.interfaceIndex() : copyInterface));
            }
        }
        return renumbered(out);
    }

    private static List<Frame> renumbered(List<Frame> frames) {
        List<Frame> out = new ArrayList<>(frames.size());
        for (Frame f : frames) {
            ByteBuffer b = f.bytes().duplicate();
            out.add(new Frame(out.size() + 1, f.timestampNanos(), f.link(), f.rawLinkType(), b, f.originalLength(), f.interfaceIndex()));
        }
        return out;
    }
}
