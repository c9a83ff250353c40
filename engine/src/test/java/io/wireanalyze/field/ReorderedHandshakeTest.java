package io.wireanalyze.field;

import io.wireanalyze.testing.Analyses;
import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocols.ProtocolTable;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A packet's phase does not depend on where the file puts it (issue 23, defect 5): the ACK completing each TCP
 * handshake moved 1 to 6 frames later (after the first data, as a multi-queue card or two merged interfaces may put
 * it), and the ACK answering each FIN moved 1 to 6 frames earlier (never before its connection's handshake ended),
 * give the same packets and wire bytes per phase as the capture as it was. Every fixture.
 */
class ReorderedHandshakeTest {

    static List<Path> captures() throws IOException {
        return TestCaptures.fixtureCaptures();
    }

    private static Map<Phase, String> perPhase(AnalysisResult r) {
        Map<Phase, String> out = new TreeMap<>();
        r.phases().forEach((p, s) -> out.put(p, s.packets() + " packets, " + s.wireBytes() + " bytes"));
        return out;
    }

    @ParameterizedTest
    @MethodSource("captures")
    void handshakeAndTeardownAcksReorderedKeepTheirPhase(Path pcap) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap)));
        List<Frame> frames = TestCaptures.frames(pcap);
        AnalysisResult clean = Analyses.analyze(frames, options);
        Map<Phase, String> expected = perPhase(clean);
        List<Integer> setup = new ArrayList<>(), teardown = new ArrayList<>();
        Map<Integer, Integer> handshakeDone = new TreeMap<>(), teardownOf = new TreeMap<>();   // connection -> index of its third packet
        Map<Integer, Integer> seen = new TreeMap<>();
        for (AnalysisResult.PacketRow row : clean.packets()) {
            if (seen.merge(row.connection(), 1, Integer::sum) == 3) handshakeDone.put(row.connection(), (int) row.frame() - 1);
            if (!row.flags().equals("ACK") || row.payloadLength() > 0) continue;
            if (row.phase() == Phase.TCP_SETUP) setup.add((int) row.frame() - 1);
            if (row.phase() == Phase.TCP_TEARDOWN) teardown.add((int) row.frame() - 1);
            if (row.phase() == Phase.TCP_TEARDOWN) teardownOf.put((int) row.frame() - 1, row.connection());
        }
        int moved = 0;
        for (int k = 1; k <= 6; k++) {
            for (int at : setup) {
                if (at + k >= frames.size()) continue;
                assertEquals(expected, perPhase(Analyses.analyze(moved(frames, at, at + k), options)),
                        pcap + ": the handshake ACK, frame " + (at + 1) + ", " + k + " frames later");
                moved++;
            }
            for (int at : teardown) {
                // Earlier, but not before its own connection's handshake ended.
                if (at - k <= handshakeDone.getOrDefault(teardownOf.get(at), Integer.MAX_VALUE)) continue;
                assertEquals(expected, perPhase(Analyses.analyze(moved(frames, at, at - k), options)),
                        pcap + ": the ACK of a FIN, frame " + (at + 1) + ", " + k + " frames earlier");
                moved++;
            }
        }
        assertTrue(moved > 0 || setup.isEmpty() && teardown.isEmpty(), pcap.toString());
    }

    /** The frames with the one at {@code from} put at {@code to}, numbered anew in file order; timestamps kept. */
    private static List<Frame> moved(List<Frame> frames, int from, int to) {
        List<Frame> list = new ArrayList<>(frames);
        list.add(to, list.remove(from));
        List<Frame> out = new ArrayList<>(list.size());
        for (Frame f : list) {
            out.add(new Frame(out.size() + 1, f.timestampNanos(), f.link(), f.rawLinkType(), f.bytes().duplicate(), f.originalLength(),
                    f.interfaceIndex()));
        }
        return out;
    }
}
