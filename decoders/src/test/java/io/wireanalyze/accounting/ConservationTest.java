package io.wireanalyze.accounting;

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
        return TestCaptures.allPublicCaptures();
    }

    @ParameterizedTest
    @MethodSource("captures")
    void phasesAddUpToTheCapturesTcpPackets(Path file) throws Exception {
        AnalysisResult r = TestCaptures.analyze(file, AnalysisOptions.defaults());
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
        // Elapsed times add up to the time from the first to the last TCP packet.
        var rows = r.packets();
        if (!rows.isEmpty()) {
            double span = rows.get(rows.size() - 1).timeMs() - rows.get(0).timeMs();
            assertEquals(span, elapsed, 1e-9 * Math.max(1, Math.abs(span)));
        }
        for (var m : r.messages()) {
            if (m.frame() != null) assertTrue(m.frame() <= m.lastFrame(), m.toString());
        }
    }
}
