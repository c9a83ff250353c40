package io.wireanalyze.accounting;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.ProtocolName;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One analysis fed frame by frame as they are captured, whose figures so far can be read at any moment without
 * reading the capture again: what a running view ({@code watch}) shows. The frames go to an {@link Analyzer} as in
 * {@code analyze}; its accounted connections leave only their figures here (per phase, calls per method with their
 * latencies, unparsed bytes by reason, the payload of connections no decoder recognised), and a {@link #snapshot()}
 * adds the connections not yet accounted, accounted as far as they have come ({@link Ledger#provisional()}).
 * <p>
 * A snapshot is not the final report: what is settled when the capture ends (a method named by a fact of another
 * connection, the legs of a relayed call, warm-up, a connection held until a server is proven) is as far as it is
 * known; a message still arriving is counted apart ({@link Snapshot#arrivingPackets()}), not as unparsed. The final
 * report is {@code analyze} of the capture kept. Not thread-safe: {@link #accept} and {@link #snapshot} on one thread,
 * or under one lock. What it holds grows with the open connections and with the calls' latencies (8 bytes a call).
 */
public final class LiveAnalysis {

    /** Calls to one method so far: their number, and the latencies of those answered, in ms, sorted. */
    public record Calls(String method, long count, double[] latenciesMs) {
        /** Nearest-rank percentile of the latencies; null when none was answered. */
        public Double percentile(int p) {
            if (latenciesMs.length == 0) return null;
            int rank = (int) Math.ceil(p / 100.0 * latenciesMs.length);
            return latenciesMs[Math.max(0, rank - 1)];
        }
    }

    /** A connection not yet accounted. */
    public record OpenConnection(int id, String client, String server, String protocol, long packets, boolean closing) {
    }

    /**
     * The figures so far.
     *
     * @param frames          frames analysed
     * @param tcpPackets      TCP packets counted (copies once)
     * @param durationMs      first to latest frame
     * @param phases          per phase, of every TCP packet but those of messages still arriving
     * @param arrivingPackets packets of open connections whose payload is a message not yet whole: in no phase yet
     * @param methods         calls per method, the most called first (legs of relayed calls included)
     * @param unparsedBytes   unparsed spans' bytes by their decoders' reasons
     * @param unknownPayload  payload bytes of connections no decoder recognised, by server (host:port)
     * @param open            connections not yet accounted, by id
     * @param connections     connections seen
     */
    public record Snapshot(long frames, long tcpPackets, double durationMs, Map<Phase, AnalysisResult.PhaseStats> phases,
                           long arrivingPackets, List<Calls> methods, Map<String, Long> unparsedBytes,
                           Map<String, Long> unknownPayload, List<OpenConnection> open, long connections) {
    }

    /** The figures of accounted connections (or of a snapshot's connections), kept as sums. */
    private static final class Figures implements Ledger.Sink {
        final Map<String, Long> counts = new HashMap<>();
        final Map<String, double[]> latencies = new HashMap<>();
        final Map<String, Integer> latencyCounts = new HashMap<>();
        final Map<String, Long> unparsed = new HashMap<>();
        final Map<String, Long> unknown = new HashMap<>();
        long connections;

        Figures copy() {
            Figures f = new Figures();
            f.counts.putAll(counts);
            latencies.forEach((k, v) -> f.latencies.put(k, Arrays.copyOf(v, latencyCounts.get(k))));
            f.latencyCounts.putAll(latencyCounts);
            f.unparsed.putAll(unparsed);
            f.unknown.putAll(unknown);
            f.connections = connections;
            return f;
        }

        @Override
        public void connection(AnalysisResult.ConnectionStats stats) {
            connections++;
            if (ProtocolName.UNKNOWN.label().equals(stats.protocol()) && stats.payloadBytes() > 0)
                unknown.merge(stats.server(), stats.payloadBytes(), Long::sum);
        }

        @Override
        public void message(long seq, MessageRecord message, long stamp) {
            if (message.message().phase() != Phase.UNPARSED) return;
            Object reason = message.message().info().details().asMap().get("reason");
            unparsed.merge(reason == null ? "(no reason)" : reason.toString(), (long) message.message().length(), Long::sum);
        }

        @Override
        public void invocation(PendingInvocation invocation) {
            AnalysisResult.InvocationRecord r = invocation.record();
            String m = r.method() == null ? "?" : r.method();
            counts.merge(m, 1L, Long::sum);
            if (r.latencyMs() == null) return;
            double[] l = latencies.get(m);
            int n = latencyCounts.getOrDefault(m, 0);
            if (l == null || n == l.length) {
                l = l == null ? new double[8] : Arrays.copyOf(l, l.length * 2);
                latencies.put(m, l);
            }
            l[n] = r.latencyMs();
            latencyCounts.put(m, n + 1);
        }

        @Override
        public void packet(AnalysisResult.PacketRow row) {
        }

        List<Calls> methods() {
            List<Calls> out = new ArrayList<>();
            for (var e : new TreeMap<>(counts).entrySet()) {
                double[] l = latencies.get(e.getKey());
                double[] sorted = l == null ? new double[0] : Arrays.copyOf(l, latencyCounts.get(e.getKey()));
                Arrays.sort(sorted);
                out.add(new Calls(e.getKey(), e.getValue(), sorted));
            }
            out.sort((a, b) -> a.count() != b.count() ? Long.compare(b.count(), a.count()) : a.method().compareTo(b.method()));
            return out;
        }
    }

    private final Analyzer analyzer;
    private final Figures accounted = new Figures();

    /**
     * @param options as for {@code analyze}; records are not kept (only the figures above), so its
     *                {@link AnalysisOptions#keepPackets()} and {@link AnalysisOptions#workers()} are not used
     */
    public LiveAnalysis(AnalysisOptions options) {
        this(options, Analyzer.FLUSH_ROWS);
    }

    /** A test hook: each connection's log offered to its ledger every {@code flushRows} rows ({@link Analyzer#FLUSH_ROWS}). */
    LiveAnalysis(AnalysisOptions options, int flushRows) {
        this.analyzer = Analyzer.forView(options.withKeepMessage(m -> m.phase() == Phase.UNPARSED), accounted).flushingEvery(flushRows);
    }

    /** Takes the next frame captured. */
    public void accept(Frame frame) {
        analyzer.accept(frame);
    }

    /** The figures so far; the analysis goes on unchanged. Its cost grows with the packets of the open connections. */
    public Snapshot snapshot() {
        Figures now = accounted.copy();
        Totals totals = new Totals();
        List<OpenConnection> open = new ArrayList<>();
        long arriving = analyzer.soFar(totals, now, c -> open.add(new OpenConnection(c.id, c.client().toString(),
                c.server().toString(), c.protocol().label(), c.packets(), c.finished() || c.held)));
        Tracker t = analyzer.tracker();
        long start = t.firstNanos();
        double durationMs = t.frames() == 0 ? 0 : Math.max(0, t.lastNanos() - start) / 1e6;
        return new Snapshot(t.frames(), t.tcpPackets(), durationMs, totals.phases(), arriving, now.methods(),
                sorted(now.unparsed), sorted(now.unknown), List.copyOf(open), accounted.connections + open.size());
    }

    /** The most first. */
    private static Map<String, Long> sorted(Map<String, Long> by) {
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        by.entrySet().stream().sorted((a, b) -> !a.getValue().equals(b.getValue()) ? Long.compare(b.getValue(), a.getValue())
                : a.getKey().compareTo(b.getKey())).forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }
}
