package io.wireanalyze.protocol.giop;

import io.wireanalyze.testing.Analyses;
import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.protocol.InputState;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.tcp.Direction;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * ndpi-corba.pcap (nDPI's test capture: TAO echo calls over GIOP 1.2, a ZIOP request, MIOP over UDP) against
 * tshark's view of it, checked in as giop/ndpi-corba.tshark.tsv so the test needs no tshark.
 */
class GiopCaptureTest {

    static Path capture() {
        return TestCaptures.publicCaptures().resolve("ndpi-corba.pcap");
    }

    private static AnalysisResult result;

    @BeforeAll
    static void analyze() throws Exception {
        result = Analyses.analyze(capture(), AnalysisOptions.defaults());
    }

    /** tshark's rows: frame, giop.type, giop.request_op, giop.request_id. */
    static List<String> tsharkRows() throws Exception {
        List<String> rows = new ArrayList<>();
        try (var in = GiopCaptureTest.class.getResourceAsStream("/giop/ndpi-corba.tshark.tsv")) {
            assertNotNull(in, "giop/ndpi-corba.tshark.tsv on the test class path");
            var lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList();
            assertTrue(lines.get(0).startsWith("# TShark (Wireshark) 4."), "the oracle says which tshark made it");
            for (String line : lines) if (!line.startsWith("#") && !line.isBlank()) rows.add(line);
        }
        return rows;
    }

    private static String row(long frame, Message m) {
        int code = "request".equals(m.type().label()) ? 0 : "reply".equals(m.type().label()) ? 1 : -1;
        String op = code == 0 ? m.info().method() : "";   // tshark names the operation on requests only
        return frame + "\t" + code + "\t" + op + "\t" + m.requestId();
    }

    @Test
    void ourGiopMessagesAreTsharksOverTcpAndInsideMiop() throws Exception {
        List<String> ours = new ArrayList<>();
        for (MessageRecord r : result.messages()) {
            if (r.message().type().label().equals("request") || r.message().type().label().equals("reply")) ours.add(row(r.lastFrame(), r.message()));
        }
        for (Frame f : TestCaptures.frames(capture())) {
            ByteBuffer udp = udpPayload(f);
            MiopPacket miop = udp == null ? null : MiopPacket.parse(udp);
            if (miop == null) continue;
            assertTrue(miop.whole());
            ByteBuffer giop = udp.duplicate().position(udp.position() + miop.giopOffset()).slice();
            var step = GiopSessionTest.session(io.wireanalyze.protocol.Facts.local()).decode(Direction.C2S, giop, 0, InputState.ENDED);
            ours.add(row(f.number(), (Message) assertInstanceOf(DecodeStep.Decoded.class, step).message()));
        }
        assertEquals(tsharkRows(), ours);
    }

    @Test
    void aMiopPacketCarriesALittleEndianRequestAddressedByItsGroupProfile() throws Exception {
        Frame f = TestCaptures.frames(capture()).get(18);   // frame 19
        ByteBuffer udp = udpPayload(f);
        MiopPacket miop = MiopPacket.parse(udp);
        assertEquals(new MiopPacket(true, true, 228, 0, 1, "000000000000000000000000", 32), miop);
        ByteBuffer giop = udp.duplicate().position(udp.position() + 32).slice();
        var step = GiopSessionTest.session(io.wireanalyze.protocol.Facts.local()).decode(Direction.C2S, giop, 0, InputState.ENDED);
        Message m = (Message) assertInstanceOf(DecodeStep.Decoded.class, step).message();
        assertEquals("receiveReliableData", m.info().method());
        assertEquals("little-endian", m.info().details().asMap().get("byteOrder"));
        assertEquals("profile", m.info().details().asMap().get("target"));
        assertEquals("10.95.28.46:15984", m.info().details().asMap().get("targetEndpoint"));
        assertEquals(0, m.info().details().asMap().get("responseFlags"));
        assertEquals(136, m.dataOffset());   // after the empty service context list at 128, 8-aligned
        assertEquals(92, m.dataLength());
    }

    @Test
    void theTcpConnectionIsGiopWithTwoEchoInvocationsAndAZiopRequest() {
        assertEquals(1, result.connections().size());
        assertEquals("giop", result.connections().get(0).protocol());
        List<String> types = result.messages().stream().map(r -> r.frame() + "-" + r.lastFrame() + " " + r.message().type().label()).toList();
        assertEquals(List.of("4-4 request", "6-6 reply", "8-10 request", "12-12 reply", "14-18 ziop"), types);
        Message ziop = result.messages().get(4).message();
        assertEquals("ZLIB", ziop.info().details().asMap().get("compressor"));
        assertEquals(13918, ziop.length());
        assertEquals(Phase.INVOCATION, ziop.phase());
        assertEquals(0, result.phase(Phase.UNPARSED).packets(), "nothing malformed");
        assertEquals(3, result.phase(Phase.TCP_SETUP).packets());
        assertEquals(15, result.phase(Phase.INVOCATION).packets());

        var inv = result.invocations();
        assertEquals(2, inv.size());
        assertEquals("echo", inv.get(0).method());
        assertEquals(4, inv.get(0).requestFrame());
        assertEquals(6L, inv.get(0).replyFrame());
        assertEquals(4, inv.get(0).packets());          // request, its ACK, reply, its ACK
        assertEquals(2, inv.get(0).dataPackets());
        assertEquals(228, inv.get(0).requestBytes());
        assertEquals(93, inv.get(0).replyBytes());
        assertEquals(8, inv.get(1).requestFrame());
        assertEquals(12L, inv.get(1).replyFrame());
        assertEquals(6, inv.get(1).packets());
        assertEquals(3, inv.get(1).dataPackets());      // the request's two segments and the reply
        assertEquals(4164, inv.get(1).requestBytes());
        assertEquals(4029, inv.get(1).replyBytes());
    }

    /** The UDP payload of an Ethernet/IPv4 frame, or null. */
    static ByteBuffer udpPayload(Frame f) {
        ByteBuffer b = f.bytes().duplicate().order(java.nio.ByteOrder.BIG_ENDIAN);
        int p = b.position();
        if (b.remaining() < 14 + 20 + 8 || (b.getShort(p + 12) & 0xffff) != 0x0800) return null;
        int ip = p + 14, ihl = (b.get(ip) & 0x0f) * 4;
        if ((b.get(ip + 9) & 0xff) != 17) return null;
        int udp = ip + ihl, length = b.getShort(udp + 4) & 0xffff;
        return b.slice(udp + 8, Math.min(length - 8, b.limit() - udp - 8));
    }
}
