package io.wireanalyze.accounting;

import io.wireanalyze.testing.Analyses;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.protocol.jrmp.Jrmp;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * A registry lookup on one connection names the object called on another (fixtures/jrmp/lookup-then-invoke: the
 * lookup on connection 1, the calls on connection 2). Decoded with the calls' connection first, before the lookup
 * that handed out its stub, the calls still name their remote interface: it is filled in from the capture's facts
 * when the records are read out, by capture place, not by the order the connections were decoded in.
 */
class FactsAcrossConnectionsTest {

    private static final String BENCH = "io.wireanalyze.workloads.jrmp.BenchService";

    private static List<String> remoteInterfaces(AnalysisResult r) {
        return r.messages().stream()
                .filter(m -> m.message().protocol().equals(Jrmp.NAME) && m.message().type().label().equals("call")
                        && m.connection() == 2 && m.message().info().details().column("objNum") instanceof Long n && n > 2)
                .map(m -> (String) m.message().info().details().asMap().get("remoteInterface")).toList();
    }

    @Test
    void aStubHandedOutOnOneConnectionNamesTheCallsOnAnotherDecodedBeforeIt() throws IOException {
        List<Frame> frames = TestCaptures.frames(TestCaptures.fixture("jrmp/lookup-then-invoke.pcap"));
        AnalysisOptions options = AnalysisOptions.defaults();
        AnalysisResult inOrder = Analyses.analyze(frames, options);
        List<String> named = remoteInterfaces(inOrder);
        assertEquals(8, named.size(), named::toString);   // 8 application calls on connection 2
        for (String n : named) assertEquals(BENCH, n);

        Analyzer reversed = Analyzer.reversed(options);
        for (Frame f : frames) reversed.accept(f);
        AnalysisResult r = reversed.finish("capture", null);
        assertNull(reversed.anotherRound(), "a label, not how bytes decode: no second reading");
        assertEquals(named, remoteInterfaces(r));
        assertEquals(inOrder, r);
    }
}
