package io.wireanalyze.compare;

import io.wireanalyze.phase.Phase;
import io.wireanalyze.workloads.table.WorkloadKind;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A comparison's results as they stand: the plan, the finished runs, the failed ones, and whether every run was
 * made. What every report of a comparison (table, JSON, CSV, charts, a seed's tables) reads.
 *
 * @param interruption why it stopped early (Ctrl-C); null when it ran to the end
 */
public record Comparison(ComparePlan plan, List<RunRecord> runs, List<RunFailure> failures, String interruption) {

    public Comparison {
        Objects.requireNonNull(plan, "plan");
        runs = List.copyOf(runs);
        failures = List.copyOf(failures);
    }

    /** True when it stopped before every run was made: its report says so. */
    public boolean partial() {
        return interruption != null;
    }

    /** The finished runs of a protocol at a point. */
    public List<RunRecord> runs(WorkloadKind protocol, PlanPoint point) {
        return runs.stream().filter(r -> r.key().protocol() == protocol && r.key().point().equals(point)).toList();
    }

    /** A figure over the repetitions of a protocol at a point; null when no run has it. */
    public Stat stat(WorkloadKind protocol, PlanPoint point, Figure figure) {
        return over(protocol, point, f -> f.get(figure));
    }

    /** A phase's figure over the repetitions; null when no run has it. */
    public Stat stat(WorkloadKind protocol, PlanPoint point, Phase phase, PhaseFigure figure) {
        return over(protocol, point, f -> f.get(phase, figure));
    }

    private Stat over(WorkloadKind protocol, PlanPoint point, Function<RunFigures, Double> value) {
        return Stat.of(runs(protocol, point).stream().map(r -> value.apply(r.figures())).toList());
    }
}
