package io.wireanalyze.reproduce;

import io.wireanalyze.capture.net.NetworkSpec;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.Placement;
import io.wireanalyze.workloads.Workload;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.table.WorkloadKind;

import java.util.List;
import java.util.Optional;

/**
 * Whether a workload runs on a network: every workload runs on loopback; on an emulated network only those whose
 * servers listen where the placement puts them (capture refuses the others). Asked of the workload itself, built with
 * an emulated placement and not started, so a workload placed later is taken as it lands.
 */
public final class Placeable {
    /** The addresses of an emulated link (198.18.0.0/15, RFC 2544): only compared, never bound. */
    private static final Placement EMULATED = new Placement("198.18.0.2", "198.18.0.1", List.of());

    private Placeable() {
    }

    /** Why {@code kind} cannot run on {@code network}; empty when it can. */
    public static Optional<String> why(WorkloadKind kind, NetworkSpec network) {
        if (!network.emulated() || kind.notBuilt().isPresent()) return Optional.empty();
        Workload w = kind.create(kind.defaultArgs().withPlacement(EMULATED));
        try {
            for (Listener l : w.listeners())
                if (!l.at().host().equals(EMULATED.serverHost()))
                    return Optional.of("its " + l.name() + " listens on " + l.at().host() + "; not placed on emulated networks yet");
            return Optional.empty();
        } finally {
            w.close();
        }
    }

    /** The protocols of {@code kinds} that run on {@code network}, in their order. */
    public static List<WorkloadKind> on(List<WorkloadKind> kinds, NetworkSpec network) {
        return kinds.stream().filter(k -> why(k, network).isEmpty()).toList();
    }
}
