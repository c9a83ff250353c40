package io.wireanalyze.accounting;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.protocols.ProtocolTable;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ledger is associative: connections accounted into partial ledgers (disjoint sets of connections, by id) that
 * merge at the end give exactly the whole-capture result, for any number of them. Every fixture, the hostile
 * corpus and the public captures.
 */
class MergeableLedgerTest {

    static List<Path> captures() throws IOException {
        List<Path> out = new ArrayList<>(TestCaptures.fixtureCaptures());
        try (Stream<Path> s = Files.list(TestCaptures.repoRoot().resolve("fixtures/hostile"))) {
            s.filter(f -> f.toString().endsWith(".pcap")).sorted().forEach(out::add);
        }
        out.addAll(TestCaptures.allPublicCaptures());
        return out;
    }

    @ParameterizedTest
    @MethodSource("captures")
    void partialLedgersMergeIntoTheWhole(Path pcap) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap)));
        List<Frame> frames = TestCaptures.frames(pcap);
        AnalysisResult whole = analyze(frames, options, 1);
        assertTrue(whole.capture().tcpPackets() > 0, pcap.toString());
        for (int ledgers : new int[]{2, 3, 7}) assertEquals(whole, analyze(frames, options, ledgers), pcap + ": " + ledgers + " ledgers");
    }

    private static AnalysisResult analyze(List<Frame> frames, AnalysisOptions options, int ledgers) {
        Analyzer a = new Analyzer(options, Analyzer.RECORDS_IN_MEMORY, ledgers);
        for (Frame f : frames) a.accept(f);
        return a.finish("capture", null);
    }
}
