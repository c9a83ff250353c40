package io.wireanalyze.compare;

import io.wireanalyze.phase.Phase;
import io.wireanalyze.report.TextTable;
import io.wireanalyze.workloads.table.WorkloadKind;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A comparison for a terminal: what ran on which network; per plan point the protocols side by side, each figure
 * as its mean, coefficient of variation and min..max over the repetitions, and the phases; then time against
 * invocations (the seed's Figure 15) and degradation against clients; the failed runs. A partial comparison says
 * so first and last.
 */
public final class CompareText {
    private static final String INDENT = "  ";
    private final PrintWriter out;

    public CompareText(PrintWriter out) {
        this.out = out;
    }

    public void write(Comparison c) {
        ComparePlan plan = c.plan();
        if (c.partial()) out.println(partialLine(c));
        out.println("Comparison of " + plan.protocols().stream().map(WorkloadKind::toString).collect(Collectors.joining(", "))
                + " on " + plan.network().describe());
        out.println(plan.repeat() + (plan.repeat() == 1 ? " repetition" : " repetitions") + " of each run, each a fresh set of JVMs; "
                + plan.warmup() + " warm-up call(s) per client left out of the figures; " + c.runs().size() + " of "
                + plan.runs().size() + " runs finished" + (c.failures().isEmpty() ? "" : ", " + c.failures().size() + " failed"));
        out.println("Each figure: mean over the repetitions, cv (coefficient of variation: standard deviation / mean), min..max");
        for (PlanPoint p : plan.points()) point(c, p);
        timeAgainstInvocations(c);
        degradation(c);
        if (!c.failures().isEmpty()) {
            section("Failed runs");
            for (RunFailure f : c.failures()) out.println(INDENT + f.key().stem() + ": " + f.reason());
        }
        if (c.partial()) {
            out.println();
            out.println(partialLine(c));
        }
        out.flush();
    }

    static String partialLine(Comparison c) {
        return "PARTIAL REPORT: " + c.interruption() + " after " + c.runs().size() + " of " + c.plan().runs().size()
                + " runs; the figures cover the finished runs only";
    }

    private void point(Comparison c, PlanPoint p) {
        List<WorkloadKind> protocols = c.plan().protocols();
        section(p.label());
        List<String> headers = new ArrayList<>(List.of(""));
        for (WorkloadKind k : protocols) headers.addAll(List.of(k.toString(), "cv", "min..max"));
        TextTable t = new TextTable(headers.toArray(String[]::new));
        for (Figure f : Figure.values()) {
            List<Object> row = new ArrayList<>(List.of(f.label()));
            for (WorkloadKind k : protocols) {
                Stat s = c.stat(k, p, f);
                row.addAll(List.of(Cells.mean(f.unit(), s), Cells.cv(s), Cells.range(f.unit(), s)));
            }
            t.row(row.toArray());
        }
        t.print(out, INDENT);
        out.println();
        List<String> ph = new ArrayList<>(List.of("phase"));
        for (WorkloadKind k : protocols) ph.addAll(List.of(k + " packets", "cv", k + " ms", "cv"));
        TextTable phases = new TextTable(ph.toArray(String[]::new));
        for (Phase phase : Phase.values()) {
            List<Object> row = new ArrayList<>(List.of(phase.label()));
            for (WorkloadKind k : protocols) {
                Stat packets = c.stat(k, p, phase, PhaseFigure.PACKETS), ms = c.stat(k, p, phase, PhaseFigure.ELAPSED_MS);
                row.addAll(List.of(Cells.mean(Figure.Unit.COUNT, packets), Cells.cv(packets), Cells.mean(Figure.Unit.MS, ms), Cells.cv(ms)));
            }
            phases.row(row.toArray());
        }
        phases.print(out, INDENT);
    }

    /** The client's time for the measured calls against the number of calls, per payload and client count. */
    private void timeAgainstInvocations(Comparison c) {
        Map<String, List<PlanPoint>> series = group(c.plan().points(), p -> p.payload().spec() + ", " + clients(p.clients()), PlanPoint::invocations);
        series.values().removeIf(s -> s.size() < 2);
        if (series.isEmpty()) return;
        section("Time against invocations (client ms for the measured calls, mean ±cv; the seed's Figure 15)");
        for (Map.Entry<String, List<PlanPoint>> e : series.entrySet()) {
            TextTable t = new TextTable(headers(e.getKey(), c.plan().protocols()));
            for (PlanPoint p : e.getValue()) {
                List<Object> row = new ArrayList<>(List.of(p.invocations() + " calls"));
                for (WorkloadKind k : c.plan().protocols()) row.add(Cells.meanCv(Figure.Unit.MS, c.stat(k, p, Figure.CALLS_MS)));
                t.row(row.toArray());
            }
            t.print(out, INDENT);
        }
    }

    /** Wire latency per call against the number of clients, and its factor over one client. */
    private void degradation(Comparison c) {
        Map<String, List<PlanPoint>> series = group(c.plan().points(), p -> p.payload().spec() + ", " + p.invocations() + " calls", PlanPoint::clients);
        series.values().removeIf(s -> s.size() < 2);
        if (series.isEmpty()) return;
        section("Degradation against clients (wire latency ms per call, mean, and its factor over the fewest clients)");
        for (Map.Entry<String, List<PlanPoint>> e : series.entrySet()) {
            List<String> h = new ArrayList<>(List.of(e.getKey()));
            for (WorkloadKind k : c.plan().protocols()) h.addAll(List.of(k + " ms", "factor"));
            TextTable t = new TextTable(h.toArray(String[]::new));
            PlanPoint base = e.getValue().get(0);
            for (PlanPoint p : e.getValue()) {
                List<Object> row = new ArrayList<>(List.of(clients(p.clients())));
                for (WorkloadKind k : c.plan().protocols()) {
                    Stat s = c.stat(k, p, Figure.LATENCY_MEAN), b = c.stat(k, base, Figure.LATENCY_MEAN);
                    row.add(Cells.mean(Figure.Unit.MS, s));
                    row.add(s == null || b == null || b.mean() == 0 ? Cells.NA : Cells.ratio(s.mean() / b.mean()));
                }
                t.row(row.toArray());
            }
            t.print(out, INDENT);
        }
    }

    /** Points grouped by {@code key}, each group sorted by {@code along}, in plan order of their first point. */
    static Map<String, List<PlanPoint>> group(List<PlanPoint> points, java.util.function.Function<PlanPoint, String> key,
                                              java.util.function.ToIntFunction<PlanPoint> along) {
        Map<String, List<PlanPoint>> out = new LinkedHashMap<>();
        for (PlanPoint p : points) out.computeIfAbsent(key.apply(p), k -> new ArrayList<>()).add(p);
        out.values().forEach(l -> l.sort(java.util.Comparator.comparingInt(along)));
        return out;
    }

    static String clients(int n) {
        return n + (n == 1 ? " client" : " clients");
    }


    private static String[] headers(String first, List<WorkloadKind> protocols) {
        List<String> h = new ArrayList<>(List.of(first));
        for (WorkloadKind k : protocols) h.add(k.toString());
        return h.toArray(String[]::new);
    }

    private void section(String title) {
        out.println();
        out.println(title);
    }
}
