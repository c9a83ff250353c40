package io.wireanalyze.compare;

import io.wireanalyze.workloads.Payload;

import java.util.Comparator;
import java.util.Objects;

/**
 * One point of a comparison's plan: what each call sends, how many measured calls each client makes, how many
 * client JVMs make them in parallel.
 */
public record PlanPoint(Payload payload, int invocations, int clients) implements Comparable<PlanPoint> {

    private static final Comparator<PlanPoint> ORDER = Comparator.comparing((PlanPoint p) -> p.payload().method())
            .thenComparingInt(p -> p.payload().count()).thenComparingInt(PlanPoint::invocations).thenComparingInt(PlanPoint::clients);

    public PlanPoint {
        Objects.requireNonNull(payload, "payload");
        if (invocations < 1) throw new IllegalArgumentException("invocations: " + invocations + " (expected: >= 1)");
        if (clients < 1) throw new IllegalArgumentException("clients: " + clients + " (expected: >= 1)");
    }

    /** {@code ints:6000, 20 calls, 1 client}. */
    public String label() {
        return payload.spec() + ", " + invocations + (invocations == 1 ? " call, " : " calls, ") + clients + (clients == 1 ? " client" : " clients");
    }

    /** A file-name part: {@code ints6000-n20-c1}. */
    public String stem() {
        return payload.spec().replace(":", "") + "-n" + invocations + "-c" + clients;
    }

    @Override
    public int compareTo(PlanPoint o) {
        return ORDER.compare(this, o);
    }
}
