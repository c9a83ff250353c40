package io.wireanalyze.workloads;

/**
 * A group of command-line options some workloads take, declared once as a picocli mixin (fields annotated with
 * {@code @Option}, a public no-argument constructor). {@code table.WorkloadKind} names the groups each workload takes;
 * the command line adds every group once and rejects an option whose group the chosen workload does not take.
 */
public interface OptionGroup {

    /** The client plan with what this group says about it (e.g. {@code --drop-stub}); by default unchanged. */
    default Plan applyTo(Plan plan) {
        return plan;
    }
}
