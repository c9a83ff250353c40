package io.wireanalyze.reproduce;

import io.wireanalyze.capture.net.Network;
import io.wireanalyze.compare.ComparePlan;
import io.wireanalyze.compare.PlanPoint;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.table.WorkloadKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A seed paper as data (cli/src/main/resources/seeds/&lt;id&gt;.json): what it measured, the protocols it compared
 * (labels of the workload table, or names of stacks not in it yet), the plan that reproduces it, its numbers in
 * tables beside ours, and its findings to give verdicts on.
 *
 * @param file   its text in ../shared/seeds
 * @param absent why a protocol of the seed that is no workload cannot run (ORMI, HTTP-to-port), by its label
 * @param series the plan: each a grid of payloads, invocations and clients
 * @param quick  the smaller plan of {@code --quick}
 */
public record Seed(String id, String file, String title, String measured, List<String> protocols, Map<String, String> absent, Network network,
                   int warmup, int repeat, List<Series> series, Quick quick, List<String> notes, List<SeedTable> tables, List<Finding> findings) {

    /** A grid of plan points. */
    public record Series(List<Payload> payloads, List<Integer> invocations, List<Integer> clients) {
    }

    /**
     * What {@code --quick} runs: each invocation count mapped to a smaller one, only these payloads and client counts
     * (all when empty), this many repetitions.
     */
    public record Quick(Map<Integer, Integer> invocations, List<Payload> payloads, List<Integer> clients, int repeat) {
    }

    /** Whether a protocol of the seed runs today, and if not why. */
    public record Availability(String label, Optional<WorkloadKind> kind, Optional<String> missing) {
    }

    public List<Availability> availability() {
        List<Availability> out = new ArrayList<>();
        for (String label : protocols) {
            Parsed<WorkloadKind> k = WorkloadKind.parse(label);
            if (k.error().isPresent()) out.add(new Availability(label, Optional.empty(), Optional.of(absent.getOrDefault(label, "not in the workload table yet"))));
            else if (k.orElseThrow().notBuilt().isPresent()) out.add(new Availability(label, Optional.empty(), k.orElseThrow().notBuilt()));
            else out.add(new Availability(label, k.map(Optional::of).orElseThrow(), Optional.empty()));
        }
        return out;
    }

    /** The protocols that run today, in the seed's order. */
    public List<WorkloadKind> runnable() {
        return availability().stream().flatMap(a -> a.kind().stream()).toList();
    }

    SeedScale scale(Mode mode) {
        return mode == Mode.QUICK ? new SeedScale(quick.invocations()) : SeedScale.FULL;
    }

    /** The plan points, as written or made smaller by {@code --quick}. */
    public List<PlanPoint> points(Mode mode) {
        SeedScale scale = scale(mode);
        List<PlanPoint> out = new ArrayList<>();
        for (Series s : series) {
            for (Payload p : s.payloads()) {
                if (mode == Mode.QUICK && !quick.payloads().isEmpty() && !quick.payloads().contains(p)) continue;
                for (int n : s.invocations())
                    for (int c : s.clients()) {
                        if (mode == Mode.QUICK && !quick.clients().isEmpty() && !quick.clients().contains(c)) continue;
                        out.add(new PlanPoint(p, scale.invocations(n), c));
                    }
            }
        }
        return out;
    }

    /**
     * The comparison that reproduces it with the protocols that run today on {@code net} ({@link Placeable}).
     *
     * @throws IllegalStateException when none of them runs there
     */
    public ComparePlan plan(Mode mode, io.wireanalyze.capture.net.NetworkSpec net, Optional<Integer> repeatOverride) {
        int r = repeatOverride.orElse(mode == Mode.QUICK ? quick.repeat() : repeat);
        List<WorkloadKind> here = Placeable.on(runnable(), net);
        if (here.isEmpty())
            throw new IllegalStateException("seed " + id + ": none of its protocols " + runnable() + " runs on " + net.network() + " yet (expected: --network loopback)");
        return new ComparePlan(here, points(mode), warmup, r, net);
    }

    /** The settings its tables and findings name (one host, two computers), ANY left out. */
    public java.util.Set<Setting> settings() {
        java.util.Set<Setting> out = java.util.EnumSet.noneOf(Setting.class);
        tables.forEach(t -> out.add(t.setting()));
        findings.forEach(f -> out.add(f.setting()));
        out.remove(Setting.ANY);
        return out;
    }

    /**
     * The networks it runs on when none is chosen: where its numbers came from. Its own network first; a seed with
     * numbers from one host and from two computers also on the other (loopback for one host, lan100 for two computers).
     */
    public List<Network> networks() {
        List<Network> out = new ArrayList<>(List.of(network));
        Setting own = network == Network.LOOPBACK ? Setting.ONE_HOST : Setting.TWO_COMPUTERS;
        for (Setting s : settings())
            if (s != own) out.add(s == Setting.ONE_HOST ? Network.LOOPBACK : Network.LAN100);
        return List.copyOf(out);
    }

    /** As the seed wrote it, or smaller for a quick look (and the tests). */
    public enum Mode { FULL, QUICK }
}
