package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.AnalysisResult.CaptureInfo;
import io.wireanalyze.accounting.AnalysisResult.ConnectionStats;
import io.wireanalyze.accounting.AnalysisResult.PhaseStats;
import io.wireanalyze.accounting.AnalysisResult.Summary;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.ByteCount;
import io.wireanalyze.protocols.ProtocolTable;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * The report for a terminal: per capture a header line, the phase table, the seed's Figure 16 summary, the
 * invocation summary, the connections and the messages worth seeing; {@link #compare} puts several captures
 * side by side.
 */
public final class TextReport {

    private static final String INDENT = "  ";

    private final PrintWriter out;

    /**
     * Whether the report lists a message (naming with a role, DGC, keep-alive, unparsed): an analysis for it alone
     * need keep no other ({@link io.wireanalyze.accounting.AnalysisOptions#withKeepMessage}).
     */
    public static boolean shows(io.wireanalyze.protocol.Message m) {
        return NotableMessages.notable(m);
    }

    /**
     * The most messages the report lists: an analysis for it alone need keep no more of those it {@link #shows}
     * ({@link io.wireanalyze.accounting.AnalysisOptions#withMessageLimit}); it counts the rest.
     */
    public static final int MESSAGES_LISTED = NotableMessages.MAX_LINES;

    public TextReport(PrintWriter out) {
        this.out = out;
    }

    /** Each result in turn, then (with several) {@link #compare}. */
    public void write(List<AnalysisResult> results) {
        for (int i = 0; i < results.size(); i++) {
            if (i > 0) out.println();
            write(results.get(i));
        }
        if (results.size() > 1) {
            out.println();
            compare(results);
        }
        out.flush();
    }

    public void write(AnalysisResult r) {
        out.println(header(r.source(), r.capture()));
        section("Phases");
        phases(r).print(out, INDENT);
        section("Figure 16 summary (set-up data)");
        TextTable f16 = new TextTable("", "");
        for (String[] row : figure16(r.summary())) f16.row((Object[]) row);
        f16.print(out, INDENT);
        section("Invocations");
        invocations(InvocationStats.of(r.invocations()));
        section("Connections");
        connections(r.connections(), Fmt.baseName(r.source()));
        section("Naming, DGC, keep-alive and unparsed messages");
        NotableMessages.print(out, r.messages(), r.messagesLeftOut(), INDENT);
        out.flush();
    }

    /** Figure 16 summaries, phase packets and phase elapsed ms side by side, one column per capture. */
    public void compare(List<AnalysisResult> results) {
        List<String> names = results.stream().map(r -> Fmt.fileName(r.source())).toList();
        out.println("Comparison of " + results.size() + " captures");
        section("Figure 16 summary (set-up data)");
        List<List<String[]>> f16 = results.stream().map(r -> figure16(r.summary())).toList();
        TextTable t = table(names);
        for (int row = 0; row < f16.get(0).size(); row++) {
            List<Object> cells = new ArrayList<>();
            cells.add(f16.get(0).get(row)[0]);
            for (List<String[]> col : f16) cells.add(col.get(row)[1]);
            t.row(cells.toArray());
        }
        t.print(out, INDENT);
        section("Packets per phase");
        sideBySide(names, results, s -> (double) s.packets(), v -> Fmt.count(Math.round(v)));
        section("Elapsed ms per phase");
        sideBySide(names, results, PhaseStats::elapsedMs, Fmt::ms);
        section("Per measured invocation");
        TextTable per = table(names);
        List<InvocationStats> stats = results.stream().map(r -> InvocationStats.of(r.invocations())).toList();
        perInvocation(per, stats, "latency ms median", st -> st.latencyMs() == null ? null : st.latencyMs().median());
        perInvocation(per, stats, "latency ms mean", st -> st.latencyMs() == null ? null : st.latencyMs().mean());
        perInvocation(per, stats, "packets", InvocationStats::packets);
        perInvocation(per, stats, "request bytes", InvocationStats::requestBytes);
        perInvocation(per, stats, "reply bytes", InvocationStats::replyBytes);
        perInvocation(per, stats, "message bytes (request + reply)", st -> st.requestBytes() == null ? null : st.requestBytes() + st.replyBytes());
        ratios(per, stats);
        for (ByteCount c : ProtocolTable.COUNTS) perInvocation(per, stats, c.label(), st -> st.count(c));
        perInvocation(per, stats, MARKUP, InvocationStats::markupBytes);
        perInvocation(per, stats, "leg packets", InvocationStats::legPackets);
        perInvocation(per, stats, "leg wire bytes", InvocationStats::legWireBytes);
        perInvocation(per, stats, "leg ms", InvocationStats::legMs);
        per.print(out, INDENT);
        out.flush();
    }

    /** What the byte counts leave of the message bytes, apart from the outer framing: envelopes, tags, headers. */
    private static final String MARKUP = "markup bytes (tags, codes, types)";

    /** Each capture's message bytes against the capture before it (seed 001: SOAP over JRMP, WS-Security over SOAP). */
    private static void ratios(TextTable t, List<InvocationStats> stats) {
        List<Object> cells = new ArrayList<>(List.of("  x the capture to the left"));
        for (int i = 0; i < stats.size(); i++) {
            Double here = bytes(stats.get(i));
            Double left = i == 0 ? null : bytes(stats.get(i - 1));
            cells.add(here == null || left == null || left == 0 ? Fmt.NA : String.format(java.util.Locale.ROOT, "%.2f", here / left));
        }
        t.row(cells.toArray());
    }

    private static Double bytes(InvocationStats s) {
        return s.requestBytes() == null ? null : s.requestBytes() + s.replyBytes();
    }

    /** One row of per-invocation means, n/a where a capture has none. */
    private static void perInvocation(TextTable t, List<InvocationStats> stats, String label,
                                      java.util.function.Function<InvocationStats, Double> value) {
        List<Object> cells = new ArrayList<>(List.of(label));
        for (InvocationStats st : stats) cells.add(Fmt.decimal(value.apply(st)));
        t.row(cells.toArray());
    }

    static String header(String source, CaptureInfo c) {
        String other = c.otherFrames().isEmpty() ? "none" : c.otherFrames().entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
        String line = "file " + source + ", frames " + c.frames() + ", TCP packets " + c.tcpPackets()
                + ", duration " + Fmt.ms(c.durationMs()) + " ms, other frames: " + other;
        return c.stopReason() == null ? line : line + ", stopped early: " + c.stopReason();
    }

    static TextTable phases(AnalysisResult r) {
        long packets = 0, wire = 0, payload = 0;
        double elapsed = 0;
        for (PhaseStats s : r.phases().values()) {
            packets += s.packets();
            wire += s.wireBytes();
            payload += s.payloadBytes();
            elapsed += s.elapsedMs();
        }
        TextTable t = new TextTable("phase", "packets", "% packets", "wire bytes", "payload bytes", "elapsed ms", "% time");
        for (Phase p : Phase.values()) {
            PhaseStats s = r.phase(p);
            t.row(p.label(), s.packets(), Fmt.percent(s.packets(), packets), s.wireBytes(), s.payloadBytes(),
                    Fmt.ms(s.elapsedMs()), Fmt.percent(s.elapsedMs(), elapsed));
        }
        t.rule().row("total", packets, Fmt.percent(packets, packets), wire, payload, Fmt.ms(elapsed), Fmt.percent(elapsed, elapsed));
        return t;
    }

    /** The seed's Figure 16 rows as (label, value); set-up packets are n/a when no invocation ends the set-up. */
    static List<String[]> figure16(Summary s) {
        return List.of(
                new String[]{"set-up time ms", Fmt.ms(s.setupTimeMs())},
                new String[]{"set-up packets", s.setupTimeMs() == null ? Fmt.NA : Fmt.count(s.setupPackets())},
                new String[]{"invocations", Integer.toString(s.invocations())},
                new String[]{"data packets", Fmt.count(s.dataPackets())},
                new String[]{"overhead packets", Fmt.count(s.overheadPackets())},
                new String[]{"data / all invocation packets", Fmt.percent(s.dataPacketRatio())},
                new String[]{"overhead packets per invocation", Fmt.decimal(s.overheadPacketsPerInvocation())});
    }

    private void invocations(InvocationStats s) {
        out.println(INDENT + s.measured() + " measured (left out: " + s.warmup() + " warm-up, " + s.markers()
                + " marker" + (s.legs() > 0 ? ", " + s.legs() + " legs of relayed calls" : "") + "), "
                + s.unanswered() + " without a reply");
        if (s.measured() == 0) return;
        TextTable t = new TextTable("", "");
        InvocationStats.Latency l = s.latencyMs();
        if (l != null) {
            String approx = l.approximate() ? " (HdrHistogram, " + LatencyDigest.DIGITS + " significant digits)" : "";
            t.row("latency ms min", Fmt.ms(l.min())).row("latency ms median" + approx, Fmt.ms(l.median()))
                    .row("latency ms mean", Fmt.ms(l.mean())).row("latency ms p95" + approx, Fmt.ms(l.p95()))
                    .row("latency ms max", Fmt.ms(l.max()));
        }
        t.row("packets per invocation", Fmt.decimal(s.packets()))
                .row("data packets per invocation", Fmt.decimal(s.dataPackets()))
                .row("overhead packets per invocation", Fmt.decimal(s.overheadPackets()))
                .row("request bytes per invocation", Fmt.decimal(s.requestBytes()))
                .row("reply bytes per invocation", Fmt.decimal(s.replyBytes()));
        if (s.fragments() != null && s.fragments() > 0) t.row("fragments per invocation", Fmt.decimal(s.fragments()));
        for (ByteCount c : ProtocolTable.COUNTS) {
            Double bytes = s.count(c);
            if (bytes != null) t.row(c.label() + " per invocation", Fmt.decimal(bytes));
        }
        if (s.innerBytes() != null) t.row("inner bytes per invocation", Fmt.decimal(s.innerBytes()));
        if (s.markupBytes() != null) t.row(MARKUP + " per invocation", Fmt.decimal(s.markupBytes()));
        if (s.legsPer() != null) {
            t.row("legs per invocation", Fmt.decimal(s.legsPer()))
                    .row("leg packets per invocation", Fmt.decimal(s.legPackets()))
                    .row("leg wire bytes per invocation", Fmt.decimal(s.legWireBytes()))
                    .row("leg ms per invocation", Fmt.decimal(s.legMs()));
        }
        t.print(out, INDENT);
    }

    /** Every connection when there are at most this many; else the largest and the unusual ones. */
    static final int ALL_CONNECTIONS = 20;
    static final int LARGEST = 10, UNUSUAL = 10;

    /**
     * The connections table. A capture of many connections gets the {@link #LARGEST} by packets and the first
     * {@link #UNUSUAL} unusual ones (no SYN seen, bytes the capture lost, conflicting retransmissions, no protocol
     * recognised), with how many there are of each protocol and where to find them all. One pass, bounded memory.
     */
    private void connections(Iterable<ConnectionStats> connections, String base) {
        java.util.PriorityQueue<ConnectionStats> largest = new java.util.PriorityQueue<>(
                java.util.Comparator.comparingLong(ConnectionStats::packets).thenComparing(ConnectionStats::id, java.util.Comparator.reverseOrder()));
        List<ConnectionStats> all = new ArrayList<>(), unusual = new ArrayList<>();
        java.util.Map<String, Long> byProtocol = new java.util.TreeMap<>();
        long n = 0, unusualCount = 0;
        for (ConnectionStats c : connections) {
            n++;
            byProtocol.merge(c.protocol(), 1L, Long::sum);
            if (all != null) {
                all.add(c);
                if (all.size() > ALL_CONNECTIONS) all = null;
            }
            largest.add(c);
            if (largest.size() > LARGEST) largest.poll();
            if (!why(c).isEmpty() && unusualCount++ < UNUSUAL) unusual.add(c);
        }
        if (all != null) {
            TextTable t = connectionTable(false);
            for (ConnectionStats c : all) connectionRow(t, c, null);
            t.print(out, INDENT);
            return;
        }
        java.util.Set<Integer> top = new java.util.HashSet<>();
        for (ConnectionStats c : largest) top.add(c.id());
        java.util.TreeMap<Integer, ConnectionStats> shown = new java.util.TreeMap<>();
        for (ConnectionStats c : largest) shown.put(c.id(), c);
        for (ConnectionStats c : unusual) shown.put(c.id(), c);
        StringBuilder protocols = new StringBuilder();
        byProtocol.forEach((p, k) -> protocols.append(protocols.length() == 0 ? "" : ", ").append(p).append(' ').append(Fmt.count(k)));
        out.println(INDENT + Fmt.count(n) + " connections (" + protocols + "); shown: the " + top.size() + " largest by packets and "
                + Math.min(unusualCount, UNUSUAL) + " of " + Fmt.count(unusualCount)
                + " unusual (no SYN seen, bytes lost, conflicting retransmissions, no protocol recognised)");
        TextTable t = connectionTable(true);
        for (ConnectionStats c : shown.values()) {
            String note = why(c);
            connectionRow(t, c, top.contains(c.id()) ? (note.isEmpty() ? "largest" : "largest, " + note) : note);
        }
        t.print(out, INDENT);
        out.println(INDENT + "... " + Fmt.count(n - shown.size()) + " more: every connection is in --format csv ("
                + base + ".connections.csv) and --format json");
    }

    /** Why a connection is unusual, or "" when it is not. */
    private static String why(ConnectionStats c) {
        List<String> reasons = new ArrayList<>();
        if (!c.sawSyn()) reasons.add("no SYN");
        if (c.gapBytes() > 0) reasons.add("gap");
        if (c.conflictingBytes() > 0) reasons.add("conflicting bytes");
        if (c.protocol().equals("unknown")) reasons.add("no protocol");
        return String.join(", ", reasons);
    }

    private static TextTable connectionTable(boolean withNote) {
        List<String> headers = new ArrayList<>(List.of("id", "client", "server", "protocol", "packets", "wire bytes",
                "payload bytes", "c2s bytes", "s2c bytes", "start ms", "duration ms", "SYN", "gap bytes", "messages"));
        if (withNote) headers.add("shown as");
        return new TextTable(headers.toArray(String[]::new));
    }

    private static void connectionRow(TextTable t, ConnectionStats c, String note) {
        List<Object> cells = new ArrayList<>(List.of(c.id(), c.client(), c.server(), c.protocol(), c.packets(), c.wireBytes(),
                c.payloadBytes(), c.c2sPayloadBytes(), c.s2cPayloadBytes(), Fmt.ms(c.startMs()), Fmt.ms(c.durationMs()),
                c.sawSyn() ? "yes" : "no", c.gapBytes(), c.messages()));
        if (note != null) cells.add(note);
        t.row(cells.toArray());
    }

    private void sideBySide(List<String> names, List<AnalysisResult> results,
                            ToDoubleFunction<PhaseStats> value,
                            DoubleFunction<String> format) {
        TextTable t = table(names);
        double[] totals = new double[results.size()];
        for (Phase p : Phase.values()) {
            List<Object> cells = new ArrayList<>(List.of(p.label()));
            for (int i = 0; i < results.size(); i++) {
                double v = value.applyAsDouble(results.get(i).phase(p));
                totals[i] += v;
                cells.add(format.apply(v));
            }
            t.row(cells.toArray());
        }
        List<Object> total = new ArrayList<>(List.of("total"));
        for (double v : totals) total.add(format.apply(v));
        t.rule().row(total.toArray());
        t.print(out, INDENT);
    }

    private static TextTable table(List<String> names) {
        List<String> headers = new ArrayList<>(List.of(""));
        headers.addAll(names);
        return new TextTable(headers.toArray(String[]::new));
    }

    private void section(String title) {
        out.println();
        out.println(title);
    }
}
