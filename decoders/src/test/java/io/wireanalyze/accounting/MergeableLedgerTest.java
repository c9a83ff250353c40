package io.wireanalyze.accounting;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.protocol.CaptureOrder;
import io.wireanalyze.protocols.ProtocolTable;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ledger is associative: connections accounted into partial ledgers (disjoint sets of connections, by id) that
 * merge at the end give exactly the whole-capture result, for any number of them; so do connections decoded and
 * accounted on worker threads. Every fixture, the hostile corpus and the public captures.
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

    /**
     * Connections decoded and accounted by worker threads give exactly the single-threaded result: one worker
     * (decoding beside the reading thread), two, and seven (more than the cores, so they interleave as the scheduler
     * pleases). Connections between the same two hosts share a worker, so no shared state crosses workers here.
     */
    @ParameterizedTest
    @MethodSource("captures")
    void workersGiveTheSingleThreadedResult(Path pcap) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap)));
        List<Frame> frames = TestCaptures.frames(pcap);
        AnalysisResult single = analyze(frames, options, 1);
        for (int workers : new int[]{1, 2, 7}) {
            assertEquals(single, analyze(frames, options.withWorkers(workers), 1), pcap + ": " + workers + " workers");
        }
    }

    /**
     * Sharded by 4-tuple alone, a stub or a naming context learned on one worker is used on another: a worker that
     * read shared state before an earlier change to it was made (in capture order) is caught, never a silently
     * different result. Several runs of seven workers on every capture: each the single-threaded result, or a
     * {@link CaptureOrder.Conflict}.
     */
    @ParameterizedTest
    @MethodSource("captures")
    void workersSharingStateGiveTheSingleThreadedResultOrAConflict(Path pcap) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap)));
        List<Frame> frames = TestCaptures.frames(pcap);
        AnalysisResult single = analyze(frames, options, 1);
        for (int run = 0; run < 5; run++) {
            AnalysisResult parallel;
            try {
                parallel = analyze(frames, options.withWorkers(7), 1, false);
            } catch (CaptureOrder.Conflict e) {
                CONFLICTS.incrementAndGet();
                continue;
            }
            COMPLETED.incrementAndGet();
            assertEquals(single, parallel, pcap + ": run " + run);
        }
    }

    private static final AtomicInteger CONFLICTS = new AtomicInteger(), COMPLETED = new AtomicInteger();

    @AfterAll
    static void conflicts() {
        System.out.println("MergeableLedgerTest: 7 workers by 4-tuple: " + COMPLETED + " runs completed, " + CONFLICTS + " conflicts");
    }

    private static AnalysisResult analyze(List<Frame> frames, AnalysisOptions options, int ledgers) {
        return analyze(frames, options, ledgers, true);
    }

    private static AnalysisResult analyze(List<Frame> frames, AnalysisOptions options, int ledgers, boolean byHosts) {
        Analyzer a = new Analyzer(options, Analyzer.RECORDS_IN_MEMORY, ledgers, options.workers(), byHosts);
        try {
            for (Frame f : frames) a.accept(f);
            return a.finish("capture", null);
        } finally {
            a.close();
        }
    }
}
