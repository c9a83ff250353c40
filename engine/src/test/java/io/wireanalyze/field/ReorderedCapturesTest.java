package io.wireanalyze.field;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.PacketParser;
import io.wireanalyze.frame.TcpSegment;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocols.ProtocolTable;
import io.wireanalyze.testing.Analyses;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A packet's phase does not depend on where the file puts it (issue 23, defect 5), in general: every fixture, its
 * frames reordered by up to six positions with deterministic pseudo-random local swaps, gives the same packets and
 * wire bytes per phase as the file as it was.
 *
 * <p>The swaps are those a multi-queue card or two merged interfaces make, of frames less than a second apart: frames
 * of different connections freely; within one connection, the two directions against each other and a pure ACK
 * against its own side's data, an RST against the other direction's segments (before the data it answers, too), but
 * never a SYN or SYN-ACK (the handshake's first two packets keep their place), never an RST against its own side's
 * segments, never two segments that carry sequence space (data, FIN) of the same direction (one direction's segments
 * arrive in order), and never an ACK before the segment it acknowledges (in both directions: the handshake's ACK stays
 * after the SYN-ACK, a FIN's ACK after the FIN). {@code ResetBeforeTheDataItAnswersTest} is one such case, by hand.
 */
class ReorderedCapturesTest {

    static final int MAX_DISPLACEMENT = 6;
    static final long[] SEEDS = {23, 5, 2026};

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
    void everyFixtureReorderedBySixPositionsKeepsItsPhases(Path pcap) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap)));
        List<Frame> frames = TestCaptures.frames(pcap);
        Map<Phase, String> expected = perPhase(Analyses.analyze(frames, options));
        for (long seed : SEEDS) {
            Reordering r = reorder(frames, seed);
            assertTrue(r.swaps > 0 || frames.size() < 2, pcap + ": seed " + seed + " swapped nothing");
            assertEquals(expected, perPhase(Analyses.analyze(r.frames, options)),
                    pcap + ": seed " + seed + ", " + r.swaps + " swaps, frames (by original number) " + r.order());
        }
    }

    /**
     * The same with the capture joined mid-way: its SYNs and SYN-ACKs not captured. Pure ACKs then acknowledge bytes the
     * capture never saw; the one completing each handshake acknowledges nothing and its sender has sent nothing, and
     * used to take the phase of whatever packet the file put before it (unparsed in the file's order, naming or an
     * invocation once reordered after the first data, as the JacORB ping of issue 23 that "gained a packet").
     */
    @ParameterizedTest
    @MethodSource("captures")
    void everyFixtureJoinedMidwayAndReorderedKeepsItsPhases(Path pcap) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap)));
        List<Frame> frames = new ArrayList<>();
        for (Frame f : TestCaptures.frames(pcap)) {
            Tcp t = Tcp.of(f);
            if (t != null && t.syn()) continue;
            frames.add(new Frame(frames.size() + 1, f.timestampNanos(), f.link(), f.rawLinkType(), f.bytes().duplicate(), f.originalLength(),
                    f.interfaceIndex()));
        }
        Map<Phase, String> expected = perPhase(Analyses.analyze(frames, options));
        for (long seed : SEEDS) {
            Reordering r = reorder(frames, seed);
            assertEquals(expected, perPhase(Analyses.analyze(r.frames, options)),
                    pcap + " without SYNs: seed " + seed + ", " + r.swaps + " swaps, frames (by original number) " + r.order());
        }
    }

    /**
     * A packet moved across a quiet second (issue 23): the file puts it after the first packet of another connection
     * that came more than a second later ({@link Analyzer#LINGER_NANOS}). Its connection, ended whole by then, used to be
     * accounted at that packet, and the moved one started a connection of its own; it is now kept for
     * {@link Analyzer#LINGER_PACKETS} more packets, so the capture has the same connections and phases.
     */
    @org.junit.jupiter.api.Test
    void aPacketMovedAcrossAQuietSecondKeepsItsConnection() throws IOException {
        List<String> movedIn = new ArrayList<>();
        for (Path pcap : captures()) {
            AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap)));
            List<Frame> frames = TestCaptures.frames(pcap);
            List<Frame> moved = new ArrayList<>(frames);
            int moves = 0;
            for (int i = 0; i + 1 < moved.size(); i++) {
                Frame a = moved.get(i), b = moved.get(i + 1);
                if (b.timestampNanos() - a.timestampNanos() < Analyzer.LINGER_NANOS) continue;
                Tcp ta = Tcp.of(a), tb = Tcp.of(b);
                if (ta == null || ta.syn() || (tb != null && ta.connection.equals(tb.connection))) continue;
                moved.set(i, b);
                moved.set(i + 1, a);
                moves++;
                i++;
            }
            if (moves == 0) continue;   // no quiet second between two connections' packets
            movedIn.add(pcap.getFileName() + " (" + moves + ")");
            List<Frame> renumbered = new ArrayList<>();
            for (Frame f : moved)
                renumbered.add(new Frame(renumbered.size() + 1, f.timestampNanos(), f.link(), f.rawLinkType(), f.bytes().duplicate(),
                        f.originalLength(), f.interfaceIndex()));
            AnalysisResult in = Analyses.analyze(frames, options), out = Analyses.analyze(renumbered, options);
            assertEquals(perPhase(in), perPhase(out), pcap + ": " + moves + " packet(s) moved across a quiet second");
            assertEquals(in.connections().size(), out.connections().size(), pcap + ": connections");
        }
        assertTrue(movedIn.size() >= 2, "fixtures with a packet moved across a quiet second: " + movedIn);
    }

    /** A reordered capture: its frames numbered anew in file order, and the original index of each. */
    record Reordering(List<Frame> frames, int[] original, int swaps) {
        String order() {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < original.length; i++) if (original[i] != i) b.append(' ').append(i + 1).append("<-").append(original[i] + 1);
            return b.toString();
        }
    }

    /** What the plausibility of a swap needs to know of a frame. */
    private record Tcp(String connection, boolean fromLower, int flags, long seq, long end, long ack, boolean carries) {
        static Tcp of(Frame f) {
            PacketParser.Result p = PacketParser.parse(f);
            if (p.kind() != PacketParser.Kind.TCP) return null;
            TcpSegment s = p.segment();
            boolean lower = s.src().compareTo(s.dst()) < 0;
            String conn = lower ? s.src() + "-" + s.dst() : s.dst() + "-" + s.src();
            int len = s.capturedPayloadLength();
            long space = len + (s.fin() ? 1 : 0) + (s.syn() ? 1 : 0);
            return new Tcp(conn, lower, s.flags(), s.seq(), (s.seq() + space) & 0xffffffffL, s.ack(), len > 0 || s.fin());
        }

        boolean syn() {
            return (flags & TcpSegment.SYN) != 0;
        }

        boolean rst() {
            return (flags & TcpSegment.RST) != 0;
        }

        /** Whether this segment acknowledges all of {@code earlier}'s sequence space (the other direction). */
        boolean acknowledges(Tcp earlier) {
            return (flags & TcpSegment.ACK) != 0 && earlier.carries && (int) (ack - earlier.end) >= 0;
        }
    }

    /** Whether {@code earlier} and {@code later}, next to each other, may trade places. */
    static boolean swappable(Frame e, Frame l, Tcp earlier, Tcp later) {
        // Frames close in time: a connection ended whole is kept a second (Analyzer.LINGER_NANOS) for its last ACKs.
        if (Math.abs(l.timestampNanos() - e.timestampNanos()) >= Analyzer.LINGER_NANOS) return false;
        if (earlier == null || later == null || !earlier.connection.equals(later.connection)) return true;
        if (earlier.syn() || later.syn()) return false;
        // An RST may be captured before the other side's data it answers, never among its own side's segments.
        if (earlier.rst() || later.rst()) return earlier.fromLower != later.fromLower;
        if (earlier.fromLower == later.fromLower) return !(earlier.carries && later.carries);
        return !later.acknowledges(earlier);
    }

    /** Six passes of adjacent swaps, each taken with probability 1/3 where plausible and within the displacement. */
    static Reordering reorder(List<Frame> frames, long seed) {
        int n = frames.size();
        int[] at = new int[n];
        Tcp[] tcp = new Tcp[n];
        for (int i = 0; i < n; i++) {
            at[i] = i;
            tcp[i] = Tcp.of(frames.get(i));
        }
        Random random = new Random(seed);
        int swaps = 0;
        for (int pass = 0; pass < MAX_DISPLACEMENT; pass++) {
            for (int i = 0; i + 1 < n; i++) {
                if (random.nextInt(3) != 0) continue;
                int a = at[i], b = at[i + 1];
                if (Math.abs(a - (i + 1)) > MAX_DISPLACEMENT || Math.abs(b - i) > MAX_DISPLACEMENT) continue;
                if (!swappable(frames.get(a), frames.get(b), tcp[a], tcp[b])) continue;
                at[i] = b;
                at[i + 1] = a;
                swaps++;
                i++;   // a frame moves one place a pass
            }
        }
        List<Frame> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Frame f = frames.get(at[i]);
            out.add(new Frame(i + 1, f.timestampNanos(), f.link(), f.rawLinkType(), f.bytes().duplicate(), f.originalLength(), f.interfaceIndex()));
        }
        return new Reordering(out, at, swaps);
    }
}
