package io.wireanalyze.reproduce;

import io.wireanalyze.compare.Comparison;
import io.wireanalyze.compare.PlanPoint;
import io.wireanalyze.compare.Stat;
import io.wireanalyze.capture.net.Network;
import io.wireanalyze.profile.CpuProfile;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.table.WorkloadKind;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Reads a seed's references in a comparison's results: the protocol label to the workload that ran, the point's
 * invocation count through the run's scale (--quick runs fewer calls), the figure's mean over the repetitions; and,
 * with {@code --profile}, each protocol's CPU samples on each network.
 *
 * @param profiles the CPU profiles of the runs by network and protocol (all of a protocol's runs there summed); empty
 *                 without {@code --profile}
 */
record Reading(Comparison comparison, SeedScale scale, List<Comparison> all, Map<Network, Map<WorkloadKind, CpuProfile>> profiles) {

    /** One comparison alone. */
    Reading(Comparison comparison, SeedScale scale) {
        this(comparison, scale, List.of(comparison));
    }

    /** Without profiles. */
    Reading(Comparison comparison, SeedScale scale, List<Comparison> all) {
        this(comparison, scale, all, Map.of());
    }

    /** The CPU profile of {@code label}'s runs on this reading's network, if it ran there with --profile. */
    Optional<CpuProfile> cpu(String label) {
        return protocol(label).map(k -> profiles.getOrDefault(comparison.plan().network().network(), Map.of()).get(k));
    }

    /** Whether this reading's network was profiled (--profile). */
    boolean profiled() {
        return !profiles.getOrDefault(comparison.plan().network().network(), Map.of()).isEmpty();
    }

    /** The reading of the comparison (among all of the seed's) on a network of setting {@code s}, if one ran there. */
    Optional<Reading> on(Setting s) {
        return all.stream().filter(c -> s.covers(c.plan().network())).findFirst().map(c -> new Reading(c, scale, all, profiles));
    }

    Optional<WorkloadKind> protocol(String label) {
        Parsed<WorkloadKind> k = WorkloadKind.parse(label);
        if (k.error().isPresent()) return Optional.empty();
        WorkloadKind kind = k.orElseThrow();
        return comparison.plan().protocols().contains(kind) ? Optional.of(kind) : Optional.empty();
    }

    /** The mean of the referenced figure, if that protocol ran at that point. */
    OptionalDouble mean(PointRef ref) {
        Optional<WorkloadKind> k = protocol(ref.protocol());
        if (k.isEmpty() || ref.exactPayload().isEmpty()) return OptionalDouble.empty();
        PlanPoint p = new PlanPoint(ref.exactPayload().get(), scale.invocations(ref.invocations()), ref.clients());
        Stat s = comparison.stat(k.get(), p, ref.figure());
        return s == null ? OptionalDouble.empty() : OptionalDouble.of(s.mean());
    }

    /** The points of a fit over payload sizes: (size, mean) for every size of the kind that ran. */
    List<double[]> sizes(PointRef ref) {
        Optional<WorkloadKind> k = protocol(ref.protocol());
        if (k.isEmpty() || ref.kind().isEmpty()) return List.of();
        int n = scale.invocations(ref.invocations());
        return comparison.plan().points().stream()
                .filter(p -> p.payload().method() == ref.kind().get() && p.invocations() == n && p.clients() == ref.clients())
                .map(p -> {
                    Stat s = comparison.stat(k.get(), p, ref.figure());
                    return s == null ? null : new double[]{p.payload().count(), s.mean()};
                })
                .filter(java.util.Objects::nonNull).toList();
    }
}
