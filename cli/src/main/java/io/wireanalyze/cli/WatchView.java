package io.wireanalyze.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.capture.live.CaptureStats;
import io.wireanalyze.frame.Endpoint;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.PacketParser;
import io.wireanalyze.frame.TcpSegment;
import io.wireanalyze.phase.Phase;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code watch} shows while it runs, made from an analysis of what has been captured so far: packets, bytes and
 * time per phase, calls per method with count and latency p50/p95, the open connections, the unparsed bytes by reason
 * and libpcap's counters. As lines for a terminal (redrawn in place), one plain line per interval, or one JSON object a
 * line.
 */
final class WatchView {

    /** Rows of the method and connection lists on the terminal view. */
    static final int MAX_ROWS = 8;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The protocol of a connection no decoder recognised. */
    static final String UNKNOWN = io.wireanalyze.protocol.ProtocolName.UNKNOWN.label();

    /**
     * One refresh.
     *
     * @param elapsedMs       since the capture started
     * @param written         packets written to the capture files so far
     * @param files           capture files kept (a ring keeps several)
     * @param fileBytes       their size
     * @param stats           libpcap's counters, as last read
     * @param result          the analysis of the files kept
     * @param open            connections with no FIN from both sides and no RST, at the end of what was analysed
     * @param analysisMs      how long that analysis took (the view refreshes no faster than twice that)
     */
    record Snapshot(String iface, String filter, long elapsedMs, long written, int files, long fileBytes,
                    CaptureStats stats, AnalysisResult result, List<String> open, long analysisMs) {
    }

    /** A method's calls so far. */
    record MethodCalls(String method, int count, Double p50Ms, Double p95Ms) {
    }

    private WatchView() {
    }

    /** Calls per method, most called first: every call but the legs of another (warm-up ones too: it is live). */
    static List<MethodCalls> methods(AnalysisResult r) {
        Map<String, List<Double>> latencies = new TreeMap<>();
        Map<String, Integer> counts = new TreeMap<>();
        for (AnalysisResult.InvocationRecord i : r.invocations()) {
            if (i.legOf() != null) continue;
            String m = i.method() == null ? "?" : i.method();
            counts.merge(m, 1, Integer::sum);
            List<Double> l = latencies.computeIfAbsent(m, k -> new ArrayList<>());
            if (i.latencyMs() != null) l.add(i.latencyMs());
        }
        List<MethodCalls> out = new ArrayList<>();
        for (var e : counts.entrySet()) {
            List<Double> l = latencies.get(e.getKey());
            l.sort(null);
            out.add(new MethodCalls(e.getKey(), e.getValue(), percentile(l, 50), percentile(l, 95)));
        }
        out.sort((a, b) -> a.count() != b.count() ? Integer.compare(b.count(), a.count()) : a.method().compareTo(b.method()));
        return out;
    }

    /** Nearest-rank percentile of sorted values; null for none. */
    static Double percentile(List<Double> sorted, int p) {
        if (sorted.isEmpty()) return null;
        int rank = (int) Math.ceil(p / 100.0 * sorted.size());
        return sorted.get(Math.max(0, rank - 1));
    }

    /**
     * Unparsed bytes by reason, the most first: the unparsed spans of decoded connections with their decoders' reasons,
     * and the payload of connections no decoder recognised, by server port.
     */
    static Map<String, Long> unparsed(AnalysisResult r) {
        Map<String, Long> by = new HashMap<>();
        for (MessageRecord m : r.messages()) {
            if (m.message().phase() != Phase.UNPARSED) continue;
            Object reason = m.message().info().details().asMap().get("reason");
            by.merge(reason == null ? "(no reason)" : reason.toString(), (long) m.message().length(), Long::sum);
        }
        for (AnalysisResult.ConnectionStats c : r.connections()) {
            if (!UNKNOWN.equals(c.protocol()) || c.payloadBytes() == 0) continue;
            String port = c.server().substring(c.server().lastIndexOf(':') + 1);
            by.merge("no protocol recognised on port " + port, c.payloadBytes(), Long::sum);
        }
        Map<String, Long> sorted = new LinkedHashMap<>();
        by.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return sorted;
    }

    /** The terminal view: a screenful of lines. */
    static List<String> lines(Snapshot s) {
        List<String> out = new ArrayList<>();
        AnalysisResult r = s.result();
        out.add(String.format(Locale.ROOT, "wireanalyze watch on %s%s   %s elapsed", s.iface(),
                s.filter().isBlank() ? "" : " (" + s.filter() + ")", clock(s.elapsedMs())));
        out.add(String.format(Locale.ROOT, "captured %,d packets into %d file%s (%s); libpcap: %,d received, %,d dropped, %,d dropped by the interface",
                s.written(), s.files(), s.files() == 1 ? "" : "s", size(s.fileBytes()), s.stats().received(), s.stats().dropped(),
                s.stats().droppedByInterface()));
        out.add("");
        out.add(String.format(Locale.ROOT, "%-14s %10s %14s %12s", "phase", "packets", "wire bytes", "time ms"));
        for (Phase p : Phase.values()) {
            AnalysisResult.PhaseStats ps = r.phase(p);
            if (ps == null) continue;
            out.add(String.format(Locale.ROOT, "%-14s %,10d %,14d %,12.1f", p.label(), ps.packets(), ps.wireBytes(), ps.elapsedMs()));
        }
        out.add(String.format(Locale.ROOT, "%-14s %,10d %14s %,12.1f", "all TCP", r.capture().tcpPackets(), "", r.capture().durationMs()));
        out.add("");
        List<MethodCalls> methods = methods(r);
        out.add(String.format(Locale.ROOT, "%-54s %8s %10s %10s", "calls per method", "count", "p50 ms", "p95 ms"));
        if (methods.isEmpty()) out.add("  (none yet)");
        for (int i = 0; i < Math.min(MAX_ROWS, methods.size()); i++) {
            MethodCalls m = methods.get(i);
            out.add(String.format(Locale.ROOT, "  %-52s %,8d %10s %10s", clip(m.method(), 52), m.count(), ms(m.p50Ms()), ms(m.p95Ms())));
        }
        if (methods.size() > MAX_ROWS) out.add("  ... and " + (methods.size() - MAX_ROWS) + " more methods");
        out.add("");
        out.add("open connections: " + s.open().size());
        for (int i = 0; i < Math.min(MAX_ROWS / 2, s.open().size()); i++) out.add("  " + s.open().get(i));
        if (s.open().size() > MAX_ROWS / 2) out.add("  ... and " + (s.open().size() - MAX_ROWS / 2) + " more");
        Map<String, Long> unparsed = unparsed(r);
        out.add("unparsed bytes: " + String.format(Locale.ROOT, "%,d", unparsed.values().stream().mapToLong(Long::longValue).sum()));
        int n = 0;
        for (var e : unparsed.entrySet()) {
            if (n++ == MAX_ROWS / 2) break;
            out.add(String.format(Locale.ROOT, "  %,12d  %s", e.getValue(), clip(e.getKey(), 90)));
        }
        out.add("");
        out.add("(refreshed every " + Math.max(1, Math.round(Math.max(1000, 2 * s.analysisMs()) / 1000.0)) + " s; Ctrl-C stops and prints the full report)");
        return out;
    }

    /** One plain line for a log: the figures of the terminal view, short. */
    static String line(Snapshot s) {
        AnalysisResult r = s.result();
        StringBuilder b = new StringBuilder();
        b.append(clock(s.elapsedMs())).append(' ').append(String.format(Locale.ROOT, "packets %d", r.capture().tcpPackets()));
        for (Phase p : Phase.values()) {
            AnalysisResult.PhaseStats ps = r.phase(p);
            if (ps != null && ps.packets() > 0) b.append(String.format(Locale.ROOT, " %s=%d/%.1fms", p.label(), ps.packets(), ps.elapsedMs()));
        }
        List<MethodCalls> methods = methods(r);
        for (int i = 0; i < Math.min(3, methods.size()); i++) {
            MethodCalls m = methods.get(i);
            b.append(" | ").append(m.method()).append(" x").append(m.count()).append(" p50 ").append(ms(m.p50Ms())).append(" p95 ").append(ms(m.p95Ms()));
        }
        if (methods.size() > 3) b.append(" | +").append(methods.size() - 3).append(" methods");
        b.append(" | open ").append(s.open().size());
        b.append(" | unparsed ").append(unparsed(r).values().stream().mapToLong(Long::longValue).sum()).append(" B");
        b.append(" | pcap recv ").append(s.stats().received()).append(" drop ").append(s.stats().dropped()).append(" ifdrop ").append(s.stats().droppedByInterface());
        return b.toString();
    }

    /** One JSON object on one line. Keys are an interface: add, never rename. */
    static String json(Snapshot s) {
        AnalysisResult r = s.result();
        ObjectNode o = JSON.createObjectNode();
        o.put("elapsedMs", s.elapsedMs());
        o.put("interface", s.iface());
        o.put("filter", s.filter());
        o.put("packetsWritten", s.written());
        o.put("files", s.files());
        o.put("fileBytes", s.fileBytes());
        ObjectNode pcap = o.putObject("pcapStats");
        pcap.put("received", s.stats().received());
        pcap.put("dropped", s.stats().dropped());
        pcap.put("droppedByInterface", s.stats().droppedByInterface());
        o.put("tcpPackets", r.capture().tcpPackets());
        ObjectNode phases = o.putObject("phases");
        for (Phase p : Phase.values()) {
            AnalysisResult.PhaseStats ps = r.phase(p);
            if (ps == null) continue;
            ObjectNode x = phases.putObject(p.label());
            x.put("packets", ps.packets());
            x.put("wireBytes", ps.wireBytes());
            x.put("elapsedMs", ps.elapsedMs());
        }
        ArrayNode methods = o.putArray("methods");
        for (MethodCalls m : methods(r)) {
            ObjectNode x = methods.addObject();
            x.put("method", m.method());
            x.put("count", m.count());
            if (m.p50Ms() != null) x.put("p50Ms", m.p50Ms());
            if (m.p95Ms() != null) x.put("p95Ms", m.p95Ms());
        }
        o.put("openConnections", s.open().size());
        ObjectNode unparsed = o.putObject("unparsedBytes");
        unparsed(r).forEach(unparsed::put);
        o.put("analysisMs", s.analysisMs());
        ObjectNode wrap = JSON.createObjectNode();
        wrap.set("watch", o);
        return wrap.toString();
    }

    /**
     * Sees every frame of an analysis and keeps the TCP connections that are open at its end: seen, and neither
     * ended by an RST nor by a FIN from both sides.
     */
    static final class OpenConnections implements java.util.function.Consumer<Frame> {
        private record Key(Endpoint a, Endpoint b) {
            static Key of(Endpoint x, Endpoint y) {
                return x.compareTo(y) <= 0 ? new Key(x, y) : new Key(y, x);
            }
        }

        private static final class State {
            final Endpoint client, server;
            boolean finA, finB;

            State(Endpoint client, Endpoint server) {
                this.client = client;
                this.server = server;
            }
        }

        private final Map<Key, State> open = new LinkedHashMap<>();

        @Override
        public void accept(Frame f) {
            PacketParser.Result p = PacketParser.parse(f);
            if (p.kind() != PacketParser.Kind.TCP) return;
            TcpSegment s = p.segment();
            Key k = Key.of(s.src(), s.dst());
            State st = open.get(k);
            if (s.rst()) {
                open.remove(k);
                return;
            }
            // A connection's last ACK, after both FINs, comes after it was closed: a flow not known is opened only by
            // a SYN or by data (one that began before the capture).
            if (st == null && !s.syn() && s.capturedPayloadLength() == 0) return;
            if (st == null || (s.syn() && !s.hasAck() && (st.finA || st.finB))) {
                // A SYN names the client; a connection seen first in its middle, the sender of the first packet seen.
                boolean fromServer = s.syn() && s.hasAck();
                st = fromServer ? new State(s.dst(), s.src()) : new State(s.src(), s.dst());
                open.put(k, st);
            }
            if (s.fin()) {
                if (s.src().equals(st.client)) st.finA = true;
                else st.finB = true;
                if (st.finA && st.finB) open.remove(k);
            }
        }

        List<String> describe() {
            List<String> out = new ArrayList<>();
            for (State st : open.values()) out.add(st.client + " -> " + st.server + (st.finA || st.finB ? " (closing)" : ""));
            return out;
        }
    }

    static String clock(long ms) {
        long s = ms / 1000;
        return String.format(Locale.ROOT, "%02d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60);
    }

    static String size(long bytes) {
        if (bytes < 10_000) return bytes + " B";
        if (bytes < 10_000_000) return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
        return String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }

    private static String ms(Double v) {
        return v == null ? "-" : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String clip(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 3) + "...";
    }
}
