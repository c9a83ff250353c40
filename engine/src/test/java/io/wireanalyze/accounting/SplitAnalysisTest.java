package io.wireanalyze.accounting;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.protocols.ProtocolTable;
import io.wireanalyze.testing.Analyses;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine's contract ({@link SplitAnalysis}): one pass over the headers, the flows split into parts that never see
 * each other, each part tracking, reassembling, decoding and accounting its own connections, then the settle step.
 * Every fixture, the hostile corpus and the public captures give exactly the whole-capture result for 1, 2, 3 and 7
 * parts, the parts run in capture order, reversed and shuffled, with records held in memory or spilled.
 */
class SplitAnalysisTest {

    static List<Path> captures() throws IOException {
        return MergeableLedgerTest.captures();
    }

    @ParameterizedTest
    @MethodSource("captures")
    void partsThatNeverMeetGiveTheWholeResult(Path pcap) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap)));
        List<Frame> frames = TestCaptures.frames(pcap);
        AnalysisResult whole = Analyses.analyze(frames, options);
        assertTrue(whole.capture().tcpPackets() > 0 || whole.capture().frames() > 0, pcap.toString());
        Random random = new Random(pcap.getFileName().toString().hashCode());
        for (int parts : new int[]{1, 2, 3, 7}) {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < parts; i++) order.add(i);
            for (String how : new String[]{"in order", "reversed", "shuffled"}) {
                if (how.equals("reversed")) Collections.reverse(order);
                if (how.equals("shuffled")) Collections.shuffle(order, random);
                int[] o = order.stream().mapToInt(Integer::intValue).toArray();
                AnalysisResult split = SplitAnalysis.analyze(frames, parts, o, options, Analyzer.RECORDS_IN_MEMORY, "capture");
                same(whole, split, pcap + ": " + parts + " parts " + how);
            }
        }
        // Records spilled to files on both sides of the settle step (their details then read back as stored): the same.
        AnalysisResult wholeSpilled = Analyzer.analyze(() -> TestCaptures.source("capture", frames), options, f -> { }, 4);
        same(wholeSpilled, SplitAnalysis.analyze(frames, 3, new int[]{2, 0, 1}, options, 4, "capture"), pcap + ": spilled");
    }

    /**
     * Connections accounted as they go ({@link Ledger#flush}): every packet accounted as soon as its place is final,
     * offered at every row, not only a long connection's every {@link Analyzer#FLUSH_ROWS}. The same result as
     * each connection accounted whole at its end, packet rows included; at every tenth row; and in three parts run out
     * of order with every record spilled.
     */
    @ParameterizedTest
    @MethodSource("captures")
    void connectionsAccountedAsTheyGoGiveTheWholeResult(Path pcap) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap)))
                .withKeepPackets(true);
        List<Frame> frames = TestCaptures.frames(pcap);
        AnalysisResult whole = Analyses.analyze(frames, options);
        same(whole, Analyzer.analyzeFlushingEvery(() -> TestCaptures.source("capture", frames), options, 1), pcap + ": every row");
        same(whole, Analyzer.analyzeFlushingEvery(() -> TestCaptures.source("capture", frames), options, 10), pcap + ": every 10 rows");
        same(whole, SplitAnalysis.analyze(frames, 3, new int[]{2, 0, 1}, options, 4, "capture", 1), pcap + ": 3 parts, every row, spilled");
    }

    /**
     * A connection accounted as it goes holds its latest packets only: the longest JRMP connection of a fixture (53
     * packets: a lookup, calls, lease renewals, keep-alive pings), offered to its ledger every 4 rows, keeps at most 10
     * rows at a time, and a connection no protocol claimed (26 packets) at most 3; the result is the whole one. Accounted
     * at their ends, they held all their packets.
     */
    @Test
    void aLongConnectionHoldsItsLatestPacketsOnly() throws IOException {
        // 54 of the 73 packets went as their connections did; the last rows of each wait for the connection's end (its
        // FINs and their ACKs, and the ACKs of its last messages)
        held("jrmp/lease-renewal.pcap", 73, 53, 54, 10);
        held("tcp/unknown-protocol.pcap", 26, 26, 24, 3);
    }

    /** The capture's TCP packets, its longest connection's, those accounted as they went and the most rows held. */
    private static void held(String fixture, long packets, long longest, long flushed, int most) throws IOException {
        Path pcap = TestCaptures.fixture(fixture);
        AnalysisOptions options = AnalysisOptions.defaults();
        List<Frame> frames = TestCaptures.frames(pcap);
        AnalysisResult whole = Analyses.analyze(frames, options);
        assertEquals(packets, whole.capture().tcpPackets(), fixture);
        assertEquals(longest, whole.connections().stream().mapToLong(AnalysisResult.ConnectionStats::packets).max().orElseThrow(), fixture);
        Analyzer analyzer = new Analyzer(options).flushingEvery(4);
        for (Frame f : frames) analyzer.accept(f);
        assertEquals(flushed, analyzer.rowsFlushed(), fixture + ": accounted as they went");
        assertEquals(most, analyzer.mostRowsHeld(), fixture + ": most rows held");
        same(whole, analyzer.finish("capture", null), fixture);
        Analyzer atTheEnd = new Analyzer(options);
        for (Frame f : frames) atTheEnd.accept(f);
        assertEquals(0, atTheEnd.rowsFlushed(), fixture);
        assertEquals(longest, atTheEnd.mostRowsHeld(), fixture);
        atTheEnd.close();
    }

    /**
     * A limit on the messages listed ({@link AnalysisOptions#messageLimit}, the table's): the result lists the first
     * ones of the unlimited result, in its order, and counts the others; everything else is the same. Whole, in parts
     * that run in any order, spilled, and through bytes between the steps (the Spark job's way).
     */
    @ParameterizedTest
    @MethodSource("captures")
    void aMessageLimitListsTheFirstMessagesAndCountsTheRest(Path pcap) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap)));
        List<Frame> frames = TestCaptures.frames(pcap);
        AnalysisResult all = Analyses.analyze(frames, options);
        List<MessageRecord> every = new ArrayList<>(all.messages());
        Random random = new Random(pcap.getFileName().toString().hashCode());
        for (int limit : new int[]{0, 1, 5, every.size() / 2}) {
            AnalysisOptions limited = options.withMessageLimit(limit);
            List<AnalysisResult> results = new ArrayList<>();
            results.add(Analyses.analyze(frames, limited));
            results.add(SplitAnalysis.analyze(frames, 3, new int[]{2, 0, 1}, limited, Analyzer.RECORDS_IN_MEMORY, "capture"));
            results.add(SplitAnalysis.analyze(frames, 7, new int[]{6, 3, 0, 5, 1, 4, 2}, limited, 4, "capture"));
            results.add(ClusterAnalysisTest.run(frames, 3, random, limited, 4, null));
            int kept = Math.min(limit, every.size());
            for (AnalysisResult r : results) {
                String what = pcap + ": limit " + limit;
                sameList(every.subList(0, kept), r.messages(), what + ": messages");
                assertEquals(every.size() - kept, r.messagesLeftOut(), what + ": left out");
                assertEquals(all.summary(), r.summary(), what);
                assertEquals(all.phases(), r.phases(), what);
                assertEquals(all.connections(), r.connections(), what);
                assertEquals(all.invocations(), r.invocations(), what);
            }
        }
    }

    /** The results are equal; if not, says where they first differ (a whole result is too long to read). */
    static void same(AnalysisResult expected, AnalysisResult actual, String what) {
        assertEquals(expected.capture(), actual.capture(), what + ": capture");
        assertEquals(expected.summary(), actual.summary(), what + ": summary");
        assertEquals(expected.phases(), actual.phases(), what + ": phases");
        sameList(expected.connections(), actual.connections(), what + ": connections");
        sameList(expected.messages(), actual.messages(), what + ": messages");
        sameList(expected.invocations(), actual.invocations(), what + ": invocations");
        sameList(expected.packets(), actual.packets(), what + ": packets");
        assertEquals(expected, actual, what);
    }

    private static void sameList(List<?> expected, List<?> actual, String what) {
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            assertEquals(String.valueOf(expected.get(i)), String.valueOf(actual.get(i)), what + " [" + i + "]");
        }
        assertEquals(expected.size(), actual.size(), what + ": how many");
    }
}
