package io.wireanalyze.reproduce;

import java.util.Map;

/** How a seed's plan runs: as the seed wrote it, or --quick, with each invocation count mapped to a smaller one. */
record SeedScale(Map<Integer, Integer> invocations) {
    static final SeedScale FULL = new SeedScale(Map.of());

    SeedScale {
        invocations = Map.copyOf(invocations);
    }

    int invocations(int written) {
        return invocations.getOrDefault(written, written);
    }
}
