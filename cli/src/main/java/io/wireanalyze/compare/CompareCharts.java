package io.wireanalyze.compare;

import io.wireanalyze.workloads.table.WorkloadKind;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The charts of a comparison, like the seeds' figures, each drawn when the plan has what it needs:
 * {@code <base>-time.png}, the client's time for the measured calls against the number of calls, per protocol
 * (Koutsogiannakis Figures 3-15); {@code <base>-overhead.png}, overhead packets per invocation at every point;
 * {@code <base>-clients.png}, wire latency per call against the number of clients as a factor over the fewest
 * clients (Juric Figures 12 and 16).
 */
public final class CompareCharts {

    /** Writes the charts the plan allows; returns them. */
    public List<Path> write(Path dir, String base, Comparison c) throws IOException {
        List<Path> written = new ArrayList<>();
        String suffix = " (" + c.plan().network().network() + (c.partial() ? ", PARTIAL" : "") + ")";
        List<Plot.Panel> time = new ArrayList<>();
        for (Map.Entry<String, List<PlanPoint>> e : series(c, true).entrySet()) {
            List<String> xs = e.getValue().stream().map(p -> Integer.toString(p.invocations())).toList();
            time.add(new Plot.Panel(e.getKey(), "invocations", "client ms, all calls", xs,
                    lines(c, e.getValue(), p -> (k -> Plot.Value.of(c.stat(k, p, Figure.CALLS_MS))))));
        }
        if (!time.isEmpty()) {
            Path f = dir.resolve(base + "-time.png");
            Plot.write(f, "Time against invocations" + suffix, Plot.Kind.LINES, time);
            written.add(f);
        }
        List<String> labels = c.plan().points().stream().map(PlanPoint::label).toList();
        List<Plot.Panel> overhead = List.of(new Plot.Panel("mean over the repetitions, whiskers min..max", "plan point",
                "overhead packets", labels,
                lines(c, c.plan().points(), p -> (k -> Plot.Value.of(c.stat(k, p, Figure.OVERHEAD_PACKETS_PER_INVOCATION))))));
        Path o = dir.resolve(base + "-overhead.png");
        Plot.write(o, "Overhead packets per invocation" + suffix, Plot.Kind.BARS, overhead);
        written.add(o);
        List<Plot.Panel> clients = new ArrayList<>();
        for (Map.Entry<String, List<PlanPoint>> e : series(c, false).entrySet()) {
            List<String> xs = e.getValue().stream().map(p -> Integer.toString(p.clients())).toList();
            PlanPoint base1 = e.getValue().get(0);
            clients.add(new Plot.Panel(e.getKey(), "clients", "latency / " + CompareText.clients(base1.clients()) + "'s", xs,
                    lines(c, e.getValue(), p -> (k -> factor(c.stat(k, p, Figure.LATENCY_MEAN), c.stat(k, base1, Figure.LATENCY_MEAN))))));
        }
        if (!clients.isEmpty()) {
            Path f = dir.resolve(base + "-clients.png");
            Plot.write(f, "Degradation against clients" + suffix, Plot.Kind.LINES, clients);
            written.add(f);
        }
        return written;
    }

    /** Series with at least two points along invocations (or clients), the rest of the point fixed. */
    private static Map<String, List<PlanPoint>> series(Comparison c, boolean alongInvocations) {
        Map<String, List<PlanPoint>> s = alongInvocations
                ? CompareText.group(c.plan().points(), p -> p.payload().spec() + ", " + CompareText.clients(p.clients()), PlanPoint::invocations)
                : CompareText.group(c.plan().points(), p -> p.payload().spec() + ", " + p.invocations() + " calls", PlanPoint::clients);
        s.values().removeIf(l -> l.size() < 2);
        return s;
    }

    private static List<Plot.Series> lines(Comparison c, List<PlanPoint> points,
                                           java.util.function.Function<PlanPoint, java.util.function.Function<WorkloadKind, Plot.Value>> value) {
        List<Plot.Series> out = new ArrayList<>();
        for (WorkloadKind k : c.plan().protocols()) {
            List<Plot.Value> vs = new ArrayList<>();
            for (PlanPoint p : points) vs.add(value.apply(p).apply(k));
            out.add(new Plot.Series(k.toString(), vs));
        }
        return out;
    }

    private static Plot.Value factor(Stat s, Stat base) {
        if (s == null || base == null || base.mean() == 0) return null;
        return new Plot.Value(s.mean() / base.mean(), s.min() / base.mean(), s.max() / base.mean());
    }
}
