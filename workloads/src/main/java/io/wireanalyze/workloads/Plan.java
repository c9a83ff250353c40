package io.wireanalyze.workloads;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What a client run does: {@code warmup} calls, then (only if {@code warmup > 0}) one marker call
 * {@code wireanalyzeMark("measure")}, then {@code invocations} measured calls, each with the same
 * {@code payload}; {@code clients} client JVMs do this in parallel. Afterwards each client keeps its remote
 * reference for {@code hold} (lease renewals happen meanwhile) and then releases it as {@code release}
 * says.
 */
public record Plan(int invocations, Payload payload, int warmup, int clients, Duration hold, StubRelease release) {

    public static final int MAX_INVOCATIONS = 10_000_000;
    public static final int MAX_WARMUP = 10_000_000;
    public static final int MAX_CLIENTS = 64;
    public static final Duration MAX_HOLD = Duration.ofHours(1);

    public Plan {
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(hold, "hold");
        Objects.requireNonNull(release, "release");
        Optional<String> problem = problem(invocations, warmup, clients, hold);
        if (problem.isPresent()) throw new IllegalArgumentException(problem.get());
    }

    /** One client, no hold, reference kept until exit. */
    public static Plan of(int invocations, Payload payload, int warmup) {
        return new Plan(invocations, payload, warmup, 1, Duration.ZERO, StubRelease.AT_EXIT);
    }

    /** Like {@link #of(int, Payload, int)} from user input: the payload syntax and every bound checked. */
    public static Parsed<Plan> parse(int invocations, String payload, int warmup) {
        Optional<String> problem = problem(invocations, warmup, 1, Duration.ZERO);
        if (problem.isPresent()) return Parsed.invalid(problem.get());
        return Payload.parse(payload).map(p -> of(invocations, p, warmup));
    }

    /** The first bound {@code invocations}, {@code warmup}, {@code clients} or {@code hold} breaks, if any. */
    public static Optional<String> problem(int invocations, int warmup, int clients, Duration hold) {
        if (invocations < 0 || invocations > MAX_INVOCATIONS)
            return Optional.of("invocations: " + invocations + " (expected: 0.." + MAX_INVOCATIONS + ")");
        if (warmup < 0 || warmup > MAX_WARMUP)
            return Optional.of("warmup: " + warmup + " (expected: 0.." + MAX_WARMUP + ")");
        if (clients < 1 || clients > MAX_CLIENTS)
            return Optional.of("clients: " + clients + " (expected: 1.." + MAX_CLIENTS + ")");
        if (hold.isNegative() || hold.compareTo(MAX_HOLD) > 0)
            return Optional.of("hold: " + hold.toMillis() + " ms (expected: 0.." + MAX_HOLD.toMillis() + " ms)");
        return Optional.empty();
    }

    public Plan withClients(int n) {
        return new Plan(invocations, payload, warmup, n, hold, release);
    }

    public Plan withHold(Duration d) {
        return new Plan(invocations, payload, warmup, clients, d, release);
    }

    public Plan withRelease(StubRelease r) {
        return new Plan(invocations, payload, warmup, clients, hold, r);
    }

    /** True when the client makes the marker call: only after warm-up calls. */
    public boolean marks() {
        return warmup > 0;
    }

    /** Remote calls per client after the lookup: warm-ups, the marker if any, measured calls. */
    public int callsPerClient() {
        return warmup + (marks() ? 1 : 0) + invocations;
    }
}
