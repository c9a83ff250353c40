package io.wireanalyze.accounting;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocols.ProtocolTable;
import io.wireanalyze.testing.Analyses;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A running view's analysis ({@link LiveAnalysis}): frames fed one by one, figures read at any moment. On every
 * fixture, hostile and public capture: each snapshot accounts every TCP packet so far (to a phase, or to a message
 * still arriving); taking snapshots changes nothing that follows; a snapshot taken after any prefix of the capture puts
 * in other phases than {@code analyze} of that prefix at most the packets of the connections not yet accounted (a message
 * still arriving, the ACKs that go with it, what a connection's end settles), and none once every connection is.
 */
class LiveAnalysisTest {

    static List<Path> captures() throws IOException {
        return MergeableLedgerTest.captures();
    }

    @ParameterizedTest
    @MethodSource("captures")
    void snapshotsAreTheAnalysisOfThePrefix(Path pcap) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap)));
        List<Frame> frames = TestCaptures.frames(pcap);
        LiveAnalysis watched = new LiveAnalysis(options);
        LiveAnalysis unwatched = new LiveAnalysis(options);
        int every = Math.max(1, frames.size() / 5);
        for (int i = 0; i < frames.size(); i++) {
            watched.accept(frames.get(i));
            unwatched.accept(frames.get(i));
            if ((i + 1) % every == 0 || i == frames.size() - 1) {
                LiveAnalysis.Snapshot s = watched.snapshot();
                String what = pcap + " after frame " + (i + 1);
                long inPhases = s.phases().values().stream().mapToLong(AnalysisResult.PhaseStats::packets).sum();
                assertEquals(s.tcpPackets(), inPhases + s.arrivingPackets(), what + ": every TCP packet accounted");
                assertEquals(i + 1, s.frames(), what);
                AnalysisResult prefix = Analyses.analyze(frames.subList(0, i + 1), options);
                assertEquals(prefix.capture().tcpPackets(), s.tcpPackets(), what);
                assertEquals(prefix.capture().durationMs(), s.durationMs(), what);
                long openPackets = s.open().stream().mapToLong(LiveAnalysis.OpenConnection::packets).sum();
                long differ = 0;
                for (Phase p : Phase.values()) differ += Math.abs(prefix.phase(p).packets() - s.phases().get(p).packets());
                assertTrue(differ <= 2 * openPackets, what + ": " + differ + " packets in other phases than analyze of the prefix puts them, "
                        + "more than the open connections' " + openPackets + ": " + prefix.phases() + " " + s.phases());
                if (s.open().isEmpty()) {
                    // Every connection accounted: exactly what analyze of the prefix gives.
                    assertEquals(packets(prefix.phases(), 0), packets(s.phases(), 0), what + ": packets per phase");
                    assertEquals(prefix.phases(), s.phases(), what + ": phases");
                    assertEquals(calls(prefix), counts(s), what + ": calls per method");
                }
            }
        }
        assertEquals(view(unwatched.snapshot()), view(watched.snapshot()), pcap + ": snapshots changed the analysis");
    }

    /**
     * Connections accounted as they go ({@link Ledger#flush}, every row offered): every snapshot is the same as with
     * each connection accounted at its end, its open connections' packets counted from what they carried and what
     * their logs hold.
     */
    @ParameterizedTest
    @MethodSource("captures")
    void snapshotsOfConnectionsAccountedAsTheyGoAreTheSame(Path pcap) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap)));
        List<Frame> frames = TestCaptures.frames(pcap);
        LiveAnalysis atTheEnd = new LiveAnalysis(options);
        LiveAnalysis asTheyGo = new LiveAnalysis(options, 1);
        int every = Math.max(1, frames.size() / 7);
        for (int i = 0; i < frames.size(); i++) {
            atTheEnd.accept(frames.get(i));
            asTheyGo.accept(frames.get(i));
            if ((i + 1) % every == 0 || i == frames.size() - 1) {
                assertEquals(view(atTheEnd.snapshot()), view(asTheyGo.snapshot()), pcap + " after frame " + (i + 1));
            }
        }
    }

    /**
     * A protocol no decoder knows, on a connection still open (fixtures/tcp/unknown-protocol.pcap: ten lines of text
     * echoed on port 7777, the capture stopped before the close): its payload is unparsed in every snapshot, as analyze
     * of the prefix has it, never a message "arriving" that no decoder would ever finish (as it was in watch's view
     * until the connection ended).
     */
    @org.junit.jupiter.api.Test
    void aConnectionNoDecoderClaimedIsUnparsedWhileOpen() throws IOException {
        Path pcap = TestCaptures.fixture("tcp/unknown-protocol.pcap");
        AnalysisOptions options = AnalysisOptions.defaults();
        List<Frame> frames = TestCaptures.frames(pcap);
        LiveAnalysis live = new LiveAnalysis(options);
        for (int i = 0; i < frames.size(); i++) {
            live.accept(frames.get(i));
            LiveAnalysis.Snapshot s = live.snapshot();
            String what = "unknown-protocol.pcap after frame " + (i + 1);
            assertEquals(0, s.arrivingPackets(), what + ": arriving");
            assertEquals(1, s.open().size(), what + ": open");
            assertEquals(packets(Analyses.analyze(frames.subList(0, i + 1), options).phases(), 0), packets(s.phases(), 0), what);
        }
        assertEquals("unknown", live.snapshot().open().get(0).protocol());
        assertEquals(26, frames.size());
        assertEquals(23, live.snapshot().phases().get(Phase.UNPARSED).packets(), "the 20 data segments and the 3 ACKs after the first");
    }

    /** Packets per phase, with {@code arriving} counted as unparsed (what a capture cut while they arrive ends with). */
    private static Map<Phase, Long> packets(Map<Phase, AnalysisResult.PhaseStats> phases, long arriving) {
        Map<Phase, Long> out = new java.util.EnumMap<>(Phase.class);
        phases.forEach((p, s) -> out.put(p, s.packets() + (p == Phase.UNPARSED ? arriving : 0)));
        return out;
    }

    /** Calls per method of a result, legs of relayed calls included (a snapshot cannot tell them yet). */
    private static Map<String, Long> calls(AnalysisResult r) {
        Map<String, Long> out = new java.util.TreeMap<>();
        for (AnalysisResult.InvocationRecord i : r.invocations()) out.merge(i.method() == null ? "?" : i.method(), 1L, Long::sum);
        return out;
    }

    private static Map<String, Long> counts(LiveAnalysis.Snapshot s) {
        Map<String, Long> out = new java.util.TreeMap<>();
        for (LiveAnalysis.Calls c : s.methods()) out.put(c.method(), c.count());
        return out;
    }

    /** A snapshot's figures as text (its latencies are arrays). */
    private static String view(LiveAnalysis.Snapshot s) {
        StringBuilder b = new StringBuilder(List.of(s.frames(), s.tcpPackets(), s.durationMs(), s.phases(), s.arrivingPackets(),
                s.unparsedBytes(), s.unknownPayload(), s.open(), s.connections()).toString());
        for (LiveAnalysis.Calls c : s.methods()) b.append('\n').append(c.method()).append(' ').append(c.count()).append(' ')
                .append(java.util.Arrays.toString(c.latenciesMs()));
        return b.toString();
    }
}
