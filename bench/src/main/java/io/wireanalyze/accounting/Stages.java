package io.wireanalyze.accounting;

import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.TcpSegment;
import io.wireanalyze.protocol.tls.TlsKeyLog;
import io.wireanalyze.protocols.ProtocolTable;
import io.wireanalyze.tcp.StreamListener;
import io.wireanalyze.tcp.StreamReassembler;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The analysis cut into successive stages, each a whole process of its own, to bound where a capture's time goes
 * (issue #20, docs/benchmark.md): time the process ({@code /usr/bin/time}) for each stage in turn; each stage does
 * the work of the one before and more.
 * <pre>
 *   java -cp bench/target/benchmarks.jar io.wireanalyze.accounting.Stages STAGE FILE [KEYLOG]
 * </pre>
 * <ol>
 *   <li>{@code read}: every frame read ({@code CaptureFiles.open}), its captured bytes summed.</li>
 *   <li>{@code flows}: + each frame parsed and counted as the analysis' one pass over the headers does
 *       ({@link SplitAnalysis.Headers}: packet parsing, IPv4 defragmenting, the tracker's copy check and TCP index),
 *       and its connection looked up in a table keyed by flow (as {@link Analyzer}'s, a hash map of {@link FlowKey}).</li>
 *   <li>{@code reassemble}: + each connection's two directions reassembled ({@link StreamReassembler}, as the
 *       analyzer feeds them: SYN, acknowledgements, expiry), the bytes delivered to a listener that drops them; a
 *       connection is dropped from the table at its second FIN or an RST.</li>
 *   <li>{@code decode}: + decoding and each connection's ledger: the analyzer itself ({@link Analyzer#forView}),
 *       its accounted records handed to a sink that drops them (no spill, no record codec, no settling).</li>
 *   <li>{@code analyze}: the whole analysis on one thread ({@link Analyzer#analyze}: records spilled, the parts
 *       settled, the result built), but no report written; the report is the command's own
 *       ({@code analyze --format json --workers 0}), timed as a process of its own.</li>
 * </ol>
 * No method names are given (the command adds its workload interfaces'), so unknown RMI hashes are guessed as in the
 * JMH benchmarks. Prints one line of counts, so that no stage's work can be left out by the JIT.
 */
public final class Stages {

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: Stages read|flows|reassemble|decode|analyze FILE [KEYLOG]");
            System.exit(2);
        }
        Path file = Path.of(args[1]);
        TlsKeyLog keys = args.length > 2 ? TlsKeyLog.parse(Files.readAllLines(Path.of(args[2]))) : TlsKeyLog.EMPTY;
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(keys));
        long t0 = System.nanoTime();
        String out = switch (args[0]) {
            case "read" -> read(file);
            case "flows" -> flows(file, options, false);
            case "reassemble" -> flows(file, options, true);
            case "decode" -> decode(file, options);
            case "analyze" -> analyze(file, options);
            default -> throw new IllegalArgumentException("no stage " + args[0]);
        };
        System.out.printf("%s: %s in %.2f s after start-up%n", args[0], out, (System.nanoTime() - t0) / 1e9);
    }

    private static String read(Path file) throws IOException {
        long frames = 0, bytes = 0;
        try (FrameSource source = CaptureFiles.open(file)) {
            for (Frame f = source.next(); f != null; f = source.next()) {
                frames++;
                bytes += f.capturedLength();
            }
        }
        return frames + " frames, " + bytes + " bytes";
    }

    /** A connection as the reassembly stage keeps it. */
    private static final class Flow {
        final io.wireanalyze.frame.Endpoint initiator;
        final StreamReassembler[] streams;
        final boolean[] fin = new boolean[2];
        long packets;

        Flow(io.wireanalyze.frame.Endpoint initiator, boolean reassemble, int buffered, long wait) {
            this.initiator = initiator;
            this.streams = reassemble ? new StreamReassembler[]{new StreamReassembler(buffered, wait), new StreamReassembler(buffered, wait)} : null;
        }
    }

    private static final class Drop implements StreamListener {
        long bytes, gaps;

        @Override
        public void data(long offset, ByteBuffer b) {
            bytes += b.remaining();
        }

        @Override
        public void gap(long offset, long length) {
            gaps += length;
        }
    }

    private static String flows(Path file, AnalysisOptions options, boolean reassemble) throws IOException {
        SplitAnalysis.Headers headers = new SplitAnalysis.Headers(options);
        Map<FlowKey, Flow> live = new HashMap<>();
        Drop drop = new Drop();
        int buffered = options.limits().maxBufferedStreamBytes();
        long wait = options.limits().maxHoleWaitMillis() * 1_000_000L;
        long tcp = 0, connections = 0;
        try (FrameSource source = CaptureFiles.open(file)) {
            for (Frame f = source.next(); f != null; f = source.next()) {
                TcpSegment s = headers.accept(f);
                if (s == null) continue;
                tcp++;
                FlowKey key = headers.flow();
                Flow c = live.get(key);
                if (c == null) {
                    c = new Flow(s.src(), reassemble, buffered, wait);
                    live.put(key, c);
                    connections++;
                }
                c.packets++;
                if (!reassemble) continue;
                int side = s.src().equals(c.initiator) ? 0 : 1;
                if (s.syn()) c.streams[side].syn(s.seq());
                long now = s.frame().timestampNanos();
                if (s.hasAck() && !s.rst()) {
                    StreamReassembler reverse = c.streams[1 - side];
                    reverse.acknowledged(reverse.offsetOf(s.ack()), now, drop);
                }
                long seq = s.syn() ? s.seq() + 1 : s.seq();
                long peer = s.hasAck() && !s.rst() ? c.streams[1 - side].offsetOf(s.ack()) : Long.MIN_VALUE;
                c.streams[side].accept(seq & 0xffffffffL, s.payload(), s.payloadLength(), s.fin(), peer, drop);
                for (int i = 0; i < 2; i++) c.streams[i].expire(now, drop);
                if (s.fin()) c.fin[side] = true;
                if (s.rst() || c.fin[0] && c.fin[1]) {
                    for (int i = 0; i < 2; i++) c.streams[i].flush(drop);
                    live.remove(key);
                }
            }
        }
        return headers.tracker.frames() + " frames, " + tcp + " TCP packets, " + connections + " flows"
                + (reassemble ? ", " + drop.bytes + " bytes delivered, " + drop.gaps + " in gaps" : "");
    }

    private static final class Discard implements Ledger.Sink {
        long connections, messages, invocations, packets;

        @Override
        public void connection(AnalysisResult.ConnectionStats stats) {
            connections++;
        }

        @Override
        public void message(long seq, MessageRecord message, long stamp) {
            messages++;
        }

        @Override
        public void invocation(PendingInvocation invocation) {
            invocations++;
        }

        @Override
        public void packet(AnalysisResult.PacketRow row) {
            packets++;
        }
    }

    private static String decode(Path file, AnalysisOptions options) throws IOException {
        Discard sink = new Discard();
        Analyzer analyzer = Analyzer.forView(options, sink);
        try (FrameSource source = CaptureFiles.open(file)) {
            for (Frame f = source.next(); f != null; f = source.next()) analyzer.accept(f);
            analyzer.finishPart();
        } finally {
            analyzer.close();
        }
        return sink.connections + " connections, " + sink.messages + " messages, " + sink.invocations + " invocations, "
                + sink.packets + " packet rows";
    }

    private static String analyze(Path file, AnalysisOptions options) throws IOException {
        try (AnalysisResult r = Analyzer.analyze(() -> CaptureFiles.open(file), options.withWorkers(0), f -> { },
                Analyzer.RECORDS_IN_MEMORY)) {
            return "summary " + r.summary();
        }
    }

    private Stages() {
    }
}
