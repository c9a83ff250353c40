package io.wireanalyze.accounting;

import io.wireanalyze.testing.Analyses;
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
 * merge at the end give exactly the whole-capture result, for any number of them; so do connections decoded and
 * accounted on worker threads, and connections decoded one after another in any order. Every fixture, the hostile
 * corpus and the public captures.
 */
class MergeableLedgerTest {

    static List<Path> captures() throws IOException {
        return TestCaptures.everyCapture();
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

    /**
     * Connections decoded and accounted by worker threads give exactly the single-threaded result: one worker
     * (decoding beside the reading thread), two, and seven (more than the cores, so they interleave as the scheduler
     * pleases). A connection goes to a worker by its id alone, so a stub or a naming context learned on one worker is
     * used on another: what connections tell each other is settled when the capture ends, never read while decoding.
     */
    @ParameterizedTest
    @MethodSource("captures")
    void workersGiveTheSingleThreadedResult(Path pcap) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap)));
        List<Frame> frames = TestCaptures.frames(pcap);
        AnalysisResult single = analyze(frames, options, 1);
        for (int workers : new int[]{1, 2, 7}) {
            assertEquals(single, Analyses.analyze(frames, options.withWorkers(workers)), pcap + ": " + workers + " workers");
        }
    }

    /**
     * Connections decoded whole, one after another, in a shuffled order (the last connection first, say: its calls
     * before the lookup that named their object) give exactly the result of capture order: facts are settled, not
     * read as they happen. Five orders for every capture.
     */
    @ParameterizedTest
    @MethodSource("captures")
    void connectionsInAnyOrderGiveTheSameResult(Path pcap) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap)));
        List<Frame> frames = TestCaptures.frames(pcap);
        AnalysisResult single = analyze(frames, options, 1);
        for (long seed = 1; seed <= 5; seed++) {
            Analyzer a = Analyzer.shuffled(options, seed, Settlement.NONE);
            for (Frame f : frames) a.accept(f);
            AnalysisResult shuffled = a.finish("capture", null);
            assertEquals(null, a.anotherRound(), pcap + ": no capture here needs a second round");
            assertEquals(single, shuffled, pcap + ": order " + seed);
        }
    }

    private static AnalysisResult analyze(List<Frame> frames, AnalysisOptions options, int ledgers) {
        Analyzer a = new Analyzer(options, Analyzer.RECORDS_IN_MEMORY, ledgers);
        try {
            for (Frame f : frames) a.accept(f);
            return a.finish("capture", null);
        } finally {
            a.close();
        }
    }
}
