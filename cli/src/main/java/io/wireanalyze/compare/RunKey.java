package io.wireanalyze.compare;

import io.wireanalyze.workloads.table.WorkloadKind;

import java.util.Objects;

/** One run of a comparison: a protocol at a plan point, its repetition counted from 1. */
public record RunKey(WorkloadKind protocol, PlanPoint point, int repetition) {
    public RunKey {
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(point, "point");
        if (repetition < 1) throw new IllegalArgumentException("repetition: " + repetition + " (expected: >= 1)");
    }

    /** The run's files are {@code <stem>.pcap}, {@code <stem>.json}: {@code jrmp-ints6000-n20-c1-r1}. */
    public String stem() {
        return protocol + "-" + point.stem() + "-r" + repetition;
    }
}
