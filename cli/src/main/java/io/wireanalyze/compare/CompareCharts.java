package io.wireanalyze.compare;

import io.wireanalyze.report.Charts;
import io.wireanalyze.workloads.table.WorkloadKind;
import org.knowm.xchart.XYChart;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The charts of a comparison, like the seeds' figures, each drawn (XChart, PNG and SVG) when the plan has what it
 * needs; every point a mean over the repetitions with a whisker from min to max, a colour per protocol:
 * <ul>
 * <li>{@code <base>-time}: the client's time for the measured calls against the number of calls (Koutsogiannakis
 * Figures 3-15);</li>
 * <li>{@code <base>-overhead}: overhead packets per invocation at every plan point;</li>
 * <li>{@code <base>-clients}: wire latency per call against the number of clients, as a factor over the fewest
 * clients (Juric Figures 12 and 16);</li>
 * <li>{@code <base>-types}: the client's ms per call for every getter (data type) that ran (Juric et al.'s Figures
 * 3 to 6);</li>
 * <li>{@code <base>-sizes}: the client's ms per call against the payload's size, log-log (Gredler's graphs).</li>
 * </ul>
 */
public final class CompareCharts {

    /** Writes the charts the plan allows; returns them, PNG then SVG of each. */
    public List<Path> write(Path dir, String base, Comparison c) throws IOException {
        List<Path> written = new ArrayList<>();
        String suffix = " (" + c.plan().network().network() + (c.partial() ? ", PARTIAL" : "") + ")";
        List<XYChart> time = new ArrayList<>();
        for (Map.Entry<String, List<PlanPoint>> e : series(c, true).entrySet()) {
            List<Double> xs = e.getValue().stream().map(p -> (double) p.invocations()).toList();
            time.add(Charts.xy("Time against invocations: " + e.getKey() + suffix, "invocations", "client ms, all calls", xs, null,
                    lines(c, e.getValue(), p -> k -> value(c.stat(k, p, Figure.CALLS_MS))), true, false, false));
        }
        if (!time.isEmpty()) written.addAll(Charts.write(dir, base + "-time", time));

        List<PlanPoint> all = c.plan().points();
        written.addAll(Charts.write(dir, base + "-overhead", List.of(Charts.xy("Overhead packets per invocation" + suffix, "plan point ("
                + pointParts(all) + ")", "overhead packets", indexes(all.size()), all.stream().map(p -> shortLabel(p, all)).toList(),
                lines(c, all, p -> k -> value(c.stat(k, p, Figure.OVERHEAD_PACKETS_PER_INVOCATION))), false, false, false))));

        List<XYChart> clients = new ArrayList<>();
        for (Map.Entry<String, List<PlanPoint>> e : series(c, false).entrySet()) {
            List<Double> xs = e.getValue().stream().map(p -> (double) p.clients()).toList();
            PlanPoint base1 = e.getValue().get(0);
            clients.add(Charts.xy("Degradation against clients: " + e.getKey() + suffix, "clients",
                    "latency / " + CompareText.clients(base1.clients()) + "'s", xs, null,
                    lines(c, e.getValue(), p -> k -> factor(c.stat(k, p, Figure.LATENCY_MEAN), c.stat(k, base1, Figure.LATENCY_MEAN))), true, false, false));
        }
        if (!clients.isEmpty()) written.addAll(Charts.write(dir, base + "-clients", clients));

        List<XYChart> types = new ArrayList<>();
        for (Map.Entry<String, List<PlanPoint>> e : getters(c).entrySet()) {
            List<PlanPoint> ps = e.getValue();
            List<Charts.Series> ls = lines(c, ps, p -> k -> value(c.stat(k, p, Figure.CLIENT_MS_PER_INVOCATION)));
            types.add(Charts.xy("Time per call by data type: " + e.getKey() + suffix, "method", "client ms per call",
                    indexes(ps.size()), ps.stream().map(p -> p.payload().spec()).toList(), ls, false, false, spread(ls) > 30));
        }
        if (!types.isEmpty()) written.addAll(Charts.write(dir, base + "-types", types));

        List<XYChart> sizes = new ArrayList<>();
        for (Map.Entry<String, List<PlanPoint>> e : sized(c).entrySet()) {
            List<Double> xs = e.getValue().stream().map(p -> (double) p.payload().count()).toList();
            sizes.add(Charts.xy("Response time against size: " + e.getKey() + suffix, e.getValue().get(0).payload().method().javaName() + "(N): N",
                    "client ms per call", xs, null, lines(c, e.getValue(), p -> k -> value(c.stat(k, p, Figure.CLIENT_MS_PER_INVOCATION))), true, true, true));
        }
        if (!sizes.isEmpty()) written.addAll(Charts.write(dir, base + "-sizes", sizes));
        return written;
    }

    /** What varies between the points, e.g. {@code payload, calls}: the parts of {@link #shortLabel}. */
    static String pointParts(List<PlanPoint> all) {
        List<String> parts = new ArrayList<>();
        if (all.stream().map(PlanPoint::payload).distinct().count() > 1 || all.size() == 1) parts.add("payload");
        if (all.stream().map(PlanPoint::invocations).distinct().count() > 1) parts.add("calls");
        if (all.stream().map(PlanPoint::clients).distinct().count() > 1) parts.add("clients");
        return String.join(", ", parts);
    }

    /** A point by what varies between the points of the chart only ({@code ints:6000 160}): short enough to fit under it. */
    static String shortLabel(PlanPoint p, List<PlanPoint> all) {
        List<String> parts = new ArrayList<>();
        if (all.stream().map(PlanPoint::payload).distinct().count() > 1 || all.size() == 1) parts.add(p.payload().spec());
        if (all.stream().map(PlanPoint::invocations).distinct().count() > 1) parts.add(Integer.toString(p.invocations()));
        if (all.stream().map(PlanPoint::clients).distinct().count() > 1) parts.add(p.clients() + "c");
        return String.join(" ", parts);
    }

    /** Series with at least two points along invocations (or clients), the rest of the point fixed. */
    private static Map<String, List<PlanPoint>> series(Comparison c, boolean alongInvocations) {
        Map<String, List<PlanPoint>> s = alongInvocations
                ? CompareText.group(c.plan().points(), p -> p.payload().spec() + ", " + CompareText.clients(p.clients()), PlanPoint::invocations)
                : CompareText.group(c.plan().points(), p -> p.payload().spec() + ", " + p.invocations() + " calls", PlanPoint::clients);
        s.values().removeIf(l -> l.size() < 2);
        return s;
    }

    /** The getter points, grouped by invocations and clients, in the methods' order. */
    private static Map<String, List<PlanPoint>> getters(Comparison c) {
        Map<String, List<PlanPoint>> s = new LinkedHashMap<>();
        c.plan().points().stream().filter(p -> p.payload().method().isGetter() && !p.payload().method().takesCount())
                .sorted(java.util.Comparator.comparing((PlanPoint p) -> p.payload().method().ordinal()))
                .forEach(p -> s.computeIfAbsent(p.invocations() + " calls, " + CompareText.clients(p.clients()), x -> new ArrayList<>()).add(p));
        s.values().removeIf(l -> l.size() < 2);
        return s;
    }

    /** Points of one sized method at two sizes or more, the rest fixed, by size. */
    private static Map<String, List<PlanPoint>> sized(Comparison c) {
        Map<String, List<PlanPoint>> s = new LinkedHashMap<>();
        c.plan().points().stream().filter(p -> p.payload().method().takesCount())
                .sorted(java.util.Comparator.comparingInt((PlanPoint p) -> p.payload().count()))
                .forEach(p -> s.computeIfAbsent(p.payload().method().javaName() + ", " + p.invocations() + " calls, " + CompareText.clients(p.clients()),
                        x -> new ArrayList<>()).add(p));
        s.values().removeIf(l -> l.stream().map(p -> p.payload().count()).distinct().count() < 2);
        return s;
    }

    private static List<Charts.Series> lines(Comparison c, List<PlanPoint> points, Function<PlanPoint, Function<WorkloadKind, Charts.Value>> value) {
        List<Charts.Series> out = new ArrayList<>();
        for (WorkloadKind k : c.plan().protocols()) out.add(new Charts.Series(k.toString(), Charts.values(points, p -> value.apply(p).apply(k))));
        return out;
    }

    /** The largest mean over the smallest: a log scale when the protocols lie orders of magnitude apart. */
    private static double spread(List<Charts.Series> series) {
        double min = Double.MAX_VALUE, max = 0;
        for (Charts.Series s : series)
            for (Charts.Value v : s.values())
                if (v != null && v.mean() > 0) {
                    min = Math.min(min, v.mean());
                    max = Math.max(max, v.mean());
                }
        return max == 0 ? 1 : max / min;
    }

    private static List<Double> indexes(int n) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add((double) i);
        return out;
    }

    private static Charts.Value value(Stat s) {
        return s == null ? null : new Charts.Value(s.mean(), s.min(), s.max());
    }

    private static Charts.Value factor(Stat s, Stat base) {
        if (s == null || base == null || base.mean() == 0) return null;
        return new Charts.Value(s.mean() / base.mean(), s.min() / base.mean(), s.max() / base.mean());
    }
}
