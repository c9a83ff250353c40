package io.wireanalyze.accounting;

import io.wireanalyze.testing.Analyses;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** Every TCP packet belongs to exactly one phase: the phases add up to the capture, on every real capture we have. */
class ConservationTest {

    static List<Path> captures() throws Exception {
        List<Path> all = new java.util.ArrayList<>(TestCaptures.allPublicCaptures());
        for (String soap : List.of("cxf-default", "cxf-clean-soap12", "wssec", "metro-client"))
            all.add(TestCaptures.fixture("soap/" + soap + ".pcap"));
        return all;
    }

    @ParameterizedTest
    @MethodSource("captures")
    void phasesAddUpToTheCapturesTcpPackets(Path file) throws Exception {
        AnalysisResult r = Analyses.analyze(file, AnalysisOptions.defaults());
        long packets = 0, payload = 0, wire = 0;
        double elapsed = 0;
        for (Phase p : Phase.values()) {
            var s = r.phase(p);
            assertNotNull(s, p.label());
            packets += s.packets();
            payload += s.payloadBytes();
            wire += s.wireBytes();
            elapsed += s.elapsedMs();
        }
        assertEquals(r.capture().tcpPackets(), packets);
        assertEquals(r.summary().packets(), packets);
        assertEquals(r.packets().size(), packets);
        assertEquals(r.connections().stream().mapToLong(AnalysisResult.ConnectionStats::payloadBytes).sum(), payload);
        assertEquals(r.connections().stream().mapToLong(AnalysisResult.ConnectionStats::wireBytes).sum(), wire);
        // Elapsed times add up to the time the capture's clock moved forward from the first to the last TCP packet
        // (its span, unless the file's timestamps step back somewhere, as in some of the fox-it captures).
        var rows = r.packets();
        double forward = 0;
        for (int i = 1; i < rows.size(); i++) forward += Math.max(0, rows.get(i).timeMs() - rows.get(i - 1).timeMs());
        assertEquals(forward, elapsed, 1e-6 * Math.max(1, forward));
        for (var m : r.messages()) {
            if (m.frame() != null) assertTrue(m.frame() <= m.lastFrame(), m.toString());
        }
    }
}
