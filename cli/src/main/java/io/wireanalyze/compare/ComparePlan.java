package io.wireanalyze.compare;

import io.wireanalyze.capture.net.NetworkSpec;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.table.WorkloadKind;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * What a comparison runs: every protocol at every plan point, {@code repeat} times, each run a fresh set of JVMs
 * on {@code network}, each client making {@code warmup} warm-up calls (left out of the figures) first.
 */
public record ComparePlan(List<WorkloadKind> protocols, List<PlanPoint> points, int warmup, int repeat, NetworkSpec network) {
    public static final int MAX_RUNS = 10_000;

    public ComparePlan {
        protocols = List.copyOf(new LinkedHashSet<>(protocols));
        points = List.copyOf(new LinkedHashSet<>(points)).stream().sorted().toList();
        Objects.requireNonNull(network, "network");
        if (protocols.isEmpty()) throw new IllegalArgumentException("protocols: none (expected: at least one)");
        for (WorkloadKind k : protocols)
            if (k.notBuilt().isPresent()) throw new IllegalArgumentException("protocol " + k + ": " + k.notBuilt().get());
        if (points.isEmpty()) throw new IllegalArgumentException("plan points: none (expected: at least one)");
        if (warmup < 0) throw new IllegalArgumentException("warmup: " + warmup + " (expected: >= 0)");
        if (repeat < 1) throw new IllegalArgumentException("repeat: " + repeat + " (expected: >= 1)");
        long runs = (long) protocols.size() * points.size() * repeat;
        if (runs > MAX_RUNS) throw new IllegalArgumentException("runs: " + runs + " (expected: <= " + MAX_RUNS + ")");
    }

    /** Every combination of payload, invocations and clients. */
    public static List<PlanPoint> grid(List<Payload> payloads, List<Integer> invocations, List<Integer> clients) {
        List<PlanPoint> out = new ArrayList<>();
        for (Payload p : payloads) for (int n : invocations) for (int c : clients) out.add(new PlanPoint(p, n, c));
        return out;
    }

    /**
     * The runs in the order they run: repetition by repetition, every point and protocol in each, so a drift of
     * the machine over time spreads over every protocol instead of biasing one.
     */
    public List<RunKey> runs() {
        List<RunKey> out = new ArrayList<>();
        for (int r = 1; r <= repeat; r++) for (PlanPoint p : points) for (WorkloadKind k : protocols) out.add(new RunKey(k, p, r));
        return out;
    }
}
