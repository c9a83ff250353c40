package io.wireanalyze.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.LiveAnalysis;
import io.wireanalyze.capture.live.CaptureStats;
import io.wireanalyze.phase.Phase;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code watch} shows while it runs, made from the running analysis of what has been captured so far
 * ({@link LiveAnalysis}): packets, bytes and
 * time per phase, calls per method with count and latency p50/p95, the open connections, the unparsed bytes by reason
 * and libpcap's counters. As lines for a terminal (redrawn in place), one plain line per interval, or one JSON object a
 * line.
 */
final class WatchView {

    /** Rows of the method and connection lists on the terminal view. */
    static final int MAX_ROWS = 8;
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One refresh.
     *
     * @param elapsedMs       since the capture started
     * @param written         packets written to the capture files so far
     * @param files           capture files kept (a ring keeps several)
     * @param fileBytes       their size
     * @param stats           libpcap's counters, as last read
     * @param view            the running analysis' figures so far (of every packet since the watch began, a ring's
     *                        deleted files too)
     * @param behind          the running analysis could not keep up and stopped taking packets: the view is of those
     *                        before (the final report, read from the files, covers every packet)
     * @param analysisMs      how long taking the figures took (the view refreshes no faster than twice that)
     */
    record Snapshot(String iface, String filter, long elapsedMs, long written, int files, long fileBytes,
                    CaptureStats stats, LiveAnalysis.Snapshot view, boolean behind, long analysisMs) {
    }

    private WatchView() {
    }

    /**
     * Unparsed bytes by reason, the most first: the unparsed spans of decoded connections with their decoders' reasons,
     * and the payload of connections no decoder recognised, by server port.
     */
    static Map<String, Long> unparsed(LiveAnalysis.Snapshot v) {
        Map<String, Long> by = new HashMap<>(v.unparsedBytes());
        v.unknownPayload().forEach((server, bytes) ->
                by.merge("no protocol recognised on port " + server.substring(server.lastIndexOf(':') + 1), bytes, Long::sum));
        Map<String, Long> sorted = new LinkedHashMap<>();
        by.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return sorted;
    }

    /** The terminal view: a screenful of lines. */
    static List<String> lines(Snapshot s) {
        List<String> out = new ArrayList<>();
        LiveAnalysis.Snapshot v = s.view();
        out.add(String.format(Locale.ROOT, "wireanalyze watch on %s%s   %s elapsed", s.iface(),
                s.filter().isBlank() ? "" : " (" + s.filter() + ")", clock(s.elapsedMs())));
        out.add(String.format(Locale.ROOT, "captured %,d packets into %d file%s (%s); libpcap: %,d received, %,d dropped, %,d dropped by the interface",
                s.written(), s.files(), s.files() == 1 ? "" : "s", size(s.fileBytes()), s.stats().received(), s.stats().dropped(),
                s.stats().droppedByInterface()));
        // The analysis is fed on a thread of its own: beside busy workloads it can run a few seconds behind the capture.
        if (!s.behind() && s.written() - v.frames() > 1000)
            out.add(String.format(Locale.ROOT, "the view below has analysed %,d of them so far", v.frames()));
        if (s.behind()) out.add("THE VIEW STOPPED after " + String.format(Locale.ROOT, "%,d", v.frames())
                + " packets: its analysis could not keep up (the full report at the end covers every packet)");
        out.add("");
        out.add(String.format(Locale.ROOT, "%-14s %10s %14s %12s", "phase", "packets", "wire bytes", "time ms"));
        for (Phase p : Phase.values()) {
            AnalysisResult.PhaseStats ps = v.phases().get(p);
            if (ps == null) continue;
            out.add(String.format(Locale.ROOT, "%-14s %,10d %,14d %,12.1f", p.label(), ps.packets(), ps.wireBytes(), ps.elapsedMs()));
        }
        if (v.arrivingPackets() > 0) out.add(String.format(Locale.ROOT, "%-14s %,10d", "(arriving)", v.arrivingPackets()));
        out.add(String.format(Locale.ROOT, "%-14s %,10d %14s %,12.1f", "all TCP", v.tcpPackets(), "", v.durationMs()));
        out.add("");
        List<LiveAnalysis.Calls> methods = v.methods();
        out.add(String.format(Locale.ROOT, "%-54s %8s %10s %10s", "calls per method", "count", "p50 ms", "p95 ms"));
        if (methods.isEmpty()) out.add("  (none yet)");
        for (int i = 0; i < Math.min(MAX_ROWS, methods.size()); i++) {
            LiveAnalysis.Calls m = methods.get(i);
            out.add(String.format(Locale.ROOT, "  %-52s %,8d %10s %10s", clip(m.method(), 52), m.count(), ms(m.percentile(50)), ms(m.percentile(95))));
        }
        if (methods.size() > MAX_ROWS) out.add("  ... and " + (methods.size() - MAX_ROWS) + " more methods");
        out.add("");
        out.add("open connections: " + v.open().size() + closing(v));
        for (int i = 0; i < Math.min(MAX_ROWS / 2, v.open().size()); i++) out.add("  " + describe(v.open().get(i)));
        if (v.open().size() > MAX_ROWS / 2) out.add("  ... and " + (v.open().size() - MAX_ROWS / 2) + " more");
        Map<String, Long> unparsed = unparsed(v);
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

    /**
     * " (N closing)": of the open connections, those ended (FIN each way, or RST) but kept a second of capture time for
     * their last packets; when no packet follows, they stay so until the capture ends.
     */
    static String closing(LiveAnalysis.Snapshot v) {
        long n = v.open().stream().filter(LiveAnalysis.OpenConnection::closing).count();
        return n == 0 ? "" : " (" + n + " closing)";
    }

    /** An open connection as the view lists it. */
    static String describe(LiveAnalysis.OpenConnection c) {
        return c.client() + " -> " + c.server() + " " + c.protocol() + String.format(Locale.ROOT, ", %,d packets", c.packets())
                + (c.closing() ? " (closing)" : "");
    }

    /** One plain line for a log: the figures of the terminal view, short. */
    static String line(Snapshot s) {
        LiveAnalysis.Snapshot v = s.view();
        StringBuilder b = new StringBuilder();
        b.append(clock(s.elapsedMs())).append(' ').append(String.format(Locale.ROOT, "packets %d", v.tcpPackets()));
        if (s.behind()) b.append(" (VIEW STOPPED: its analysis could not keep up)");
        for (Phase p : Phase.values()) {
            AnalysisResult.PhaseStats ps = v.phases().get(p);
            if (ps != null && ps.packets() > 0) b.append(String.format(Locale.ROOT, " %s=%d/%.1fms", p.label(), ps.packets(), ps.elapsedMs()));
        }
        if (v.arrivingPackets() > 0) b.append(" arriving=").append(v.arrivingPackets());
        List<LiveAnalysis.Calls> methods = v.methods();
        for (int i = 0; i < Math.min(3, methods.size()); i++) {
            LiveAnalysis.Calls m = methods.get(i);
            b.append(" | ").append(m.method()).append(" x").append(m.count()).append(" p50 ").append(ms(m.percentile(50))).append(" p95 ").append(ms(m.percentile(95)));
        }
        if (methods.size() > 3) b.append(" | +").append(methods.size() - 3).append(" methods");
        b.append(" | open ").append(v.open().size()).append(closing(v));
        b.append(" | unparsed ").append(unparsed(v).values().stream().mapToLong(Long::longValue).sum()).append(" B");
        b.append(" | pcap recv ").append(s.stats().received()).append(" drop ").append(s.stats().dropped()).append(" ifdrop ").append(s.stats().droppedByInterface());
        return b.toString();
    }

    /** One JSON object on one line. Keys are an interface: add, never rename. */
    static String json(Snapshot s) {
        LiveAnalysis.Snapshot v = s.view();
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
        o.put("tcpPackets", v.tcpPackets());
        ObjectNode phases = o.putObject("phases");
        for (Phase p : Phase.values()) {
            AnalysisResult.PhaseStats ps = v.phases().get(p);
            if (ps == null) continue;
            ObjectNode x = phases.putObject(p.label());
            x.put("packets", ps.packets());
            x.put("wireBytes", ps.wireBytes());
            x.put("elapsedMs", ps.elapsedMs());
        }
        o.put("arrivingPackets", v.arrivingPackets());
        ArrayNode methods = o.putArray("methods");
        for (LiveAnalysis.Calls m : v.methods()) {
            ObjectNode x = methods.addObject();
            x.put("method", m.method());
            x.put("count", m.count());
            if (m.percentile(50) != null) x.put("p50Ms", m.percentile(50));
            if (m.percentile(95) != null) x.put("p95Ms", m.percentile(95));
        }
        o.put("openConnections", v.open().size());
        o.put("closingConnections", v.open().stream().filter(LiveAnalysis.OpenConnection::closing).count());
        o.put("connections", v.connections());
        ObjectNode unparsed = o.putObject("unparsedBytes");
        unparsed(v).forEach(unparsed::put);
        o.put("analysisMs", s.analysisMs());
        o.put("framesAnalysed", v.frames());
        o.put("viewBehind", s.behind());
        ObjectNode wrap = JSON.createObjectNode();
        wrap.set("watch", o);
        return wrap.toString();
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
