package io.wireanalyze.accounting;

import io.wireanalyze.testing.Analyses;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A reused 4-tuple (fixtures/tcp, see the README there: real connections on 127.0.0.1 whose client bound the same
 * port twice): a SYN or SYN-ACK whose sequence number does not fit the tracked connection starts a new one, as
 * Wireshark's "TCP port numbers reused"; a retransmitted SYN (the same sequence number) does not.
 */
class PortReuseTest {

    private static AnalysisResult analyze(Path pcap) throws Exception {
        return Analyses.analyze(pcap, AnalysisOptions.defaults().withKeepPackets(true));
    }

    private static AnalysisResult analyze(String name) throws Exception {
        return analyze(TestCaptures.fixture("tcp/" + name));
    }

    /** Frame number to connection id, ours. */
    private static Map<Long, Integer> ours(AnalysisResult r) {
        Map<Long, Integer> m = new TreeMap<>();
        for (AnalysisResult.PacketRow p : r.packets()) m.put(p.frame(), p.connection());
        return m;
    }

    /** Frame number to connection id (tcp.stream + 1), tshark's. */
    private static Map<Long, Integer> tshark(String name) throws Exception {
        Map<Long, Integer> m = new TreeMap<>();
        for (String line : Files.readAllLines(TestCaptures.fixture("tcp/" + name.replace(".pcap", ".tshark.tsv")))) {
            if (line.startsWith("#")) continue;
            String[] f = line.split("\t", -1);
            m.put(Long.parseLong(f[0]), Integer.parseInt(f[1]) + 1);
        }
        return m;
    }

    private static List<String> requests(AnalysisResult r) {
        return r.messages().stream().filter(m -> m.message().type().label().equals("request"))
                .map(m -> m.connection() + " " + m.message().info().method()).toList();
    }

    /** Each connection whole: no gap, nothing unparsed, its handshake and its end in their phases. */
    private static void assertTwoWholeConnections(AnalysisResult r, int setup, int teardown) {
        assertEquals(2, r.connections().size(), r.connections()::toString);
        for (var c : r.connections()) {
            assertEquals(0, c.gapBytes(), c.toString());
            assertTrue(c.sawSyn(), c.toString());
            assertEquals("http", c.protocol(), c.toString());
        }
        assertEquals(List.of("1 GET /first", "2 GET /second"), requests(r));
        assertEquals(2, r.phase(Phase.UNPARSED).packets(), "the two responses' 5-byte bodies, which no decoder claims");
        assertEquals(setup, r.phase(Phase.TCP_SETUP).packets());
        assertEquals(teardown, r.phase(Phase.TCP_TEARDOWN).packets());
        assertEquals(r.capture().tcpPackets(), r.phases().values().stream().mapToLong(AnalysisResult.PhaseStats::packets).sum());
    }

    @Test
    void aSynAfterBothFinsStartsANewConnection() throws Exception {
        AnalysisResult r = analyze("reuse-after-fin.pcap");
        assertEquals(tshark("reuse-after-fin.pcap"), ours(r));
        assertTwoWholeConnections(r, 6, 6);
    }

    @Test
    void aSynAfterAnRstStartsANewConnection() throws Exception {
        AnalysisResult r = analyze("reuse-after-rst.pcap");
        assertEquals(tshark("reuse-after-rst.pcap"), ours(r));
        assertTwoWholeConnections(r, 6, 4);
    }

    /**
     * The first connection's end was not captured, nor the second's SYN: its SYN-ACK, with a sequence number the
     * server's side of the first connection never had, starts the second (tshark keeps one stream but flags the frame
     * "A new tcp session is started with the same ports as an earlier session").
     */
    @Test
    void aSynAckWithAnotherSequenceNumberStartsANewConnectionWhenTheEndIsMissing() throws Exception {
        AnalysisResult r = analyze("reuse-end-missing.pcap");
        Map<Long, Integer> expected = new TreeMap<>();
        for (long f = 1; f <= 16; f++) expected.put(f, f < 8 ? 1 : 2);
        assertEquals(expected, ours(r));
        assertTrue(Files.readAllLines(TestCaptures.fixture("tcp/reuse-end-missing.tshark.tsv")).stream()
                .anyMatch(l -> l.startsWith("8\t") && l.contains("A new tcp session is started with the same ports")));
        assertEquals(List.of("1 GET /first", "2 GET /second"), requests(r));
        for (var c : r.connections()) assertEquals(0, c.gapBytes(), c.toString());
        assertEquals(2, r.phase(Phase.UNPARSED).packets(), "the two responses' bodies");
        assertEquals(3 + 2, r.phase(Phase.TCP_SETUP).packets(), "the first handshake, and the second's SYN-ACK and ACK");
    }

    /** The same with the second SYN kept (frames 8 to 10 removed: the first connection's FINs and last ACK). */
    @Test
    void aSynWithAnotherSequenceNumberStartsANewConnectionWhenTheEndIsMissing() throws Exception {
        Path pcap = TestCaptures.fixture("tcp/reuse-after-fin.pcap");
        List<Frame> frames = new ArrayList<>(TestCaptures.frames(pcap));
        frames.removeIf(f -> f.number() >= 8 && f.number() <= 10);
        AnalysisResult r = Analyzer.analyze(TestCaptures.source("end-missing-with-syn.pcap", frames), AnalysisOptions.defaults().withKeepPackets(true));
        Map<Long, Integer> expected = new TreeMap<>();
        for (long f = 1; f <= 20; f++) if (f < 8 || f > 10) expected.put(f, f < 8 ? 1 : 2);
        assertEquals(expected, ours(r));
        assertEquals(List.of("1 GET /first", "2 GET /second"), requests(r));
        for (var c : r.connections()) assertEquals(0, c.gapBytes(), c.toString());
        assertEquals(2, r.phase(Phase.UNPARSED).packets(), "the two responses' bodies");
    }

    @Test
    void aRetransmittedSynIsNotAReuse() throws Exception {
        AnalysisResult r = analyze("syn-retransmitted.pcap");
        assertEquals(tshark("syn-retransmitted.pcap"), ours(r));
        assertEquals(1, r.connections().size());
        assertEquals(List.of("1 GET /late"), requests(r));
        assertEquals(0, r.connections().get(0).gapBytes());
        assertEquals(4, r.phase(Phase.TCP_SETUP).packets(), "both SYNs, the SYN-ACK and the ACK");
        assertEquals(1, r.phase(Phase.UNPARSED).packets(), "the response's body");
    }
}
